import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const line = style({
  margin: `${vars.space.sm} ${vars.space.lg}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const text = style({ margin: 0 });
export const out = style({ borderColor: vars.color.negative });
