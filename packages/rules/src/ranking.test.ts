import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultPointConfiguration,
  gamePredictionsOf,
  rankChangeAt,
  rankHistory,
  rankTable,
  rankPlayers,
  rankTrend,
  scorePlayer,
  scoringTableOf,
  type Game,
  type RankTable,
} from './index.js';
import { rankable } from '../test/arbitraries/game.js';

const config = defaultPointConfiguration(2024);
const game = (id: number, stage: Game['stage'], status: Game['status'], homeGoals?: number, awayGoals?: number): Game => ({
  id,
  stage,
  status,
  date: new Date(Date.UTC(2024, 5, 14 + id)).toISOString(),
  homeTeam: 'Spain',
  awayTeam: 'England',
  homeGoals,
  awayGoals,
});

describe('rankPlayers', () => {
  it('uses standard competition ranking and lists ties by name', () => {
    const ranked = rankPlayers([
      { login: 'd', name: 'Dora', points: 3 },
      { login: 'b', name: 'Bea', points: 7 },
      { login: 'c', name: 'Cem', points: 7 },
      { login: 'a', name: 'Ali', points: 9 },
    ]);
    expect(ranked.map((player) => [player.name, player.rank])).toEqual([
      ['Ali', 1],
      ['Bea', 2],
      ['Cem', 2],
      ['Dora', 4],
    ]);
  });
  it("a player's rank is 1 + the number of players with more points", () => {
    fc.assert(
      fc.property(rankable, (players) => {
        for (const player of rankPlayers(players)) {
          expect(player.rank).toBe(1 + players.filter((other) => other.points > player.points).length);
        }
      }),
    );
  });
  it('adding points to one player never worsens their rank', () => {
    fc.assert(
      fc.property(rankable, fc.nat(), fc.integer({ min: 1, max: 20 }), (players, pick, extra) => {
        const chosen = players[pick % players.length]!;
        const before = rankPlayers(players).find((player) => player.login === chosen.login)!.rank;
        const raised = players.map((player) => (player === chosen ? { ...player, points: player.points + extra } : player));
        const after = rankPlayers(raised).find((player) => player.login === chosen.login)!.rank;
        expect(after).toBeLessThanOrEqual(before);
      }),
    );
  });
  it('keeps every player once and sorts by points', () => {
    fc.assert(
      fc.property(rankable, (players) => {
        const ranked = rankPlayers(players);
        expect(ranked).toHaveLength(players.length);
        for (let index = 1; index < ranked.length; index++) expect(ranked[index - 1]!.points).toBeGreaterThanOrEqual(ranked[index]!.points);
      }),
    );
  });
});

describe('scorePlayer', () => {
  const games = [game(1, 'Group', 'Finished', 2, 1), game(2, 'Group', 'Live', 0, 0), game(3, 'Final', 'Scheduled')];
  it('scores finished games and live games provisionally, and leaves scheduled ones unscored', () => {
    const score = scorePlayer(
      {
        predictions: [
          { gameId: 1, homeGoals: 2, awayGoals: 1 },
          { gameId: 2, homeGoals: 1, awayGoals: 1 },
          { gameId: 3, homeGoals: 1, awayGoals: 0 },
        ],
      },
      scoringTableOf(games, config),
    );
    expect(score.points).toBe(5 + 2);
    expect(score.predictions.map((prediction) => prediction.accuracy)).toEqual(['exact', 'trend', undefined]);
  });
  it('gives champion points once the Final is Finished, to a pick of its winner', () => {
    const finalPlayed = [...games.slice(0, 2), game(3, 'Final', 'Finished', 1, 2)];
    const table = scoringTableOf(finalPlayed, config);
    expect(scorePlayer({ predictions: [], championPick: 'England' }, table).championPoints).toBe(40);
    expect(scorePlayer({ predictions: [], championPick: 'Spain' }, table).championPoints).toBe(0);
    const live = scoringTableOf([game(3, 'Final', 'Live', 1, 2)], config);
    expect(scorePlayer({ predictions: [], championPick: 'England' }, live).points).toBe(0);
  });
});

