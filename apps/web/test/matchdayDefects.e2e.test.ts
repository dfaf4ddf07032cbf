import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { defaultPointConfiguration } from '@scorecast/rules';
import { DESKTOP, OUTPUT_DIR, PHONE, launchChromium } from './support/browser';
import { activatedPlayer, call, locale } from './support/players';
import { hubAnswers, resetTournament, startServer, type RunningServer } from './support/server';

// The defects of issue 18 a player meets once the tournament runs. The tests follow one clock
// forward: before kickoff, kickoff passed, the opener live and finished, the next games.
const BEFORE_KICKOFF = '2026-06-10T12:00:00Z';
const en = locale('en');

type Game = { id: number; date: string; status: string; homeTeam: string; awayTeam: string };

let server: RunningServer;
let browser: Browser;
let games: Game[];
let opener: Game;
let adaToken: string;
let beaToken: string;
let groupId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(BEFORE_KICKOFF), launchChromium()]);
  games = ((await resetTournament(server)) as Game[]).sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id);
  opener = games[0]!;
  adaToken = await activatedPlayer(server, 'ada@example.com');
  beaToken = await activatedPlayer(server, 'bea@example.com');
  const created = await call(server, 'POST', '/api/groups', { name: 'Anstoß', competitionYear: 2026, playerName: 'Ada', pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, adaToken);
  groupId = created.json.id;
  await call(server, 'POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bea' }, beaToken);
  // Ada calls the opener exactly, Bea is wrong.
  expect((await call(server, 'POST', `/api/prediction/${opener.id}`, { homeGoals: 2, awayGoals: 1 }, adaToken)).status).toBe(200);
  expect((await call(server, 'POST', `/api/prediction/${opener.id}`, { homeGoals: 0, awayGoals: 3 }, beaToken)).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function loggedIn(token: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return { context, page: await context.newPage() };
}

const at = (ms: number) => new Date(ms).toISOString();
const openerRow = (page: Page) => page.locator(`#game-${opener.id}`);

test('defect 11: a server clock moved past kickoff reaches an open page without a reload', async () => {
  const { context, page } = await loggedIn(adaToken);
  await page.goto(`${server.url}/`);
  const input = openerRow(page).getByRole('textbox');
  await expect.poll(() => input.isVisible()).toBe(true);
  await server.admin('/api/admin/clock', { now: at(Date.parse(opener.date) + 60_000) });
  await expect.poll(() => input.count(), { timeout: 30_000 }).toBe(0);
  await context.close();
});

test('defect 11: a game past kickoff but not yet live shows that it started, locked, with the predictions under it', async () => {
  const { context, page } = await loggedIn(adaToken);
  await page.goto(`${server.url}/`);
  const row = openerRow(page);
  await expect.poll(() => row.getByText(en.game.status.Started, { exact: true }).isVisible()).toBe(true);
  expect(await row.getByText(en.game.status.Scheduled, { exact: true }).count()).toBe(0);
  expect(await row.getByRole('textbox').count()).toBe(0);
  await expect.poll(() => row.getByRole('table').isVisible()).toBe(true);
  await context.close();
});

test('defect 11: the server refuses a change of group-stage points once the tournament started', async () => {
  await server.admin(`/api/admin/games/${opener.id}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
  const points = { ...defaultPointConfiguration(2026), groupStageExactPoints: 7 };
  const answer = await call(server, 'POST', '/api/groups', { id: groupId, name: 'Anstoß', pointConfiguration: points, language: 'en' }, adaToken);
  expect(answer.status).toBe(400);
  expect(answer.json.field).toBe('pointConfiguration.groupStageExactPoints');
});

/** Pixels of canvas-confetti's default colours in a screenshot, counted in a browser page. */
async function confettiPixels(png: Buffer): Promise<number> {
  const page = await browser.newPage();
  const count = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const colours = [0x26ccff, 0xa25afd, 0xff5e7e, 0x88ff5a, 0xfcff42, 0xffa62d, 0xff36ff].map((rgb) => [rgb >> 16, (rgb >> 8) & 255, rgb & 255]);
    let found = 0;
    for (let index = 0; index < pixels.length; index += 4) {
      if (colours.some(([r, g, b]) => Math.abs(pixels[index]! - r!) < 30 && Math.abs(pixels[index + 1]! - g!) < 30 && Math.abs(pixels[index + 2]! - b!) < 30)) found++;
    }
    return found;
  }, png.toString('base64'));
  await page.close();
  return count;
}

test('defect 2: confetti flies when the opener ends as predicted', async () => {
  expect(await hubAnswers(server)).toBe(true);
  const { context, page } = await loggedIn(adaToken);
  const violations: string[] = [];
  page.on('console', (message) => message.text().includes('Content Security Policy') && violations.push(message.text()));
  await page.goto(`${server.url}/ranking`);
  await expect.poll(() => page.getByRole('heading', { name: 'Anstoß' }).isVisible()).toBe(true);
  await page.waitForTimeout(1000);
  const before = await confettiPixels(await page.screenshot());
  await server.admin(`/api/admin/games/${opener.id}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 });
  // canvas-confetti adds its canvas for the 3 s it flies; the shot is taken while it does.
  await expect.poll(() => page.locator('canvas').count(), { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  const during = await page.screenshot({ path: `${OUTPUT_DIR}/confetti-desktop-en.png` });
  expect(await page.getByText(en.message.ownExact, { exact: false }).isVisible()).toBe(true);
  expect(violations).toEqual([]);
  expect((await confettiPixels(during)) - before).toBeGreaterThan(300);
  await context.close();
});

test('defect 10: under the first finished game whoever fell behind shows a falling arrow', async () => {
  const { context, page } = await loggedIn(adaToken);
  await page.goto(`${server.url}/`);
  const list = openerRow(page).getByRole('table');
  await expect.poll(() => list.isVisible()).toBe(true);
  await expect.poll(() => list.getByRole('row').filter({ hasText: 'Bea' }).textContent()).toContain(en.predictions.rankDown);
  expect(await list.getByRole('row').filter({ hasText: 'Ada' }).textContent()).toContain(en.predictions.rankSame);
  await context.close();
});

test('defect 3: the dashboard opens at the current game', async () => {
  const [, second, third] = games;
  await server.admin('/api/admin/clock', { now: at(Date.parse(third!.date) + 10 * 60_000) });
  await server.admin(`/api/admin/games/${second!.id}`, { status: 'Finished', homeGoals: 1, awayGoals: 1 });
  await server.admin(`/api/admin/games/${third!.id}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
  const { context, page } = await loggedIn(beaToken, PHONE);
  await page.goto(`${server.url}/`);
  const live = page.locator(`#game-${third!.id}`);
  await expect.poll(() => live.isVisible()).toBe(true);
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const box = (await live.boundingBox())!;
  // Below the sticky header, not under it.
  expect(box.y).toBeGreaterThanOrEqual(48);
  expect(box.y).toBeLessThan(PHONE.height / 2);
  await context.close();
});
