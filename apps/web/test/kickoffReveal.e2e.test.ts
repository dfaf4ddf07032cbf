import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { defaultPointConfiguration } from '@scorecast/rules';
import { PHONE, launchChromium, shoot } from './support/browser';
import { activatedPlayer, call, locale } from './support/players';
import { startServer, type RunningServer } from './support/server';

// The kickoff by the clock, with nobody setting the game Live: a second fresh player saw a
// kicked-off game with everyone else's predictions as "–". At kickoff the game goes Live 0:0 and an
// open page shows the group's predictions of it, in German at 390 px in the dark theme here.
const BEFORE_KICKOFF = '2026-06-10T12:00:00Z';
const de = locale('de');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(BEFORE_KICKOFF), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('at its kickoff a game goes Live by the clock and an open page shows the group its predictions', async () => {
  const adaToken = await activatedPlayer(server, 'ada@example.com');
  const benToken = await activatedPlayer(server, 'ben@example.com', 'Secret!234', 'de');
  const groupId = (await call(server, 'POST', '/api/groups', { name: 'Anstoß', competitionYear: 2026, playerName: 'Ada', pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, adaToken)).json.id as string;
  expect((await call(server, 'POST', '/api/groups/accept-invitation', { groupId, playerName: 'Ben' }, benToken)).status).toBe(200);
  const games = (await server.admin('/api/admin/games?year=2026')) as { id: number; homeTeam: string; awayTeam: string }[];
  const opener = games.find((game) => game.homeTeam === 'mx' && game.awayTeam === 'za')!;
  expect((await call(server, 'POST', `/api/prediction/${opener.id}`, { homeGoals: 4, awayGoals: 3 }, adaToken)).status).toBe(200);
  expect((await call(server, 'POST', `/api/prediction/${opener.id}`, { homeGoals: 1, awayGoals: 1 }, benToken)).status).toBe(200);

  const context = await browser.newContext({ viewport: PHONE, locale: 'de-DE', timezoneId: 'UTC', colorScheme: 'dark' });
  await context.addInitScript((value) => localStorage.setItem('token', value), benToken);
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.getByRole('heading', { name: de.stage.Group }).first().waitFor({ timeout: 60_000 });
  // Ada's prediction is hers until the kickoff.
  expect(await page.getByText('4:3').count()).toBe(0);

  await server.admin('/api/admin/clock', { now: '2026-06-11T18:59:58Z' });
  await expect.poll(() => page.getByText('4:3').count(), { timeout: 45_000 }).toBeGreaterThan(0);
  const game = ((await server.admin('/api/admin/games?year=2026')) as { id: number; status: string; homeGoals: number }[]).find((each) => each.id === opener.id);
  expect(game).toMatchObject({ status: 'Live', homeGoals: 0 });
  await shoot(page, 'kickoff-reveal-phone-de-dark');
  await context.close();
});
