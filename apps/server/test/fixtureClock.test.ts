import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesSchema } from '@scorecast/api-client';
import { yearOf } from '@scorecast/rules';
import { stepsOfFixture } from '../src/demo/timeline.js';
import { listGames } from '../src/db/games.js';
import { fixtureSchema, importFixture, type Fixture } from '../src/fixtures.js';
import { DATABASES, freshDatabase, type TestDatabase } from './support/databases.js';
import { Browser, signUp, startTestServer, type TestServer } from './support/server.js';

const fixturesDir = join(import.meta.dirname, '..', 'fixtures');
const wc2026: Fixture = fixtureSchema.parse(JSON.parse(readFileSync(join(fixturesDir, '2026.json'), 'utf8')));
const at = (instant: string) => Date.parse(instant);

describe('fixtures imported at the server clock', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
  });
  afterAll(async () => database.drop());

  const gamesAt = async (instant: string) => {
    await importFixture(database.db, wc2026, at(instant));
    return listGames(database.db, 2026);
  };

  it('before the first kickoff: every game Scheduled without a result, knockout teams placeholders', async () => {
    const games = await gamesAt('2026-06-10T12:00:00Z');
    expect(games).toHaveLength(104);
    expect(games.every((game) => game.status === 'Scheduled' && game.homeGoals === null && game.awayGoals === null)).toBe(true);
    const knockout = games.filter((game) => game.stage !== 'Group');
    expect(knockout.map((game) => [game.homeTeam, game.awayTeam]).slice(0, 2)).toEqual([
      ['2A', '2B'],
      expect.any(Array),
    ]);
    expect(knockout.every((game) => /^[123WL]/.test(game.homeTeam) && /^[123WL]/.test(game.awayTeam))).toBe(true);
    const final = games.find((game) => game.stage === 'Final')!;
    expect([final.homeTeam, final.awayTeam]).toEqual(['W101', 'W102']);
    // The group games' teams were drawn long before.
    expect(games.find((game) => game.number === 1)).toMatchObject({ homeTeam: 'mx', awayTeam: 'za' });
  });

  it('during the opening game: Live with the goals so far, the rest still Scheduled', async () => {
    const games = await gamesAt('2026-06-11T19:30:00Z');
    const opening = games.find((game) => game.number === 1)!;
    const goals = wc2026.games[0]!.goals!.filter((goal) => goal.minute <= 30);
    expect(opening).toMatchObject({ status: 'Live', homeGoals: goals.filter((g) => g.side === 'home').length, awayGoals: goals.filter((g) => g.side === 'away').length });
    expect(games.filter((game) => game.status !== 'Scheduled')).toHaveLength(1);
  });

  it('after the group stage: group games Finished with their results, the Last32 pairings known, later rounds not', async () => {
    const games = await gamesAt('2026-06-28T12:00:00Z');
    expect(games.filter((game) => game.stage === 'Group').every((game) => game.status === 'Finished')).toBe(true);
    const last32 = games.filter((game) => game.stage === 'Last32');
    const filed = wc2026.games.filter((game) => game.stage === 'Last32');
    expect(last32.map((game) => [game.homeTeam, game.awayTeam])).toEqual(filed.map((game) => [game.homeTeam, game.awayTeam]));
    expect(last32.every((game) => game.status === 'Scheduled' && game.homeGoals === null)).toBe(true);
    expect(games.filter((game) => game.stage === 'Last16').every((game) => game.homeTeam.startsWith('W') && game.awayTeam.startsWith('W'))).toBe(true);
  });

  it('after the semi-finals: the final and the small final have their teams', async () => {
    const games = await gamesAt('2026-07-16T12:00:00Z');
    expect(games.find((game) => game.stage === 'Final')).toMatchObject({ homeTeam: 'es', awayTeam: 'ar', status: 'Scheduled', homeGoals: null });
    expect(games.find((game) => game.stage === 'SmallFinal')).toMatchObject({ homeTeam: 'fr', awayTeam: 'gb-eng' });
  });

  it('after the tournament: every game as the file has it', async () => {
    const games = await gamesAt('2026-11-25T00:00:00Z');
    expect(games.every((game) => game.status === 'Finished')).toBe(true);
    expect(games.find((game) => game.stage === 'Final')).toMatchObject({ homeTeam: 'es', awayTeam: 'ar', homeGoals: 1, awayGoals: 0 });
  });

  it('takes knockout teams as filed when the file has no result that decided them', async () => {
    const unplayed: Fixture = { ...wc2026, games: wc2026.games.map(({ result, goals, ...game }) => ({ ...game, result: null })) };
    await importFixture(database.db, unplayed, at('2026-06-10T12:00:00Z'));
    const games = await listGames(database.db, 2026);
    expect(games.find((game) => game.stage === 'Final')).toMatchObject({ homeTeam: 'es', awayTeam: 'ar', status: 'Scheduled' });
  });

  it('derives placeholders from the results for a file without them', async () => {
    const bare: Fixture = { ...wc2026, games: wc2026.games.map(({ homePlaceholder, awayPlaceholder, ...game }) => game) };
    await importFixture(database.db, bare, at('2026-07-13T00:00:00Z'));
    const games = await listGames(database.db, 2026);
    const final = games.find((game) => game.stage === 'Final')!;
    const semis = games.filter((game) => game.stage === 'SemiFinal').map((game) => (game as { number: number }).number);
    expect([final.homeTeam, final.awayTeam].sort()).toEqual(semis.map((number) => `W${number}`).sort());
    expect(games.find((game) => game.stage === 'SmallFinal')!.homeTeam).toMatch(/^L\d+$/);
  });

  // A fresh player read "Winner match 39 – Winner match 37" over Spain – Germany: the file's
  // placeholders count matches as the organiser does, and our game 39 is England – Slovakia.
  it('names a winner placeholder by the number of our game whose winner plays there', async () => {
    const euro2024: Fixture = fixtureSchema.parse(JSON.parse(readFileSync(join(fixturesDir, '2024.json'), 'utf8')));
    await importFixture(database.db, euro2024, at('2024-06-29T12:00:00Z'));
    const games = await listGames(database.db, 2024);
    const numbered = (number: number) => euro2024.games.find((game) => game.number === number)!;
    for (const quarterFinal of games.filter((game) => game.stage === 'QuarterFinal')) {
      const filed = numbered((quarterFinal as { number: number }).number);
      for (const [placeholder, team] of [[quarterFinal.homeTeam, filed.homeTeam], [quarterFinal.awayTeam, filed.awayTeam]] as const) {
        const feeding = numbered(Number(/^W(\d+)$/.exec(placeholder)![1]));
        expect([feeding.homeTeam, feeding.awayTeam], `${placeholder} in game ${filed.number}`).toContain(team);
      }
    }
  });

  it('the replay fills in a knockout game\'s teams when the games before it have decided them', () => {
    const steps = stepsOfFixture(wc2026);
    const final = wc2026.games.find((game) => game.stage === 'Final')!;
    const teamStep = steps.find((step) => step.number === final.number && step.change.homeTeam !== undefined)!;
    expect(teamStep.change).toEqual({ homeTeam: 'es', awayTeam: 'ar' });
    const lastSemiEnd = Math.max(...steps.filter((step) => wc2026.games[step.number - 1]!.stage === 'SemiFinal' && step.change.status === 'Finished').map((step) => step.at));
    expect(teamStep.at).toBe(lastSemiEnd);
  });
});

