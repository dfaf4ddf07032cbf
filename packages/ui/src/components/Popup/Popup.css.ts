import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const box = style({
  // The box holds the focus only when it has nothing to focus (a timed message): a ring around all of it says nothing.
  ':focus': { outline: 'none' },
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  padding: vars.space.xl,
  width: 'min(100%, 380px)',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
  boxShadow: '0 12px 40px rgba(0,0,0,0.35)',
});

const iconBase = style({
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.round,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: '28px',
  fontWeight: 700,
  border: '3px solid currentColor',
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const icon = styleVariants({
  success: [iconBase, { color: vars.color.positive }],
  error: [iconBase, { color: vars.color.negative }],
  warning: [iconBase, { color: vars.color.warning }],
  question: [iconBase, { color: vars.color.focus }],
  loader: [
    iconBase,
    {
      color: vars.color.accent,
      borderRightColor: 'transparent',
      animation: `${spin} 0.9s linear infinite`,
      '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '3s' } },
    },
  ],
});

export const title = style({ margin: 0, fontSize: vars.font.size.lg });
export const message = style({ margin: 0 });
// The buttons of one popup share one width ('OK' as wide as 'Send the activation e-mail again'); they
// stack when the popup is too narrow for them side by side.
export const buttons = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 10rem), 1fr))', gap: vars.space.sm });
