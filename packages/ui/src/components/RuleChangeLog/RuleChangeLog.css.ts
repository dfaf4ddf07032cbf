import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ margin: vars.space.lg, padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.surface });
export const title = style({ margin: 0, fontSize: vars.font.size.md });
export const list = style({ margin: `${vars.space.sm} 0 0`, paddingLeft: vars.space.lg, fontSize: vars.font.size.sm });