describe('rank history', () => {
  const games = [game(1, 'Group', 'Finished', 1, 0), game(2, 'Group', 'Finished', 0, 2), game(3, 'Group', 'Scheduled')];
  const players = [
    { login: 'ann', name: 'Ann', predictions: [{ gameId: 1, homeGoals: 1, awayGoals: 0 }, { gameId: 2, homeGoals: 2, awayGoals: 0 }] },
    { login: 'bob', name: 'Bob', predictions: [{ gameId: 1, homeGoals: 0, awayGoals: 1 }, { gameId: 2, homeGoals: 0, awayGoals: 3 }] },
    { login: 'cem', name: 'Cem', predictions: [{ gameId: 1, homeGoals: 2, awayGoals: 0 }, { gameId: 2, homeGoals: 0, awayGoals: 2 }] },
  ];
  const history = rankHistory(players, games, config);
  it('has one step per started game with the ranks after it', () => {
    expect(history).toEqual([
      { gameId: 1, ranks: { ann: 1, cem: 2, bob: 3 } },
      { gameId: 2, ranks: { cem: 1, ann: 2, bob: 3 } },
    ]);
  });
  it('gives the rank before and after a game for the arrow', () => {
    expect(rankChangeAt(history, 2, 'cem')).toEqual({ before: 2, after: 1 });
    expect(rankTrend(rankChangeAt(history, 2, 'cem')!)).toBe('up');
    expect(rankTrend(rankChangeAt(history, 2, 'ann')!)).toBe('down');
    expect(rankTrend(rankChangeAt(history, 1, 'ann')!)).toBe('same');
    expect(rankChangeAt(history, 3, 'ann')).toBeUndefined();
  });
  it('ends with the same ranks as ranking the final points', () => {
    const table = scoringTableOf(games, config);
    const ranked = rankPlayers(players.map((player) => ({ ...player, points: scorePlayer(player, table).points })));
    expect(history.at(-1)!.ranks).toEqual(Object.fromEntries(ranked.map((player) => [player.login, player.rank])));
  });
});

