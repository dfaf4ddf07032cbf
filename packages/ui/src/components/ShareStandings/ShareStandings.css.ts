import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', justifyContent: 'center', margin: `${vars.space.md} ${vars.space.lg}` });
