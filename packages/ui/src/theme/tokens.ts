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
