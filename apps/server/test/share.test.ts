import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { shownRows } from '../src/share/standingsSvg.js';
import { gameIdOf, signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

const OUTPUT_DIR = fileURLToPath(new URL('../test-output', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the rows of the share picture', () => {
  const rows = Array.from({ length: 14 }, (_, index) => ({ login: `p${index + 1}`, name: `Player ${index + 1}`, rank: index + 1, points: 100 - index }));
  it('are the top ten, and the viewer below them after a gap when ranked lower', () => {
    expect(shownRows(rows, undefined).rows.map((row) => row.login)).toEqual(rows.slice(0, 10).map((row) => row.login));
    expect(shownRows(rows, 'p3')).toEqual({ rows: rows.slice(0, 10), gapBeforeLast: false });
    const withViewer = shownRows(rows, 'p13');
    expect(withViewer.rows.map((row) => row.login)).toEqual([...rows.slice(0, 10).map((row) => row.login), 'p13']);
    expect(withViewer.gapBeforeLast).toBe(true);
  });
});

describe('the standings picture', () => {
  let server: TestServer;
  let ann: Browser;
  let stranger: Browser;
  let groupId: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { push: false });
    ann = await signUp(server, 'ann@example.com');
    stranger = await signUp(server, 'sue@example.com', 'de');
    groupId = (await ann.json('POST', '/api/groups', { name: 'Büro & Co <3', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Zoe' })).id;
    // As if enlarged: twelve players, so that one ranks below the top ten.
    await server.database.db.updateTable('groups').set({ max_players: null }).where('id', '=', groupId).execute();
    for (const name of ['Bob', 'Cleo', 'Dan', 'Eva', 'Finn', 'Gus', 'Hanna', 'Ines', 'Jo', 'Kai', 'Lena']) {
      const player = await signUp(server, `${name.toLowerCase()}@example.com`);
      await player.json('POST', '/api/groups/accept-invitation', { groupId, playerName: name });
      await player.json('POST', `/api/prediction/${await gameIdOf(server, 1)}`, { homeGoals: name.length % 3, awayGoals: 1 });
    }
    await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 1)}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 });
  }, 120_000);
  afterAll(async () => server?.close());

  it('is reachable with the group id alone, a PNG under 100 KB, in each language (written to test-output)', async () => {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    for (const lang of ['en', 'de']) {
      const response = await server.app.inject({ method: 'GET', url: `/api/groups/${groupId}/standings.png?lang=${lang}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(response.rawPayload.length).toBeLessThan(100 * 1024);
      writeFileSync(`${OUTPUT_DIR}/share-standings.${lang}.png`, response.rawPayload);
    }
  });

  it('shows the viewer below the top ten, and is answered from the cache until the ranking changes', async () => {
    const first = await ann.request('GET', `/api/groups/${groupId}/standings.png`);
    writeFileSync(`${OUTPUT_DIR}/share-standings.viewer.png`, first.rawPayload);
    // With Ann's own row it is hers: no shared cache keeps it, and its tag is not the public one's.
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/groups/${groupId}/standings.png?lang=en` });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=300');
    expect(anonymous.headers.etag).not.toBe(first.headers.etag);
    expect(first.headers.vary).toBe('authorization');
    expect(first.headers.etag).not.toContain('ann');
    const again = await ann.request('GET', `/api/groups/${groupId}/standings.png`);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 1)}`, { homeGoals: 1, awayGoals: 1, reason: 'Goal disallowed' });
    const after = await ann.request('GET', `/api/groups/${groupId}/standings.png`);
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('is refused for an unknown or malformed id, and a stranger sees no viewer row', async () => {
    expect((await stranger.request('GET', '/api/groups/AAAAAAAAAAAAAAAAAAAAAA/standings.png')).statusCode).toBe(404);
    expect((await stranger.request('GET', '/api/groups/nope/standings.png')).json()).toMatchObject({ field: 'id' });
    expect((await stranger.request('GET', `/api/groups/${groupId}/standings.png?lang=fr`)).json()).toMatchObject({ field: 'lang' });
    expect((await stranger.request('GET', `/api/groups/${groupId}/standings.png`)).statusCode).toBe(200);
  });

  it('is drawn anew when a game of its tournament goes Live, which it then says, and again when it ends', async () => {
    const url = `/api/groups/${groupId}/standings.png?lang=en`;
    const before = await server.app.inject({ method: 'GET', url });
    // Nobody predicted the second game: its kickoff changes no points, only what the picture says.
    const second = await gameIdOf(server, 2);
    await server.admin('POST', `/api/admin/games/${second}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    const live = await server.app.inject({ method: 'GET', url });
    expect(live.headers.etag).not.toBe(before.headers.etag);
    await server.admin('POST', `/api/admin/games/${second}`, { status: 'Finished', homeGoals: 0, awayGoals: 0 });
    const after = await server.app.inject({ method: 'GET', url });
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('makes the invitation link show the standings as its preview (Open Graph), and leaves other logins alone', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'scorecast-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><title>Scorecast</title></head><body></body></html>');
    const { app } = await buildApp({ ...server.context, database: { db: server.context.db, dialect: server.context.dialect }, webDist, push: false, live: false } as never);
    try {
      const invited = await app.inject({ method: 'GET', url: `/login?invitation=${groupId}`, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
      expect(invited.statusCode).toBe(200);
      expect(invited.body).toContain(`<meta property="og:image" content="http://scorecast.test/api/groups/${groupId}/standings.png?lang=de">`);
      expect(invited.body).toContain('<meta property="og:title" content="Büro &amp; Co &lt;3 · Scorecast">');
      const plain = await app.inject({ method: 'GET', url: '/login?action=activate-account&password=token' });
      expect(plain.body).not.toContain('og:image');
      // Served like every other route of the page: UTF-8, checked again on every visit.
      for (const answer of [invited, plain]) {
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('no-cache');
      }
      const unknown = await app.inject({ method: 'GET', url: '/login?invitation=AAAAAAAAAAAAAAAAAAAAAA' });
      expect(unknown.body).not.toContain('og:image');
      // A new build of the app in place: /login kept the page read at start, naming scripts that were gone.
      writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><title>Scorecast 2</title></head><body></body></html>');
      for (const url of ['/login', `/login?invitation=${groupId}`]) expect((await app.inject({ method: 'GET', url })).body, url).toContain('Scorecast 2');
    } finally {
      await app.close();
    }
  });
});
