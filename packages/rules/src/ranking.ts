import { sortGames } from './competition.js';
import { accuracyOf } from './accuracy.js';
import { resultOf, championOf, type PlayerPicks } from './scoring.js';
import { pointsOfStage, type PointConfiguration } from './points.js';
import type { Game } from './types.js';

/** What ranking needs of a player. */
export type RankablePlayer = { login: string; name: string; points: number };

function byName(a: RankablePlayer, b: RankablePlayer): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.login < b.login ? -1 : a.login > b.login ? 1 : 0;
}

/**
 * Sorts players by points and gives each a standard competition rank (1, 2, 2, 4); players with
 * equal points share a rank and are listed by name.
 * @example rankPlayers([{ login: 'a', name: 'Ann', points: 3 }, { login: 'b', name: 'Bob', points: 5 }]).map((p) => p.rank) // [1, 2]
 */
export function rankPlayers<T extends RankablePlayer>(players: readonly T[]): (T & { rank: number })[] {
  // Players share few distinct point totals: sorting the totals and then each (small) tie by name
  // costs far fewer string comparisons than one sort over everybody.
  const ties = new Map<number, T[]>();
  for (const player of players) {
    const tie = ties.get(player.points);
    if (tie) tie.push(player);
    else ties.set(player.points, [player]);
  }
  const totals = [...ties.keys()].sort((a, b) => b - a);
  const ranked = new Array<T & { rank: number }>(players.length);
  let index = 0;
  for (const total of totals) {
    const tie = ties.get(total)!;
    if (tie.length > 1) tie.sort(byName);
    const rank = index + 1;
    for (const player of tie) {
      // Copy, then add: spreading a generic object is several times slower in V8.
      const rankedPlayer = Object.assign({}, player) as T & { rank: number };
      rankedPlayer.rank = rank;
      ranked[index++] = rankedPlayer;
    }
  }
  return ranked;
}

/** A player of a group as rank history needs it. */
export type PlayerOfGroup = PlayerPicks & { login: string; name: string };

/** The ranks of every player (by login) after one game. */
export type RankStep = { gameId: number; ranks: Record<string, number> };

/**
 * The ranks of a group after each started game, in the order the games are played. Champion points
 * count from the Final on. The rank-change arrow of a game compares its step with the one before.
 * @example rankHistory(players, games, config).at(-1)?.ranks['ann@example.com'] // 1
 */
export function rankHistory(players: readonly PlayerOfGroup[], games: readonly Game[], config: PointConfiguration): RankStep[] {
  const champion = championOf(games);
  const indexOf = new Map(players.map((player, index) => [player.login, index]));
  const points = new Float64Array(players.length);
  const predictionsByGame = new Map<number, { index: number; homeGoals: number; awayGoals: number }[]>();
  for (const player of players) {
    const index = indexOf.get(player.login)!;
    for (const prediction of player.predictions) {
      const list = predictionsByGame.get(prediction.gameId) ?? [];
      list.push({ index, homeGoals: prediction.homeGoals, awayGoals: prediction.awayGoals });
      predictionsByGame.set(prediction.gameId, list);
    }
  }
  const steps: RankStep[] = [];
  const sorted = new Float64Array(players.length);
  for (const game of sortGames(games)) {
    const result = resultOf(game);
    if (!result) continue;
    const values = pointsOfStage(config, game.stage);
    for (const prediction of predictionsByGame.get(game.id) ?? []) {
      const accuracy = accuracyOf(prediction, result);
      if (accuracy !== 'wrong') points[prediction.index]! += values[accuracy];
    }
    if (game.stage === 'Final' && champion !== undefined) {
      players.forEach((player, index) => {
        if (player.championPick === champion) points[index]! += config.winnerPoints;
      });
    }
    // A competition rank is one more than the number of players with more points: the names that
    // order a tie do not change it, so a numeric sort of the totals is all a step needs.
    sorted.set(points);
    sorted.sort();
    const ranks: Record<string, number> = {};
    players.forEach((player, index) => {
      ranks[player.login] = 1 + players.length - countAtMost(sorted, points[index]!);
    });
    steps.push({ gameId: game.id, ranks });
  }
  return steps;
}

/** How many of the ascending `sorted` totals are at most `total` (a binary search). */
function countAtMost(sorted: Float64Array, total: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= total) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A player's rank before and after a game, for the rank-change arrow; `before` is absent for the
 * first game.
 */
export function rankChangeAt(
  history: readonly RankStep[],
  gameId: number,
  login: string,
): { before?: number; after: number } | undefined {
  const index = history.findIndex((step) => step.gameId === gameId);
  const after = history[index]?.ranks[login];
  if (after === undefined) return undefined;
  const before = index > 0 ? history[index - 1]!.ranks[login] : undefined;
  return before === undefined ? { after } : { before, after };
}

/** The direction of the rank-change arrow. @example rankTrend({ before: 4, after: 2 }) // 'up' */
export function rankTrend(change: { before?: number; after: number }): 'up' | 'down' | 'same' {
  if (change.before === undefined || change.before === change.after) return 'same';
  return change.after < change.before ? 'up' : 'down';
}
