import type { Accuracy } from './types.js';

/** Above this many players, other players' predictions are hidden by default. */
export const VISIBLE_PREDICTIONS_MAX_PLAYERS = 10;
/** Up to this many players, everybody's prediction of the current game is shown. */
export const CURRENT_GAME_VISIBLE_MAX_PLAYERS = 30;
/** Above this many players the ranking shows a line with the own rank. */
export const RANK_SUMMARY_MIN_PLAYERS = 11;

/**
 * Whether a prediction is shown under a started game. The own is always shown; another player's is
 * shown in groups of up to 10, for the current game in groups of up to 30, when 'show all' is on,
 * or when it was exact.
 * @example isPredictionVisible({ own: false, playerCount: 12, isCurrentGame: true, showAll: false }) // true
 */
export function isPredictionVisible(input: {
  own: boolean;
  playerCount: number;
  isCurrentGame: boolean;
  showAll: boolean;
  accuracy?: Accuracy | undefined;
}): boolean {
  return (
    input.own ||
    input.showAll ||
    input.accuracy === 'exact' ||
    input.playerCount <= VISIBLE_PREDICTIONS_MAX_PLAYERS ||
    (input.isCurrentGame && input.playerCount <= CURRENT_GAME_VISIBLE_MAX_PLAYERS)
  );
}

/** Whether the 'show all predictions' toggle is offered. @example offersShowAll(11) // true */
export function offersShowAll(playerCount: number): boolean {
  return playerCount > VISIBLE_PREDICTIONS_MAX_PLAYERS;
}

/** Whether the ranking shows the own-rank line. @example showsOwnRankLine(5, true) // true */
export function showsOwnRankLine(playerCount: number, yearIsPast: boolean): boolean {
  return yearIsPast || playerCount >= RANK_SUMMARY_MIN_PLAYERS;
}
