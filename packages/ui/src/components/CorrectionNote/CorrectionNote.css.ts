import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const note = style({
  margin: `${vars.space.xs} 0 0`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderLeft: `3px solid ${vars.color.warning}`,
  background: vars.color.surfaceRaised,
  fontSize: vars.font.size.sm,
});
export const label = style({ fontWeight: 600, marginRight: vars.space.xs });
export const time = style({ color: vars.color.textMuted, marginLeft: vars.space.xs });
