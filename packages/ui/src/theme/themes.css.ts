import { assignVars, style } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { darkColours, lightColours, shared } from './tokens';

const light = { ...shared, color: lightColours };
const dark = { ...shared, color: darkColours };

// Native controls (radio buttons) in the theme's accent: the browser's own grey was faint on the dark background.
const root = { fontFamily: vars.font.body, color: vars.color.text, background: vars.color.background, accentColor: vars.color.accent } as const;

export const lightTheme = style({ vars: assignVars(vars, light), ...root });
export const darkTheme = style({ vars: assignVars(vars, dark), ...root, colorScheme: 'dark' });
/** Theme 'Default' of the spec: follows the system preference. */
export const systemTheme = style({
  vars: assignVars(vars, light),
  ...root,
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, dark), colorScheme: 'dark' } },
});
