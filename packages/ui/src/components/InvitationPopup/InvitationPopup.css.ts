import { style } from '@vanilla-extract/css';

export const nameField = style({ width: '100%', textAlign: 'left' });
