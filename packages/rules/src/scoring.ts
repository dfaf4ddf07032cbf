import { accuracyOf, outcomeOf } from './accuracy.js';
import { pointsOf, pointsOfStage, type PointConfiguration, type RoundPoints } from './points.js';
import type { Accuracy, Game, Prediction, Score } from './types.js';

/** A prediction with how it scored; `accuracy` and `points` are absent until its game has started. */
export type ScoredPrediction = Prediction & { accuracy?: Accuracy; points?: number };

/** What a player picked in a year: one prediction per game and a champion. */
export type PlayerPicks = {
  predictions: readonly Prediction[];
  championPick?: string | null | undefined;
};

/** A player's points over a year's games. */
export type PlayerScore = {
  points: number;
  /** Points for the champion pick (0 until the Final is Finished). */
  championPoints: number;
  predictions: ScoredPrediction[];
};

/** The result a started game counts with, or undefined before kickoff. Live games count provisionally. */
export function resultOf(game: Pick<Game, 'status' | 'homeGoals' | 'awayGoals'>): Score | undefined {
  if (game.status === 'Scheduled' || game.homeGoals == null || game.awayGoals == null) return undefined;
  return { homeGoals: game.homeGoals, awayGoals: game.awayGoals };
}

/**
 * Scores one prediction for a game, or undefined when the game has no result yet.
 * @example scorePrediction({ homeGoals: 1, awayGoals: 0 }, finishedGame, config) // { accuracy: 'trend', points: 2 }
 */
export function scorePrediction(
  prediction: Score,
  game: Game,
  config: PointConfiguration,
): { accuracy: Accuracy; points: number } | undefined {
  const result = resultOf(game);
  if (!result) return undefined;
  const accuracy = accuracyOf(prediction, result);
  return { accuracy, points: pointsOf(accuracy, pointsOfStage(config, game.stage)) };
}

/**
 * The champion of a year: the winner of the Final once it is Finished.
 * @example championOf(games) // 'Spain'
 */
export function championOf(games: readonly Game[]): string | undefined {
  const final = games.find((game) => game.stage === 'Final' && game.status === 'Finished');
  const result = final && resultOf(final);
  if (!final || !result) return undefined;
  const outcome = outcomeOf(result);
  return outcome === 'home' ? final.homeTeam : outcome === 'away' ? final.awayTeam : undefined;
}

type CountedGame = { result: Score; points: RoundPoints };

/**
 * Prepares a year's games for scoring many players under one point configuration: each started
 * game's result and stage values, looked up by game id.
 */
export function scoringTableOf(games: readonly Game[], config: PointConfiguration): ScoringTable {
  const counted = new Map<number, CountedGame>();
  for (const game of games) {
    const result = resultOf(game);
    if (result) counted.set(game.id, { result, points: pointsOfStage(config, game.stage) });
  }
  return { counted, champion: championOf(games), winnerPoints: config.winnerPoints };
}

export type ScoringTable = {
  counted: ReadonlyMap<number, CountedGame>;
  champion: string | undefined;
  winnerPoints: number;
};

/**
 * Scores a player's predictions and champion pick over a year's games.
 * @example scorePlayer({ predictions, championPick: 'Spain' }, scoringTableOf(games, config)).points
 */
export function scorePlayer(picks: PlayerPicks, table: ScoringTable): PlayerScore {
  let points = 0;
  const predictions: ScoredPrediction[] = [];
  for (const prediction of picks.predictions) {
    const game = table.counted.get(prediction.gameId);
    if (!game) {
      predictions.push({ gameId: prediction.gameId, homeGoals: prediction.homeGoals, awayGoals: prediction.awayGoals });
      continue;
    }
    const accuracy = accuracyOf(prediction, game.result);
    const gained = pointsOf(accuracy, game.points);
    points += gained;
    const { gameId, homeGoals, awayGoals } = prediction;
    predictions.push({ gameId, homeGoals, awayGoals, accuracy, points: gained });
  }
  const championPoints = table.champion !== undefined && picks.championPick === table.champion ? table.winnerPoints : 0;
  return { points: points + championPoints, championPoints, predictions };
}
