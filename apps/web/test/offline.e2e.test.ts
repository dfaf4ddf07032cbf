import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchChromium } from './support/browser';
import { activatedPlayer, locale } from './support/players';
import { startServer, type RunningServer } from './support/server';

// A second fresh player reloaded while the server was down and got the browser's "This site can't
// be reached" instead of the app saying it has no connection (spec section 8). The service worker
// keeps the last copy of the page for that.
const BEFORE_KICKOFF = '2026-06-10T12:00:00Z';
const en = locale('en');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(BEFORE_KICKOFF), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a reload while the server is out of reach shows the app saying so, with a way to try again, even after opening an API link', async () => {
  const token = await activatedPlayer(server, 'olga@example.com');
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.getByRole('link', { name: en.app.createGroup }).first().waitFor({ timeout: 60_000 });
  // The service worker takes the page over, and keeps what the next load brings.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.reload();
  await page.getByRole('link', { name: en.app.createGroup }).first().waitFor({ timeout: 60_000 });

  // A link opened from a chat (the standings picture, an API answer) is no copy of the app to keep.
  await page.goto(`${server.url}/api/version`);
  await server.stop();
  await page.goto(`${server.url}/`);
  await expect.poll(() => page.getByText(en.app.noConnection).isVisible(), { timeout: 30_000 }).toBe(true);
  expect(await page.getByRole('button', { name: en.app.retry }).isVisible()).toBe(true);
  await context.close();
});