describe.each(DATABASES)('placeholder teams on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
  });
  afterAll(async () => server?.close());

  it('refuses a prediction until the operator fills in both teams', async () => {
    const added = (await server.admin('POST', '/api/admin/games', { stage: 'Final', date: '2024-07-20T19:00:00Z', homeTeam: 'W4', awayTeam: 'W5' })).json() as { id: number };
    const ann: Browser = await signUp(server, 'ann@example.com');
    const refused = await ann.request('POST', `/api/prediction/${added.id}`, { homeGoals: 1, awayGoals: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'teamsNotKnown', field: 'gameId' });
    await server.admin('POST', `/api/admin/games/${added.id}`, { homeTeam: 'de' });
    expect((await ann.request('POST', `/api/prediction/${added.id}`, { homeGoals: 1, awayGoals: 0 })).statusCode).toBe(400);
    await server.admin('POST', `/api/admin/games/${added.id}`, { awayTeam: 'es' });
    expect((await ann.request('POST', `/api/prediction/${added.id}`, { homeGoals: 1, awayGoals: 0 })).statusCode).toBe(200);
  });

  it('imports a fixture through the admin API as it stood at the server clock', async () => {
    const fixture = { ...wc2026, year: 2026 };
    server.clock.set(at('2026-06-10T12:00:00Z'), 0);
    expect((await server.admin('POST', '/api/admin/fixtures', fixture)).statusCode).toBe(200);
    const games = (await server.admin('GET', '/api/admin/games?year=2026')).json() as { status: string; homeTeam: string; stage: string }[];
    expect(games.every((game) => game.status === 'Scheduled')).toBe(true);
    expect(games.find((game) => game.stage === 'Final')!.homeTeam).toBe('W101');
  });
});

