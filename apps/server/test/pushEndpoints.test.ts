import { createServer, type Server } from 'node:net';
import type { AddressInfo, LookupFunction } from 'node:net';
import { defaultPointConfiguration } from '@scorecast/rules';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPushEndpoint, endpointRefusalOf, isPublicAddress, type PushEndpointPolicy } from '../src/push/endpoint.js';
import { sendPush } from '../src/push/sender.js';
import { vapidKeysOf } from '../src/push/vapid.js';
import { DATABASES } from './support/databases.js';
import { startPushEndpoint } from './support/pushEndpoint.js';
import { signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

/** A resolver stand-in: names map to the addresses the test gives them, and can change (DNS rebinding). */
function fakeResolver(names: Map<string, string>): LookupFunction {
  return (hostname, options, callback) => {
    const address = names.get(hostname);
    if (!address) return callback(Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

describe('which push endpoints are public', () => {
  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://127.0.0.1/push',
    'https://127.1.2.3:8443/push',
    'https://0x7f000001/push',
    'https://2130706433/push',
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[::ffff:a00:1]/push',
    'https://[::ffff:0:7f00:1]/push',
    'https://0.0.0.0/push',
    'https://[::]/push',
    'https://10.1.2.3/push',
    'https://172.16.0.1/push',
    'https://192.168.178.1/push',
    'https://100.64.0.1/push',
    'https://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/push',
    'https://[fd12:3456::1]/push',
    'https://[64:ff9b::7f00:1]/push',
    'https://224.0.0.1/push',
    'https://localhost/push',
    'https://push.localhost/push',
    'https://printer.local/push',
    'https://metadata.internal/push',
    'https://intranet/push',
    'https://user:secret@fcm.googleapis.com/push',
    'file:///etc/passwd',
  ])('refuses %s', (endpoint) => {
    expect(endpointRefusalOf(endpoint, {})).toMatch(/^endpointNot/);
  });

  it.each(['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/abc', 'https://8.8.8.8/push', 'https://[2606:4700:4700::1111]/push'])(
    'accepts %s',
    (endpoint) => expect(endpointRefusalOf(endpoint, {})).toBeUndefined(),
  );

  it('refuses every loopback, private, link-local and unique-local address, also IPv4-mapped', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const inside = fc.oneof(
      fc.tuple(octet, octet, octet).map(([a, b, c]) => `127.${a}.${b}.${c}`),
      fc.tuple(octet, octet, octet).map(([a, b, c]) => `10.${a}.${b}.${c}`),
      fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([a, b, c]) => `172.${a}.${b}.${c}`),
      fc.tuple(octet, octet).map(([a, b]) => `192.168.${a}.${b}`),
      fc.tuple(octet, octet).map(([a, b]) => `169.254.${a}.${b}`),
    );
    fc.assert(
      fc.property(inside, (address) => {
        expect(isPublicAddress(address)).toBe(false);
        expect(endpointRefusalOf(`https://${address}/push`, {})).toBe('endpointNotPublic');
        expect(endpointRefusalOf(`https://[::ffff:${address}]/push`, {})).toBe('endpointNotPublic');
      }),
    );
    const hex = fc.integer({ min: 0, max: 0xffff }).map((word) => word.toString(16));
    const local6 = fc.oneof(
      fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), hex, hex).map(([head, a, b]) => `${head.toString(16)}:${a}::${b}`),
      fc.tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), hex).map(([head, a]) => `${head.toString(16)}::${a}`),
    );
    fc.assert(
      fc.property(local6, (address) => {
        expect(endpointRefusalOf(`https://[${address}]/push`, {})).toBe('endpointNotPublic');
      }),
    );
  });

  it('keeps to the push services the operator lists, subdomains included', () => {
    const policy: PushEndpointPolicy = { serviceHosts: ['fcm.googleapis.com', '.notify.windows.com'] };
    expect(endpointRefusalOf('https://fcm.googleapis.com/fcm/send/abc', policy)).toBeUndefined();
    expect(endpointRefusalOf('https://db5p.notify.windows.com/w/?token=abc', policy)).toBeUndefined();
    expect(endpointRefusalOf('https://evil.example/fcm.googleapis.com', policy)).toBe('endpointNotAllowed');
    expect(endpointRefusalOf('https://fcm.googleapis.com.evil.example/', policy)).toBe('endpointNotAllowed');
  });

  it('refuses a name that resolves to an address inside the network', async () => {
    const lookup = fakeResolver(new Map([['push.example.com', '93.184.216.34'], ['rebind.example.com', '10.0.0.7']]));
    expect(await checkPushEndpoint('https://push.example.com/abc', { lookup })).toBeUndefined();
    expect(await checkPushEndpoint('https://rebind.example.com/abc', { lookup })).toBe('endpointNotPublic');
  });

  it('does not hold a save on a resolver that never answers: the send checks again', async () => {
    const silent: LookupFunction = () => undefined;
    const started = Date.now();
    expect(await checkPushEndpoint('https://push.example.com/abc', { lookup: silent })).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe.each(DATABASES)('push endpoints on %s', (kind) => {
  let server: TestServer;
  let ann: Browser;
  const names = new Map([['push.example.com', '93.184.216.34']]);
  // What reaches loopback: a TCP listener that counts connections, whatever protocol comes.
  let listener: Server;
  let connections = 0;
  let port = 0;

  beforeAll(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
    server = await startTestServer(kind, { push: { tickInterval: 60_000, endpoints: { lookup: fakeResolver(names) } } });
    ann = await signUp(server, 'ann@example.com');
    await ann.json('POST', '/api/groups', { name: 'Office', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => listener?.close(() => resolve()));
  });

  const storedSubscription = async () =>
    (await server.database.db.selectFrom('users').select('push_subscription').where('login', '=', 'ann@example.com').executeTakeFirstOrThrow()).push_subscription;

  it('refuses to store an endpoint that is not public https, naming the field', async () => {
    names.set('rebind.example.com', '127.0.0.1');
    for (const endpoint of [
      `http://127.0.0.1:${port}/push`,
      `https://127.0.0.1:${port}/push`,
      `https://[::ffff:127.0.0.1]:${port}/push`,
      `https://localhost:${port}/push`,
      `https://rebind.example.com:${port}/push`,
      'https://192.168.0.10/push',
    ]) {
      const answer = await ann.request('POST', '/api/notification', { notify: true, subscription: { endpoint, keys: KEYS } });
      expect(answer.statusCode, endpoint).toBe(400);
      expect(answer.json(), endpoint).toMatchObject({ error: expect.stringMatching(/^endpointNot/), field: 'subscription.endpoint' });
    }
    expect(await storedSubscription()).toBeNull();
    const subscription = { endpoint: 'https://push.example.com/abc', keys: KEYS };
    expect(await ann.json('POST', '/api/notification', { notify: true, subscription })).toMatchObject({ notify: true });
    expect(JSON.parse((await storedSubscription())!)).toEqual(subscription);
  });

  it('checks the name again when sending: one that now resolves to loopback is not connected to', async () => {
    const vapid = { ...(await vapidKeysOf(server.database.db)), subject: 'mailto:ops@scorecast.test' };
    const user = await server.database.db.selectFrom('users').select('id').where('login', '=', 'ann@example.com').executeTakeFirstOrThrow();
    const message = { title: 'Kick-off', body: 'x', url: 'http://scorecast.test/' };
    names.set('push.example.com', '127.0.0.1');
    const subscription = JSON.stringify({ endpoint: `https://push.example.com:${port}/abc`, keys: KEYS });
    expect(await sendPush(server.database.db, vapid, { id: user.id, push_subscription: subscription }, message, { lookup: fakeResolver(names) })).toBe(0);
    // A subscription stored before these rules (plain http to loopback) is not posted to, and is dropped.
    const legacy = JSON.stringify({ endpoint: `http://127.0.0.1:${port}/abc`, keys: KEYS });
    await server.database.db.updateTable('users').set({ push_subscription: legacy }).where('id', '=', user.id).execute();
    expect(await sendPush(server.database.db, vapid, { id: user.id, push_subscription: legacy }, message, {})).toBe(0);
    expect(connections).toBe(0);
    expect(await storedSubscription()).toBeNull();
  });

  it('posts to a push service inside the network only when the operator trusts its origin', async () => {
    const push = await startPushEndpoint();
    try {
      const vapid = { ...(await vapidKeysOf(server.database.db)), subject: 'mailto:ops@scorecast.test' };
      const user = await server.database.db.selectFrom('users').select('id').where('login', '=', 'ann@example.com').executeTakeFirstOrThrow();
      const subscription = JSON.stringify(push.subscribe());
      const message = { title: 'Kick-off', body: 'x', url: 'http://scorecast.test/' };
      expect(await sendPush(server.database.db, vapid, { id: user.id, push_subscription: subscription }, message, { trustedOrigins: [push.origin] })).toBe(201);
      expect(push.received).toHaveLength(1);
    } finally {
      await push.close();
    }
  });
});
