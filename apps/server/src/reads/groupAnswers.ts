import type { WriteCount } from '../db/writeWatch.js';
import type { JsonAnswer } from './contentCoding.js';

/**
 * The JSON kept, about a hundred players' answers of three 30-player groups (their compressed forms
 * are a twentieth of it more); past it the cache starts over rather than grow.
 */
const MAX_BYTES = 64 * 1024 * 1024;

type Entry = { answer: JsonAnswer; writes: number };

/**
 * GET /api/groups answers in this process, by player. Only for a database this process alone
 * writes (SQLite): any write to what the answer is read from (groups, players, users, predictions,
 * champion picks, games) makes every answer stale at once, so a player never gets an answer older
 * than the last write. Deriving one takes milliseconds (every prediction of every started game,
 * ranked); sending a kept one, microseconds.
 */
export class GroupAnswers {
  readonly #entries = new Map<number, Entry>();
  #bytes = 0;

  constructor(private readonly writes: WriteCount) {}

  /** The answer of a player, when it was derived since the last write to its tables. */
  get(userId: number): JsonAnswer | undefined {
    const entry = this.#entries.get(userId);
    if (!entry) return undefined;
    if (entry.writes === this.writes.value) return entry.answer;
    this.#entries.delete(userId);
    this.#bytes -= entry.answer.json.length;
    return undefined;
  }

  /** The write count to pass to `set`, read before the database is asked. */
  mark(): number {
    return this.writes.value;
  }

  /** Keeps a derived answer, unless its tables were written since `mark` (it may be stale). */
  set(userId: number, answer: JsonAnswer, mark: number): void {
    if (mark !== this.writes.value) return;
    const previous = this.#entries.get(userId);
    if (previous) this.#bytes -= previous.answer.json.length;
    if (this.#bytes + answer.json.length > MAX_BYTES) {
      this.#entries.clear();
      this.#bytes = 0;
    }
    this.#entries.set(userId, { answer, writes: mark });
    this.#bytes += answer.json.length;
  }
}
