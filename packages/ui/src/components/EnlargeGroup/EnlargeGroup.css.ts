import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ margin: vars.space.lg });
export const options = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
