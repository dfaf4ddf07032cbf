import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const row = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });
