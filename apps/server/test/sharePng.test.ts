import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../src/share/png.js';

/** A PNG read back by resvg's own decoder: drawn, unscaled, as the image of an SVG its size. */
function decoded(png: Buffer, width: number, height: number): Buffer {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<image width="${width}" height="${height}" image-rendering="optimizeSpeed" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  return new Resvg(svg).render().pixels;
}

/** An opaque picture with flat areas, gradients and diagonal edges, as resvg renders it. */
function picture(width: number, height: number) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g"><stop offset="0" stop-color="#0b5e46"/><stop offset="1" stop-color="#d3f5df"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="#f4f7f5"/><rect y="10" width="${width}" height="30" fill="url(#g)"/>` +
    `<circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#10201a"/><path d="M0 ${height} L${width} 0" stroke="#c0392b" stroke-width="3"/></svg>`;
  return new Resvg(svg).render();
}

describe('the share picture PNG encoder', () => {
  it('encodes pixels that a PNG decoder reads back unchanged', () => {
    const { width, height, pixels } = picture(301, 157);
    const png = encodePng(width, height, pixels);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(decoded(png, width, height).equals(pixels)).toBe(true);
  });

  it('keeps a share-sized picture of flat colours small', () => {
    const { width, height, pixels } = picture(1200, 630);
    expect(encodePng(width, height, pixels).length).toBeLessThan(40 * 1024);
  });

  it('refuses pixels that do not fill the size', () => {
    expect(() => encodePng(10, 10, new Uint8Array(10 * 9 * 4))).toThrow(/10 x 10/);
  });
});
