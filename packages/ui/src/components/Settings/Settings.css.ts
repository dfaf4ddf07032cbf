import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// As wide as the other pages' content (the main column), with the same padding.
export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: vars.space.lg });
export const subSwitches = style({ display: 'flex', flexDirection: 'column', paddingLeft: vars.space.lg });
// Mail reminders work without push: set apart from the push switches above them.
export const mailReminders = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md });
