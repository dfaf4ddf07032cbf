import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { defaultPointConfiguration } from '@scorecast/rules';
import { DESKTOP, launchChromium, shoot } from './support/browser';
import { activatedPlayer, call, locale } from './support/players';
import { resetTournament, startServer, type RunningServer } from './support/server';

// Issue 22: a finished result corrected by the operator shows, with its reason, on every open page.
const BEFORE_KICKOFF = '2026-06-10T12:00:00Z';
const en = locale('en');

let server: RunningServer;
let browser: Browser;
let opener: { id: number; date: string };
const tokens: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(BEFORE_KICKOFF), launchChromium()]);
  const games = await resetTournament(server);
  opener = games.sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id)[0]!;
  tokens.push(await activatedPlayer(server, 'ada@example.com'), await activatedPlayer(server, 'bea@example.com'));
  const created = await call(server, 'POST', '/api/groups', { name: 'Fair Play', competitionYear: 2026, playerName: 'Ada', pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, tokens[0]);
  await call(server, 'POST', '/api/groups/accept-invitation', { groupId: created.json.id, playerName: 'Bea' }, tokens[1]);
  await server.admin(`/api/admin/games/${opener.id}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
  await server.admin(`/api/admin/games/${opener.id}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function dashboardOf(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.locator(`#game-${opener.id}`).waitFor({ timeout: 60_000 });
  return page;
}

test('a corrected result shows its reason live in two browsers', async () => {
  const pages = [await dashboardOf(tokens[0]!), await dashboardOf(tokens[1]!)];
  for (const page of pages) await expect(page.locator(`#game-${opener.id} [role="note"][data-source]`).count()).resolves.toBe(0);

  await server.admin(`/api/admin/games/${opener.id}`, { homeGoals: 1, awayGoals: 1, reason: 'Goal disallowed after review' });

  for (const page of pages) {
    const note = page.locator(`#game-${opener.id} [role="note"][data-source="admin"]`);
    await note.waitFor({ timeout: 30_000 });
    await expect(note.textContent()).resolves.toContain(`${en.correction.title}:`);
    await expect(note.textContent()).resolves.toContain('Goal disallowed after review');
    await expect(page.locator(`#game-${opener.id}`).textContent()).resolves.toContain('1:1');
  }
  await shoot(pages[1]!, 'correction-live');
}, 180_000);
