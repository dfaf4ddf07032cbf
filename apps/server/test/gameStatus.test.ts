import { gamesSchema } from '@scorecast/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './support/databases.js';
import { gameIdOf, signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

// A game's goals follow its status: none before kickoff, both once it started (0:0 at kickoff),
// and a Finished game always has its result.
describe.each(DATABASES)('a game by its status, on %s', (kind) => {
  let server: TestServer;
  let ann: Browser;

  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
    ann = await signUp(server, 'ann@example.com');
  });
  afterAll(async () => server?.close());

  const gameOf = async (id: number) => gamesSchema.parse(await ann.json('GET', '/api/games')).find((game) => game.id === id)!;

  it('stands 0:0 when it kicks off without goals, and has none again when set back to Scheduled', async () => {
    const id = await gameIdOf(server, 2);
    expect((await server.admin('POST', `/api/admin/games/${id}`, { status: 'Live' })).statusCode).toBe(200);
    expect(await gameOf(id)).toMatchObject({ status: 'Live', homeGoals: 0, awayGoals: 0 });
    expect((await server.admin('POST', `/api/admin/games/${id}`, { status: 'Scheduled', reason: 'test' })).statusCode).toBe(200);
    expect(await gameOf(id)).toMatchObject({ status: 'Scheduled', homeGoals: null, awayGoals: null });
  });

  it('refuses to finish a game without its result, naming the goals, and writes nothing', async () => {
    const id = await gameIdOf(server, 3);
    const refused = await server.admin('POST', `/api/admin/games/${id}`, { status: 'Finished' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'resultRequired', field: 'homeGoals' });
    const half = await server.admin('POST', `/api/admin/games/${id}`, { status: 'Finished', homeGoals: 1, awayGoals: null });
    expect(half.json()).toEqual({ error: 'resultRequired', field: 'awayGoals' });
    expect(await gameOf(id)).toMatchObject({ status: 'Scheduled', homeGoals: null });

    expect((await server.admin('POST', `/api/admin/games/${id}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 })).statusCode).toBe(200);
    const cleared = await server.admin('POST', `/api/admin/games/${id}`, { homeGoals: null, reason: 'typo' });
    expect(cleared.json()).toEqual({ error: 'resultRequired', field: 'homeGoals' });
    expect(await gameOf(id)).toMatchObject({ status: 'Finished', homeGoals: 2, awayGoals: 1 });
  });

  it('refuses a new Finished game without its result', async () => {
    const before = (await ann.json('GET', '/api/games')).length;
    const refused = await server.admin('POST', '/api/admin/games', { stage: 'Group', date: '2024-06-30T19:00:00Z', homeTeam: 'de', awayTeam: 'es', status: 'Finished', homeGoals: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'resultRequired', field: 'awayGoals' });
    expect((await ann.json('GET', '/api/games')).length).toBe(before);
  });
});
