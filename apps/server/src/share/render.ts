import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { encodePng } from './png.js';
import type { Texts } from '../texts.js';
import { standingsSvg, type Standings } from './standingsSvg.js';

/**
 * The picture's fonts, smallest first. resvg reads a font file whole for every glyph it draws, so a
 * small file is most of the speed: Liberation Sans (140 KB, installed with Chromium) draws a
 * picture's 300 glyphs in a quarter of DejaVu Sans's time (760 KB); DejaVu fills in the glyphs
 * Liberation lacks. Given files are far quicker than scanning the system's fonts for every picture.
 */
export const SHARE_FONT_FILES = [
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
].filter((file) => existsSync(file));

/** The standings as a PNG, rendered from the SVG template with resvg. */
export function standingsPng(texts: Texts, standings: Standings): Buffer {
  const resvg = new Resvg(standingsSvg(texts, standings), {
    font: SHARE_FONT_FILES.length > 0 ? { loadSystemFonts: false, fontFiles: SHARE_FONT_FILES } : { loadSystemFonts: true },
  });
  const picture = resvg.render();
  return encodePng(picture.width, picture.height, picture.pixels);
}
