// What bench/share.bench.mjs drives: the share picture's renderer.
export { standingsPng } from './render.js';
export { createTexts } from '../texts.js';
