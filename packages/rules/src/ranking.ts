import { sortGames } from './competition.js';
import { accuracyOf } from './accuracy.js';
import { championOf, resultOf, type PlayerPicks } from './scoring.js';
import { pointsFor, stagePoints, type PointConfiguration } from './points.js';
import type { Accuracy, Game, Prediction } from './types.js';

/**
 * What ranking needs of a player.
 * @example
 * const player: RankablePlayer = { login: 'ann', name: 'Ann', points: 12 };
 * rankPlayers([player])[0]!.rank // => 1
 */
export type RankablePlayer = { login: string; name: string; points: number };

/**
 * The order of a tie: by name, names with numbers as people read them ('Spieler 3' before
 * 'Spieler 10'), in one fixed locale so the server and every browser list a tie alike; then by
 * login. Made per ranking, not kept by the module: the package holds no state between calls.
 */
function byNameOrder(): (a: RankablePlayer, b: RankablePlayer) => number {
  const names = new Intl.Collator('en', { numeric: true });
  return (a, b) => names.compare(a.name, b.name) || (a.login < b.login ? -1 : a.login > b.login ? 1 : 0);
}

function addTo<K, V>(map: Map<K, V[]>, key: K, ...values: V[]): void {
  const list = map.get(key);
  if (list) list.push(...values);
  else map.set(key, values);
}

/**
 * Sorts players by points and gives each a standard competition rank (1, 2, 2, 4); players with
 * equal points share a rank and are listed by name (then login). Returns copies; the input is not changed.
 * @example
 * rankPlayers([{ login: 'a', name: 'Ann', points: 3 }, { login: 'b', name: 'Bob', points: 5 }]).map((p) => [p.name, p.rank]) // => [['Bob', 1], ['Ann', 2]]
 * rankPlayers([{ login: 'c', name: 'Cem', points: 7 }, { login: 'b', name: 'Bea', points: 7 }, { login: 'd', name: 'Dan', points: 1 }]).map((p) => p.rank) // => [1, 1, 3]
 */
export function rankPlayers<T extends RankablePlayer>(players: readonly T[]): (T & { rank: number })[] {
  // Players share few distinct totals: sorting the totals, then each (small) tie by name, costs far
  // fewer string comparisons than one sort over everybody.
  const ties = new Map<number, T[]>();
  for (const player of players) addTo(ties, player.points, player);
  const ranked: (T & { rank: number })[] = [];
  const byName = byNameOrder();
  for (const total of [...ties.keys()].sort((a, b) => b - a)) {
    const rank = ranked.length + 1;
    for (const player of ties.get(total)!.sort(byName)) ranked.push({ ...player, rank });
  }
  return ranked;
}

/**
 * A player of a group as ranking needs them: login, name, predictions and champion pick.
 * @example
 * const player: PlayerOfGroup = { login: 'ann', name: 'Ann', championPick: 'es', predictions: [{ gameId: 1, homeGoals: 2, awayGoals: 0 }] };
 * rankGroup([player], [], defaultPointConfiguration(2024))[0]!.points // => 0
 */
export type PlayerOfGroup = PlayerPicks & { login: string; name: string };

/** The rank of each total (standard competition ranking): one more than the number of greater totals. */
function competitionRanks(totals: readonly number[]): number[] {
  const rankOf = new Map<number, number>();
  Float64Array.from(totals).sort().reverse().forEach((total, index) => rankOf.has(total) || rankOf.set(total, index + 1));
  return totals.map((total) => rankOf.get(total)!);
}

/** How one prediction scored: absent until its game has a result. */
type Scored = { accuracy: Accuracy; points: number };
/**
 * The started games in order with every player's rank after each and before it (none before the
 * first kickoff); the totals; how each prediction scored.
 */
type Steps = { gameIds: number[]; ranks: number[][]; before: (number[] | undefined)[]; totals: number[]; scored: (Scored | undefined)[][] };

