import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// As wide as the other pages' content (the main column), with the same padding.
export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: vars.space.lg });
export const subSwitches = style({ display: 'flex', flexDirection: 'column', paddingLeft: vars.space.lg });
