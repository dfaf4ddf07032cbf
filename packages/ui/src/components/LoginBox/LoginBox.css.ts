import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' }, to: { opacity: 1, transform: 'none' } });

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.lg,
  padding: vars.space.lg,
  boxSizing: 'border-box',
});
export const intro = style({ textAlign: 'center', maxWidth: '400px' });
export const pitch = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted });
export const invitation = style({ margin: 0, padding: vars.space.md, borderRadius: vars.radius.sm, background: vars.color.ownRow });
export const account = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const languages = style({ display: 'flex', gap: vars.space.xs });
export const languageButton = style({
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  cursor: 'pointer',
  textDecoration: 'underline',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}` },
  selectors: { '&[aria-pressed="true"]': { color: vars.color.text, fontWeight: 700, textDecoration: 'none' } },
});

/** Spec: the box fades in 300 ms after load. */
export const box = style({
  width: 'min(100%, 400px)',
  boxSizing: 'border-box',
  animation: `${fadeIn} 0.4s ease-out 300ms both`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: `${fadeIn} 0.01s linear 300ms both` } },
});
export const product = style({ margin: 0, fontSize: vars.font.size.xl, fontWeight: 800, color: vars.color.accent });
export const links = style({ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: vars.space.sm, fontSize: vars.font.size.sm });
// At least 24 px high, the smallest target WCAG 2.2 (2.5.8) allows: the text alone made 15 px.
export const link = style({ display: 'inline-flex', alignItems: 'center', minHeight: 24, color: vars.color.accent, textDecoration: 'underline', ':focus-visible': { outline: `3px solid ${vars.color.focus}` } });
