import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './support/databases.js';
import { gameIdOf, signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

const KICKOFF_1 = Date.parse('2024-06-14T19:00:00Z');

describe.each(DATABASES)('deadlines on %s', (kind) => {
  let server: TestServer;
  let ann: Browser;
  let first: number;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ann = await signUp(server, 'ann@example.com');
    first = await gameIdOf(server, 1);
  });
  afterAll(async () => server?.close());

  it('accepts a prediction 1 ms before kickoff and refuses it at kickoff', async () => {
    server.clock.set(KICKOFF_1 - 1);
    expect((await ann.request('POST', `/api/prediction/${first}`, { homeGoals: 1, awayGoals: 0 })).statusCode).toBe(200);
    server.clock.set(KICKOFF_1);
    const late = await ann.request('POST', `/api/prediction/${first}`, { homeGoals: 3, awayGoals: 0 });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'predictionClosed', field: 'gameId' });
    const row = await server.database.db.selectFrom('predictions').selectAll().where('game_id', '=', first).executeTakeFirstOrThrow();
    expect([row.home_goals, row.away_goals]).toEqual([1, 0]);
  });

  it('refuses a prediction for a game that is Live before its kickoff', async () => {
    const second = await gameIdOf(server, 2);
    server.clock.set(KICKOFF_1 - 60_000);
    await server.admin('POST', `/api/admin/games/${second}`, { status: 'Live' });
    expect((await ann.request('POST', `/api/prediction/${second}`, { homeGoals: 1, awayGoals: 1 })).statusCode).toBe(400);
    await server.admin('POST', `/api/admin/games/${second}`, { status: 'Scheduled', reason: 'test' });
  });

  it('never keeps a save that races the game going Live', async () => {
    const third = await gameIdOf(server, 3);
    server.clock.set(KICKOFF_1 - 60_000);
    const saves = Array.from({ length: 40 }, (_, index) => ann.request('POST', `/api/prediction/${third}`, { homeGoals: index % 10, awayGoals: 0 }));
    const live = server.admin('POST', `/api/admin/games/${third}`, { status: 'Live' });
    const answers = await Promise.all(saves);
    await live;
    const accepted = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().homeGoals as number);
    const refused = answers.filter((answer) => answer.statusCode === 400);
    expect(accepted.length + refused.length).toBe(40);
    // After Live, nothing more changes: the stored value is one that was acknowledged.
    const after = await ann.request('POST', `/api/prediction/${third}`, { homeGoals: 9, awayGoals: 9 });
    expect(after.statusCode).toBe(400);
    const row = await server.database.db.selectFrom('predictions').selectAll().where('game_id', '=', third).executeTakeFirst();
    if (accepted.length > 0) expect(accepted).toContain(row!.home_goals);
    else expect(row).toBeUndefined();
  });

  it('waits for a status change under way and then refuses the save: what the kickoff revealed is what stays', async () => {
    const fifth = await gameIdOf(server, 5);
    server.clock.set(KICKOFF_1 - 60_000);
    expect((await ann.request('POST', `/api/prediction/${fifth}`, { homeGoals: 1, awayGoals: 1 })).statusCode).toBe(200);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let updated!: () => void;
    const isUpdated = new Promise<void>((resolve) => (updated = resolve));
    // The operator's change, written and not yet committed, as another process holds it.
    const goingLive = server.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('games').set({ status: 'Live', home_goals: 0, away_goals: 0 }).where('id', '=', fifth).execute();
      updated();
      await held;
    });
    await isUpdated;
    let answered = false;
    const save = ann.request('POST', `/api/prediction/${fifth}`, { homeGoals: 5, awayGoals: 0 }).finally(() => (answered = true));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Saved before the change commits, the prediction would differ from the one the kickoff reveals.
      expect(answered).toBe(false);
    } finally {
      commit();
      await goingLive;
    }
    expect((await save).json()).toEqual({ error: 'predictionClosed', field: 'gameId' });
    const row = await server.database.db.selectFrom('predictions').selectAll().where('game_id', '=', fifth).executeTakeFirstOrThrow();
    expect([row.home_goals, row.away_goals]).toEqual([1, 1]);
    await server.admin('POST', `/api/admin/games/${fifth}`, { status: 'Scheduled', reason: 'test' });
  });

  it('accepts concurrent saves at the boundary only while the clock is before kickoff', async () => {
    const fourth = await gameIdOf(server, 4);
    const kickoff = Date.parse('2024-06-19T16:00:00Z');
    server.clock.set(kickoff - 1);
    const before = await Promise.all(Array.from({ length: 10 }, () => ann.request('POST', `/api/prediction/${fourth}`, { homeGoals: 2, awayGoals: 2 })));
    server.clock.set(kickoff);
    const at = await Promise.all(Array.from({ length: 10 }, () => ann.request('POST', `/api/prediction/${fourth}`, { homeGoals: 4, awayGoals: 4 })));
    expect(before.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(at.map((answer) => answer.statusCode)).toEqual(Array(10).fill(400));
  });

  it('takes a champion pick only of a team of the year and only before the first kickoff', async () => {
    server.clock.set(KICKOFF_1 - 1);
    await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 2)}`, { status: 'Scheduled', reason: 'test' });
    await server.admin('POST', `/api/admin/games/${first}`, { status: 'Scheduled', reason: 'test' });
    await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 3)}`, { status: 'Scheduled', reason: 'test' });
    expect((await ann.request('POST', '/api/prediction/champion', { team: 'br' })).json()).toEqual({ error: 'unknownTeam', field: 'team' });
    expect(await ann.json('POST', '/api/prediction/champion', { team: 'es' })).toEqual({ team: 'es', year: 2024 });
    server.clock.set(KICKOFF_1);
    expect((await ann.request('POST', '/api/prediction/champion', { team: 'de' })).statusCode).toBe(400);
    expect((await ann.json('GET', '/api/auth')).user.championPredictions).toEqual([{ year: 2024, team: 'es' }]);
  });

  it('answers 404 for a game that does not exist', async () => {
    expect((await ann.request('POST', '/api/prediction/999999', { homeGoals: 1, awayGoals: 0 })).statusCode).toBe(404);
  });
});

