/** One thing's saves under way: the value the server last took, the newest asked for, the requests in turn. */
type Saves<T> = { saved: T | undefined; newest: T; turn: Promise<unknown> };

/**
 * How a save ended: saved (or overtaken by a newer value, which goes next), or failed, with the value
 * to show again when nothing newer is on its way.
 */
export type SaveOutcome<T> = { saved: true } | { saved: false; error: unknown; showAgain?: { value: T | undefined } };

const underWay = new Map<string, Saves<unknown>>();

/**
 * Saves a value (a game's score, the champion pick) so that quick changes (taps on a phone's plus,
 * arrow keys through a list, faster than the server answers) all count and land in order: one
 * request per `key` at a time; a value asked for meanwhile goes once that one is answered, and of
 * several only the newest. `shown` is what was shown before this change, the saved value while
 * nothing is under way.
 */
export function saveInTurn<T>(key: string, value: T, shown: T | undefined, send: (value: T) => Promise<unknown>): Promise<SaveOutcome<T>> {
  const saves = (underWay.get(key) as Saves<T> | undefined) ?? { saved: shown, newest: value, turn: Promise.resolve() };
  saves.newest = value;
  underWay.set(key, saves);
  const outcome = saves.turn.then(async (): Promise<SaveOutcome<T>> => {
    if (saves.newest !== value) return { saved: true };
    try {
      await send(value);
      saves.saved = value;
      return { saved: true };
    } catch (error) {
      return saves.newest === value ? { saved: false, error, showAgain: { value: saves.saved } } : { saved: false, error };
    }
  });
  saves.turn = outcome;
  void outcome.then(() => {
    if (saves.turn === outcome) underWay.delete(key);
  });
  return outcome;
}
