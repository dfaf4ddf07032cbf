import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './support/databases.js';
import { startGooglePlayStandIn, startPaypalStandIn } from './support/paymentStandIns.js';
import { signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

type Group = { id: string; name: string; maxPlayers?: number; players: { name: string }[] };

async function groupOf(browser: Browser, id: string): Promise<Group> {
  const groups = await browser.json<Group[]>('GET', '/api/groups');
  return groups.find((group) => group.id === id)!;
}

describe('payments without a provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { page: true });
  });
  afterAll(async () => server?.close());

  it('offers nothing and refuses to create an order', async () => {
    const ann = await signUp(server, 'ann@example.com');
    const group = await ann.json('POST', '/api/groups', { name: 'Office', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' });
    const settings = await ann.json('GET', '/api/settings');
    expect(settings).not.toHaveProperty('paymentOptions');
    expect(settings).not.toHaveProperty('paypal');
    const csp = String((await server.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-src 'none'");
    const refused = await ann.request('POST', '/api/payment/paypal/create', { groupId: group.id, paymentOption: 'tip_group_10_to_20' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: 'paymentsNotPossible' });
  });
});

describe.each(DATABASES)('payments on %s', (kind) => {
  let server: TestServer;
  let paypal: Awaited<ReturnType<typeof startPaypalStandIn>>;
  let play: Awaited<ReturnType<typeof startGooglePlayStandIn>>;
  let creator: Browser;
  let member: Browser;
  let group: Group;

  beforeAll(async () => {
    paypal = await startPaypalStandIn();
    play = await startGooglePlayStandIn();
    server = await startTestServer(kind, {
      page: true,
      payments: {
        currency: 'EUR',
        paypal: { clientId: paypal.credentials.clientId, secret: paypal.credentials.secret, baseUrl: paypal.url, sdkUrl: `${paypal.url}/sdk/js` },
        googlePlay: { packageName: play.packageName, serviceAccount: play.serviceAccount, baseUrl: play.url },
      },
    });
    creator = await signUp(server, 'cleo@example.com', 'de');
    member = await signUp(server, 'max@example.com');
    group = await creator.json('POST', '/api/groups', { name: 'Stammtisch', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Cleo' });
    await member.json('POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: 'Max' });
  });
  afterAll(async () => {
    await server?.close();
    await paypal?.close();
    await play?.close();
  });

  const completed = () => server.database.db.selectFrom('purchases').selectAll().where('status', '=', 'completed').execute();

  async function orderFor(browser: Browser, paymentOption: string): Promise<string> {
    return (await browser.json<{ orderID: string }>('POST', '/api/payment/paypal/create', { groupId: group.id, paymentOption })).orderID;
  }

  it('offers the creator the price table for the cap, in the settings currency, and members nothing', async () => {
    const settings = await creator.json('GET', '/api/settings');
    expect(settings.paypal).toEqual({ clientId: 'paypal-client', sdkUrl: `${paypal.url}/sdk/js` });
    // The page may load the SDK and show its frames from that origin, and from nowhere else.
    const csp = String((await server.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${paypal.url}`);
    expect(csp).toContain(`frame-src ${paypal.url}`);
    expect(settings.paymentOptions[group.id]).toEqual([
      { productId: 'tip_group_10_to_20', productName: 'Gruppe mit bis zu 20 Spielern', amount: 5, currency: 'EUR', maxPlayers: 20 },
      { productId: 'tip_group_10_to_50', productName: 'Gruppe mit bis zu 50 Spielern', amount: 10, currency: 'EUR', maxPlayers: 50 },
      { productId: 'tip_group_10_to_unlimited', productName: 'Gruppe ohne Spielerbegrenzung', amount: 20, currency: 'EUR' },
    ]);
    expect((await member.json('GET', '/api/settings')).paymentOptions).toEqual({});
  });

  it('refuses a member who is not the creator, before any order exists at PayPal', async () => {
    const before = paypal.orders.size;
    const refused = await member.request('POST', '/api/payment/paypal/create', { groupId: group.id, paymentOption: 'tip_group_10_to_20' });
    expect(refused.statusCode).toBe(403);
    expect(paypal.orders.size).toBe(before);
    const orderID = await orderFor(creator, 'tip_group_10_to_20');
    paypal.approve(orderID);
    expect((await member.request('POST', `/api/payment/paypal/capture/${orderID}`, {})).statusCode).toBe(403);
    expect((await groupOf(member, group.id)).maxPlayers).toBe(10);
  });

  it('refuses a declined payment and a forged amount or product, and leaves the cap', async () => {
    const declined = await orderFor(creator, 'tip_group_10_to_20');
    paypal.approve(declined, { declined: true });
    const answer = await creator.request('POST', `/api/payment/paypal/capture/${declined}`, { language: 'en' });
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toEqual({ error: 'paymentFailed' });

    const cheap = await orderFor(creator, 'tip_group_10_to_unlimited');
    paypal.approve(cheap, { tamper: { value: '0.01' } });
    expect((await creator.request('POST', `/api/payment/paypal/capture/${cheap}`, {})).statusCode).toBe(402);

    const swapped = await orderFor(creator, 'tip_group_10_to_20');
    paypal.approve(swapped, { tamper: { customId: `${group.id}:tip_group_10_to_unlimited` } });
    expect((await creator.request('POST', `/api/payment/paypal/capture/${swapped}`, {})).statusCode).toBe(402);

    expect((await creator.request('POST', '/api/payment/paypal/capture/NOSUCHORDER', {})).statusCode).toBe(404);
    expect((await groupOf(member, group.id)).maxPlayers).toBe(10);
    expect(await completed()).toEqual([]);
  });

  it('lets an eleventh player in only after the creator paid for 20, and raises the cap once for a replayed capture', async () => {
    for (let index = 2; index < 10; index++) {
      const player = await signUp(server, `p${index}-${kind}@example.com`);
      await player.json('POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: `P${index}` });
    }
    const eleventh = await signUp(server, `eleven-${kind}@example.com`);
    const full = await eleventh.request('POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: 'Elf' });
    expect(full.statusCode).toBe(402);

    const orderID = await orderFor(creator, 'tip_group_10_to_20');
    expect(paypal.orders.get(orderID)!.amount).toEqual({ currency_code: 'EUR', value: '5.00' });
    paypal.approve(orderID);
    // The buyer's browser fires the capture twice at once: one raise, one record.
    const [first, second] = await Promise.all([
      creator.request('POST', `/api/payment/paypal/capture/${orderID}`, { language: 'de' }),
      creator.request('POST', `/api/payment/paypal/capture/${orderID}`, { language: 'de' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toEqual({ message: 'Danke! Deine Gruppe kann jetzt bis zu 20 Spieler haben.' });
    const replay = await creator.request('POST', `/api/payment/paypal/capture/${orderID}`, { language: 'en' });
    expect(replay.json()).toEqual({ message: 'Thank you! Your group can now have up to 20 players.' });
    expect(await completed()).toHaveLength(1);
    expect((await completed())[0]).toMatchObject({ provider: 'paypal', provider_id: orderID, group_id: group.id, product_id: 'tip_group_10_to_20', amount_cents: 500 });

    expect((await groupOf(member, group.id)).maxPlayers).toBe(20);
    await eleventh.json('POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: 'Elf' });
    expect((await groupOf(member, group.id)).players).toHaveLength(11);
    // The price table moves on with the cap.
    const options = (await creator.json('GET', '/api/settings')).paymentOptions[group.id];
    expect(options.map((option: { productId: string; amount: number }) => [option.productId, option.amount])).toEqual([
      ['tip_group_20_to_50', 5],
      ['tip_group_20_to_unlimited', 15],
    ]);
    const stale = await creator.request('POST', '/api/payment/paypal/create', { groupId: group.id, paymentOption: 'tip_group_10_to_50' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ error: 'optionNotOffered', field: 'paymentOption' });
  });

  it('verifies a Google Play purchase, acknowledges it, and never raises twice for one token', async () => {
    const purchaseToken = play.buy('tip_group_20_to_50', { profile: group.id });
    const answer = await creator.request('POST', '/api/payment/google/verify', { groupId: group.id, paymentOption: 'tip_group_20_to_50', purchaseToken, language: 'en' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Thank you! Your group can now have up to 50 players.' });
    expect(play.purchases.get(purchaseToken)!.acknowledgementState).toBe(1);
    expect((await groupOf(member, group.id)).maxPlayers).toBe(50);

    const again = await creator.request('POST', '/api/payment/google/verify', { groupId: group.id, paymentOption: 'tip_group_20_to_50', purchaseToken });
    expect(again.statusCode).toBe(200);
    expect((await completed()).filter((purchase) => purchase.provider === 'google')).toHaveLength(1);

    const other = await creator.json('POST', '/api/groups', { name: 'Familie', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Cleo' });
    const elsewhere = await creator.request('POST', '/api/payment/google/verify', { groupId: other.id, paymentOption: 'tip_group_20_to_50', purchaseToken });
    expect(elsewhere.statusCode).toBe(402);
    expect((await groupOf(creator, other.id)).maxPlayers).toBe(10);
  });

  it('refuses Play purchases that were cancelled, unknown, for another group, or verified by a member', async () => {
    const cancelled = play.buy('tip_group_50_to_unlimited', { purchaseState: 1 });
    const forOther = play.buy('tip_group_50_to_unlimited', { profile: 'another-group' });
    const fine = play.buy('tip_group_50_to_unlimited');
    const verify = (browser: Browser, purchaseToken: string) =>
      browser.request('POST', '/api/payment/google/verify', { groupId: group.id, paymentOption: 'tip_group_50_to_unlimited', purchaseToken });
    expect((await verify(creator, cancelled)).statusCode).toBe(402);
    expect((await verify(creator, forOther)).statusCode).toBe(402);
    expect((await verify(creator, 'no-such-token')).statusCode).toBe(402);
    expect((await verify(member, fine)).statusCode).toBe(403);
    expect(play.purchases.get(fine)!.acknowledgementState).toBe(0);
    expect((await groupOf(member, group.id)).maxPlayers).toBe(50);
    // The creator's own unlimited purchase lifts the cap altogether.
    expect((await verify(creator, fine)).statusCode).toBe(200);
    expect((await groupOf(member, group.id)).maxPlayers).toBeUndefined();
    expect((await creator.json('GET', '/api/settings')).paymentOptions[group.id]).toBeUndefined();
  });

  it('offers and sells nothing for a group once its tournament is a past year', async () => {
    // As if the clock had moved on past the year (the players' sessions would have ended meanwhile).
    const ids = (await creator.json<Group[]>('GET', '/api/groups')).map((each) => each.id);
    const yearOfGroups = (year: number) => server.database.db.updateTable('groups').set({ year }).where('id', 'in', ids).execute();
    await yearOfGroups(2023);
    try {
      expect((await creator.json('GET', '/api/settings')).paymentOptions).toEqual({});
      const order = await creator.request('POST', '/api/payment/paypal/create', { groupId: group.id, paymentOption: 'tip_group_50_to_unlimited' });
      expect({ status: order.statusCode, body: order.json() }).toEqual({ status: 409, body: { error: 'tournamentOver', field: 'groupId' } });
    } finally {
      await yearOfGroups(2024);
    }
  });

  it('answers bad payment input with 400 naming the field', async () => {
    const bad = await creator.request('POST', '/api/payment/paypal/create', { groupId: group.id, paymentOption: 'tip_group_10_to_1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('paymentOption');
    expect((await creator.request('POST', '/api/payment/google/verify', { groupId: group.id, paymentOption: 'tip_group_50_to_unlimited' })).json().field).toBe('purchaseToken');
    expect((await creator.request('POST', '/api/payment/paypal/capture/bad%20id', {})).statusCode).toBe(400);
  });
});
