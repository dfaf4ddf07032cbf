import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { defaultPointConfiguration } from '@scorecast/rules';
import { DESKTOP, PHONE, launchChromium, shoot } from './support/browser';
import { activatedPlayer, call, locale } from './support/players';
import { resetTournament, startServer, type RunningServer } from './support/server';

// Every main screen at 390 px and 1280 px, light and dark, English and German, written to
// apps/web/test-output/screen-<screen>-<phone|desktop>-<light|dark>-<en|de>.png for a person to
// look at. Each screen also checks that nothing overflows the page's width.
const BEFORE_KICKOFF = '2026-06-10T12:00:00Z';

type Look = { language: 'en' | 'de'; theme: 'Light' | 'Dark' };
const LOOKS: Look[] = [
  { language: 'en', theme: 'Light' },
  { language: 'en', theme: 'Dark' },
  { language: 'de', theme: 'Light' },
  { language: 'de', theme: 'Dark' },
];
const VIEWPORTS = { phone: PHONE, desktop: DESKTOP } as const;

let server: RunningServer;
let browser: Browser;
let groupId: string;
const tokens = new Map<string, string>();
const keyOf = (look: Look) => `${look.language}-${look.theme}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(BEFORE_KICKOFF), launchChromium()]);
  const games = (await resetTournament(server)).sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id);
  // The group's creator has a long name; the others play along.
  const names = ['Maximiliane Fußballfan', 'Bea', 'Cem', 'Dana'];
  for (const [index, look] of LOOKS.entries()) {
    const login = `${look.language}.${look.theme.toLowerCase()}@example.com`;
    const token = await activatedPlayer(server, login, 'Secret!234', look.language);
    tokens.set(keyOf(look), token);
    await call(server, 'POST', '/api/players/theme', { theme: look.theme }, token);
    if (index === 0) {
      const created = await call(server, 'POST', '/api/groups', { name: 'Stammtisch Süd 2026 Cup', competitionYear: 2026, playerName: names[0], pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, token);
      groupId = created.json.id;
      expect(groupId).toBeTypeOf('string');
    } else {
      await call(server, 'POST', '/api/groups/accept-invitation', { groupId, playerName: names[index] }, token);
    }
    for (const [at, game] of games.slice(0, 4).entries()) {
      await call(server, 'POST', `/api/prediction/${game.id}`, { homeGoals: (at + index) % 3, awayGoals: (index + 1) % 2 }, token);
    }
  }
  // The first day is played, the next game is live.
  await server.admin('/api/admin/clock', { now: new Date(Date.parse(games[3]!.date) + 30 * 60_000).toISOString() });
  for (const game of games.slice(0, 3)) await server.admin(`/api/admin/games/${game.id}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 });
  await server.admin(`/api/admin/games/${games[3]!.id}`, { status: 'Live', homeGoals: 1, awayGoals: 0 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Whether anything is wider than the window (a horizontal scroll bar on a phone). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

async function screen(page: Page, name: string, view: keyof typeof VIEWPORTS, look: Look): Promise<void> {
  await page.waitForTimeout(400);
  await shoot(page, `screen-${name}-${view}-${look.theme.toLowerCase()}-${look.language}`);
  expect(await overflows(page), `${name} overflows at ${view}`).toBe(false);
}

for (const look of LOOKS) {
  for (const view of ['phone', 'desktop'] as const) {
    test(`every main screen reads well: ${view}, ${look.theme}, ${look.language}`, async () => {
      const text = locale(look.language);
      const anonymousContext = await browser.newContext({ viewport: VIEWPORTS[view], locale: look.language === 'de' ? 'de-DE' : 'en-US', timezoneId: 'Europe/Berlin', colorScheme: look.theme === 'Dark' ? 'dark' : 'light' });
      const visitor = await anonymousContext.newPage();
      await visitor.goto(`${server.url}/login?invitation=${groupId}`);
      await expect.poll(() => visitor.getByRole('button', { name: text.login.login }).isVisible()).toBe(true);
      // The invitee sees whose group the link leads to.
      await expect.poll(() => visitor.getByText(/Stammtisch Süd 2026 Cup/).isVisible()).toBe(true);
      await screen(visitor, 'login-invited', view, look);
      await visitor.goto(`${server.url}/login/register`);
      await visitor.getByRole('button', { name: text.login.register }).click();
      await screen(visitor, 'register-errors', view, look);
      await anonymousContext.close();

      const context = await browser.newContext({ viewport: VIEWPORTS[view], locale: look.language === 'de' ? 'de-DE' : 'en-US', timezoneId: 'Europe/Berlin' });
      await context.addInitScript((value) => localStorage.setItem('token', value), tokens.get(keyOf(look))!);
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await expect.poll(() => page.getByRole('article').first().isVisible()).toBe(true);
      await screen(page, 'dashboard', view, look);
      if (view === 'phone') {
        const input = page.getByRole('textbox').first();
        await input.click();
        await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
        await screen(page, 'prediction-popup', view, look);
        await page.keyboard.press('Escape');
      }
      await page.getByRole('link', { name: text.menu.ranking }).first().click();
      await expect.poll(() => page.getByRole('heading', { name: 'Stammtisch Süd 2026 Cup' }).isVisible()).toBe(true);
      await screen(page, 'ranking', view, look);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await screen(page, 'ranking-actions', view, look);
      await page.getByRole('button', { name: text.app.openGroups }).click();
      await screen(page, 'group-selector', view, look);
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: text.menu.settings }).first().click();
      await expect.poll(() => page.getByRole('heading', { name: text.settings.title }).isVisible()).toBe(true);
      await screen(page, 'settings', view, look);
      await page.goto(`${server.url}/group/create`);
      await expect.poll(() => page.getByLabel(text.groupForm.groupName).isVisible()).toBe(true);
      await screen(page, 'group-create', view, look);
      // No server: the app says so and offers to try again.
      await page.route('**/api/settings', (route) => route.abort());
      await page.goto(`${server.url}/`);
      await expect.poll(() => page.getByRole('button', { name: text.app.retry }).isVisible()).toBe(true);
      await screen(page, 'no-connection', view, look);
      await context.close();
    });
  }
}
