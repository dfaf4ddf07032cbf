import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import { accepts } from './contentCoding.js';
import type { Db } from '../db/database.js';
import { listGames, type StoredGame } from '../db/games.js';
import type { SecurityHeaders } from '../plugins/securityHeaders.js';

/**
 * One way the list goes out: its bytes, their entity tag, the content coding they are in, and the
 * headers of its 200 and of its 304, made with the list: building them per request (one object
 * spread into another) cost more than the rest of the answer.
 */
export type GameListAnswer = {
  bytes: Buffer;
  etag: string;
  encoding?: 'gzip';
  headers: Readonly<OutgoingHttpHeaders>;
  notModifiedHeaders: Readonly<OutgoingHttpHeaders>;
};

/** GET /api/games as it goes out, as JSON and gzipped; the games by id, and the years that have games. */
export type GameListBody = { plain: GameListAnswer; gzipped: GameListAnswer; byId: ReadonlyMap<number, StoredGame>; years: ReadonlySet<number> };

/**
 * The list as a request takes it: gzipped when its Accept-Encoding allows (every browser's does;
 * the three tournaments' 29 KB are 2.6 KB gzipped, on every page open), plain otherwise.
 */
export function gameListFor(body: GameListBody, acceptEncoding: string | undefined): GameListAnswer {
  return accepts(acceptEncoding, 'gzip') ? body.gzipped : body.plain;
}

/** Whether an If-None-Match header names a tag: weakly compared, one of a list, or `*` (RFC 9110, 13.1.2). */
export function isHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Every game as the wire list, serialized once per change of the games rather than per request.
 * The tag is a hash of the text, so every process that has read the same games gives the same tag.
 */
export class GameList {
  #current: Promise<GameListBody> | undefined;
  #loaded: GameListBody | undefined;
  #keeping = true;

  /** `securityHeaders`: what a JSON answer carries besides its own headers. */
  constructor(
    private readonly db: Db,
    private readonly securityHeaders: SecurityHeaders,
  ) {}

  read(): Promise<GameListBody> {
    if (!this.#keeping) return this.#load();
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

  /**
   * Whether the list is kept between reads: not while this process cannot hear of the changes other
   * processes make (its cross-process channel is down); each read lists the games anew meanwhile.
   */
  keepBetweenReads(keep: boolean): void {
    this.#keeping = keep;
    this.invalidate();
  }

  async #load(): Promise<GameListBody> {
    const stored = await listGames(this.db);
    const json = JSON.stringify(stored.map(({ year: _year, ...game }) => game));
    const tag = createHash('sha256').update(json).digest('base64url').slice(0, 27);
    const bytes = Buffer.from(json);
    return {
      plain: this.#answer(bytes, `"${tag}"`),
      // Each coding is its own representation, with its own tag (RFC 9110, 8.8.3).
      gzipped: this.#answer(gzipSync(bytes, { level: 9 }), `"${tag}-gz"`, 'gzip'),
      byId: new Map(stored.map((game) => [game.id, game])),
      years: new Set(stored.map((game) => game.year)),
    };
  }

  #answer(bytes: Buffer, etag: string, encoding?: 'gzip'): GameListAnswer {
    const notModifiedHeaders = { etag, 'cache-control': 'no-cache', vary: 'accept-encoding' };
    const headers = {
      ...this.securityHeaders,
      ...notModifiedHeaders,
      'content-type': 'application/json; charset=utf-8',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': bytes.length,
    };
    return { bytes, etag, encoding, headers, notModifiedHeaders };
  }
}
