import type { Score } from '@scorecast/api-client';

/** One game's saves under way: the score the server last took, the newest asked for, the requests in turn. */
type GameSaves = { saved: Score | undefined; newest: Score; turn: Promise<unknown> };

/**
 * How a save ended: saved (or overtaken by a newer score, which goes next), or failed, with the score
 * to show again when nothing newer is on its way.
 */
export type SaveOutcome = { saved: true } | { saved: false; error: unknown; showAgain?: { score: Score | undefined } };

const underWay = new Map<number, GameSaves>();

/**
 * Saves a game's score so that quick changes (taps on a phone's plus, faster than the server answers)
 * all count and land in order: one request per game at a time; a score asked for meanwhile goes once
 * that one is answered, and of several only the newest. `shown` is what the game showed before this
 * change, its saved score while nothing is under way.
 */
export function saveInTurn(gameId: number, score: Score, shown: Score | undefined, send: (score: Score) => Promise<unknown>): Promise<SaveOutcome> {
  const game = underWay.get(gameId) ?? { saved: shown, newest: score, turn: Promise.resolve() };
  game.newest = score;
  underWay.set(gameId, game);
  const outcome = game.turn.then(async (): Promise<SaveOutcome> => {
    if (game.newest !== score) return { saved: true };
    try {
      await send(score);
      game.saved = score;
      return { saved: true };
    } catch (error) {
      return game.newest === score ? { saved: false, error, showAgain: { score: game.saved } } : { saved: false, error };
    }
  });
  game.turn = outcome;
  void outcome.then(() => {
    if (game.turn === outcome) underWay.delete(gameId);
  });
  return outcome;
}
