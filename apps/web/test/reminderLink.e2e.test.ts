import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { defaultPointConfiguration } from '@scorecast/rules';
import { DESKTOP, PHONE, launchChromium, shoot } from './support/browser';
import { activatedPlayer, call, locale } from './support/players';
import { mailedLink, startServer, type AdminGame, type RunningServer } from './support/server';

// Issue 22: a reminder mail's link opens the schedule at its game, a revealed prediction says when
// it was last changed, the mail switch sits with the push switches. Issue 18: group-stage games
// name their group. The game day of 12 June (Berlin) has two games, at 02:00 and 19:00 UTC; its
// reminder is due three hours before the first, at 23:00 UTC the day before.
const BEFORE_REMINDER = '2026-06-11T22:30:00Z';
const REMINDER_DUE = '2026-06-11T23:30:00Z';
const en = locale('en');
const de = locale('de');

let server: RunningServer;
let browser: Browser;
let first: AdminGame;
let second: AdminGame;
let adaToken: string;
let beaToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(BEFORE_REMINDER), launchChromium()]);
  const games = ((await server.admin('/api/admin/games?year=2026')) as AdminGame[]).sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const day = games.filter((game) => game.date.startsWith('2026-06-12T02:00') || game.date.startsWith('2026-06-12T19:00'));
  expect(day).toHaveLength(2);
  [first, second] = day as [AdminGame, AdminGame];
  adaToken = await activatedPlayer(server, 'ada@example.com');
  beaToken = await activatedPlayer(server, 'bea@example.com', 'Secret!234', 'de');
  await call(server, 'POST', '/api/players/theme', { theme: 'Dark' }, beaToken);
  const created = await call(server, 'POST', '/api/groups', { name: 'Anstoß', competitionYear: 2026, playerName: 'Ada', pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, adaToken);
  await call(server, 'POST', '/api/groups/accept-invitation', { groupId: created.json.id, playerName: 'Bea' }, beaToken);
  // Ada predicts the day's first game only: her reminder names the second.
  expect((await call(server, 'POST', `/api/prediction/${first.id}`, { homeGoals: 2, awayGoals: 1 }, adaToken)).status).toBe(200);
  expect((await call(server, 'POST', `/api/prediction/${first.id}`, { homeGoals: 0, awayGoals: 0 }, beaToken)).status).toBe(200);
  expect((await call(server, 'POST', `/api/prediction/${second.id}`, { homeGoals: 1, awayGoals: 1 }, beaToken)).status).toBe(200);
  await server.admin('/api/admin/clock', { now: REMINDER_DUE });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function reminderLink(): Promise<string> {
  let link: string | undefined;
  // The reminder run checks the clock every 30 s.
  await expect
    .poll(
      () => {
        try {
          link = mailedLink(server.dataDir, 'ada@example.com', 'autologin', server.url);
        } catch {
          link = undefined;
        }
        return link !== undefined;
      },
      { timeout: 120_000, interval: 1000 },
    )
    .toBe(true);
  return link!;
}

async function newPage(viewport: typeof PHONE, options: { token?: string; language?: 'en' | 'de'; dark?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: options.language === 'de' ? 'de-DE' : 'en-US', timezoneId: 'Europe/Berlin', colorScheme: options.dark ? 'dark' : 'light' });
  if (options.token) await context.addInitScript((value) => localStorage.setItem('token', value), options.token);
  return { context, page: await context.newPage() };
}

/** Where a game's row starts, from the top of the window. */
const topOf = async (page: Page, game: AdminGame) => (await page.locator(`#game-${game.id}`).boundingBox())?.y ?? Number.NaN;

test('a reminder link opens the schedule at the game it names, for a visitor and for a player already logged in', async () => {
  const link = await reminderLink();
  expect(new URL(link).searchParams.get('game')).toBe(String(second.id));

  for (const token of [adaToken, undefined]) {
    const { context, page } = await newPage(PHONE, token ? { token } : {});
    // Where the game stands once the commit that brought it in has run its course (the microtasks
    // after it, before any paint): the page opens at the game, without showing the top first.
    await context.addInitScript((id) => {
      const seen = new MutationObserver(() => {
        const row = document.getElementById(`game-${id}`);
        if (!row) return;
        seen.disconnect();
        queueMicrotask(() => ((window as unknown as { firstFrameTop: number }).firstFrameTop = row.getBoundingClientRect().top));
      });
      seen.observe(document, { childList: true, subtree: true });
    }, second.id);
    await page.goto(link);
    await page.locator(`#game-${second.id}`).waitFor({ timeout: 60_000 });
    // At the top of the window, below the sticky header; the day's first game (the next to kick off) above it.
    await expect.poll(() => topOf(page, second), { timeout: 30_000 }).toBeLessThan(200);
    expect(await topOf(page, second)).toBeGreaterThanOrEqual(0);
    expect(await topOf(page, first)).toBeLessThan(0);
    expect(await page.evaluate(() => (window as unknown as { firstFrameTop: number }).firstFrameTop)).toBeLessThan(200);
    expect(page.url()).not.toContain('password');
    // Issue 18: a group-stage game names its group.
    expect(await page.locator(`#game-${second.id}`).textContent()).toContain(`· ${en.game.group.replace('{{letter}}', 'B')}`);
    await shoot(page, `reminder-link-phone-light-en${token ? '-logged-in' : ''}`);
    await context.close();
  }
}, 240_000);