describe('rankHistory against rankPlayers', () => {
  const score = fc.integer({ min: 0, max: 3 });
  // Group and knockout games, sometimes closed by a final (a tournament has one, decided, last).
  const playedGames = fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom<Game['stage']>('Group', 'Last16'), score, score), { minLength: 1, maxLength: 7 }),
      fc.option(fc.tuple(fc.constant<Game['stage']>('Final'), fc.constantFrom(1, 2, 3), fc.constant(0))),
    )
    .map(([games, final]) => (final ? [...games, final] : games));
  const groupOf = (gameCount: number) =>
    fc.uniqueArray(
      fc.record({
        login: fc.uuid(),
        name: fc.constantFrom('Ann', 'Bob', 'Cem'),
        championPick: fc.constantFrom('Spain', 'England', null),
        goals: fc.array(fc.option(fc.tuple(score, score)), { minLength: gameCount, maxLength: gameCount }),
      }),
      { selector: (player) => player.login, minLength: 1, maxLength: 25 },
    );

  type Played = [Game['stage'], number, number][];
  type Picks = { login: string; name: string; championPick: string | null; goals: ([number, number] | null)[] }[];
  /** Every step of a table: its game, and each player's rank and points after it. */
  /** Every step's game, ranks and totals, each read both one by one and a row at a time (which must agree). */
  const stepsOf = (table: RankTable) =>
    Array.from({ length: table.stepCount }, (_, step) => {
      const ranks = Array.from({ length: table.players }, (_, index) => table.rankAt(step, index));
      const totals = Array.from({ length: table.players }, (_, index) => table.totalAt(step, index));
      const { ranks: rowRanks, totals: rowTotals, offset } = table.rowOf(step);
      expect(ranks.map((_, index) => [rowRanks[offset + index], rowTotals[offset + index]])).toEqual(ranks.map((rank, index) => [rank, totals[index]]));
      return [table.gameIdAt(step), ranks, totals];
    });

  /** The finished games and the players with their predictions, from what the arbitraries drew. */
  const tournamentOf = (played: Played, group: Picks) => ({
    games: played.map(([stage, homeGoals, awayGoals], index) => game(index + 1, stage, 'Finished', homeGoals, awayGoals)),
    players: group.map(({ login, name, championPick, goals }) => ({
      login,
      name,
      championPick,
      predictions: goals.flatMap((goal, index) => (goal ? [{ gameId: index + 1, homeGoals: goal[0], awayGoals: goal[1] }] : [])),
    })),
  });

  it('gives after every game the ranks that ranking the points so far gives', () => {
    fc.assert(
      fc.property(
        playedGames.chain((played) => fc.tuple(fc.constant(played), groupOf(played.length))),
        ([played, group]) => {
          const { games, players } = tournamentOf(played, group);
          const history = rankHistory(players, games, config);
          expect(history.map((step) => step.gameId)).toEqual(games.map((each) => each.id));
          history.forEach((step, index) => {
            // The reference: the games after this one not played yet, then ranked by the points.
            const sofar = games.map((each, at) => (at <= index ? each : { ...each, status: 'Scheduled' as const, homeGoals: undefined, awayGoals: undefined }));
            const table = scoringTableOf(sofar, config);
            const ranked = rankPlayers(players.map((player) => ({ login: player.login, name: player.name, points: scorePlayer(player, table).points })));
            expect(step.ranks).toEqual(Object.fromEntries(ranked.map((player) => [player.login, player.rank])));
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lays every player\'s predictions side by side, a column per game, -1 for none', () => {
    const players = [
      { login: 'a', name: 'Ann', predictions: [{ gameId: 1, homeGoals: 0, awayGoals: 0 }, { gameId: 7, homeGoals: 3, awayGoals: 1 }] },
      { login: 'b', name: 'Bob', predictions: [{ gameId: 1, homeGoals: 2, awayGoals: 2 }] },
    ];
    const predicted = gamePredictionsOf(players);
    const [first, seventh] = [predicted.column(1), predicted.column(7)];
    expect([predicted.at(seventh, 0), predicted.at(seventh, 1)]).toEqual([1, -1]);
    expect([predicted.homeGoals(seventh, 0), predicted.awayGoals(seventh, 0)]).toEqual([3, 1]);
    expect([predicted.at(first, 1), predicted.homeGoals(first, 1), predicted.awayGoals(first, 1)]).toEqual([0, 2, 2]);
    expect(predicted.column(2)).toBe(-1);
    expect(gamePredictionsOf(players)).toBe(predicted);
  });

  it('ranks a large group (sorted, not counted) as ranking the points gives', () => {
    const played = [game(1, 'Group', 'Finished', 2, 1), game(2, 'Group', 'Finished', 0, 0)];
    const players = Array.from({ length: 90 }, (_, at) => ({
      login: `p${at}@example.com`,
      name: `P${at}`,
      predictions: [
        { gameId: 1, homeGoals: at % 4, awayGoals: (at >> 2) % 3 },
        { gameId: 2, homeGoals: at % 2, awayGoals: at % 3 },
      ],
    }));
    const table = rankTable(players, played, scoringTableOf(played, config));
    const ranked = rankPlayers(players.map((player) => ({ login: player.login, name: player.name, points: scorePlayer(player, scoringTableOf(played, config)).points })));
    const rankOf = new Map(ranked.map((player) => [player.login, player.rank]));
    expect(players.map((_, index) => table.rank(index))).toEqual(players.map((player) => rankOf.get(player.login)));
  });

  it('ranks as if from scratch after any run of changes, each ranked on the table before', () => {
    fc.assert(
      fc.property(
        playedGames.chain((played) => fc.tuple(fc.constant(played), groupOf(played.length), fc.array(fc.tuple(fc.nat(played.length - 1), score, score), { minLength: 1, maxLength: 12 }))),
        ([played, group, changes]) => {
          let { games, players } = tournamentOf(played, group);
          let table = rankTable(players, games, scoringTableOf(games, config));
          for (const [changedAt, homeGoals, awayGoals] of changes) {
            games = games.map((each, index) => (index === changedAt ? { ...each, homeGoals, awayGoals } : each));
            table = rankTable(players, games, scoringTableOf(games, config), table);
            expect(stepsOf(table)).toEqual(stepsOf(rankTable(players, games, scoringTableOf(games, config))));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('ranks a group too big to share row space as a small one, through many changes', () => {
    const ids = Array.from({ length: 20 }, (_, at) => at + 1);
    let games = ids.map((id) => game(id, 'Group', 'Finished', id % 3, id % 2));
    const players = Array.from({ length: 300 }, (_, at) => ({
      login: `p${at}@example.com`,
      name: `P${at}`,
      predictions: ids.map((gameId) => ({ gameId, homeGoals: (at + gameId) % 4, awayGoals: (at * gameId) % 3 })),
    }));
    const small = players.slice(0, 7);
    let [big, little] = [rankTable(players, games, scoringTableOf(games, config)), rankTable(small, games, scoringTableOf(games, config))];
    // Each change later than the one before adds a run to the tables, until they are copied into one.
    for (let change = 0; change < 9; change++) {
      const changedAt = Math.min(11 + change, 19);
      games = games.map((each, index) => (index === changedAt ? { ...each, homeGoals: change % 4, awayGoals: (change + 1) % 3 } : each));
      const table = scoringTableOf(games, config);
      [big, little] = [rankTable(players, games, table, big), rankTable(small, games, table, little)];
      expect(stepsOf(big)).toEqual(stepsOf(rankTable(players, games, table)));
      expect(stepsOf(little)).toEqual(stepsOf(rankTable(small, games, table)));
    }
  });

  it('takes over the steps before a changed game and ranks the rest as if from scratch', () => {
    fc.assert(
      fc.property(
        playedGames.chain((played) => fc.tuple(fc.constant(played), groupOf(played.length), fc.nat(played.length - 1), score, score, fc.boolean())),
        ([played, group, changedAt, homeGoals, awayGoals, backToScheduled]) => {
          const { games, players } = tournamentOf(played, group);
          const before = rankTable(players, games, scoringTableOf(games, config));
          const changed = games.map((each, index) =>
            index !== changedAt ? each : backToScheduled ? { ...each, status: 'Scheduled' as const, homeGoals: undefined, awayGoals: undefined } : { ...each, homeGoals, awayGoals },
          );
          const after = rankTable(players, changed, scoringTableOf(changed, config), before);
          const fresh = rankTable(players, changed, scoringTableOf(changed, config));
          expect(stepsOf(after)).toEqual(stepsOf(fresh));
          // The last totals are the players' points.
          const table = scoringTableOf(changed, config);
          expect(players.map((_, index) => fresh.points(index))).toEqual(players.map((player) => scorePlayer(player, table).points));
          // What came before the change is the very same rows.
          expect(after.sharedSteps(before)).toBeGreaterThanOrEqual(Math.min(changedAt, after.stepCount));
          expect(after.sharedSteps(before)).toBe(after.firstNewStep);
        },
      ),
      { numRuns: 200 },
    );
  });
});
