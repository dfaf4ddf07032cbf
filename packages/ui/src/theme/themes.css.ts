import { assignVars, style } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { palette, shared } from './tokens';

const light = {
  ...shared,
  color: {
    background: palette.grey[50],
    surface: palette.grey[0],
    surfaceRaised: palette.grey[100],
    text: palette.grey[900],
    textMuted: palette.grey[600],
    border: palette.grey[300],
    accent: palette.green[800],
    accentText: palette.grey[0],
    brand: palette.green[800],
    brandText: palette.grey[0],
    ownRow: palette.green[100],
    positive: palette.green[700],
    negative: palette.red[700],
    warning: palette.amber[800],
    live: palette.red[700],
    focus: palette.blue[700],
    overlay: 'rgba(11, 13, 16, 0.6)',
  },
};

const dark = {
  ...shared,
  color: {
    background: palette.grey[950],
    surface: palette.grey[900],
    surfaceRaised: palette.grey[800],
    text: palette.grey[50],
    textMuted: palette.grey[300],
    border: palette.grey[700],
    accent: palette.green[300],
    accentText: palette.grey[950],
    brand: palette.green[900],
    brandText: palette.grey[0],
    ownRow: palette.green[900],
    positive: palette.green[300],
    negative: palette.red[300],
    warning: palette.amber[300],
    live: palette.red[300],
    focus: palette.blue[300],
    overlay: 'rgba(0, 0, 0, 0.7)',
  },
};

const root = { fontFamily: vars.font.body, color: vars.color.text, background: vars.color.background } as const;

export const lightTheme = style({ vars: assignVars(vars, light), ...root });
export const darkTheme = style({ vars: assignVars(vars, dark), ...root, colorScheme: 'dark' });
/** Theme 'Default' of the spec: follows the system preference. */
export const systemTheme = style({
  vars: assignVars(vars, light),
  ...root,
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, dark), colorScheme: 'dark' } },
});
