import { sortGames } from './competition.js';
import { daysIn } from './matchdays.js';
import type { PointConfiguration } from './points.js';
import { rankHistory, type PlayerOfGroup } from './ranking.js';
import type { Game } from './types.js';

/**
 * A group's ranks after one Finished game, with the day it was played on.
 * @example
 * const step: FinishedRankStep = { gameId: 1, day: '2024-06-14', ranks: { ann: 1 } };
 * rankLineOf([step], 'ann') // => [1]
 */
export type FinishedRankStep = {
  gameId: number;
  /** `YYYY-MM-DD` (see {@link dayOf}). */
  day: string;
  /** Every player's rank after the game, by login. */
  ranks: Record<string, number>;
};

/**
 * The rank history of a group over its Finished games only (Live games do not count yet): one step
 * per Finished game in the order played, each with its day, from {@link rankHistory}. Its last step
 * is the ranking of the Finished games (today's ranking when nothing is Live).
 * @example
 * const config = defaultPointConfiguration(2024);
 * const games: Game[] = [
 *   { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 },
 *   { id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 0, awayGoals: 2 },
 * ];
 * const players = [
 *   { login: 'ann', name: 'Ann', predictions: [{ gameId: 1, homeGoals: 1, awayGoals: 0 }, { gameId: 2, homeGoals: 0, awayGoals: 2 }] },
 *   { login: 'bob', name: 'Bob', predictions: [{ gameId: 1, homeGoals: 5, awayGoals: 1 }] },
 * ];
 * finishedRankHistory(players, games, config) // => [{ gameId: 1, day: '2024-06-14', ranks: { ann: 2, bob: 1 } }]
 */
export function finishedRankHistory(players: readonly PlayerOfGroup[], games: readonly Game[], config: PointConfiguration, options: { timeZone?: string } = {}): FinishedRankStep[] {
  const finished = games.filter((game) => game.status === 'Finished');
  const day = daysIn(options.timeZone);
  const dateOf = new Map(sortGames(finished).map((game) => [game.id, game.date]));
  return rankHistory(players, finished, config).map(({ gameId, ranks }) => ({ gameId, day: day(dateOf.get(gameId)!), ranks }));
}

/**
 * One player's rank after each step, for a chart line (undefined where the player has no rank,
 * e.g. after joining later).
 * @example
 * rankLineOf([{ gameId: 1, day: '2024-06-14', ranks: { ann: 2, bob: 1 } }, { gameId: 2, day: '2024-06-15', ranks: { ann: 1, bob: 1 } }], 'ann') // => [2, 1]
 */
export function rankLineOf(history: readonly FinishedRankStep[], login: string): (number | undefined)[] {
  return history.map((step) => step.ranks[login]);
}
