import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({
  margin: `${vars.space.xl} ${vars.space.lg}`,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const icon = style({ color: vars.color.textMuted });
export const title = style({ margin: 0, fontSize: vars.font.size.lg });
export const text = style({ margin: 0, color: vars.color.textMuted, maxWidth: '32em' });
