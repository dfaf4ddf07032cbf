import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: vars.space.lg, maxWidth: '720px' });
export const subSwitches = style({ display: 'flex', flexDirection: 'column', paddingLeft: vars.space.lg });