describe.each(DATABASES)('group letters on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
  });
  afterAll(async () => server?.close());

  it('a group-stage game carries its group from the fixture to the player, a knockout game none', async () => {
    expect((await server.admin('POST', '/api/admin/fixtures', wc2026)).statusCode).toBe(200);
    const ann: Browser = await signUp(server, 'ann@example.com');
    const games = gamesSchema.parse(await ann.json('GET', '/api/games')).filter((game) => yearOf(game) === 2026);
    const letterOf = (home: string, away: string) => games.find((game) => game.homeTeam === home && game.awayTeam === away)?.groupLetter;
    expect(letterOf('mx', 'za')).toBe('A');
    const filed = wc2026.games.filter((game) => game.stage === 'Group');
    expect(new Set(games.filter((game) => game.stage === 'Group').map((game) => game.groupLetter))).toEqual(new Set(filed.map((game) => game.group)));
    expect(games.filter((game) => game.stage !== 'Group').every((game) => game.groupLetter === undefined)).toBe(true);
  });

  it('the operator adds a group game with its group; a letter that is no group is refused', async () => {
    const added = (await server.admin('POST', '/api/admin/games', { stage: 'Group', groupLetter: 'B', date: '2026-06-30T19:00:00Z', homeTeam: 'de', awayTeam: 'es' })).json() as { id: number; groupLetter?: string };
    expect(added.groupLetter).toBe('B');
    const refused = await server.admin('POST', '/api/admin/games', { stage: 'Group', groupLetter: 'Group B', date: '2026-06-30T19:00:00Z', homeTeam: 'de', awayTeam: 'es' });
    expect(refused.statusCode).toBe(400);
  });
});

describe('the next tournament: the Women\'s World Cup 2027', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { push: false });
  });
  afterAll(async () => server?.close());

  /** The 2027 format: eight groups of four (48 games), then Last16, QuarterFinal, SemiFinal, SmallFinal, Final with placeholders. */
  function fixture2027(): Fixture {
    const groups = 'ABCDEFGH'.split('');
    const teams = groups.flatMap((group) => [1, 2, 3, 4].map((slot) => ({ id: `t${group.toLowerCase()}${slot}`, name: `Team ${group}${slot}` })));
    const games: Fixture['games'] = [];
    const day = (offset: number, hour = 18) => new Date(Date.UTC(2027, 5, 24 + offset, hour)).toISOString().replace('.000', '');
    groups.forEach((group, index) => {
      const pairs = [[1, 2], [3, 4], [1, 3], [2, 4], [4, 1], [2, 3]];
      pairs.forEach(([home, away], round) => games.push({ number: 0, stage: 'Group', group, date: day(Math.floor(round / 2) * 4 + (index % 4), 12 + Math.floor(index / 4) * 3 + (round % 2) * 3), homeTeam: `t${group.toLowerCase()}${home}`, awayTeam: `t${group.toLowerCase()}${away}`, result: null }));
    });
    const knockout: [Fixture['games'][number]['stage'], string, string, number][] = [
      ...[0, 2, 4, 6].flatMap((i): [Fixture['games'][number]['stage'], string, string, number][] => [
        ['Last16', `1${groups[i]}`, `2${groups[i + 1]}`, 14 + i / 2],
        ['Last16', `1${groups[i + 1]}`, `2${groups[i]}`, 14 + i / 2],
      ]),
      ...[1, 2, 3, 4].map((i): [Fixture['games'][number]['stage'], string, string, number] => ['QuarterFinal', `W${48 + 2 * i - 1}`, `W${48 + 2 * i}`, 19 + i]),
      ['SemiFinal', 'W57', 'W58', 25],
      ['SemiFinal', 'W59', 'W60', 26],
      ['SmallFinal', 'L61', 'L62', 30],
      ['Final', 'W61', 'W62', 31],
    ];
    for (const [stage, homeTeam, awayTeam, offset] of knockout) games.push({ number: 0, stage, group: null, date: day(offset), homeTeam, awayTeam, result: null });
    return { year: 2027, teams, games: games.map((game, index) => ({ ...game, number: index + 1 })) };
  }

  it('is the current year from 1 January 2027, with the schedule not released until the fixture file is imported', async () => {
    server.clock.set(Date.parse('2027-01-01T00:00:00Z'), 0);
    const before = (await server.app.inject({ url: '/api/version' })).json();
    expect(before).toMatchObject({ year: 2027, isWomenCompetition: true, isWorldCup: true, scheduleReleased: false });

    const fixture = fixture2027();
    expect(fixture.games).toHaveLength(48 + 8 + 4 + 2 + 1 + 1);
    expect((await server.admin('POST', '/api/admin/fixtures', fixture)).json()).toEqual({ year: 2027, games: 64 });
    expect((await server.app.inject({ url: '/api/version' })).json()).toMatchObject({ year: 2027, scheduleReleased: true });
    const games = (await server.admin('GET', '/api/admin/games?year=2027')).json() as { id: number; stage: string; homeTeam: string; awayTeam: string }[];
    expect(games.filter((game) => game.stage === 'Final')).toEqual([expect.objectContaining({ homeTeam: 'W61', awayTeam: 'W62' })]);
    // Predictions wait for the teams.
    const ann = await signUp(server, 'ann2027@example.com');
    const finalId = games.find((game) => game.stage === 'Final')!.id;
    expect((await ann.request('POST', `/api/prediction/${finalId}`, { homeGoals: 1, awayGoals: 0 })).json()).toEqual({ error: 'teamsNotKnown', field: 'gameId' });
  });
});
