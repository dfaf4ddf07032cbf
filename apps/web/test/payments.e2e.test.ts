import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { defaultPointConfiguration } from '@scorecast/rules';
import { startGooglePlayStandIn, startPaypalStandIn } from '../../server/test/support/paymentStandIns';
import { DESKTOP, PHONE, launchChromium, shoot } from './support/browser';
import { activatedPlayer, call, locale } from './support/players';
import { startServer, type RunningServer } from './support/server';

const BEFORE_KICKOFF = '2026-06-10T12:00:00Z';
const de = locale('de');
const en = locale('en');

let paypal: Awaited<ReturnType<typeof startPaypalStandIn>>;
let play: Awaited<ReturnType<typeof startGooglePlayStandIn>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [paypal, play] = await Promise.all([startPaypalStandIn(), startGooglePlayStandIn()]);
  [server, browser] = await Promise.all([
    startServer(BEFORE_KICKOFF, {
      PAYPAL_CLIENT_ID: paypal.credentials.clientId,
      PAYPAL_CLIENT_SECRET: paypal.credentials.secret,
      PAYPAL_BASE_URL: paypal.url,
      PAYPAL_SDK_URL: `${paypal.url}/sdk/js`,
      GOOGLE_PLAY_PACKAGE: play.packageName,
      GOOGLE_SERVICE_ACCOUNT: JSON.stringify(play.serviceAccount),
      GOOGLE_PLAY_BASE_URL: play.url,
    }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await paypal?.close();
  await play?.close();
});

test('a creator enlarges a full group from 10 to 20 players with PayPal, in German, and an eleventh player joins', async () => {
  const creatorToken = await activatedPlayer(server, 'dora@example.com', 'Secret!234', 'de');
  const created = await call(server, 'POST', '/api/groups', { name: 'Stammtisch', competitionYear: 2026, playerName: 'Dora', pointConfiguration: defaultPointConfiguration(2026), language: 'de' }, creatorToken);
  const groupId = created.json.id as string;
  const capOf = async () => ((await call(server, 'GET', '/api/groups', undefined, creatorToken)).json as { id: string; maxPlayers?: number }[]).find((group) => group.id === groupId)?.maxPlayers;
  expect(await capOf()).toBe(10);
  for (let index = 1; index <= 9; index++) {
    const token = await activatedPlayer(server, `stammgast${index}@example.com`);
    expect((await call(server, 'POST', '/api/groups/accept-invitation', { groupId, playerName: `Gast ${index}` }, token)).status).toBe(200);
  }
  const eleventh = await activatedPlayer(server, 'elf@example.com');
  expect((await call(server, 'POST', '/api/groups/accept-invitation', { groupId, playerName: 'Elf' }, eleventh)).status).toBe(402);

  // A member who did not create the group sees no enlarge block.
  const guestToken = (await call(server, 'POST', '/api/auth', { login: 'stammgast1@example.com', password: 'Secret!234' })).json.token as string;
  const guestContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  await guestContext.addInitScript((value) => localStorage.setItem('token', value), guestToken);
  const guest = await guestContext.newPage();
  await guest.goto(`${server.url}/ranking`);
  await expect.poll(() => guest.getByRole('heading', { name: 'Stammtisch' }).isVisible()).toBe(true);
  expect(await guest.getByRole('heading', { name: en.enlarge.title }).count()).toBe(0);
  await guestContext.close();

  // Dora opens her ranking on a phone: the enlarge block offers the price table's options.
  const context = await browser.newContext({ viewport: PHONE, locale: 'de-DE', timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), creatorToken);
  const page = await context.newPage();
  await page.goto(`${server.url}/ranking`);
  await expect.poll(() => page.getByRole('heading', { name: de.enlarge.title }).isVisible()).toBe(true);
  expect(await page.getByText(de.invite.full).isVisible()).toBe(true);
  await page.getByRole('heading', { name: de.enlarge.title }).scrollIntoViewIfNeeded();
  await shoot(page, 'enlarge-phone-de');
  const to20 = page.getByRole('button', { name: /Bis zu 20 Spieler/ });
  expect(await to20.count()).toBe(1);

  // No SDK before a player chooses to pay; then PayPal's buttons in German.
  expect(await page.locator(`script[src^="${paypal.url}"]`).count()).toBe(0);
  await to20.click();
  const paypalButton = page.locator('button[data-paypal-stand-in]');
  await expect.poll(() => paypalButton.isVisible()).toBe(true);
  expect(await paypalButton.textContent()).toBe('Mit PayPal bezahlen');
  expect(await page.locator(`script[src^="${paypal.url}"]`).getAttribute('src')).toMatch(/locale=de_DE/);
  await shoot(page, 'enlarge-paypal-phone-de');
  await paypalButton.click();

  // The server captured the order: its German message, and the ranking no longer says full.
  const success = page.getByRole('dialog');
  await expect.poll(async () => (await success.textContent()) ?? '').toMatch(/20/);
  await shoot(page, 'enlarge-paid-phone-de');
  await expect.poll(() => page.getByText(de.invite.full).count()).toBe(0);
  expect([...paypal.orders.values()].filter((order) => order.captured)).toHaveLength(1);

  // The group's new cap holds for everyone: the eleventh player is let in.
  expect(await capOf()).toBe(20);
  expect((await call(server, 'POST', '/api/groups/accept-invitation', { groupId, playerName: 'Elf' }, eleventh)).status).toBe(200);
  await context.close();
});

test('a payment PayPal cannot complete says "payment failed" and keeps the cap', async () => {
  const creatorToken = await activatedPlayer(server, 'emil@example.com');
  const created = await call(server, 'POST', '/api/groups', { name: 'Kickers', competitionYear: 2026, playerName: 'Emil', pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, creatorToken);
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), creatorToken);
  const page = await context.newPage();
  await page.goto(`${server.url}/ranking`);
  await expect.poll(() => page.getByRole('heading', { name: en.enlarge.title }).isVisible()).toBe(true);
  await page.getByRole('heading', { name: en.enlarge.title }).scrollIntoViewIfNeeded();
  await shoot(page, 'enlarge-desktop-en');

  // The buyer's card is declined at PayPal after approving: the capture fails on the server.
  await page.route(`${paypal.url}/approve/*`, async (route) => {
    const orderID = route.request().url().split('/').at(-1)!;
    paypal.approve(orderID, { declined: true });
    await route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' } });
  });
  await page.getByRole('button', { name: /Up to 20 players/ }).click();
  await page.locator('button[data-paypal-stand-in]').click();
  await expect.poll(() => page.getByText(en.message.paymentFailed).isVisible()).toBe(true);
  const groups = await call(server, 'GET', '/api/groups', undefined, creatorToken);
  expect(groups.json.find((group: { id: string }) => group.id === created.json.id).maxPlayers).toBe(10);
  await context.close();
});

