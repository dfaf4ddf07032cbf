import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultPointConfiguration, gameOf, rankGroup, rankHistory, rankPlayers, rankTrend, scorePlayer, scoringTableOf, type Game, type RankStep } from './index.js';
import { rankable } from '../test/arbitraries/game.js';

const config = defaultPointConfiguration(2024);
const game = (id: number, stage: Game['stage'], status: Game['status'], homeGoals?: number, awayGoals?: number): Game =>
  gameOf({ id, stage, status, date: new Date(Date.UTC(2024, 5, 14 + id)).toISOString(), homeTeam: 'Spain', awayTeam: 'England', homeGoals, awayGoals })!;

/** The model's rank before and after a game, read off the history step by step. */
function rankChangeIn(history: readonly RankStep[], gameId: number, login: string): { before?: number; after: number } | undefined {
  const index = history.findIndex((step) => step.gameId === gameId);
  const after = history[index]?.ranks[login];
  if (after === undefined) return undefined;
  const before = index > 0 ? history[index - 1]!.ranks[login] : undefined;
  return before === undefined ? { after } : { before, after };
}

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
  it('lists a tie of numbered names as people read them (Spieler 3 before Spieler 10)', () => {
    const ranked = rankPlayers([
      { login: 'x', name: 'Spieler 10', points: 0 },
      { login: 'y', name: 'Spieler 3', points: 0 },
    ]);
    expect(ranked.map((player) => player.name)).toEqual(['Spieler 3', 'Spieler 10']);
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
  it('gives each prediction the rank before and after its game, for the arrow', () => {
    const ranked = rankGroup(players, games, config);
    const at = (login: string, gameId: number) => ranked.find((player) => player.login === login)!.predictions.find((prediction) => prediction.gameId === gameId)!;
    expect(at('cem', 2)).toMatchObject({ previousRank: 2, rank: 1 });
    expect(rankTrend({ before: at('cem', 2).previousRank, after: at('cem', 2).rank! })).toBe('up');
    expect(rankTrend({ before: at('ann', 2).previousRank, after: at('ann', 2).rank! })).toBe('down');
    expect(at('ann', 1).previousRank).toBeUndefined();
    expect(rankTrend({ after: at('ann', 1).rank! })).toBe('same');
  });
  it('ends with the same ranks as ranking the final points', () => {
    const table = scoringTableOf(games, config);
    const ranked = rankPlayers(players.map((player) => ({ ...player, points: scorePlayer(player, table).points })));
    expect(history.at(-1)!.ranks).toEqual(Object.fromEntries(ranked.map((player) => [player.login, player.rank])));
  });
});

describe('games kicked off together', () => {
  // 26 June 2024, 18:00: Slovakia–Romania and Ukraine–Belgium. Ranked one by one, the first game's
  // list showed a table that never existed, and the two lists gave Clara different ranks and arrows.
  const at = (id: number, date: string, homeGoals: number, awayGoals: number): Game => ({ id, stage: 'Group', status: 'Finished', date, homeTeam: 'sk', awayTeam: 'ro', homeGoals, awayGoals });
  const games = [at(1, '2024-06-25T16:00:00Z', 1, 0), at(2, '2024-06-26T16:00:00Z', 1, 1), at(3, '2024-06-26T16:00:00Z', 2, 0)];
  const players = [
    { login: 'ann', name: 'Ann', predictions: [{ gameId: 1, homeGoals: 1, awayGoals: 0 }] },
    { login: 'clara', name: 'Clara', predictions: [{ gameId: 2, homeGoals: 2, awayGoals: 2 }, { gameId: 3, homeGoals: 2, awayGoals: 0 }] },
    { login: 'david', name: 'David', predictions: [{ gameId: 2, homeGoals: 1, awayGoals: 1 }, { gameId: 3, homeGoals: 0, awayGoals: 1 }] },
  ];

  it('share one step of the table: the ranks after them all, the arrow from the ranks before their kickoff', () => {
    const history = rankHistory(players, games, config);
    expect(history.map((step) => step.ranks)).toEqual([
      { ann: 1, clara: 2, david: 2 },
      { ann: 2, clara: 1, david: 2 },
      { ann: 2, clara: 1, david: 2 },
    ]);
    const clara = rankGroup(players, games, config).find((player) => player.login === 'clara')!;
    expect(clara.predictions.map(({ rank, previousRank }) => ({ rank, previousRank }))).toEqual([
      { rank: 1, previousRank: 2 },
      { rank: 1, previousRank: 2 },
    ]);
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
    // A knockout game always has a winner (extra time and the shoot-out are folded in).
    .map(([games, final]) => (final ? [...games, final] : games).map(([stage, home, away]) => [stage, stage !== 'Group' && home === away ? home + 1 : home, away] as const));
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

  type Played = readonly (readonly [Game['stage'], number, number])[];
  type Picks = { login: string; name: string; championPick: string | null; goals: ([number, number] | null)[] }[];

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

  const tournaments = playedGames.chain((played) => fc.tuple(fc.constant(played), groupOf(played.length), fc.nat(played.length), fc.boolean()));

  it('ranks a group as ranking each step does: points, ranks and each prediction scored, with the rank after its game and before', () => {
    fc.assert(
      fc.property(tournaments, ([played, group, live, shuffled]) => {
        const tournament = tournamentOf(played, group);
        // Games after the live one are not played yet; the order the players come in does not matter.
        const games = tournament.games.map((each, at) => (at < live ? each : gameOf({ ...each, status: at === live ? 'Live' : 'Scheduled' })!));
        const players = shuffled ? [...tournament.players].reverse() : tournament.players;
        const frozen = structuredClone(players);
        const ranked = rankGroup(players, games, config);
        expect(players).toEqual(frozen);
        const history = rankHistory(players, games, config);
        const table = scoringTableOf(games, config);
        expect(ranked.map((player) => player.login)).toEqual(rankPlayers(players.map((player) => ({ ...player, points: scorePlayer(player, table).points }))).map((player) => player.login));
        for (const player of ranked) {
          const picks = players.find((each) => each.login === player.login)!;
          const score = scorePlayer(picks, table);
          expect(player.points).toBe(score.points);
          expect(player.rank).toBe(history.at(-1)?.ranks[player.login] ?? 1);
          expect(player.predictions).toEqual(
            score.predictions.map((prediction) => {
              const change = rankChangeIn(history, prediction.gameId, player.login);
              return change ? { ...prediction, rank: change.after, ...(change.before === undefined ? {} : { previousRank: change.before }) } : prediction;
            }),
          );
        }
        // The same inputs give the same outputs, whatever was called before.
        expect(rankGroup(players, games, config)).toEqual(ranked);
      }),
      { numRuns: 200 },
    );
  });

  it('ranks a large group as ranking the points gives', () => {
    const played = [game(1, 'Group', 'Finished', 2, 1), game(2, 'Group', 'Finished', 0, 0)];
    const players = Array.from({ length: 300 }, (_, at) => ({
      login: `p${at}@example.com`,
      name: `P${at}`,
      predictions: [
        { gameId: 1, homeGoals: at % 4, awayGoals: (at >> 2) % 3 },
        { gameId: 2, homeGoals: at % 2, awayGoals: at % 3 },
      ],
    }));
    const table = scoringTableOf(played, config);
    const ranked = rankPlayers(players.map((player) => ({ login: player.login, name: player.name, points: scorePlayer(player, table).points })));
    expect(rankGroup(players, played, config).map((player) => [player.login, player.points, player.rank])).toEqual(ranked.map((player) => [player.login, player.points, player.rank]));
  });
});
