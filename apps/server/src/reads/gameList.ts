import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { listGames } from '../db/games.js';

/** GET /api/games as it goes out: the JSON text, as text and as bytes, and its entity tag; and the years that have games. */
export type GameListBody = { json: string; bytes: Buffer; etag: string; years: ReadonlySet<number> };

/**
 * Every game as the wire list, serialized once per change of the games rather than per request.
 * The tag is a hash of the text, so every process that has read the same games gives the same tag.
 */
export class GameList {
  #current: Promise<GameListBody> | undefined;
  #loaded: GameListBody | undefined;

  constructor(private readonly db: Db) {}

  read(): Promise<GameListBody> {
    if (this.#current) return this.#current;
    const current = this.#load();
    this.#current = current;
    current.then(
      (body) => {
        if (this.#current === current) this.#loaded = body;
      },
      // A failed read is not kept: the next request tries again.
      () => {
        if (this.#current === current) this.#current = undefined;
      },
    );
    return current;
  }

  /** The list as read since the last change of the games, if it was. */
  get loaded(): GameListBody | undefined {
    return this.#loaded;
  }

  /** A game changed, in this process or another: the next read lists them again. */
  invalidate(): void {
    this.#current = undefined;
    this.#loaded = undefined;
  }

  async #load(): Promise<GameListBody> {
    const stored = await listGames(this.db);
    const json = JSON.stringify(stored.map(({ year: _year, number: _number, ...game }) => game));
    const years = new Set(stored.map((game) => game.year));
    return { json, bytes: Buffer.from(json), etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`, years };
  }
}
