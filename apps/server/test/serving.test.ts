import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { clockOptionsOf, createClock } from '../src/clock.js';
import type { ServerEvents } from '../src/events.js';
import { fixtureSchema, importFixture } from '../src/fixtures.js';
import { listGames } from '../src/db/games.js';
import { createMailer } from '../src/mail/mailer.js';
import { freshDatabase, type TestDatabase } from './support/databases.js';
import { PACKAGE_DIR } from './support/process.js';
import { gameIdOf, startTestServer, TINY_FIXTURE, type TestServer } from './support/server.js';

const BUNDLE = `export const teams = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `team ${index}`))};`;

describe('serving the web app and the flags', () => {
  let database: TestDatabase;
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    dir = mkdtempSync(join(tmpdir(), 'scorecast-web-'));
    mkdirSync(join(dir, 'web', 'assets'), { recursive: true });
    mkdirSync(join(dir, 'flags'));
    writeFileSync(join(dir, 'web', 'index.html'), '<!doctype html><title>Scorecast</title>');
    writeFileSync(join(dir, 'web', 'assets', 'main.js'), 'console.log(1)');
    writeFileSync(join(dir, 'web', 'assets', 'index-Ab12_d34.js'), BUNDLE);
    writeFileSync(join(dir, 'web', 'assets', 'index-Ab12_d34.js.br'), brotliCompressSync(BUNDLE));
    writeFileSync(join(dir, 'flags', 'de.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    ({ app } = await buildApp({
      database,
      clock: createClock(),
      mailer: createMailer({ outboxDir: join(dir, 'outbox'), from: 'x@example.com' }),
      adminToken: 'admin',
      publicUrl: 'http://localhost',
      webDist: join(dir, 'web'),
      flagsDir: join(dir, 'flags'),
    }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for app routes and the built assets as files', async () => {
    for (const url of ['/', '/ranking', '/group/abc', '/login?action=activate-account']) {
      const answer = await app.inject({ method: 'GET', url });
      expect({ url, status: answer.statusCode, type: answer.headers['content-type'] }).toMatchObject({ url, status: 200, type: expect.stringContaining('text/html') });
      expect(answer.body).toContain('<title>Scorecast</title>');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/main.js' })).body).toBe('console.log(1)');
  });

  it('sends the build\'s brotli file to browsers that accept it, and keeps hashed bundles cached', async () => {
    const compressed = await app.inject({ method: 'GET', url: '/assets/index-Ab12_d34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toContain('javascript');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(BUNDLE);
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-Ab12_d34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
    // Files without a hash in their name (the page, the locales) are checked again on every visit.
    expect((await app.inject({ method: 'GET', url: '/assets/main.js' })).headers['cache-control']).not.toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/' })).headers['cache-control']).not.toContain('immutable');
  });

  it('sends the page and its files a content security policy a Vite React app satisfies, and JSON the short policy of an API', async () => {
    for (const url of ['/', '/ranking', '/assets/main.js', '/assets/flags/de.png']) {
      const answer = await app.inject({ method: 'GET', url });
      const policy = String(answer.headers['content-security-policy']);
      expect(policy, url).toContain("default-src 'self'");
      expect(policy, url).toContain("script-src 'self'");
      expect(policy, url).not.toContain("'unsafe-inline'; script");
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      // The live channel of this server only: 'self' for browsers that match WebSockets with it, its ws: origin for those that do not.
      expect(/connect-src ([^;]*)/.exec(policy)?.[1]?.split(' '), url).toEqual(["'self'", 'ws://localhost']);
    }
    // JSON is no page: opened as one it runs nothing, shows in no frame, and no other site loads it.
    for (const url of ['/api/version', '/api/nothing', '/api/groups']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['content-type'], url).toContain('application/json');
      expect(answer.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(answer.headers['x-frame-options'], url).toBeUndefined();
      // A player's own data: no cache keeps it.
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answers unknown API paths and missing flags with 404, not the app', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).json()).toEqual({ error: 'notFound' });
    expect((await app.inject({ method: 'GET', url: '/%61pi/nothing' })).json()).toEqual({ error: 'notFound' });
    // A mistyped call (a fresh attacker's) got the app's page with 200: an API path whatever its case or slashes.
    for (const url of ['/API/GROUPS', '//api//groups', '/Api/games', '/ASSETS/nothing.js']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ error: 'notFound' });
    }
    // A path the router cannot decode is refused as a field, with the headers of every JSON answer.
    const undecodable = await app.inject({ method: 'GET', url: '/api/prediction/%ff' });
    expect(undecodable.json()).toEqual({ error: 'invalid', field: 'url' });
    expect(undecodable.headers['x-content-type-options']).toBe('nosniff');
    expect(undecodable.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/assets/flags/zz.png' })).statusCode).toBe(404);
  });

  it('serves flags at /assets/flags/{team}.png', async () => {
    const answer = await app.inject({ method: 'GET', url: '/assets/flags/de.png' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
  });
});

describe('importing the real fixtures', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
  });
  afterAll(async () => database?.drop());

  it('imports every game of 2024 as Finished with the counted score, twice without duplicates', async () => {
    const fixture = fixtureSchema.parse(JSON.parse(readFileSync(join(PACKAGE_DIR, 'fixtures', '2024.json'), 'utf8')));
    await importFixture(database.db, fixture);
    await importFixture(database.db, fixture);
    const games = await listGames(database.db, 2024);
    expect(games).toHaveLength(fixture.games.length);
    expect(games.every((game) => game.status === 'Finished')).toBe(true);
    // A shoot-out adds one goal to its winner: no knockout game of 2024 counts as a draw.
    const knockout = games.filter((game) => game.stage !== 'Group');
    expect(knockout.length).toBeGreaterThan(0);
    expect(knockout.every((game) => game.homeGoals !== game.awayGoals)).toBe(true);
    const final = games.find((game) => game.stage === 'Final')!;
    expect([final.homeTeam, final.awayTeam, final.homeGoals, final.awayGoals]).toEqual(['es', 'gb-eng', 2, 1]);
  });
});

describe('admin changes and events', () => {
  let server: TestServer;
  const seen: ServerEvents['gameChanged'][0][] = [];
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    server.context.events.on('gameChanged', (event) => seen.push(event));
  });
  afterAll(async () => server?.close());

  it('announces every game change on the event bus', async () => {
    const first = await gameIdOf(server, 1);
    await server.admin('POST', `/api/admin/games/${first}`, { status: 'Live', homeGoals: 1, awayGoals: 0 });
    const created = (await server.admin('POST', '/api/admin/games', { stage: 'SemiFinal', date: '2024-07-09T19:00:00Z', homeTeam: 'es', awayTeam: 'hr' })).json();
    await server.admin('DELETE', `/api/admin/games/${created.id}`);
    expect(seen.map((event) => [event.game.id, event.game.status, event.action])).toEqual([
      [first, 'Live', undefined],
      [created.id, 'Scheduled', undefined],
      [created.id, 'Scheduled', 'DELETE'],
    ]);
    expect(created).toMatchObject({ year: 2024, number: 6, stage: 'SemiFinal' });
  });

  it('imports a fixture through the admin API and refuses an invalid one', async () => {
    const next = { ...TINY_FIXTURE, year: 2028, games: TINY_FIXTURE.games.map((game) => ({ ...game, date: game.date.replace('2024', '2028') })) };
    expect((await server.admin('POST', '/api/admin/fixtures', next)).json()).toEqual({ year: 2028, games: 5 });
    expect((await server.admin('GET', '/api/admin/games?year=2028')).json()).toHaveLength(5);
    const broken = await server.admin('POST', '/api/admin/fixtures', { ...next, games: [{ number: 1 }] });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ field: 'games' });
  });

  it('moves the server clock, seen in the version answer', async () => {
    await server.admin('POST', '/api/admin/clock', { now: '2026-06-11T18:00:00Z' });
    expect((await server.app.inject({ method: 'GET', url: '/api/version' })).json().serverTime).toBe('2026-06-11T18:00:00.000Z');
  });
});

describe('the clock', () => {
  it('reads SCORECAST_CLOCK with and without a speed', () => {
    expect(clockOptionsOf('2024-06-14T18:00:00Z')).toEqual({ start: Date.parse('2024-06-14T18:00:00Z'), speed: 1 });
    expect(clockOptionsOf('2024-06-14T18:00:00Z@60')).toEqual({ start: Date.parse('2024-06-14T18:00:00Z'), speed: 60 });
    expect(clockOptionsOf(undefined)).toBeUndefined();
    expect(() => clockOptionsOf('yesterday')).toThrow(/SCORECAST_CLOCK/);
  });

  it('stands still at speed 0 and jumps when set', () => {
    const clock = createClock({ start: 1_000, speed: 0 });
    expect(clock.now()).toBe(1_000);
    clock.set(5_000);
    expect(clock.now()).toBe(5_000);
  });

  // Past the year 9999 serverTime was no ISO instant the app reads, and every page failed.
  it('stops at the last instant of the year 9999', async () => {
    const clock = createClock({ start: Date.parse('9999-12-31T23:59:59.990Z'), speed: 100_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(new Date(clock.now()).toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });
});
