// Screenshots of the built Storybook (storybook-static/) in Debian's Chromium, for a human review of
// every story at phone and desktop width, light and dark, English and German.
// Usage: node scripts/screenshots.mjs [story-id-filter] — writes screenshots/{story}--{combo}.png.
import { createReadStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const staticDir = path.join(root, 'storybook-static');
const outDir = path.join(root, 'screenshots');
const filter = process.argv[2] ?? '';

const contentTypes = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

if (!existsSync(path.join(staticDir, 'index.json'))) {
  console.error('storybook-static/ is missing: run the package build first.');
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });

// A tiny static server: Storybook's iframe loads its chunks with fetch, which file:// URLs refuse.
const server = createServer((request, response) => {
  const file = path.join(staticDir, decodeURIComponent(new URL(request.url, 'http://x').pathname));
  if (!file.startsWith(staticDir) || !existsSync(file) || file.endsWith(path.sep)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const stories = Object.values(JSON.parse(readFileSync(path.join(staticDir, 'index.json'), 'utf8')).entries)
  .filter((entry) => entry.type === 'story' && entry.id.includes(filter))
  .map((entry) => entry.id);

const widths = { phone: 390, desktop: 1280 };
const combos = [
  { theme: 'Light', language: 'en' },
  { theme: 'Dark', language: 'de' },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const [device, width] of Object.entries(widths)) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    for (const { theme, language } of combos) {
      for (const id of stories) {
        await page.goto(`${base}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme};language:${language}`);
        // Play functions and the login fade-in settle well within this; screenshots are for eyes, not asserts.
        await page.waitForSelector('#storybook-root > *, #storybook-docs > *', { timeout: 10_000 }).catch(() => {});
        await page.waitForTimeout(700);
        await page.screenshot({ path: path.join(outDir, `${id}--${device}-${theme.toLowerCase()}-${language}.png`), fullPage: true });
      }
    }
    await page.close();
  }
  console.log(`${stories.length} stories × ${Object.keys(widths).length * combos.length} views written to screenshots/`);
} finally {
  await browser.close();
  server.close();
}
