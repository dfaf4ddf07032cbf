import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const hint = style({
  margin: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.textMuted}`,
  background: vars.color.surface,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
});
export const text = style({ margin: 0 });