test('in the Play Store app the same block buys through Google Play, verified and acknowledged by the server', async () => {
  const creatorToken = await activatedPlayer(server, 'finn@example.com');
  const created = await call(server, 'POST', '/api/groups', { name: 'Tor des Monats', competitionYear: 2026, playerName: 'Finn', pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, creatorToken);
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', timezoneId: 'UTC' });
  await context.addInitScript((value) => localStorage.setItem('token', value), creatorToken);
  // What Chrome offers inside the store's app: the Digital Goods service and Play's payment sheet,
  // whose purchase is made at the Play stand-in (as the Play Store app would).
  const bought: string[] = [];
  await context.exposeFunction('playStoreBuy', (sku: string) => {
    bought.push(sku);
    return play.buy(sku);
  });
  await context.addInitScript(() => {
    const billing = 'https://play.google.com/billing';
    const page = window as unknown as Record<string, unknown>;
    page.getDigitalGoodsService = async (method: string) =>
      method === billing ? { getDetails: async (ids: string[]) => ids.map((itemId) => ({ itemId, title: itemId, price: { currency: 'EUR', value: '5.00' } })) } : null;
    page.PaymentRequest = class {
      constructor(private readonly methods: { supportedMethods: string; data: { sku: string } }[]) {}
      async show() {
        const purchaseToken = await (page.playStoreBuy as (sku: string) => Promise<string>)(this.methods[0]!.data.sku);
        return { details: { purchaseToken }, complete: async (result: string) => void (page.playSheetResult = result) };
      }
    };
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/ranking`);
  await expect.poll(() => page.getByRole('heading', { name: en.enlarge.title }).isVisible()).toBe(true);
  await page.getByRole('button', { name: /Up to 20 players/ }).click();

  await expect.poll(async () => (await page.getByRole('dialog').textContent()) ?? '').toMatch(/20/);
  expect(bought).toEqual(['tip_group_10_to_20']);
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).playSheetResult)).toBe('success');
  expect(await page.locator('button[data-paypal-stand-in]').count()).toBe(0);
  const [purchase] = [...play.purchases.values()];
  expect(purchase?.acknowledgementState).toBe(1);
  const groups = await call(server, 'GET', '/api/groups', undefined, creatorToken);
  expect(groups.json.find((group: { id: string }) => group.id === created.json.id).maxPlayers).toBe(20);
  await context.close();
});
