import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { DATABASES } from './support/databases.js';
import { listening } from './support/liveClient.js';
import { Browser, gameIdOf, PASSWORD, signUp, startTestServer, wire, type TestServer } from './support/server.js';

describe.each(DATABASES)('fast reads on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('tags the games, answers a browser that holds them with an empty 304, and changes the tag when a game changes', async () => {
    const player = await signUp(server, 'etag@example.com');
    const first = await player.request('GET', '/api/games');
    const etag = first.headers.etag as string;
    expect(first.statusCode).toBe(200);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json()).toHaveLength(5);
    // The security headers of every JSON answer are on this one too.
    expect(first.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cross-origin-resource-policy']).toBe('same-origin');

    const again = await server.app.inject({ method: 'GET', url: '/api/games', headers: { authorization: `Bearer ${player.token}`, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The browser keeps the headers of the answer it holds: a 304 repeats none of helmet's.
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers['x-content-type-options']).toBeUndefined();
    // The tag is no way around the session.
    expect((await server.app.inject({ method: 'GET', url: '/api/games', headers: { 'if-none-match': etag } })).statusCode).toBe(401);

    const id = await gameIdOf(server, 1);
    expect((await server.admin('POST', `/api/admin/games/${id}`, { date: '2024-06-14T18:00:00Z' })).statusCode).toBe(200);
    const changed = await server.app.inject({ method: 'GET', url: '/api/games', headers: { authorization: `Bearer ${player.token}`, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<{ id: number; date: string }[]>().find((game) => game.id === id)?.date).toBe('2024-06-14T18:00:00.000Z');
  });

  it('sends the games gzipped to a browser that takes gzip, as its own representation with its own tag', async () => {
    const player = await signUp(server, 'gzip@example.com');
    const get = (headers: Record<string, string>) => server.app.inject({ method: 'GET', url: '/api/games', headers: { authorization: `Bearer ${player.token}`, ...headers } });
    const plain = await get({});
    const zipped = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    const held = await get({ 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag as string });
    expect(held.statusCode).toBe(304);
    expect(held.headers.vary).toBe('accept-encoding');
    // A tag of the other coding is not the representation this request gets.
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': plain.headers.etag as string })).statusCode).toBe(200);
    // If-None-Match compares weakly, takes a list, and `*`.
    for (const held of [`W/${zipped.headers.etag}`, `"other", ${zipped.headers.etag}`, '*']) {
      expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': held })).statusCode, held).toBe(304);
    }
    expect((await get({ 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding']).toBeUndefined();
    expect((await get({ 'accept-encoding': '*' })).headers['content-encoding']).toBe('gzip');
  });

  it('answers the games over the network as the route does, a held list with an empty 304, never a stale one, and never for an ended session', async () => {
    const player = await signUp(server, 'network@example.com');
    const base = await listening(server);
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${base}/api/games`, { headers: { authorization: `Bearer ${player.token}`, cookie: 'XSRF-TOKEN=xsrf-test', ...headers } });
    const first = await get();
    const etag = first.headers.get('etag')!;
    expect(first.status).toBe(200);
    // The same headers and text as the route's answer (the first read may have come through it).
    const answered = await get();
    // fetch asks for gzip, as browsers do.
    const routed = await server.app.inject({ method: 'GET', url: '/api/games', headers: { authorization: `Bearer ${player.token}`, cookie: 'XSRF-TOKEN=xsrf-test', 'accept-encoding': 'gzip, deflate' } });
    const perConnection = new Set(['date', 'connection', 'keep-alive']);
    const headersOf = (entries: Iterable<[string, unknown]>) => Object.fromEntries([...entries].filter(([name]) => !perConnection.has(name)).map(([name, value]) => [name, String(value)]));
    expect(headersOf(answered.headers.entries())).toEqual(headersOf(Object.entries(routed.headers)));
    expect(answered.headers.get('content-encoding')).toBe('gzip');
    expect(await answered.text()).toBe(gunzipSync(routed.rawPayload).toString());
    const held = await get({ 'if-none-match': etag });
    expect(held.status).toBe(304);
    expect((await get({ 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect(held.headers.get('etag')).toBe(etag);
    expect(held.headers.get('cache-control')).toBe('no-cache');
    expect(await held.text()).toBe('');
    // A browser without the XSRF cookie is handed one, as on any other call.
    const cookieless = await fetch(`${base}/api/games`, { headers: { authorization: `Bearer ${player.token}`, 'if-none-match': etag } });
    expect(cookieless.status).toBe(304);
    expect(cookieless.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);

    const id = await gameIdOf(server, 2);
    expect((await server.admin('POST', `/api/admin/games/${id}`, { status: 'Finished', homeGoals: 3, awayGoals: 1 })).statusCode).toBe(200);
    const changed = await get({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as { id: number; homeGoals: number | null }[]).find((game) => game.id === id)?.homeGoals).toBe(3);

    const current = (await get()).headers.get('etag')!;
    expect((await get({ 'if-none-match': current })).status).toBe(304);
    expect((await player.request('GET', '/api/auth/logout')).statusCode).toBe(200);
    expect((await get({ 'if-none-match': current })).status).toBe(401);
  });

  it('says a year\'s schedule is released once its games are there, and not before', async () => {
    const other = await startTestServer(kind);
    try {
      await other.admin('POST', '/api/admin/clock', { now: '2031-01-05T12:00:00Z' });
      const player = await signUp(other, 'schedule@example.com');
      expect(await player.json('GET', '/api/settings')).toMatchObject({ year: 2031, scheduleReleased: false });
      const added = await other.admin('POST', '/api/admin/games', { year: 2031, stage: 'Group', date: '2031-06-10T18:00:00Z', homeTeam: 'de', awayTeam: 'fr' });
      expect(added.statusCode).toBe(200);
      expect((await player.json('GET', '/api/settings')).scheduleReleased).toBe(true);
      expect((await other.admin('DELETE', `/api/admin/games/${added.json<{ id: number }>().id}`)).statusCode).toBe(200);
      expect((await player.json('GET', '/api/settings')).scheduleReleased).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('ends a session at the logout, though the session was just used', async () => {
    const player = await signUp(server, 'logout@example.com');
    expect((await player.request('GET', '/api/settings')).statusCode).toBe(200);
    expect((await player.request('GET', '/api/games')).statusCode).toBe(200);
    expect((await player.request('GET', '/api/auth/logout')).statusCode).toBe(200);
    expect((await player.request('GET', '/api/games')).statusCode).toBe(401);
    expect((await player.request('GET', '/api/settings')).statusCode).toBe(401);
  });

  it('ends the other sessions at a password change, and shows a changed setting at the next read', async () => {
    const phone = await signUp(server, 'twice@example.com');
    const laptop = new Browser(server.app);
    laptop.token = (await laptop.json('POST', '/api/auth', { login: 'twice@example.com', password: await wire(PASSWORD) })).token;
    expect((await laptop.request('GET', '/api/games')).statusCode).toBe(200);
    expect((await phone.json('GET', '/api/auth')).user.language).toBe('en');

    await phone.json('POST', '/api/players/language', { language: 'de' });
    expect((await phone.json('GET', '/api/auth')).user.language).toBe('de');
    expect((await laptop.json('GET', '/api/auth')).user.language).toBe('de');

    const changed = await phone.json('POST', '/api/auth/password/change', { password: await wire('Another!456') });
    expect(changed.status).toBe('Successful');
    expect((await laptop.request('GET', '/api/games')).statusCode).toBe(401);
    expect((await phone.request('GET', '/api/games')).statusCode).toBe(200);
  });

  it('ends every session of a deleted account', async () => {
    const player = await signUp(server, 'leaving@example.com');
    expect((await player.request('GET', '/api/settings')).statusCode).toBe(200);
    expect((await player.request('DELETE', '/api/players')).statusCode).toBeLessThan(300);
    expect((await player.request('GET', '/api/settings')).statusCode).toBe(401);
  });
});

describe('the SQLite page cache', () => {
  it('keeps up to 64 MB of the database in memory (better-sqlite3 keeps 16 MB): a tournament with 100,000 players reads its groups from memory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-cache-'));
    const { db } = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
      // Negative: KiB rather than pages.
      expect(rows[0]?.cache_size).toBe(-64 * 1024);
    } finally {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
