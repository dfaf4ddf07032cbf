import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const screen = style({
  position: 'fixed',
  inset: 0,
  zIndex: 10,
  background: vars.color.background,
  color: vars.color.text,
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.lg,
  gap: vars.space.xl,
});
export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });
export const title = style({ margin: 0, fontSize: vars.font.size.lg });
export const teams = style({ display: 'grid', gridTemplateColumns: '1fr auto 1fr', alignItems: 'center', gap: vars.space.md, margin: 'auto 0' });
export const team = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md, textAlign: 'center' });
export const arrow = style({
  width: '64px',
  height: '64px',
  borderRadius: vars.radius.round,
  border: `2px solid ${vars.color.accent}`,
  background: vars.color.surface,
  color: vars.color.accent,
  fontSize: vars.font.size.xl,
  fontWeight: 700,
  cursor: 'pointer',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  selectors: { '&:disabled': { opacity: 0.4, cursor: 'not-allowed' } },
});
export const goals = style({ fontSize: '3rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums', minWidth: '1.5em' });
export const colon = style({ fontSize: '3rem', fontWeight: 800 });
