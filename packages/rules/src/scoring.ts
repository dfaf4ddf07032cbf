import { accuracyOf, outcomeOf } from './accuracy.js';
import { pointsFor, stagePoints, type PointConfiguration, type RoundPoints } from './points.js';
import type { Accuracy, Game, Prediction, Score } from './types.js';

/**
 * How a prediction of a game with a result scored: its accuracy and its points, always together.
 * @example
 * const scored: Scoring = { accuracy: 'exact', points: 5 };
 * scored.points // => 5
 */
export type Scoring = { accuracy: Accuracy; points: number };

/**
 * A prediction with how it scored: `accuracy` and `points` are both there once its game has a
 * result, and both absent before.
 * @example
 * const unscored: ScoredPrediction = { gameId: 3, homeGoals: 1, awayGoals: 1 };
 * const scored: ScoredPrediction = { gameId: 1, homeGoals: 2, awayGoals: 1, accuracy: 'exact', points: 5 };
 * [unscored.points, scored.points] // => [undefined, 5]
 */
export type ScoredPrediction = Prediction & (Scoring | { accuracy?: undefined; points?: undefined });

/**
 * What a player picked in a year: predictions (one per game) and a champion.
 * @example
 * const picks: PlayerPicks = { predictions: [{ gameId: 1, homeGoals: 2, awayGoals: 0 }], championPick: 'Spain' };
 * picks.predictions.length // => 1
 */
export type PlayerPicks = {
  predictions: readonly Prediction[];
  championPick?: string | null | undefined;
};

/**
 * A player's points over a year's games.
 * @example
 * const score: PlayerScore = { points: 45, championPoints: 40, predictions: [{ gameId: 51, homeGoals: 2, awayGoals: 1, accuracy: 'exact', points: 5 }] };
 * score.points - score.championPoints // => 5
 */
export type PlayerScore = {
  points: number;
  /** Points for the champion pick (0 until the Final is Finished). */
  championPoints: number;
  predictions: ScoredPrediction[];
};

/**
 * Whether a game is a Finished knockout game whose score is a draw. Such a score is incomplete (a
 * knockout game always has a winner: fold extra time and the shoot-out in with
 * {@link countedScore}), so the game has no result: nobody scores it and a drawn Final crowns no
 * champion. Check this before storing a result.
 * @example
 * isUndecidedKnockout({ stage: 'Final', status: 'Finished', homeGoals: 1, awayGoals: 1 }) // => true
 * isUndecidedKnockout({ stage: 'Final', status: 'Live', homeGoals: 1, awayGoals: 1 }) // => false
 * isUndecidedKnockout({ stage: 'Group', status: 'Finished', homeGoals: 1, awayGoals: 1 }) // => false
 */
export function isUndecidedKnockout(game: Pick<Game, 'stage' | 'status' | 'homeGoals' | 'awayGoals'>): boolean {
  return game.stage !== 'Group' && game.status === 'Finished' && game.homeGoals != null && game.homeGoals === game.awayGoals;
}

/**
 * The result a game counts with: its goals once it has started (Live games count provisionally),
 * undefined before kickoff, when goals are missing, or for a Finished knockout game left as a
 * draw (see {@link isUndecidedKnockout}).
 * @example
 * resultOf({ stage: 'Group', status: 'Live', homeGoals: 1, awayGoals: 0 }) // => { homeGoals: 1, awayGoals: 0 }
 * resultOf({ stage: 'Group', status: 'Scheduled' }) // => undefined
 * resultOf({ stage: 'Final', status: 'Finished', homeGoals: 2, awayGoals: 2 }) // => undefined
 */
export function resultOf(game: Pick<Game, 'stage' | 'status' | 'homeGoals' | 'awayGoals'>): Score | undefined {
  if (game.status === 'Scheduled' || game.homeGoals == null || game.awayGoals == null || isUndecidedKnockout(game)) return undefined;
  return { homeGoals: game.homeGoals, awayGoals: game.awayGoals };
}

/**
 * Scores one prediction for a game, or undefined when the game has no result (see {@link resultOf}).
 * @example
 * const game: StartedGame = { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'Germany', awayTeam: 'Scotland', homeGoals: 5, awayGoals: 1 };
 * scorePrediction({ homeGoals: 1, awayGoals: 0 }, game, defaultPointConfiguration(2024)) // => { accuracy: 'trend', points: 2 }
 */
