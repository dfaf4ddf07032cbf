import type { Accuracy } from './types.js';

/**
 * Above this many players, other players' predictions are hidden by default.
 * @example
 * offersShowAll(VISIBLE_PREDICTIONS_MAX_PLAYERS + 1) // => true
 */
export const VISIBLE_PREDICTIONS_MAX_PLAYERS = 10;
/**
 * Up to this many players, everybody's prediction of the current game is shown.
 * @example
 * isPredictionVisible({ own: false, started: true, playerCount: CURRENT_GAME_VISIBLE_MAX_PLAYERS, isCurrentGame: true, showAll: false }) // => true
 */
export const CURRENT_GAME_VISIBLE_MAX_PLAYERS = 30;
/**
 * From this many players on, the ranking shows a line with the own rank.
 * @example
 * showsOwnRankLine(RANK_SUMMARY_MIN_PLAYERS, false) // => true
 */
export const RANK_SUMMARY_MIN_PLAYERS = 11;

/**
 * What decides whether a prediction is shown to a player (see {@link isPredictionVisible}).
 * @example
 * const seen: PredictionSight = { own: false, started: true, playerCount: 8, isCurrentGame: false, showAll: false };
 * isPredictionVisible(seen) // => true
 */
export type PredictionSight = {
  /** Whether it is the viewer's own prediction. */
  own: boolean;
  /** Whether its game has kicked off (see {@link hasStarted}). */
  started: boolean;
  /** The number of players in the group. */
  playerCount: number;
  /** Whether its game is the current one (see {@link currentGame}). */
  isCurrentGame: boolean;
  /** Whether the viewer turned on 'show all predictions'. */
  showAll: boolean;
  /** How it scored, once its game has a result. */
  accuracy?: Accuracy | undefined;
};

/**
 * Whether a player may receive a prediction at all (the server sends it, a push carries it): the own
 * always, another player's once its game has kicked off, when secrecy ends. Which of those are shown
 * is {@link isPredictionVisible}.
 * @example
 * isPredictionRevealed({ own: false, started: false }) // => false
 * isPredictionRevealed({ own: false, started: true }) // => true
 * isPredictionRevealed({ own: true, started: false }) // => true
 */
export function isPredictionRevealed(sight: Pick<PredictionSight, 'own' | 'started'>): boolean {
  return sight.own || sight.started;
}

/**
 * Whether a player may receive, and sees, a champion pick: the own always, another player's once the
 * competition has started (see {@link isCompetitionStarted}).
 * @example
 * isChampionPickRevealed({ own: false, competitionStarted: false }) // => false
 * isChampionPickRevealed({ own: false, competitionStarted: true }) // => true
 * isChampionPickRevealed({ own: true, competitionStarted: false }) // => true
 */
export function isChampionPickRevealed(sight: { own: boolean; competitionStarted: boolean }): boolean {
  return sight.own || sight.competitionStarted;
}

/**
 * Whether a prediction is shown to a player. The own is always shown. Another player's is never
 * shown before its game has kicked off (see {@link isPredictionRevealed}); after, it is shown in
 * groups of up to 10, for the current game in groups of up to 30, when 'show all' is on, or when it
 * was exact.
 * @example
 * isPredictionVisible({ own: false, started: true, playerCount: 12, isCurrentGame: true, showAll: false }) // => true
 * isPredictionVisible({ own: false, started: false, playerCount: 5, isCurrentGame: false, showAll: true }) // => false
 * isPredictionVisible({ own: true, started: false, playerCount: 5, isCurrentGame: false, showAll: false }) // => true
 */
export function isPredictionVisible(sight: PredictionSight): boolean {
  if (sight.own) return true;
  if (!isPredictionRevealed(sight)) return false;
  return (
    sight.showAll ||
    sight.accuracy === 'exact' ||
    sight.playerCount <= VISIBLE_PREDICTIONS_MAX_PLAYERS ||
    (sight.isCurrentGame && sight.playerCount <= CURRENT_GAME_VISIBLE_MAX_PLAYERS)
  );
}

/**
 * Whether the 'show all predictions' toggle is offered: in groups of more than 10 players.
 * @example
 * offersShowAll(11) // => true
 * offersShowAll(10) // => false
 */
export function offersShowAll(playerCount: number): boolean {
  return playerCount > VISIBLE_PREDICTIONS_MAX_PLAYERS;
}

/**
 * Whether the ranking shows the own-rank line: for a past year, or in groups of 11 players or more.
 * @example
 * showsOwnRankLine(5, true) // => true
 * showsOwnRankLine(5, false) // => false
 */
export function showsOwnRankLine(playerCount: number, yearIsPast: boolean): boolean {
  return yearIsPast || playerCount >= RANK_SUMMARY_MIN_PLAYERS;
}