/**
 * Plays the started games in order: after each, every player's points so far and rank (champion
 * points count from the Final on). Games that kick off together are one step of the table: ranked
 * one by one, the first of them showed a table that never existed, with arrows to match.
 * Everything is worked out anew at each call.
 */
function playSteps(players: readonly PlayerOfGroup[], games: readonly Game[], config: PointConfiguration): Steps {
  const played = sortGames(games).filter((game) => resultOf(game) !== undefined);
  const champion = championOf(games);
  const finalStep = champion === undefined ? -1 : played.findIndex((game) => game.stage === 'Final' && game.status === 'Finished');
  // Who predicted each game, and where in their list: [player, place, player, place, ...].
  const predictedBy = new Map<number, number[]>();
  players.forEach((player, index) => player.predictions.forEach(({ gameId }, at) => addTo(predictedBy, gameId, index, at)));
  const totals = players.map(() => 0);
  const steps: Steps = { gameIds: [], ranks: [], before: [], totals, scored: players.map((player) => new Array<Scored | undefined>(player.predictions.length)) };
  let previous: number[] | undefined;
  for (let step = 0; step < played.length; step++) {
    const game = played[step]!;
    const result = resultOf(game)!;
    const values = stagePoints(game.stage, config);
    const list = predictedBy.get(game.id) ?? [];
    for (let at = 0; at < list.length; at += 2) {
      const [index, place] = [list[at]!, list[at + 1]!];
      const accuracy = accuracyOf(players[index]!.predictions[place]!, result);
      const points = pointsFor(accuracy, values);
      totals[index]! += points;
      steps.scored[index]![place] = { accuracy, points };
    }
    if (step === finalStep) players.forEach((player, index) => player.championPick === champion && (totals[index]! += config.winnerPoints));
    steps.gameIds.push(game.id);
    const next = played[step + 1];
    if (next && Date.parse(next.date) === Date.parse(game.date)) continue;
    const ranks = competitionRanks(totals);
    while (steps.ranks.length < steps.gameIds.length) {
      steps.ranks.push(ranks);
      steps.before.push(previous);
    }
    previous = ranks;
  }
  return steps;
}

/**
 * A prediction with how it scored and the player's rank after its game and before it (for the
 * arrow); all absent until its game has a result, `previousRank` also for the games of the first kickoff.
 * @example
 * const prediction: RankedPrediction = { gameId: 2, homeGoals: 0, awayGoals: 1, accuracy: 'exact', points: 5, rank: 1, previousRank: 2 };
 * rankTrend({ before: prediction.previousRank, after: prediction.rank! }) // => 'up'
 */
export type RankedPrediction = Prediction & { accuracy?: Accuracy; points?: number; rank?: number; previousRank?: number };

/**
 * A player of a ranked group: points, rank, and every prediction scored once its game has a result
 * (see {@link rankGroup}).
 * @example
 * const [first]: RankedPlayer[] = rankGroup([{ login: 'ann', name: 'Ann', predictions: [] }], [], defaultPointConfiguration(2024));
 * first // => { login: 'ann', name: 'Ann', predictions: [], points: 0, rank: 1 }
 */
export type RankedPlayer<T extends PlayerOfGroup = PlayerOfGroup> = Omit<T, 'predictions'> & {
  predictions: RankedPrediction[];
  points: number;
  rank: number;
};