export function scorePrediction(
  prediction: Score,
  game: Pick<Game, 'stage' | 'status' | 'homeGoals' | 'awayGoals'>,
  config: PointConfiguration,
): Scoring | undefined {
  const result = resultOf(game);
  if (!result) return undefined;
  const accuracy = accuracyOf(prediction, result);
  return { accuracy, points: pointsFor(accuracy, stagePoints(game.stage, config)) };
}

/**
 * The champion of a year: the winner of the Final once it is Finished (undefined before, and for a
 * Final left as a draw: see {@link isUndecidedKnockout}).
 * @example
 * championOf([{ id: 51, stage: 'Final', status: 'Finished', date: '2024-07-14T19:00:00Z', homeTeam: 'Spain', awayTeam: 'England', homeGoals: 2, awayGoals: 1 }]) // => 'Spain'
 */
export function championOf(games: readonly Game[]): string | undefined {
  const final = games.find((game) => game.stage === 'Final' && game.status === 'Finished');
  const result = final && resultOf(final);
  if (!final || !result) return undefined;
  return outcomeOf(result) === 'home' ? final.homeTeam : final.awayTeam;
}

/**
 * A started game as scoring reads it: its result and the values of its stage.
 * @example
 * const counted: CountedGame = { result: { homeGoals: 2, awayGoals: 1 }, points: { trend: 2, exactTrend: 3, exact: 5 } };
 * pointsFor(accuracyOf({ homeGoals: 1, awayGoals: 0 }, counted.result), counted.points) // => 3
 */
export type CountedGame = { result: Score; points: RoundPoints };

/**
 * A year's games prepared for scoring many players under one point configuration (see
 * {@link scoringTableOf}).
 * @example
 * const table: ScoringTable = scoringTableOf([], defaultPointConfiguration(2024));
 * table.counted.size // => 0
 */
export type ScoringTable = {
  /** Each game with a result, by id. */
  counted: ReadonlyMap<number, CountedGame>;
  /** See {@link championOf}. */
  champion: string | undefined;
  winnerPoints: number;
};

/**
 * Prepares a year's games for scoring many players under one point configuration: each game with a
 * result (see {@link resultOf}), with its stage's values, by game id; and the champion.
 * @example
 * const games: Game[] = [{ id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'Germany', awayTeam: 'Scotland', homeGoals: 5, awayGoals: 1 }];
 * scoringTableOf(games, defaultPointConfiguration(2024)).counted.get(1) // => { result: { homeGoals: 5, awayGoals: 1 }, points: { trend: 2, exactTrend: 3, exact: 5 } }
 */
export function scoringTableOf(games: readonly Game[], config: PointConfiguration): ScoringTable {
  const counted = new Map<number, CountedGame>();
  for (const game of games) {
    const result = resultOf(game);
    if (result) counted.set(game.id, { result, points: stagePoints(game.stage, config) });
  }
  return { counted, champion: championOf(games), winnerPoints: config.winnerPoints };
}

/**
 * Scores a player's predictions and champion pick over a year's games. Predictions come back in
 * the order given, as copies.
 * @example
 * const games: Game[] = [
 *   { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'Germany', awayTeam: 'Scotland', homeGoals: 5, awayGoals: 1 },
 *   { id: 51, stage: 'Final', status: 'Finished', date: '2024-07-14T19:00:00Z', homeTeam: 'Spain', awayTeam: 'England', homeGoals: 2, awayGoals: 1 },
 * ];
 * const picks = { championPick: 'Spain', predictions: [{ gameId: 1, homeGoals: 3, awayGoals: 0 }, { gameId: 51, homeGoals: 2, awayGoals: 1 }] };
 * scorePlayer(picks, scoringTableOf(games, defaultPointConfiguration(2024))).points // => 67
 */
export function scorePlayer(picks: PlayerPicks, table: ScoringTable): PlayerScore {
  let points = 0;
  const predictions: ScoredPrediction[] = [];
  for (const { gameId, homeGoals, awayGoals } of picks.predictions) {
    const game = table.counted.get(gameId);
    if (!game) {
      predictions.push({ gameId, homeGoals, awayGoals });
      continue;
    }
    const accuracy = accuracyOf({ homeGoals, awayGoals }, game.result);
    const gained = pointsFor(accuracy, game.points);
    points += gained;
    predictions.push({ gameId, homeGoals, awayGoals, accuracy, points: gained });
  }
  const championPoints = table.champion !== undefined && picks.championPick === table.champion ? table.winnerPoints : 0;
  return { points: points + championPoints, championPoints, predictions };
}
