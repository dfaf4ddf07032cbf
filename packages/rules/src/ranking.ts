import { sortGames } from './competition.js';
import { accuracyOf } from './accuracy.js';
import { championOf, resultOf, type PlayerPicks } from './scoring.js';
import { pointsOf, pointsOfStage, type PointConfiguration } from './points.js';
import type { Accuracy, Game, Prediction } from './types.js';

/** What ranking needs of a player. */
export type RankablePlayer = { login: string; name: string; points: number };

// Names with numbers sort as people read them ('Spieler 3' before 'Spieler 10'); one fixed locale,
// so the server and every browser list a tie alike.
const NAME_ORDER = new Intl.Collator('en', { numeric: true });

function byName(a: RankablePlayer, b: RankablePlayer): number {
  return NAME_ORDER.compare(a.name, b.name) || (a.login < b.login ? -1 : a.login > b.login ? 1 : 0);
}

/**
 * Sorts players by points and gives each a standard competition rank (1, 2, 2, 4); players with
 * equal points share a rank and are listed by name (then login). Returns copies; the input is not changed.
 * @example rankPlayers([{ login: 'a', name: 'Ann', points: 3 }, { login: 'b', name: 'Bob', points: 5 }]).map((p) => p.rank) // [1, 2]
 */
export function rankPlayers<T extends RankablePlayer>(players: readonly T[]): (T & { rank: number })[] {
  // Players share few distinct totals: sorting the totals, then each (small) tie by name, costs far
  // fewer string comparisons than one sort over everybody.
  const ties = new Map<number, T[]>();
  for (const player of players) {
    const tie = ties.get(player.points);
    if (tie) tie.push(player);
    else ties.set(player.points, [player]);
  }
  const ranked: (T & { rank: number })[] = [];
  for (const total of [...ties.keys()].sort((a, b) => b - a)) {
    const rank = ranked.length + 1;
    for (const player of ties.get(total)!.sort(byName)) ranked.push({ ...player, rank });
  }
  return ranked;
}

/** A player of a group as rank history needs it. */
export type PlayerOfGroup = PlayerPicks & { login: string; name: string };

/** The rank of each total (standard competition ranking): one more than the number of greater totals. */
function competitionRanks(totals: readonly number[]): number[] {
  const sorted = Float64Array.from(totals).sort();
  // In ascending order: the number of totals greater than one is the length less those at most it.
  return totals.map((total) => {
    let [low, high] = [0, sorted.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]! <= total) low = middle + 1;
      else high = middle;
    }
    return 1 + sorted.length - low;
  });
}

/** How one prediction scored: absent until its game has a result. */
type Scored = { accuracy: Accuracy; points: number };

/**
 * Each started game in the order played, with every player's rank after it; every player's total;
 * how each prediction scored (by player, in the order of their predictions).
 */
type Steps = { gameIds: number[]; ranks: number[][]; totals: number[]; scored: (Scored | undefined)[][] };

/**
 * Plays the started games in order: after each, every player's points so far and rank (champion
 * points count from the Final on). Everything is worked out anew at each call.
 */
