import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { defaultPointConfiguration } from '@scorecast/rules';
import { DESKTOP, PHONE, launchChromium, shoot } from './support/browser';
import { activatedPlayer, call, locale } from './support/players';
import { hubAnswers, mailedLink, resetTournament, startServer, type RunningServer } from './support/server';

const BEFORE_KICKOFF = '2026-06-10T12:00:00Z';
const AFTER_KICKOFF = '2026-06-11T19:05:00Z';
const ADMIN_CLI = fileURLToPath(new URL('../../server/dist/admin/cli.js', import.meta.url));
const en = locale('en');
const de = locale('de');

let server: RunningServer;
let browser: Browser;
let openerId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(BEFORE_KICKOFF), launchChromium()]);
  const games = await resetTournament(server);
  openerId = games.find((game) => game.homeTeam === 'mx' && game.awayTeam === 'za')!.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A browser context already logged in with a token from the API. */
async function loggedIn(token: string, options: { viewport: typeof PHONE; locale: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...options, timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return { context, page: await context.newPage() };
}

test('an invited friend joins in German on a phone, a full group says so, both see the result, then leave, delete group and delete account', async () => {
  // Everything below arrives live: no page is reloaded to see a change.
  expect(await hubAnswers(server)).toBe(true);

  // Ada creates the group (through the API: the form is covered by the main flow) and watches its ranking.
  const adaToken = await activatedPlayer(server, 'ada@example.com');
  const created = await call(server, 'POST', '/api/groups', { name: 'Bolzplatz Legends', competitionYear: 2026, playerName: 'Ada', pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, adaToken);
  const groupId = created.json.id as string;
  const ada = await loggedIn(adaToken, { viewport: DESKTOP, locale: 'en-US' });
  await ada.page.goto(`${server.url}/ranking`);
  await expect.poll(() => ada.page.getByRole('heading', { name: 'Bolzplatz Legends' }).isVisible()).toBe(true);

  // Bea opens the invitation link, registers in German, activates and accepts.
  const beaContext = await browser.newContext({ viewport: PHONE, locale: 'de-DE', timezoneId: 'UTC' });
  const bea = await beaContext.newPage();
  await bea.goto(`${server.url}/login?invitation=${groupId}`);
  await bea.getByRole('link', { name: de.login.toRegister }).click();
  await bea.getByLabel(de.login.email).fill('bea@example.com');
  await bea.getByLabel(de.login.password, { exact: true }).fill('Secret!234');
  await bea.getByLabel(de.login.repeat).fill('Secret!234');
  await bea.getByRole('button', { name: de.login.register }).click();
  await expect.poll(() => bea.getByText(de.message.checkMailToActivate).isVisible()).toBe(true);
  await shoot(bea, 'register-phone-de');
  await bea.goto(mailedLink(server.dataDir, 'bea@example.com', 'activate-account', server.url));
  await expect.poll(() => bea.getByText(de.message.accountActivated).isVisible()).toBe(true);
  await bea.keyboard.press('Escape');
  await bea.getByLabel(de.login.email).fill('bea@example.com');
  await bea.getByLabel(de.login.password, { exact: true }).fill('Secret!234');
  await bea.getByRole('button', { name: de.login.login }).click();
  await expect.poll(() => bea.getByLabel(de.login.invitation.name).isVisible()).toBe(true);
  await shoot(bea, 'invitation-phone-de');
  await bea.getByLabel(de.login.invitation.name).fill('Bea');
  await bea.getByRole('button', { name: de.login.invitation.accept }).click();
  await bea.waitForURL(`${server.url}/ranking`);
  await expect.poll(() => bea.getByRole('listitem').filter({ hasText: 'Ada' }).isVisible()).toBe(true);

  await expect.poll(() => ada.page.getByText(en.message.playerJoined.replace('{{name}}', 'Bea')).isVisible()).toBe(true);
  await expect.poll(() => ada.page.getByRole('listitem').filter({ hasText: 'Bea' }).isVisible()).toBe(true);

  // Bea switches to the dark theme.
  await bea.getByRole('link', { name: de.menu.settings }).first().click();
  await bea.getByLabel(de.settings.theme).selectOption('Dark');
  await expect.poll(async () => (await call(server, 'GET', '/api/settings', undefined, adaToken)).status).toBe(200);
  await shoot(bea, 'settings-dark-phone-de');

  // Eight more players fill the group to its 10 places; the eleventh's invitation says it is full.
  for (let index = 1; index <= 8; index++) {
    const token = await activatedPlayer(server, `filler${index}@example.com`);
    expect((await call(server, 'POST', '/api/groups/accept-invitation', { groupId, playerName: `Filler ${index}` }, token)).status).toBe(200);
  }
  const cidToken = await activatedPlayer(server, 'cid@example.com');
  await call(server, 'POST', `/api/groups/invitation/${groupId}`, undefined, cidToken);
  const cid = await loggedIn(cidToken, { viewport: PHONE, locale: 'en-US' });
  await cid.page.goto(`${server.url}/`);
  // Said at once, with no name asked for a seat there is not.
  await expect.poll(() => cid.page.getByText(/but it is full right now/).isVisible()).toBe(true);
  expect(await cid.page.getByLabel(en.login.invitation.name).count()).toBe(0);
  await shoot(cid.page, 'group-full-phone-en');
  await cid.context.close();

  // Bea predicts 2:1 on her phone with the full-screen picker.
  await bea.getByRole('link', { name: de.menu.schedule }).first().click();
  await bea.getByRole('textbox', { name: /Mexiko.*Südafrika/ }).click();
  const picker = bea.getByRole('dialog', { name: de.predictionPopup.title });
  await picker.getByRole('button', { name: de.predictionPopup.more.replace('{{team}}', 'Mexiko') }).click();
  await picker.getByRole('button', { name: de.predictionPopup.more.replace('{{team}}', 'Mexiko') }).click();
  await picker.getByRole('button', { name: de.predictionPopup.more.replace('{{team}}', 'Südafrika') }).click();
  await shoot(bea, 'prediction-popup-dark-phone-de');
  await picker.getByRole('button', { name: de.predictionPopup.close }).click();
  const beaToken = (await bea.evaluate(() => localStorage.getItem('token')))!;
  const ownPrediction = async () => {
    const groups = (await call(server, 'GET', '/api/groups', undefined, beaToken)).json as { players: { name: string; predictions: { gameId: number; homeGoals: number; awayGoals: number }[] }[] }[];
    return groups[0]?.players.find((player) => player.name === 'Bea')?.predictions.find((each) => each.gameId === openerId);
  };
  await expect.poll(ownPrediction).toMatchObject({ homeGoals: 2, awayGoals: 1 });

  // Kickoff by the admin clock: the prediction is locked.
  await server.admin('/api/admin/clock', { now: AFTER_KICKOFF });
  await server.admin(`/api/admin/games/${openerId}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
  await bea.reload();
  await expect.poll(() => bea.getByText(de.game.status.Live).first().isVisible()).toBe(true);
  expect(await bea.getByRole('textbox', { name: /Mexiko.*Südafrika/ }).count()).toBe(0);

  // The result comes in through the admin CLI; both browsers show it and the ranking.
  execFileSync(process.execPath, [ADMIN_CLI, 'finish', String(openerId), '2:1'], { env: { ...process.env, ADMIN_URL: server.url, DATA_DIR: server.dataDir } });
  await expect.poll(() => bea.getByText(/Mexiko/).filter({ hasText: /2:1/ }).first().isVisible()).toBe(true);
  await bea.getByRole('link', { name: de.menu.ranking }).first().click();
  await expect.poll(() => bea.getByRole('listitem').filter({ hasText: 'Bea' }).first().textContent()).toMatch(/(^|\D)5(\D|$)/);
  await shoot(bea, 'ranking-dark-phone-de');
  await expect.poll(() => ada.page.getByRole('listitem').filter({ hasText: 'Bea' }).first().textContent()).toMatch(/(^|\D)5(\D|$)/);
  await shoot(ada.page, 'ranking-full-desktop-en');
  // No payment provider is configured on this server: the full group offers no enlarging.
  expect(await ada.page.getByRole('heading', { name: en.enlarge.title }).count()).toBe(0);

  // Bea leaves; without a group the ranking sends her to the create form.
  await bea.getByRole('switch', { name: de.groupActions.confirmLeave }).check();
  await bea.getByRole('button', { name: de.groupActions.leave }).click();
  await bea.waitForURL(`${server.url}/group/create`);
  expect((await call(server, 'GET', '/api/groups', undefined, beaToken)).json).toEqual([]);

  // Ada deletes the group, then her account with two confirmations.
  await ada.page.getByRole('switch', { name: en.groupActions.confirmDelete }).check();
  await ada.page.getByRole('button', { name: en.groupActions.delete }).click();
  await expect.poll(async () => (await call(server, 'GET', '/api/groups', undefined, adaToken)).json).toEqual([]);
  // She follows a delete-account link while logged in: the dashboard opens with the deletion dialog.
  await ada.page.goto(`${server.url}/login?action=delete-account`);
  const dialog = ada.page.getByRole('dialog', { name: en.settings.deleteAccount });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(new URL(ada.page.url()).pathname).toBe('/');
  await shoot(ada.page, 'delete-account-dialog-desktop-en');
  const confirm = dialog.getByRole('button', { name: en.settings.deleteAccount });
  await dialog.getByRole('switch', { name: en.settings.confirmDeleteAccount }).check();
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByRole('switch', { name: en.settings.confirmDeleteAccountAgain }).check();
  await confirm.click();
  await ada.page.waitForURL(`${server.url}/login`);
  await shoot(ada.page, 'account-deleted-desktop-en');
  expect((await call(server, 'GET', '/api/settings', undefined, adaToken)).status).toBe(401);

  await ada.context.close();
  await beaContext.close();
});
