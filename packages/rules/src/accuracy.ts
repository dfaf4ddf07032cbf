import type { Accuracy, Score } from './types.js';

/**
 * How close a prediction came to a result. exact: the same score; exactTrend: the same winner and
 * goal difference (never a draw); trend: the same winner, or any draw predicted for a draw; wrong:
 * anything else.
 * @example
 * accuracyOf({ homeGoals: 2, awayGoals: 1 }, { homeGoals: 2, awayGoals: 1 }) // => 'exact'
 * accuracyOf({ homeGoals: 2, awayGoals: 1 }, { homeGoals: 3, awayGoals: 2 }) // => 'exactTrend'
 * accuracyOf({ homeGoals: 0, awayGoals: 0 }, { homeGoals: 1, awayGoals: 1 }) // => 'trend'
 * accuracyOf({ homeGoals: 1, awayGoals: 0 }, { homeGoals: 0, awayGoals: 1 }) // => 'wrong'
 */
export function accuracyOf(prediction: Score, result: Score): Accuracy {
  const predicted = prediction.homeGoals - prediction.awayGoals;
  const actual = result.homeGoals - result.awayGoals;
  if (predicted === actual) {
    if (prediction.homeGoals === result.homeGoals) return 'exact';
    return actual === 0 ? 'trend' : 'exactTrend';
  }
  return Math.sign(predicted) === Math.sign(actual) ? 'trend' : 'wrong';
}

/**
 * The winning side of a score, or 'draw'.
 * @example
 * outcomeOf({ homeGoals: 0, awayGoals: 2 }) // => 'away'
 */
export function outcomeOf(score: Score): 'home' | 'away' | 'draw' {
  if (score.homeGoals === score.awayGoals) return 'draw';
  return score.homeGoals > score.awayGoals ? 'home' : 'away';
}

/**
 * The raw facts of a game's score, as a results feed gives them (see {@link countedScore}).
 * @example
 * const facts: MatchFacts = { fullTime: { homeGoals: 1, awayGoals: 1 }, extraTime: { homeGoals: 2, awayGoals: 1 } };
 * countedScore(facts) // => { homeGoals: 2, awayGoals: 1 }
 */
export type MatchFacts = {
  /** After 90 minutes (with stoppage time). */
  fullTime: Score;
  /** After extra time, when it was played. */
  extraTime?: Score | undefined;
  /** The shoot-out's own goals, when there was one. */
  penalties?: Score | undefined;
};

/**
 * The score a game counts with, and the one way to store a knockout result: after extra time when
 * it was played, and one goal more for the winner of a penalty shoot-out, so a finished knockout
 * game has a winner. While a game is running it gives the score so far. A knockout result stored
 * as a draw does not count (see {@link isUndecidedKnockout}).
 * @example
 * countedScore({ fullTime: { homeGoals: 1, awayGoals: 1 }, extraTime: { homeGoals: 1, awayGoals: 1 }, penalties: { homeGoals: 4, awayGoals: 3 } }) // => { homeGoals: 2, awayGoals: 1 }
 * countedScore({ fullTime: { homeGoals: 0, awayGoals: 2 } }) // => { homeGoals: 0, awayGoals: 2 }
 */
export function countedScore(facts: MatchFacts): Score {
  const score = facts.extraTime ?? facts.fullTime;
  if (!facts.penalties || facts.penalties.homeGoals === facts.penalties.awayGoals) return { ...score };
  const homeWins = facts.penalties.homeGoals > facts.penalties.awayGoals;
  return { homeGoals: score.homeGoals + (homeWins ? 1 : 0), awayGoals: score.awayGoals + (homeWins ? 0 : 1) };
}

/**
 * Formats a score the way the prediction input shows it.
 * @example
 * formatScore({ homeGoals: 2, awayGoals: 0 }) // => '2:0'
 */
export function formatScore(score: Score): string {
  return `${score.homeGoals}:${score.awayGoals}`;
}