// The schedule opened at the first game of a day (or of a stage) with its headings half under the
// sticky header: the page stopped 128 px down (the header's room counted twice), not enough for them.
test("opened at a day's first game, the schedule shows that day's heading whole, just below the header", async () => {
  const { context, page } = await newPage(PHONE, { token: adaToken });
  await page.goto(`${server.url}/?game=${first.id}`);
  await page.locator(`#game-${first.id}`).waitFor({ timeout: 60_000 });
  const header = (await page.locator('header').first().boundingBox())!;
  const day = page.locator(`#game-${first.id}`).getByText('12.06.2026');
  await expect.poll(async () => (await day.boundingBox())?.y ?? Number.NaN, { timeout: 30_000 }).toBeGreaterThanOrEqual(header.y + header.height);
  expect((await day.boundingBox())!.y).toBeLessThan(header.y + header.height + 24);
  await context.close();
}, 120_000);

test('a revealed prediction says when it was last changed', async () => {
  await server.admin('/api/admin/clock', { now: '2026-06-12T02:05:00Z' });
  await server.admin(`/api/admin/games/${first.id}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
  const looks = [
    { token: beaToken, viewport: PHONE, language: 'de', dark: true, name: 'phone-dark-de' },
    { token: adaToken, viewport: DESKTOP, language: 'en', dark: false, name: 'desktop-light-en' },
  ] as const;
  for (const look of looks) {
    const { context, page } = await newPage(look.viewport, look);
    await page.goto(`${server.url}/`);
    const list = page.locator(`#game-${first.id} table`);
    await list.waitFor({ timeout: 60_000 });
    const text = look.language === 'de' ? de : en;
    for (const name of ['Ada', 'Bea']) {
      const row = list.locator('tr', { hasText: name });
      // Both predicted at about 00:30 in Berlin, on 12 June.
      await expect.poll(() => row.locator('time').textContent(), { timeout: 30_000 }).toMatch(/^(saved|getippt) 12\.06\. 00:3\d$/);
      expect(await row.locator('time').getAttribute('datetime')).toMatch(/^2026-06-11T22:3\d/);
      expect(await row.locator('time').textContent()).toContain(text.predictions.changed.replace(' {{time}}', ''));
    }
    await page.locator(`#game-${first.id}`).scrollIntoViewIfNeeded();
    await shoot(page, `prediction-change-times-${look.name}`);
    await context.close();
  }
}, 240_000);

test('the reminder mails switch sits with the push switches and saves', async () => {
  const looks = [
    { token: beaToken, viewport: DESKTOP, language: 'de', dark: true, name: 'desktop-dark-de' },
    { token: adaToken, viewport: PHONE, language: 'en', dark: false, name: 'phone-light-en' },
  ] as const;
  for (const look of looks) {
    const { context, page } = await newPage(look.viewport, look);
    await page.goto(`${server.url}/settings`);
    const text = look.language === 'de' ? de : en;
    const card = page.getByRole('region', { name: text.settings.pushAndMail });
    const mailSwitch = card.getByRole('switch', { name: text.settings.mailReminders });
    await mailSwitch.waitFor({ timeout: 60_000 });
    expect(await mailSwitch.isChecked()).toBe(true);
    await shoot(page, `settings-mail-reminders-${look.name}`);
    await context.close();
  }
  const { context, page } = await newPage(PHONE, { token: adaToken });
  await page.goto(`${server.url}/settings`);
  await page.getByRole('region', { name: en.settings.pushAndMail }).getByRole('switch', { name: en.settings.mailReminders }).click();
  await expect.poll(async () => (await call(server, 'GET', '/api/auth', undefined, adaToken)).json.user?.notifyByMail, { timeout: 30_000 }).toBe(false);
  await context.close();
}, 240_000);
