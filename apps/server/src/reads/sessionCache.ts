import type { WriteCount } from '../db/writeWatch.js';
import type { StoredUser } from '../db/users.js';

/** How long a cached session is trusted without asking the database (expiry and last-seen are by the day). */
const ENTRY_LIFETIME_MS = 60_000;
/** Far more than the players of one process; past it the cache starts over rather than grow. */
const MAX_ENTRIES = 50_000;

type Entry = { user: StoredUser; writes: number; at: number };

/**
 * The users of recently seen bearer tokens, in this process. Only for a database this process
 * alone writes (SQLite): any write to users or sessions (logout, password change, deletion, a
 * changed setting) makes every entry stale at once, so a revoked session ends with the next request.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly writes: WriteCount,
    private readonly now: () => number,
  ) {}

  /** The user of a token, when it was looked up since the last write to users or sessions. */
  get(token: string): StoredUser | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.writes === this.writes.value && this.now() - entry.at < ENTRY_LIFETIME_MS) return entry.user;
    this.#entries.delete(token);
    return undefined;
  }

  /** The write count to pass to `set`, read before the database is asked. */
  mark(): number {
    return this.writes.value;
  }

  /** Keeps a looked-up user, unless users or sessions were written since `mark` (the row may be stale). */
  set(token: string, user: StoredUser, mark: number): void {
    if (mark !== this.writes.value) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(token, { user, writes: mark, at: this.now() });
  }
}
