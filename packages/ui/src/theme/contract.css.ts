import { createThemeContract } from '@vanilla-extract/css';

/** Semantic tokens every component styles itself with; the themes fill them in. */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    text: null,
    textMuted: null,
    border: null,
    accent: null,
    accentText: null,
    /** The header bar and the countdown: the app's colour as a large surface. */
    brand: null,
    brandText: null,
    ownRow: null,
    positive: null,
    negative: null,
    warning: null,
    live: null,
    focus: null,
    overlay: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null },
  radius: { sm: null, md: null, round: null },
  font: { body: null, size: { sm: null, md: null, lg: null, xl: null } },
});
