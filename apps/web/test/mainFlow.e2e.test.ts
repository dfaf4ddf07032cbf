import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchChromium, shoot } from './support/browser';
import { mailedLink, resetTournament, startServer, type RunningServer } from './support/server';

// Before the 2026 World Cup: the first game (Mexico against South Africa) kicks off 2026-06-11T19:00Z.
const BEFORE_KICKOFF = '2026-06-10T12:00:00Z';
const AFTER_KICKOFF = '2026-06-11T19:05:00Z';

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

test('a player registers, activates by mail, creates a group, predicts, and the ranking shows the points of the result', async () => {
  const login = 'ada@example.com';
  const password = 'Secret!234';
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`${server.url}/login/register`);
  await page.getByLabel('E-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect.poll(() => page.getByText('Check your e-mails to activate').isVisible()).toBe(true);
  await shoot(page, 'register-desktop-en');

  await page.goto(mailedLink(server.dataDir, login, 'activate-account', server.url));
  await expect.poll(() => page.getByText('Your account is activated').isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByLabel('E-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${server.url}/`);

  await page.goto(`${server.url}/group/create`);
  await page.getByLabel('Group name').fill('Bolzplatz Legends');
  await page.getByLabel('Your name in the group').fill('Ada');
  await page.getByRole('button', { name: 'Create group' }).last().click();
  await page.waitForURL(`${server.url}/ranking`);
  await expect.poll(() => page.getByRole('heading', { name: 'Bolzplatz Legends' }).isVisible()).toBe(true);
  await shoot(page, 'ranking-new-group-desktop-en');

  await page.getByRole('link', { name: 'Schedule' }).first().click();
  const input = page.getByLabel(/Your prediction for Mexico against South Africa/);
  await input.fill('2:1');
  await input.press('Tab');
  await expect.poll(async () => {
    const response = await page.request.get(`${server.url}/api/groups`, { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` } });
    const groups = (await response.json()) as { players: { predictions: { homeGoals: number; awayGoals: number }[] }[] }[];
    return groups[0]?.players[0]?.predictions[0];
  }).toMatchObject({ homeGoals: 2, awayGoals: 1 });
  await shoot(page, 'dashboard-predicted-desktop-en');

  // A minute before kickoff the input is open; when the clock passes kickoff it locks while the page
  // stays open (the page follows the server clock without a reload). A minute, not seconds: a page
  // load on a busy machine may take seconds.
  await server.admin('/api/admin/clock', { now: '2026-06-11T18:59:00Z' });
  await page.reload();
  await expect.poll(() => input.isVisible(), { timeout: 10_000 }).toBe(true);
  await server.admin('/api/admin/clock', { now: '2026-06-11T18:59:58Z' });
  await expect.poll(() => input.count(), { timeout: 30_000 }).toBe(0);

  // The game goes live: after a reload too the prediction can no longer change.
  const games = (await server.admin('/api/admin/games?year=2026')) as { id: number; homeTeam: string; awayTeam: string }[];
  const opener = games.find((game) => game.homeTeam === 'mx' && game.awayTeam === 'za')!;
  await server.admin('/api/admin/clock', { now: AFTER_KICKOFF });
  await server.admin(`/api/admin/games/${opener.id}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
  await page.reload();
  await expect.poll(() => page.getByText('Live').first().isVisible()).toBe(true);
  expect(await page.getByLabel(/Your prediction for Mexico against South Africa/).count()).toBe(0);

  await server.admin(`/api/admin/games/${opener.id}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 });
  await page.reload();
  await page.getByRole('link', { name: 'Ranking' }).first().click();
  await page.waitForURL(`${server.url}/ranking`);
  const ownRow = page.getByRole('listitem').filter({ hasText: 'Ada' });
  await expect.poll(() => ownRow.textContent()).toMatch(/(^|\D)5(\D|$)/);
  await shoot(page, 'ranking-points-desktop-en');

  await page.setViewportSize(PHONE);
  await shoot(page, 'ranking-points-phone-en');
  await page.getByRole('link', { name: 'Schedule' }).first().click();
  await shoot(page, 'dashboard-finished-phone-en');
  expect(errors).toEqual([]);
  await context.close();
});
