import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const input = style({
  width: '4.5em',
  minHeight: '44px',
  boxSizing: 'border-box',
  textAlign: 'center',
  fontSize: vars.font.size.lg,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  '::placeholder': { color: vars.color.textMuted },
});
