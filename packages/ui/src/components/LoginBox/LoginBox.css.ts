import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' }, to: { opacity: 1, transform: 'none' } });

export const page = style({ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: vars.space.lg, boxSizing: 'border-box' });

/** Spec: the box fades in 300 ms after load. */
export const box = style({
  width: 'min(100%, 400px)',
  animation: `${fadeIn} 0.4s ease-out 300ms both`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: `${fadeIn} 0.01s linear 300ms both` } },
});
export const product = style({ margin: 0, textAlign: 'center', fontSize: vars.font.size.xl, color: vars.color.accent });
export const links = style({ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: vars.space.sm, fontSize: vars.font.size.sm });
export const link = style({ color: vars.color.accent, textDecoration: 'underline', ':focus-visible': { outline: `3px solid ${vars.color.focus}` } });
