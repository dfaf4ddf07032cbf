import type { PointConfiguration } from './points.js';
import { rankPlayers, rankTrend, type PlayerOfGroup } from './ranking.js';
import { scorePlayer, scoringTableOf } from './scoring.js';
import type { Game, Score } from './types.js';

/**
 * A result a player tries on a game, to see what it would do to the table.
 * @example
 * const tried: TriedResult = { gameId: 3, homeGoals: 1, awayGoals: 0 };
 * formatScore(tried) // => '1:0'
 */
export type TriedResult = Score & { gameId: number };

/**
 * One player's row of a what-if table: as it would be, and as it is (see {@link whatIf}).
 * @example
 * const games: Game[] = [{ id: 3, stage: 'Group', status: 'Scheduled', date: '2024-06-15T16:00:00Z', homeTeam: 'es', awayTeam: 'hr' }];
 * const [row]: WhatIfRow[] = whatIf([{ login: 'ann', name: 'Ann', predictions: [{ gameId: 3, homeGoals: 1, awayGoals: 0 }] }], games, defaultPointConfiguration(2024), { gameId: 3, homeGoals: 1, awayGoals: 0 });
 * [row!.points, row!.rank] // => [5, 1]
 */
export type WhatIfRow = {
  login: string;
  name: string;
  /** Points with the tried result. */
  points: number;
  /** Rank with the tried result. */
  rank: number;
  /** Points now. */
  pointsNow: number;
  /** Rank now. */
  rankNow: number;
  /** The arrow from the rank now to the rank with the tried result. */
  trend: 'up' | 'down' | 'same';
};

/**
 * The games as they would be with a tried result: the tried game gets the tried score, and a
 * Scheduled one counts as Live (provisionally, like a running game); the other games are copies as
 * they are. The input is not changed.
 * @example
 * const games: Game[] = [{ id: 3, stage: 'Group', status: 'Scheduled', date: '2024-06-15T16:00:00Z', homeTeam: 'es', awayTeam: 'hr' }];
 * withTriedResult(games, { gameId: 3, homeGoals: 3, awayGoals: 0 })[0] // => { id: 3, stage: 'Group', status: 'Live', date: '2024-06-15T16:00:00Z', homeTeam: 'es', awayTeam: 'hr', homeGoals: 3, awayGoals: 0 }
 * games[0]!.status // => 'Scheduled'
 */
export function withTriedResult(games: readonly Game[], tried: TriedResult): Game[] {
  return games.map((game): Game => {
    if (game.id !== tried.gameId) return { ...game };
    const status = game.status === 'Finished' ? 'Finished' : 'Live';
    return { ...game, status, homeGoals: tried.homeGoals, awayGoals: tried.awayGoals };
  });
}

/**
 * What a tried result would do to a group's table: every player's points and rank with it, next to
 * the points and rank now, and the arrow between the two ranks; rows in the order of the table
 * with the tried result. Nothing is stored or changed: trying the current score of a Live game
 * gives today's table.
 * @example
 * const config = defaultPointConfiguration(2024);
 * const games: Game[] = [{ id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 0, awayGoals: 1 }];
 * const players = [
 *   { login: 'ann', name: 'Ann', predictions: [{ gameId: 2, homeGoals: 0, awayGoals: 1 }] },
 *   { login: 'bob', name: 'Bob', predictions: [{ gameId: 2, homeGoals: 1, awayGoals: 1 }] },
 * ];
 * whatIf(players, games, config, { gameId: 2, homeGoals: 1, awayGoals: 1 }).map((row) => [row.name, row.points, row.rank, row.trend]) // => [['Bob', 5, 1, 'up'], ['Ann', 0, 2, 'down']]
 */
export function whatIf(players: readonly PlayerOfGroup[], games: readonly Game[], config: PointConfiguration, tried: TriedResult): WhatIfRow[] {
  const now = tableOf(players, games, config);
  const nowOf = new Map(now.map((row) => [row.login, row]));
  return tableOf(players, withTriedResult(games, tried), config).map(({ login, name, points, rank }) => {
    const { points: pointsNow, rank: rankNow } = nowOf.get(login)!;
    return { login, name, points, rank, pointsNow, rankNow, trend: rankTrend({ before: rankNow, after: rank }) };
  });
}

function tableOf(players: readonly PlayerOfGroup[], games: readonly Game[], config: PointConfiguration) {
  const table = scoringTableOf(games, config);
  return rankPlayers(players.map(({ login, name, predictions, championPick }) => ({ login, name, points: scorePlayer({ predictions, championPick }, table).points })));
}
