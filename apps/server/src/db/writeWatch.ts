import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many statements have written to some tables: a cache of their rows is stale once it moves. */
export type WriteCount = { value: number };

/** Some tables and the count of the statements that may write to them. */
export type WriteWatch = { tables: readonly string[]; count: WriteCount };

/** Statements kept compiled; the queries of the server are far fewer, lists of ids aside. */
const KEPT_STATEMENTS = 500;

type Kept = { statement: Database.Statement; counts: WriteCount[] };

/**
 * The SQLite handle Kysely runs on, counting each statement that may write to the tables of a
 * watch. Every query of the process goes through it, so no write path can be missed; a statement
 * is counted when the driver asks for it, which it does right before running it. Statements are
 * kept compiled by their text: Kysely asks for every query anew, and compiling costs about as much
 * as running a small one.
 */
export function countingWrites(sqlite: Database.Database, watches: readonly WriteWatch[]): SqliteDatabase {
  const touches = watches.map(({ tables, count }) => ({ pattern: new RegExp(`\\b(?:${tables.join('|')})\\b`, 'i'), count }));
  const kept = new Map<string, Kept>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let entry = kept.get(sql);
      if (!entry) {
        const statement = sqlite.prepare(sql);
        const counts = statement.readonly ? [] : touches.filter(({ pattern }) => pattern.test(sql)).map(({ count }) => count);
        entry = { statement, counts };
        if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
        kept.set(sql, entry);
      }
      for (const count of entry.counts) count.value += 1;
      return entry.statement;
    },
  };
}
