import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ margin: vars.space.lg });
export const pick = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });
export const select = style({ flex: 1 });
