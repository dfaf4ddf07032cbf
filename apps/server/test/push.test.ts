import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vapidKeysOf } from '../src/push/vapid.js';
import { DATABASES } from './support/databases.js';
import { startPushEndpoint, type ReceivedPush } from './support/pushEndpoint.js';
import { gameIdOf, signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

/** Waits until `check` holds; pushes travel over HTTP after the change has answered. */
async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>): Promise<T> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition never held');
}

describe.each(DATABASES)('web push on %s', (kind) => {
  let server: TestServer;
  let push: Awaited<ReturnType<typeof startPushEndpoint>>;
  const endpoints: Record<string, string> = {};
  let ann: Browser;
  let bert: Browser;

  async function subscribe(browser: Browser, name: string, language: 'en' | 'de') {
    const subscription = push.subscribe();
    endpoints[name] = subscription.endpoint;
    await browser.json('POST', '/api/notification', { notify: true, subscription, language });
  }
  const pushesTo = (name: string): ReceivedPush[] => push.to(endpoints[name]!);

  beforeAll(async () => {
    push = await startPushEndpoint();
    server = await startTestServer(kind, {
      push: { tickInterval: 20, missingPredictionLead: 60 * 60 * 1000, subject: 'mailto:ops@scorecast.test', endpoints: { trustedOrigins: [push.origin] } },
    });
    ann = await signUp(server, 'ann@example.com');
    bert = await signUp(server, 'bert@example.com', 'de');
    const cleo = await signUp(server, 'cleo@example.com');
    const dora = await signUp(server, 'dora@example.com');
    const group = await ann.json('POST', '/api/groups', { name: 'Office', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' });
    await bert.json('POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: 'Bert' });
    await cleo.json('POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: 'Cleo' });
    await subscribe(ann, 'ann', 'en');
    await subscribe(bert, 'bert', 'de');
    await subscribe(cleo, 'cleo', 'en');
    await subscribe(dora, 'dora', 'en'); // in no group of 2024
    await bert.json('POST', '/api/notification', { notifyOnGameStart: false });
    await cleo.json('POST', '/api/notification', { notify: false });
    await ann.json('POST', `/api/prediction/${await gameIdOf(server, 1)}`, { homeGoals: 2, awayGoals: 1 });
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('hands the web app a VAPID public key that stays the same', async () => {
    const settings = await ann.json('GET', '/api/settings');
    expect(settings.webpush.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect((await vapidKeysOf(server.context.db)).publicKey).toBe(settings.webpush.publicKey);
  });

  it('reminds only the players of the year who lack a prediction, once, in their language', async () => {
    server.clock.set(Date.parse('2024-06-14T18:30:00Z'), 0);
    const [reminder] = await eventually(() => pushesTo('bert').length > 0 && pushesTo('bert'));
    expect(reminder).toMatchObject({ title: 'Tipp fehlt', body: 'Deutschland – Schottland beginnt in 30 Minuten. Du hast noch nicht getippt.' });
    expect(reminder!.url).toBe('http://scorecast.test/');
    server.clock.set(Date.parse('2024-06-14T18:40:00Z'), 0);
    // A later change is a fence: everything queued before it has been sent when its push arrives.
    await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 3)}`, { date: '2024-06-19T20:00:00Z' });
    await eventually(() => pushesTo('ann').some((received) => received.title === 'Game changed'));
    expect(pushesTo('bert').filter((received) => received.title === 'Tipp fehlt')).toHaveLength(1);
    const claims = await server.context.db.selectFrom('push_reminders').select('game_id').execute();
    expect(claims.map((claim) => claim.game_id)).toEqual([await gameIdOf(server, 1)]);
    expect(pushesTo('ann').map((received) => received.title)).toEqual(['Game changed']);
    expect(pushesTo('cleo')).toEqual([]);
    expect(pushesTo('dora')).toEqual([]);
    expect(push.authorizations.every((header) => header.startsWith('vapid t='))).toBe(true);
  });

  it('announces a kickoff to those whose switch is on', async () => {
    const game = await gameIdOf(server, 1);
    await server.admin('POST', `/api/admin/games/${game}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 3)}`, { date: '2024-06-19T19:00:00Z' });
    await eventually(() => pushesTo('bert').filter((received) => received.title === 'Spiel geändert').length === 2);
    expect(pushesTo('ann').filter((received) => received.title === 'Kick-off')).toEqual([
      expect.objectContaining({ body: 'Germany – Scotland has started.' }),
    ]);
    expect(pushesTo('bert').some((received) => received.title === 'Anpfiff')).toBe(false);
  });

  it("tells each player the final score and their points in each group", async () => {
    await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 1)}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 });
    const [annFinal] = await eventually(() => pushesTo('ann').some((received) => received.title === 'Full time') && pushesTo('ann').filter((received) => received.title === 'Full time'));
    const [bertFinal] = await eventually(() => pushesTo('bert').some((received) => received.title === 'Abpfiff') && pushesTo('bert').filter((received) => received.title === 'Abpfiff'));
    expect(annFinal!.body.split('\n')[0]).toBe('Germany 2:1 Scotland');
    expect(annFinal!.body).toMatch(/^Office: (\d+) points?, \1 in total, rank 1$/m);
    expect(Number(/Office: (\d+)/.exec(annFinal!.body)![1])).toBeGreaterThan(0);
    expect(bertFinal!.body).toBe('Deutschland 2:1 Schottland\nOffice: 0 Punkte, gesamt 0, Platz 2');
  });

  it('forgets a subscription the push service no longer knows', async () => {
    push.gone.add(endpoints.ann!);
    await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 2)}`, { homeTeam: 'de' });
    await eventually(() => pushesTo('bert').filter((received) => received.title === 'Spiel geändert').length === 3);
    const subscriptionOf = (login: string) => server.context.db.selectFrom('users').select('push_subscription').where('login', '=', login).executeTakeFirstOrThrow();
    await eventually(async () => (await subscriptionOf('ann@example.com')).push_subscription === null);
    const bert = await server.context.db.selectFrom('users').select('push_subscription').where('login', '=', 'bert@example.com').executeTakeFirstOrThrow();
    expect(bert.push_subscription).not.toBeNull();
  });
});