/**
 * Ranks a group: every player's points over the started games (live ones provisionally, the
 * champion pick once the Final is Finished) and rank, and each prediction of a started game with
 * its accuracy, points, the player's rank after that game and, from the second kickoff on, before it
 * (games kicked off together share both).
 * Players come in ranking order (see {@link rankPlayers}). The inputs are not changed.
 * @example
 * const games: Game[] = [
 *   { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 },
 *   { id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 0, awayGoals: 1 },
 * ];
 * const players: PlayerOfGroup[] = [
 *   { login: 'ann', name: 'Ann', predictions: [{ gameId: 1, homeGoals: 5, awayGoals: 1 }, { gameId: 2, homeGoals: 1, awayGoals: 1 }] },
 *   { login: 'bob', name: 'Bob', predictions: [{ gameId: 1, homeGoals: 2, awayGoals: 0 }, { gameId: 2, homeGoals: 0, awayGoals: 1 }] },
 * ];
 * const ranked = rankGroup(players, games, defaultPointConfiguration(2024));
 * ranked.map((player) => [player.name, player.points, player.rank]) // => [['Bob', 7, 1], ['Ann', 5, 2]]
 * ranked[0]!.predictions[1] // => { gameId: 2, homeGoals: 0, awayGoals: 1, accuracy: 'exact', points: 5, rank: 1, previousRank: 2 }
 */
export function rankGroup<T extends PlayerOfGroup>(players: readonly T[], games: readonly Game[], config: PointConfiguration): RankedPlayer<T>[] {
  const { gameIds, ranks, before, totals, scored } = playSteps(players, games, config);
  const stepOf = new Map(gameIds.map((gameId, step) => [gameId, step]));
  const ranked = players.map((player, index) => ({
    ...player,
    predictions: player.predictions.map(({ gameId, homeGoals, awayGoals }, at): RankedPrediction => {
      const score = scored[index]![at];
      const step = stepOf.get(gameId);
      if (!score || step === undefined) return { gameId, homeGoals, awayGoals };
      return { gameId, homeGoals, awayGoals, ...score, rank: ranks[step]![index]!, ...(before[step] ? { previousRank: before[step][index]! } : {}) };
    }),
    points: totals[index]!,
  }));
  return rankPlayers(ranked);
}

/**
 * The ranks of every player (by login) after one game (see {@link rankHistory}).
 * @example
 * const step: RankStep = { gameId: 2, ranks: { ann: 2, bob: 1 } };
 * step.ranks.bob // => 1
 */
export type RankStep = { gameId: number; ranks: Record<string, number> };

/**
 * The ranks of a group after each started game, in the order the games are played, by login;
 * games kicked off together share the ranks after them all. The rank-change arrow of a game
 * compares its ranks with those before its kickoff.
 * @example
 * const games: Game[] = [
 *   { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 },
 *   { id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 0, awayGoals: 1 },
 * ];
 * const players: PlayerOfGroup[] = [
 *   { login: 'ann', name: 'Ann', predictions: [{ gameId: 1, homeGoals: 5, awayGoals: 1 }, { gameId: 2, homeGoals: 1, awayGoals: 1 }] },
 *   { login: 'bob', name: 'Bob', predictions: [{ gameId: 1, homeGoals: 2, awayGoals: 0 }, { gameId: 2, homeGoals: 0, awayGoals: 1 }] },
 * ];
 * rankHistory(players, games, defaultPointConfiguration(2024)) // => [{ gameId: 1, ranks: { ann: 1, bob: 2 } }, { gameId: 2, ranks: { ann: 2, bob: 1 } }]
 */
export function rankHistory(players: readonly PlayerOfGroup[], games: readonly Game[], config: PointConfiguration): RankStep[] {
  const { gameIds, ranks } = playSteps(players, games, config);
  return gameIds.map((gameId, step) => ({
    gameId,
    ranks: Object.fromEntries(players.map((player, index) => [player.login, ranks[step]![index]!])),
  }));
}

/**
 * The direction of the rank-change arrow: up when the rank got better (smaller).
 * @example
 * rankTrend({ before: 4, after: 2 }) // => 'up'
 * rankTrend({ after: 2 }) // => 'same'
 */
export function rankTrend({ before, after }: { before?: number; after: number }): 'up' | 'down' | 'same' {
  return before === undefined || before === after ? 'same' : after < before ? 'up' : 'down';
}
