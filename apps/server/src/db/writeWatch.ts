import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many statements have written to some tables: a cache of their rows is stale once it moves. */
export type WriteCount = { value: number };

/**
 * The SQLite handle Kysely runs on, counting each statement that may write to one of `tables`.
 * Every query of the process goes through it, so no write path can be missed; a statement is
 * counted when it is prepared, which the driver does right before running it.
 */
export function countingWrites(sqlite: Database.Database, tables: readonly string[], count: WriteCount): SqliteDatabase {
  const touches = new RegExp(`\\b(?:${tables.join('|')})\\b`, 'i');
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const statement = sqlite.prepare(sql);
      if (!statement.readonly && touches.test(sql)) count.value += 1;
      return statement;
    },
  };
}
