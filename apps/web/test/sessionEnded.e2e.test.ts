import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { defaultPointConfiguration } from '@scorecast/rules';
import { DESKTOP, launchChromium } from './support/browser';
import { activatedPlayer, call, locale } from './support/players';
import { resetTournament, startServer, type RunningServer } from './support/server';

// A session ended in another browser (password changed there, or this session logged out) ends
// on an open page too: its live channel stops and the player lands on the login, as after a logout.
const BEFORE_KICKOFF = '2026-06-10T12:00:00Z';
const en = locale('en');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(BEFORE_KICKOFF), launchChromium()]);
  await resetTournament(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const login = async (email: string) => (await call(server, 'POST', '/api/auth', { login: email, password: 'Secret!234' })).json.token as string;

/** The dashboard in a browser of its own, logged in with `token`, once its live channel is open. */
async function dashboardOf(token: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript((value) => {
    // Only the first load brings the token: a page sent to the login must not get it back on reload.
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('token', value);
    sessionStorage.setItem('seeded', '1');
  }, token);
  const page = await context.newPage();
  // Connected means the server answered getConnectionId (a completion, type 3): it knows the session then.
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (socket.url().includes('/notify')) socket.on('framereceived', ({ payload }) => String(payload).includes('"type":3') && resolve());
    });
  });
  await page.goto(`${server.url}/`);
  await page.getByRole('heading', { name: en.stage.Group }).first().waitFor({ timeout: 60_000 });
  await connected;
  return { page, close: () => context.close() };
}

async function withGroup(email: string): Promise<void> {
  await activatedPlayer(server, email);
  const token = await login(email);
  const created = await call(server, 'POST', '/api/groups', { name: 'Sessions', competitionYear: 2026, playerName: 'Sam', pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, token);
  expect(created.status).toBe(200);
}

const path = (page: Page) => new URL(page.url()).pathname;

test('a password changed in another browser sends this one to the login and forgets its token', async () => {
  await withGroup('sam@example.com');
  const [first, second] = [await login('sam@example.com'), await login('sam@example.com')];
  const s1 = await dashboardOf(first);
  expect((await call(server, 'POST', '/api/auth/password/change', { password: 'Better!234' }, second)).json).toEqual({ status: 'Successful' });
  await expect.poll(() => path(s1.page), { timeout: 60_000 }).toBe('/login');
  expect(await s1.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await s1.close();
});

test('a logout of this session from elsewhere does the same', async () => {
  await withGroup('rita@example.com');
  const token = await login('rita@example.com');
  const s1 = await dashboardOf(token);
  expect((await call(server, 'GET', '/api/auth/logout', undefined, token)).status).toBe(200);
  await expect.poll(() => path(s1.page), { timeout: 60_000 }).toBe('/login');
  expect(await s1.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await s1.close();
});

// A fresh player changed the password and was back on the settings without a word; the session
// that changed it goes on.
test('a password changed in this browser says so, and this session goes on', async () => {
  await withGroup('tim@example.com');
  const own = await dashboardOf(await login('tim@example.com'));
  await own.page.goto(`${server.url}/settings/change-password`);
  await own.page.getByLabel(en.password.new, { exact: true }).fill('Better!234');
  await own.page.getByLabel(en.password.repeat, { exact: true }).fill('Better!234');
  await own.page.getByRole('button', { name: en.password.change }).click();
  await own.page.getByText(en.message.passwordChanged).waitFor({ timeout: 10_000 });
  expect(path(own.page)).toBe('/settings');
  await own.page.waitForTimeout(2_500);
  expect(path(own.page)).toBe('/settings');
  await own.close();
});
