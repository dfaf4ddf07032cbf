import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctionsMailed } from '../src/changes/announce.js';
import { changeGame } from '../src/feeds/gameChanges.js';
import type { Fixture } from '../src/fixtures.js';
import { DATABASES } from './support/databases.js';
import { mailsIn } from './support/outbox.js';
import { gameIdOf, signUp, startTestServer, TINY_FIXTURE, type Browser, type TestServer } from './support/server.js';

type WireGame = { id: number; status: string; homeGoals?: number; awayGoals?: number; correction?: unknown };

describe.each(DATABASES)('a fixture file imported again while the tournament runs, on %s', (kind) => {
  let server: TestServer;
  let ann: Browser;
  const game = async (number: number) => {
    const id = await gameIdOf(server, number);
    return ((await ann.json('GET', '/api/games')) as WireGame[]).find((each) => each.id === id)!;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
    ann = await signUp(server, 'ann@example.com');
    await ann.json('POST', '/api/groups', { name: 'Office', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' });
    server.clock.set(Date.parse('2024-06-20T12:00:00Z'));
    // Game 1 finished by the operator's hand, games 2 and 3 by the result feed.
    expect((await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 1)}`, { status: 'Finished', homeGoals: 1, awayGoals: 0 })).statusCode).toBe(200);
    await changeGame(server.context, await gameIdOf(server, 2), { status: 'Finished', homeGoals: 2, awayGoals: 2 }, { source: 'feed' });
    await changeGame(server.context, await gameIdOf(server, 3), { status: 'Finished', homeGoals: 0, awayGoals: 0 }, { source: 'feed' });
  });
  afterAll(async () => server?.close());

  it("keeps what the operator set by hand and what the file knows nothing of, corrects the rest with a log and mails, and adds new games", async () => {
    const mailsBefore = mailsIn(server.outboxDir).length;
    const result = (homeGoals: number, awayGoals: number) => ({ fullTime: { homeGoals, awayGoals } });
    const file: Fixture = {
      ...TINY_FIXTURE,
      games: [
        { ...TINY_FIXTURE.games[0]!, result: result(5, 1) },
        // No result in the file: it says nothing about a game the feed finished.
        { ...TINY_FIXTURE.games[1]!, result: null },
        { ...TINY_FIXTURE.games[2]!, result: result(1, 0), venue: 'Leipzig' },
        ...TINY_FIXTURE.games.slice(3),
        { number: 6, stage: 'Group', group: 'A', date: '2024-06-23T19:00:00Z', homeTeam: 'gb-sct', awayTeam: 'hr', result: null },
      ],
    };
    const answer = await server.admin('POST', '/api/admin/fixtures', file);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ year: 2024, games: 6 });

    expect(await game(1)).toMatchObject({ status: 'Finished', homeGoals: 1, awayGoals: 0 });
    expect((await game(1)).correction).toBeUndefined();
    expect(await game(2)).toMatchObject({ status: 'Finished', homeGoals: 2, awayGoals: 2 });
    expect(await game(3)).toMatchObject({ status: 'Finished', homeGoals: 1, awayGoals: 0, correction: { source: 'feed', reason: null } });
    expect(await game(6)).toMatchObject({ status: 'Scheduled', homeTeam: 'gb-sct', awayTeam: 'hr' });

    const log = (await server.admin('GET', `/api/admin/games/${await gameIdOf(server, 3)}/log`)).json();
    expect(log.changes.at(-1)).toMatchObject({ source: 'feed', correction: true, before: { homeGoals: 0 }, after: { homeGoals: 1 } });
    await correctionsMailed(server.context);
    const mails = mailsIn(server.outboxDir).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('was corrected from 0:0 to 1:0');
  });

  it('changes nothing and logs nothing when the same file comes again', async () => {
    const logLength = async () => (await server.admin('GET', `/api/admin/games/${await gameIdOf(server, 3)}/log`)).json().changes.length;
    const before = await logLength();
    const file = (await server.admin('GET', '/api/admin/games?year=2024')).json();
    expect(file.length).toBe(6);
    const again = {
      ...TINY_FIXTURE,
      games: [
        ...TINY_FIXTURE.games.map((each) => (each.number === 3 ? { ...each, result: { fullTime: { homeGoals: 1, awayGoals: 0 } }, venue: 'Leipzig' } : each)),
        { number: 6, stage: 'Group' as const, group: 'A', date: '2024-06-23T19:00:00Z', homeTeam: 'gb-sct', awayTeam: 'hr', result: null },
      ],
    };
    expect((await server.admin('POST', '/api/admin/fixtures', again)).statusCode).toBe(200);
    expect(await logLength()).toBe(before);
    expect(await game(2)).toMatchObject({ status: 'Finished', homeGoals: 2, awayGoals: 2 });
  });

  it('keeps a score set by hand whole: a feed finishing the game changes neither side of it', async () => {
    const id = await gameIdOf(server, 5);
    await changeGame(server.context, id, { status: 'Live', homeGoals: 0, awayGoals: 0 }, { source: 'feed' });
    expect((await server.admin('POST', `/api/admin/games/${id}`, { homeGoals: 1 })).statusCode).toBe(200);
    await changeGame(server.context, id, { status: 'Finished', homeGoals: 3, awayGoals: 2 }, { source: 'feed' });
    expect(await game(5)).toMatchObject({ status: 'Finished', homeGoals: 1, awayGoals: 0 });
  });

  it('never takes a played game back: a file that moves its kickoff later or names other teams leaves it as played and closed to predictions', async () => {
    const moved = { ...TINY_FIXTURE, games: TINY_FIXTURE.games.map((each) => (each.number === 2 ? { ...each, date: '2024-06-25T16:00:00Z', awayTeam: 'de' } : each)) };
    expect((await server.admin('POST', '/api/admin/fixtures', moved)).statusCode).toBe(200);
    expect(await game(2)).toMatchObject({ status: 'Finished', homeGoals: 2, awayGoals: 2, date: '2024-06-15T16:00:00.000Z', awayTeam: 'hr' });
    const late = await ann.request('POST', `/api/prediction/${await gameIdOf(server, 2)}`, { homeGoals: 2, awayGoals: 2 });
    expect(late.json()).toEqual({ error: 'predictionClosed', field: 'gameId' });
  });

  it('refuses a file that names a team it does not list, one team on both sides, a game outside its year, a group letter off the group stage or an impossible result, writing nothing', async () => {
    const base = { ...TINY_FIXTURE, games: [{ ...TINY_FIXTURE.games[0]!, number: 7, date: '2024-06-28T19:00:00Z' }] };
    const final = { ...TINY_FIXTURE.games[4]!, number: 7 };
    const score = (homeGoals: number, awayGoals: number) => ({ homeGoals, awayGoals });
    for (const [games, message] of [
      [[{ ...base.games[0]!, homeTeam: 'zz' }], 'unknownTeam'],
      [[{ ...base.games[0]!, awayTeam: 'de' }], 'sameTeams'],
      [[{ ...base.games[0]!, date: '2030-06-28T19:00:00Z' }], 'notInYear'],
      [[{ ...final, group: 'A' }], 'groupStageOnly'],
      [[{ ...final, result: { fullTime: score(1, 0), extraTime: score(0, 0) } }], 'impossibleResult'],
      [[{ ...final, result: { fullTime: score(1, 1), penalties: score(4, 3) } }], 'impossibleResult'],
    ] as const) {
      const answer = await server.admin('POST', '/api/admin/fixtures', { ...base, games });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'games' });
      expect(JSON.stringify(answer.json())).toContain(message);
    }
    const twice = await server.admin('POST', '/api/admin/fixtures', { ...base, teams: [...base.teams, { id: 'de', name: 'Deutschland' }] });
    expect(twice.json()).toMatchObject({ field: 'teams' });
    expect(((await server.admin('GET', '/api/admin/games?year=2024')).json() as { number: number }[]).some((each) => each.number === 7)).toBe(false);
  });
});

describe.each(DATABASES)('a fixture import that fails half-way, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
    server.clock.set(Date.parse('2024-06-20T12:00:00Z'));
  });
  afterAll(async () => server?.close());

  it('writes nothing at all', async () => {
    // The new game comes first in the file; the result of game 1 then fails to be logged.
    await server.context.db.schema.dropTable('game_log').execute();
    const file: Fixture = {
      ...TINY_FIXTURE,
      teams: [...TINY_FIXTURE.teams, { id: 'it', name: 'Italy' }],
      games: [
        { number: 6, stage: 'Group', group: 'B', date: '2024-06-24T19:00:00Z', homeTeam: 'it', awayTeam: 'hr', result: null },
        { ...TINY_FIXTURE.games[0]!, result: { fullTime: { homeGoals: 5, awayGoals: 1 } } },
      ],
    };
    // A missing table is the database out of use on PostgreSQL (503), an error on SQLite (500).
    expect((await server.admin('POST', '/api/admin/fixtures', file)).statusCode).toBe(kind === 'postgres' ? 503 : 500);
    const games = (await server.admin('GET', '/api/admin/games?year=2024')).json() as { number: number; status: string }[];
    expect(games.map((each) => each.number)).toEqual([1, 2, 3, 4, 5]);
    expect(games.find((each) => each.number === 1)).toMatchObject({ status: 'Scheduled' });
    expect(await server.context.db.selectFrom('teams').select('id').where('id', '=', 'it').execute()).toEqual([]);
  });
});
