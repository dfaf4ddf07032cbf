import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { defaultPointConfiguration } from '@scorecast/rules';
import { PHONE, launchChromium, shoot } from './support/browser';
import { activatedPlayer, call, locale } from './support/players';
import { resetTournament, startServer, type RunningServer } from './support/server';

// Issue 21, played through by two players on phones: the tournament is cut down to three group
// games on three days, so one result can put a player out of the race. The clock only goes forward.
const BEFORE_KICKOFF = '2026-06-10T12:00:00Z';
const en = locale('en');

type Game = { id: number; date: string; status: string; homeTeam: string; awayTeam: string };

let server: RunningServer;
let browser: Browser;
let games: Game[];
let adaToken: string;
let beaToken: string;
let ada: { context: BrowserContext; page: Page };

/** The first game of each of the first three days of the World Cup 2026. */
function threeDays(all: Game[]): Game[] {
  const sorted = [...all].sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id);
  const days = [...new Set(sorted.map((game) => game.date.slice(0, 10)))].slice(0, 3);
  return days.map((day) => sorted.find((game) => game.date.startsWith(day))!);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(BEFORE_KICKOFF), launchChromium()]);
  const all = (await resetTournament(server)) as Game[];
  games = threeDays(all);
  for (const game of all.filter((each) => !games.includes(each))) await deleteGame(game.id);
  adaToken = await activatedPlayer(server, 'ada@example.com');
  beaToken = await activatedPlayer(server, 'bea@example.com');
  const created = await call(server, 'POST', '/api/groups', { name: 'Rennen', competitionYear: 2026, playerName: 'Ada', pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, adaToken);
  await call(server, 'POST', '/api/groups/accept-invitation', { groupId: created.json.id, playerName: 'Bea' }, beaToken);
  // Ada calls the first two games exactly, Bea gets both wrong: after the second she cannot catch up.
  const picks = [
    [adaToken, [2, 1], [1, 0], [0, 0]],
    [beaToken, [0, 3], [0, 1], [3, 0]],
  ] as const;
  for (const [token, ...scores] of picks) {
    for (const [index, [homeGoals, awayGoals]] of scores.entries()) expect((await call(server, 'POST', `/api/prediction/${games[index]!.id}`, { homeGoals, awayGoals }, token)).status).toBe(200);
  }
  expect((await call(server, 'POST', '/api/prediction/champion', { team: games[0]!.homeTeam, year: 2026 }, adaToken)).status).toBe(200);
  ada = await onPhone(adaToken);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function onPhone(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return { context, page: await context.newPage() };
}

/** Takes a game out of the schedule, as the operator can. */
async function deleteGame(id: number): Promise<void> {
  const token = readFileSync(join(server.dataDir, 'admin-token'), 'utf8').trim();
  const response = await fetch(`${server.url}/api/admin/games/${id}`, { method: 'DELETE', headers: { 'X-Admin-Token': token } });
  if (!response.ok) throw new Error(`deleting game ${id}: ${response.status}`);
}

/** Kicks a game off (the clock past its kickoff, then Live at the given score). */
async function kickOff(game: Game, homeGoals = 0, awayGoals = 0): Promise<void> {
  await server.admin('/api/admin/clock', { now: new Date(Date.parse(game.date) + 60_000).toISOString() });
  await server.admin(`/api/admin/games/${game.id}`, { status: 'Live', homeGoals, awayGoals });
}
const finish = (game: Game, homeGoals: number, awayGoals: number) => server.admin(`/api/admin/games/${game.id}`, { status: 'Finished', homeGoals, awayGoals });
const row = (page: Page, game: Game) => page.locator(`#game-${game.id}`);
const teamName = (team: string) => new Intl.DisplayNames(['en'], { type: 'region' }).of(team.toUpperCase())!;

test('the pick shares appear at kickoff and not before', async () => {
  const { page } = ada;
  await page.goto(`${server.url}/`);
  await expect.poll(() => row(page, games[0]!).isVisible()).toBe(true);
  expect(await row(page, games[0]!).getByText(en.race.picks.title).count()).toBe(0);
  await kickOff(games[0]!);
  const shares = row(page, games[0]!).getByRole('region', { name: en.race.picks.title });
  await expect.poll(() => shares.isVisible(), { timeout: 30_000 }).toBe(true);
  // One home win (Ada's 2:1) and one away win (Bea's 0:3): half each, none for a draw.
  await expect.poll(() => shares.textContent()).toMatch(/50 %.*0 %.*50 %/);
});

test('the what-if shows the table after a tried goal, and saves nothing', async () => {
  const { page } = ada;
  await row(page, games[0]!).getByRole('button', { name: en.race.whatIf.open }).click();
  const whatIf = row(page, games[0]!).getByRole('region', { name: en.race.whatIf.title });
  await expect.poll(() => whatIf.isVisible()).toBe(true);
  await whatIf.getByRole('button', { name: en.race.whatIf.more.replace('{{team}}', teamName(games[0]!.homeTeam)) }).click();
  // 1:0 is Ada's trend with the goal difference of her 2:1: three points, first place.
  await expect.poll(() => whatIf.getByRole('row', { name: /Ada/ }).textContent()).toMatch(/1\..*Ada.*3 \(\+3\)/);
  await whatIf.scrollIntoViewIfNeeded();
  await shoot(page, 'race-what-if');
  await whatIf.getByRole('button', { name: en.race.whatIf.close }).click();
  expect(await whatIf.count()).toBe(0);
  const group = (await call(server, 'GET', '/api/groups', undefined, adaToken)).json[0];
  const own = group.players.find((player: { login: string }) => player.login === 'ada@example.com');
  expect(own.predictions.find((prediction: { gameId: number }) => prediction.gameId === games[0]!.id)).toMatchObject({ homeGoals: 2, awayGoals: 1 });
});

test('a matchday winner is shown and the rank history grows by one step per finished game', async () => {
  const { page } = ada;
  await finish(games[0]!, 2, 1);
  await page.goto(`${server.url}/ranking`);
  const chart = page.locator('svg[data-steps]');
  await expect.poll(() => chart.getAttribute('data-steps'), { timeout: 30_000 }).toBe('1');
  const winners = page.getByRole('region', { name: en.race.matchdays.title });
  const day = games[0]!.date.slice(0, 10).split('-').reverse().join('.');
  await expect.poll(() => winners.getByRole('row', { name: new RegExp(day.replace(/\./g, '\\.')) }).textContent()).toMatch(/Ada.*5/);
  // After one game Bea is behind, but still in the race: two games could bring her level.
  const standing = page.getByRole('region', { name: en.race.standing.title });
  await expect.poll(() => standing.getByRole('row', { name: /Bea/ }).textContent()).toMatch(/Bea.*0.*10/);
  expect(await standing.getByRole('row', { name: /Bea/ }).textContent()).not.toContain(en.race.standing.out);
  await kickOff(games[1]!);
  await finish(games[1]!, 1, 0);
  // The open page follows the live updates: one more step, and a second day won by Ada.
  await expect.poll(() => chart.getAttribute('data-steps'), { timeout: 30_000 }).toBe('2');
  await page.getByText(en.race.history.showTable).click();
  expect(await page.getByRole('table', { name: en.race.history.caption }).getByRole('columnheader').count()).toBe(3);
  await page.getByRole('region', { name: en.race.standing.title }).scrollIntoViewIfNeeded();
  await shoot(page, 'race-ranking');
  await chart.scrollIntoViewIfNeeded();
  await shoot(page, 'race-rank-history');
});

test('a player becomes out of the race once no outcome lets her reach first place', async () => {
  const standing = ada.page.getByRole('region', { name: en.race.standing.title });
  await expect.poll(() => standing.getByRole('row', { name: /Bea/ }).textContent()).toContain(en.race.standing.out);
  expect(await standing.getByRole('row', { name: /Ada/ }).textContent()).not.toContain(en.race.standing.out);
  const bea = await onPhone(beaToken);
  await bea.page.goto(`${server.url}/`);
  await expect.poll(() => bea.page.getByText(en.race.own.out.replace('{{max}}', '5')).isVisible(), { timeout: 30_000 }).toBe(true);
  await ada.page.goto(`${server.url}/`);
  const champion = en.race.own.champion.replace('{{team}}', teamName(games[0]!.homeTeam)).replace('{{status}}', en.race.champion.in);
  await expect.poll(() => ada.page.getByText(champion).isVisible()).toBe(true);
  await shoot(bea.page, 'race-out-of-the-race');
  await bea.context.close();
  await ada.context.close();
});
