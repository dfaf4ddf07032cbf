import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const base = style({
  position: 'fixed',
  left: '50%',
  bottom: '88px',
  transform: 'translateX(-50%)',
  width: 'min(calc(100% - 32px), 480px)',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  color: vars.color.surface,
  boxShadow: '0 8px 24px rgba(0,0,0,0.3)',
  zIndex: 20,
});

// Live messages can come together (a player joined, another left). The app renders them as siblings,
// each fixed: a later one stands above the earlier instead of covering it.
const TOAST_STEP = '72px';
globalStyle(`${base} + ${base}`, { bottom: `calc(88px + ${TOAST_STEP})` });
globalStyle(`${base} + ${base} + ${base}`, { bottom: `calc(88px + 2 * ${TOAST_STEP})` });

export const toast = styleVariants({
  success: [base, { background: vars.color.positive }],
  error: [base, { background: vars.color.negative }],
  info: [base, { background: vars.color.text }],
});
export const message = style({ flex: 1, margin: 0 });
export const close = style({
  minWidth: '44px',
  minHeight: '44px',
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.font.size.lg,
  cursor: 'pointer',
  ':focus-visible': { outline: '3px solid currentColor' },
});
