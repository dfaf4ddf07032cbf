import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './support/databases.js';
import { gameIdOf, signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

type Player = { name: string; points: number; championPrediction?: string | null; predictions: { gameId: number; homeGoals: number }[] };
type Group = { id: string; name: string; players: Player[] };

// On SQLite a player's GET /api/groups answer is kept until anything it is read from is written.
// Each write below changes what Ann sees; each read after it must show it, on either database.
describe.each(DATABASES)('GET /api/groups after every kind of write, on %s', (kind) => {
  let server: TestServer;
  let ann: Browser;
  let bob: Browser;
  let groupId: string;
  const groupsOfAnn = async () => ann.json<Group[]>('GET', '/api/groups');
  const playerOf = (groups: Group[], name: string) => groups[0]!.players.find((player) => player.name === name);

  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
    ann = await signUp(server, 'ann@example.com');
    bob = await signUp(server, 'bob@example.com');
    ({ id: groupId } = await ann.json('POST', '/api/groups', { name: 'Office', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' }));
  });
  afterAll(async () => server?.close());

  it('keeps an answer on SQLite only, and sends the same bytes again while nothing was written', async () => {
    const first = await ann.request('GET', '/api/groups');
    const again = await ann.request('GET', '/api/groups');
    expect(again.body).toBe(first.body);
    expect(server.context.groupAnswers !== undefined).toBe(kind === 'sqlite');
  });

  it('shows a join, a rename, a prediction, a champion pick, a kickoff, a result and a deletion at once', async () => {
    expect((await groupsOfAnn())[0]!.players.map((player) => player.name)).toEqual(['Ann']);
    await bob.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bob' });
    expect((await groupsOfAnn())[0]!.players.map((player) => player.name)).toEqual(['Ann', 'Bob']);

    await bob.json('POST', '/api/players/rename', { groupId, name: 'Bobby' });
    expect(playerOf(await groupsOfAnn(), 'Bobby')).toBeDefined();

    const first = await gameIdOf(server, 1);
    await ann.json('POST', `/api/prediction/${first}`, { homeGoals: 2, awayGoals: 0 });
    expect(playerOf(await groupsOfAnn(), 'Ann')!.predictions).toMatchObject([{ gameId: first, homeGoals: 2 }]);
    await ann.json('POST', '/api/prediction/champion', { team: 'es' });
    expect(playerOf(await groupsOfAnn(), 'Ann')!.championPrediction).toBe('es');
    await bob.json('POST', `/api/prediction/${first}`, { homeGoals: 1, awayGoals: 0 });
    expect(playerOf(await groupsOfAnn(), 'Bobby')!.predictions).toEqual([]);

    server.clock.set(Date.parse('2024-06-14T19:00:00Z'));
    expect((await server.admin('POST', `/api/admin/games/${first}`, { status: 'Live', homeGoals: 0, awayGoals: 0 })).statusCode).toBe(200);
    expect(playerOf(await groupsOfAnn(), 'Bobby')!.predictions).toMatchObject([{ gameId: first, homeGoals: 1 }]);
    expect((await server.admin('POST', `/api/admin/games/${first}`, { status: 'Finished', homeGoals: 1, awayGoals: 0 })).statusCode).toBe(200);
    expect(playerOf(await groupsOfAnn(), 'Bobby')!.points).toBeGreaterThan(0);

    expect((await bob.request('DELETE', '/api/players')).statusCode).toBe(200);
    expect((await groupsOfAnn())[0]!.players.map((player) => player.name)).toEqual(['Ann']);
  });

  it('gives a kept answer to no one whose session ended', async () => {
    expect((await ann.request('GET', '/api/groups')).statusCode).toBe(200);
    await ann.json('GET', '/api/auth/logout');
    expect((await ann.request('GET', '/api/groups')).statusCode).toBe(401);
  });
});
