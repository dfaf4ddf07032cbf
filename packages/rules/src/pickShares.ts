import { accuracyOf, outcomeOf } from './accuracy.js';
import { pointsFor, stagePoints, type PointConfiguration } from './points.js';
import { resultOf } from './scoring.js';
import type { Game, Score } from './types.js';

/**
 * The three ways a game can go, as the group's picks are counted.
 * @example
 * PICK_OUTCOMES // => ['home', 'draw', 'away']
 */
export const PICK_OUTCOMES = Object.freeze(['home', 'draw', 'away'] as const);
/**
 * One of {@link PICK_OUTCOMES}.
 * @example
 * const outcome: PickOutcome = outcomeOf({ homeGoals: 1, awayGoals: 1 });
 * outcome // => 'draw'
 */
export type PickOutcome = (typeof PICK_OUTCOMES)[number];

/**
 * How many scores the group picked most often are shown.
 * @example
 * const game: Game = { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 };
 * const predictions = [{ homeGoals: 1, awayGoals: 0 }, { homeGoals: 2, awayGoals: 0 }, { homeGoals: 3, awayGoals: 0 }, { homeGoals: 4, awayGoals: 0 }];
 * pickSharesOf(game, predictions, defaultPointConfiguration(2024))!.topScores.length // => TOP_SCORES
 */
export const TOP_SCORES = 3;

/**
 * How a group picked one game (see {@link pickSharesOf}).
 * @example
 * const shares: PickShares | undefined = pickSharesOf({ id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 }, [{ homeGoals: 5, awayGoals: 1 }], defaultPointConfiguration(2024));
 * shares!.count // => 1
 */
export type PickShares = {
  /** The number of predictions. */
  count: number;
  /** Predictions of a home win, a draw and an away win. */
  outcomes: Record<PickOutcome, number>;
  /** The same as whole percentages that add up to 100 (all 0 without predictions). */
  percentages: Record<PickOutcome, number>;
  /** Up to {@link TOP_SCORES} scores picked most often, most often first (ties: fewer goals first, then more home goals). */
  topScores: (Score & { count: number })[];
  /** The group's average points on the game, once it is Finished and has predictions. */
  averagePoints?: number;
};

/**
 * How the group picked a game: the shares of home win, draw and away win, the three most common
 * scores, and, once it is Finished, the average points. Undefined before kickoff: the picks are as
 * secret as the predictions themselves until the game has started.
 * @example
 * const config = defaultPointConfiguration(2024);
 * const game: Game = { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 };
 * const shares = pickSharesOf(game, [{ homeGoals: 2, awayGoals: 0 }, { homeGoals: 2, awayGoals: 0 }, { homeGoals: 1, awayGoals: 1 }], config)!;
 * shares.percentages // => { home: 67, draw: 33, away: 0 }
 * shares.topScores // => [{ homeGoals: 2, awayGoals: 0, count: 2 }, { homeGoals: 1, awayGoals: 1, count: 1 }]
 * shares.averagePoints // => 4 / 3
 * pickSharesOf({ ...game, status: 'Scheduled', homeGoals: null, awayGoals: null }, [], config) // => undefined
 */
export function pickSharesOf(game: Game, predictions: readonly Score[], config: PointConfiguration): PickShares | undefined {
  if (game.status === 'Scheduled') return undefined;
  const outcomes: Record<PickOutcome, number> = { home: 0, draw: 0, away: 0 };
  const countOf = new Map<string, Score & { count: number }>();
  for (const { homeGoals, awayGoals } of predictions) {
    outcomes[outcomeOf({ homeGoals, awayGoals })]++;
    const key = `${homeGoals}:${awayGoals}`;
    const seen = countOf.get(key);
    if (seen) seen.count++;
    else countOf.set(key, { homeGoals, awayGoals, count: 1 });
  }
  const topScores = [...countOf.values()]
    .sort((a, b) => b.count - a.count || a.homeGoals + a.awayGoals - (b.homeGoals + b.awayGoals) || b.homeGoals - a.homeGoals)
    .slice(0, TOP_SCORES);
  const shares: PickShares = { count: predictions.length, outcomes, percentages: wholePercentages(outcomes), topScores };
  const result = game.status === 'Finished' ? resultOf(game) : undefined;
  if (result && predictions.length > 0) {
    const values = stagePoints(game.stage, config);
    const total = predictions.reduce((sum, prediction) => sum + pointsFor(accuracyOf(prediction, result), values), 0);
    shares.averagePoints = total / predictions.length;
  }
  return shares;
}

/**
 * Whole percentages of counts that add up to 100 (largest remainder: the rounding lost goes to the
 * largest fractions, earlier keys first on a tie); all 0 when the counts are.
 * @example
 * wholePercentages({ home: 1, draw: 1, away: 1 }) // => { home: 34, draw: 33, away: 33 }
 * wholePercentages({ home: 0, draw: 0, away: 0 }) // => { home: 0, draw: 0, away: 0 }
 */
export function wholePercentages<K extends string>(counts: Record<K, number>): Record<K, number> {
  const keys = Object.keys(counts) as K[];
  const total = keys.reduce((sum, key) => sum + counts[key], 0);
  const percentages = {} as Record<K, number>;
  if (total === 0) {
    for (const key of keys) percentages[key] = 0;
    return percentages;
  }
  const exact = keys.map((key) => (counts[key] * 100) / total);
  keys.forEach((key, index) => (percentages[key] = Math.floor(exact[index]!)));
  let left = 100 - keys.reduce((sum, key) => sum + percentages[key], 0);
  const byRemainder = keys.map((key, index) => ({ key, remainder: exact[index]! - Math.floor(exact[index]!), index })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { key } of byRemainder) {
    if (left <= 0) break;
    percentages[key]++;
    left--;
  }
  return percentages;
}
