/** Primitive palette the themes pick their semantic colours from. */
export const palette = {
  green: { 50: '#ecfdf3', 100: '#d1fadf', 300: '#6ce9a6', 700: '#047857', 800: '#065f46', 900: '#064e3b' },
  grey: { 0: '#ffffff', 50: '#f6f7f9', 100: '#eceef2', 300: '#c5cad3', 600: '#525a67', 700: '#3a414c', 800: '#232830', 900: '#14171c', 950: '#0b0d10' },
  red: { 300: '#fca5a5', 700: '#b91c1c' },
  amber: { 300: '#fcd34d', 800: '#92400e' },
  blue: { 300: '#93c5fd', 700: '#1d4ed8' },
} as const;

/** Spacing is a multiple of one 4 px grid unit. */
const grid = (units: number) => `${units * 4}px`;

export const shared = {
  space: { xs: grid(1), sm: grid(2), md: grid(3), lg: grid(4), xl: grid(6) },
  radius: { sm: '4px', md: '10px', round: '999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    size: { sm: '0.8125rem', md: '1rem', lg: '1.25rem', xl: '1.75rem' },
  },
} as const;

/** The semantic colours of the light theme, picked from the palette. */
export const lightColours = {
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
};

/** The semantic colours of the dark theme. */
export const darkColours = {
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
};
