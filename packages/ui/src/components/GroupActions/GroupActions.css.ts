import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ margin: vars.space.lg });