function playSteps(players: readonly PlayerOfGroup[], games: readonly Game[], config: PointConfiguration): Steps {
  const played = sortGames(games).filter((game) => resultOf(game) !== undefined);
  const champion = championOf(games);
  const finalStep = champion === undefined ? -1 : played.findIndex((game) => game.stage === 'Final' && game.status === 'Finished');
  // Who predicted each game, and where in their list: [player, place, player, place, ...].
  const predictedBy = new Map<number, number[]>();
  players.forEach((player, index) =>
    player.predictions.forEach(({ gameId }, at) => {
      const list = predictedBy.get(gameId);
      if (list) list.push(index, at);
      else predictedBy.set(gameId, [index, at]);
    }),
  );
  const totals = players.map(() => 0);
  const steps: Steps = { gameIds: [], ranks: [], totals, scored: players.map((player) => new Array<Scored | undefined>(player.predictions.length)) };
  for (let step = 0; step < played.length; step++) {
    const game = played[step]!;
    const result = resultOf(game)!;
    const values = pointsOfStage(config, game.stage);
    const list = predictedBy.get(game.id) ?? [];
    for (let at = 0; at < list.length; at += 2) {
      const [index, place] = [list[at]!, list[at + 1]!];
      const accuracy = accuracyOf(players[index]!.predictions[place]!, result);
      const points = pointsOf(accuracy, values);
      totals[index]! += points;
      steps.scored[index]![place] = { accuracy, points };
    }
    if (step === finalStep) players.forEach((player, index) => player.championPick === champion && (totals[index]! += config.winnerPoints));
    steps.gameIds.push(game.id);
    steps.ranks.push(competitionRanks(totals));
  }
  return steps;
}

/** A prediction with how it scored and the player's rank after its game and before it (for the arrow). */
export type RankedPrediction = Prediction & { accuracy?: Accuracy; points?: number; rank?: number; previousRank?: number };

/** A player of a ranked group: points, rank, and every prediction scored once its game has a result. */
export type RankedPlayer<T extends PlayerOfGroup = PlayerOfGroup> = Omit<T, 'predictions'> & {
  predictions: RankedPrediction[];
  points: number;
  rank: number;
};

/**
 * Ranks a group: every player's points over the started games (live ones provisionally, the
 * champion pick once the Final is Finished) and rank, and each prediction of a started game with
 * its accuracy, points, the player's rank after that game and, from the second game on, before it.
 * Players come in ranking order (see {@link rankPlayers}). The inputs are not changed.
 * @example rankGroup(players, games, defaultPointConfiguration(2024))[0] // { login: 'ann@example.com', points: 5, rank: 1, predictions: [{ gameId: 1, homeGoals: 1, awayGoals: 0, accuracy: 'exact', points: 5, rank: 1 }], ... }
 */
export function rankGroup<T extends PlayerOfGroup>(players: readonly T[], games: readonly Game[], config: PointConfiguration): RankedPlayer<T>[] {
  const { gameIds, ranks, totals, scored } = playSteps(players, games, config);
  const stepOf = new Map(gameIds.map((gameId, step) => [gameId, step]));
  const ranked = players.map((player, index) => ({
    ...player,
    predictions: player.predictions.map(({ gameId, homeGoals, awayGoals }, at): RankedPrediction => {
      const score = scored[index]![at];
      const step = stepOf.get(gameId);
      if (!score || step === undefined) return { gameId, homeGoals, awayGoals };
      const prediction: RankedPrediction = { gameId, homeGoals, awayGoals, accuracy: score.accuracy, points: score.points, rank: ranks[step]![index]! };
      if (step > 0) prediction.previousRank = ranks[step - 1]![index]!;
      return prediction;
    }),
    points: totals[index]!,
  }));
  return rankPlayers(ranked);
}

/** The ranks of every player (by login) after one game. */
export type RankStep = { gameId: number; ranks: Record<string, number> };

/**
 * The ranks of a group after each started game, in the order the games are played, by login.
 * The rank-change arrow of a game compares its step with the one before.
 * @example rankHistory(players, games, config).at(-1)?.ranks['ann@example.com'] // 1
 */
export function rankHistory(players: readonly PlayerOfGroup[], games: readonly Game[], config: PointConfiguration): RankStep[] {
  const { gameIds, ranks } = playSteps(players, games, config);
  return gameIds.map((gameId, step) => ({
    gameId,
    ranks: Object.fromEntries(players.map((player, index) => [player.login, ranks[step]![index]!])),
  }));
}

/**
 * A player's rank before and after a game, for the rank-change arrow; `before` is absent for the
 * first game.
 * @example rankChangeAt(rankHistory(players, games, config), 2, 'ann@example.com') // { before: 2, after: 1 }
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
