// WCAG 2 contrast of two colours, for the design values page: the ratio every text colour reaches
// on the surfaces it is set on.

/** Relative luminance of a '#rrggbb' colour (WCAG 2.x definition). */
export function luminanceOf(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((value) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Contrast ratio of two '#rrggbb' colours, from 1 (none) to 21 (black on white).
 * @example contrastRatio('#000000', '#ffffff') // 21
 */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminanceOf(foreground), luminanceOf(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A computed 'rgb(r, g, b)' colour as '#rrggbb' (alpha ignored). */
export const hexOf = (rgb: string) => `#${(rgb.match(/\d+/g) ?? []).slice(0, 3).map((value) => Number(value).toString(16).padStart(2, '0')).join('')}`;

/** WCAG's thresholds: 4.5:1 for body text (AA), 3:1 for large text and interface parts such as borders and focus rings. */
export const AA_TEXT = 4.5;
export const AA_LARGE_TEXT_AND_UI = 3;
