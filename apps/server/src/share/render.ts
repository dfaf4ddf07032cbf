import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { standingsSvg, type Standings } from './standingsSvg.js';

// One font file read once is far quicker than scanning the system's fonts for every picture.
const FONT_FILES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'].filter((file) => existsSync(file));

/** The standings as a PNG, rendered from the SVG template with resvg. */
export function standingsPng(standings: Standings): Buffer {
  const resvg = new Resvg(standingsSvg(standings), {
    font: FONT_FILES.length > 0 ? { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans' } : { loadSystemFonts: true },
  });
  return resvg.render().asPng();
}
