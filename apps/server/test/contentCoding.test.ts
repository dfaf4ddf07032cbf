import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepts, codedAnswer, jsonAnswer } from '../src/reads/contentCoding.js';
import { DATABASES } from './support/databases.js';
import { signUp, startTestServer, type TestServer } from './support/server.js';

describe('which content codings a browser takes', () => {
  it('reads Accept-Encoding with its weights and wildcard', () => {
    expect(accepts('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(accepts('gzip, deflate', 'br')).toBe(false);
    expect(accepts('GZIP;q=0.5', 'gzip')).toBe(true);
    expect(accepts('gzip;q=0, identity', 'gzip')).toBe(false);
    expect(accepts('*', 'br')).toBe(true);
    expect(accepts('br;q=0, *', 'br')).toBe(false);
    expect(accepts('identity', 'gzip')).toBe(false);
    expect(accepts(undefined, 'gzip')).toBe(false);
  });

  it('reads parameters in any order, spaces around them, and empty list members', () => {
    expect(accepts('gzip ; q=0', 'gzip')).toBe(false);
    expect(accepts('br;level=1;Q=0, gzip', 'br')).toBe(false);
    expect(accepts('br;level=1, gzip', 'br')).toBe(true);
    expect(accepts(',, gzip ,', 'gzip')).toBe(true);
    expect(accepts('gzip, gzip;q=0', 'gzip')).toBe(false);
  });
});

describe('how small a groups answer goes out', () => {
  it('sends three groups of 30 over 72 finished games in a fiftieth of their JSON with brotli, a fifteenth with gzip', () => {
    const score = (seed: number) => ({ homeGoals: seed % 4, awayGoals: Math.floor(seed / 4) % 4 });
    const groups = Array.from({ length: 3 }, (_, group) => ({
      id: `group-${group}`,
      name: `Evening ${group}`,
      players: Array.from({ length: 30 }, (_, player) => ({
        login: `player${group}-${player}@example.com`,
        name: `Player ${group * 30 + player}`,
        points: (player * 7) % 90,
        rank: player + 1,
        predictions: Array.from({ length: 72 }, (_, game) => ({ gameId: game + 1, ...score(player * 7 + game), accuracy: 'tendency', points: 2, rank: (player + game) % 30 + 1 })),
      })),
    }));
    const answer = jsonAnswer(JSON.stringify(groups));
    const br = codedAnswer(answer, 'br');
    const gzipped = codedAnswer(answer, 'gzip');
    expect(brotliDecompressSync(br).equals(answer.json)).toBe(true);
    expect(gunzipSync(gzipped).equals(answer.json)).toBe(true);
    expect(br.length).toBeLessThan(answer.json.length / 50);
    expect(gzipped.length).toBeLessThan(answer.json.length / 15);
    // Made once: the same bytes for the next request.
    expect(codedAnswer(answer, 'br')).toBe(br);
  });
});

describe.each(DATABASES)('a large groups answer on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
  });
  afterAll(async () => server?.close());

  it('goes out compressed to a browser that takes brotli or gzip, and plain to one that takes neither', async () => {
    const ann = await signUp(server, 'ann@example.com');
    // Twelve groups make an answer of about 14 KB, above the size worth compressing.
    for (let group = 1; group <= 12; group++) await ann.json('POST', '/api/groups', { name: `Group ${group}`, pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' });
    const get = (acceptEncoding?: string) =>
      server.app.inject({ method: 'GET', url: '/api/groups', headers: { authorization: `Bearer ${ann.token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    expect(plain.json()).toHaveLength(12);

    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gzipped = await get('gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
  });
});
