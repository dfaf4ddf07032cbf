import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { defaultPointConfiguration } from '@scorecast/rules';
import { DESKTOP, launchChromium, PHONE } from './support/browser';
import { activatedPlayer, call, locale } from './support/players';
import { startServer, WEB_DIST, type RunningServer } from './support/server';

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

// A fresh player went offline on the schedule and tapped Ranking: the app gave way to an unstyled
// English "Something went wrong!" without header, footer or a way back (the page's code was never
// fetched). It says it has no connection, in the player's language, and loads the page once back online.
test('a page not opened yet, tapped while offline, says there is no connection and opens by itself once back online', async () => {
  const de = locale('de');
  const token = await activatedPlayer(server, 'paula@example.com', 'Secret!234', 'de');
  await call(server, 'POST', '/api/groups', { name: 'Stammtisch', competitionYear: 2026, playerName: 'Paula', pointConfiguration: defaultPointConfiguration(2026), language: 'de' }, token);
  const context = await browser.newContext({ viewport: PHONE, locale: 'de-DE', timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const footer = page.getByRole('navigation', { name: de.app.mainMenu });
    const ranking = footer.getByRole('link', { name: de.menu.ranking, exact: true });
    await ranking.waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    await ranking.click();
    await expect.poll(() => page.getByText(de.app.noConnection).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    // The footer stays, to go elsewhere.
    expect(await footer.getByRole('link', { name: de.menu.settings, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: de.app.retry }).isVisible()).toBe(true);
    // Back online, the page opens by itself: the group's ranking.
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Stammtisch', level: 1 }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/ranking');
    expect(await page.getByText(de.app.noConnection).isVisible()).toBe(false);
  } finally {
    await context.close();
  }
});

// A fresh player tapped Ranking offline before the service worker had taken the page over: the
// router reloaded the page to fetch the missing code, and the browser showed its own error page.
test('a page tapped while offline, before any copy of the app is kept, says there is no connection', async () => {
  const token = await activatedPlayer(server, 'frisch@example.com');
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'block' });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const footer = page.getByRole('navigation', { name: en.app.mainMenu });
    await footer.getByRole('link', { name: en.menu.settings, exact: true }).waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    await footer.getByRole('link', { name: en.menu.ranking, exact: true }).click();
    await expect.poll(() => page.getByText(en.app.noConnection).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/ranking');
  } finally {
    await context.close();
  }
});

// A fresh player reloaded in a tunnel, saw the app say it had no connection, and it kept saying so
// after the phone was back online, until they found the button.
test('a page that opened offline comes back by itself once the phone is online again', async () => {
  const token = await activatedPlayer(server, 'tunnel@example.com');
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const createGroup = page.getByRole('link', { name: en.app.createGroup }).first();
    await createGroup.waitFor({ timeout: 60_000 });
    // The service worker takes the page over, and keeps what the next load brings.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.reload();
    await createGroup.waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByText(en.app.noConnection).isVisible(), { timeout: 30_000 }).toBe(true);
    await context.setOffline(false);
    await createGroup.waitFor({ timeout: 30_000 });
    expect(await page.getByText(en.app.noConnection).isVisible()).toBe(false);
  } finally {
    await context.close();
  }
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

/** A port free now, for a server started twice at one address (a service worker is per origin). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The paths the service worker keeps. */
const keptPaths = (page: Page) => page.evaluate(async () => (await (await caches.open('scorecast-shell')).keys()).map((request) => new URL(request.url).pathname));

// The files of every earlier version stayed in the service worker's copies for good.
test('a new version of the app leaves none of the files of the old one in the kept copies', async () => {
  const web = mkdtempSync(join(tmpdir(), 'scorecast-web-dist-'));
  cpSync(WEB_DIST, web, { recursive: true });
  const port = String(await freePort());
  let running = await startServer(BEFORE_KICKOFF, { WEB_DIST: web, PORT: port });
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  try {
    const page = await context.newPage();
    await page.goto(`${running.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.reload();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(readFileSync(join(web, 'index.html'), 'utf8'))![1]!;
    await expect.poll(() => keptPaths(page), { timeout: 30_000 }).toContain(entry);

    // The next version: its entry has another name; the page names it.
    await running.stop();
    const next = entry.replace('index-', 'index-next-');
    copyFileSync(join(web, entry), join(web, next));
    rmSync(join(web, entry));
    writeFileSync(join(web, 'index.html'), readFileSync(join(web, 'index.html'), 'utf8').replace(entry, next));
    for (const compressed of ['index.html.br', 'index.html.gz', `${entry}.br`, `${entry}.gz`]) rmSync(join(web, compressed), { force: true });
    running = await startServer(BEFORE_KICKOFF, { WEB_DIST: web, PORT: port });
    await page.goto(`${running.url}/`);
    await expect.poll(() => keptPaths(page), { timeout: 30_000 }).toContain(next);
    const kept = await keptPaths(page);
    expect(kept).not.toContain(entry);
    expect(kept).toContain('/');
  } finally {
    await context.close();
    await running.stop();
    rmSync(web, { recursive: true, force: true });
  }
});

// Behind a proxy, a reload while the server was down showed the proxy's "502 Bad Gateway" page: the
// kept copy answered only when nothing did.
test('a reload while a proxy says the server behind it is down shows the app saying so', async () => {
  const port = Number(await freePort());
  const running = await startServer(BEFORE_KICKOFF, { PORT: String(port) });
  const token = await activatedPlayer(running, 'gina@example.com');
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  let gateway: Server | undefined;
  try {
    const page = await context.newPage();
    await page.goto(`${running.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.reload();
    await page.getByRole('link', { name: en.app.createGroup }).first().waitFor({ timeout: 60_000 });

    await running.stop();
    gateway = createHttpServer((_request, response) => response.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>502 Bad Gateway</h1>'));
    await new Promise<void>((resolve) => gateway!.listen(port, '127.0.0.1', resolve));
    await page.reload();
    await expect.poll(() => page.getByText(en.app.noConnection).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByText('502 Bad Gateway').count()).toBe(0);
  } finally {
    await context.close();
    await new Promise((resolve) => (gateway ? gateway.close(resolve) : resolve(undefined)));
    await running.stop();
  }
});