describe.each(DATABASES)('secrecy on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('never sends another player’s prediction of an unstarted game or pick before the start', async () => {
    const ann = await signUp(server, 'ann@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const { id } = await ann.json('POST', '/api/groups', { name: 'Secret', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' });
    await bob.json('POST', '/api/groups/accept-invitation', { groupId: id, playerName: 'Bob' });
    const games = await Promise.all([1, 2, 3, 4, 5].map((number) => gameIdOf(server, number)));
    for (const gameId of games) await bob.json('POST', `/api/prediction/${gameId}`, { homeGoals: 7, awayGoals: 3 });
    await bob.json('POST', '/api/prediction/champion', { team: 'hr' });

    const bodiesForAnn = async () =>
      Promise.all(['/api/groups', '/api/games', '/api/settings', '/api/auth', '/api/version'].map(async (url) => (await ann.request('GET', url)).body));
    for (const body of await bodiesForAnn()) {
      expect(body).not.toContain('"homeGoals":7');
      expect(body).not.toContain('"championPrediction":"hr"');
      expect(body).not.toContain('"team":"hr"');
    }
    const own = (await bob.json('GET', '/api/groups'))[0].players.find((player: { name: string }) => player.name === 'Bob');
    expect(own.predictions).toHaveLength(5);
    expect(own.championPrediction).toBe('hr');

    server.clock.set(Date.parse('2024-06-14T19:00:00Z'));
    await server.admin('POST', `/api/admin/games/${games[0]}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    const bobForAnn = (await ann.json('GET', '/api/groups'))[0].players.find((player: { name: string }) => player.name === 'Bob');
    expect(bobForAnn.predictions.map((prediction: { gameId: number }) => prediction.gameId)).toEqual([games[0]]);
    expect(bobForAnn.championPrediction).toBe('hr');
  });
});
