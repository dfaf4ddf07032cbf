import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { isPlayerNameConflict } from '../src/db/groups.js';

const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-name-keys-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// SQLite's lower() folds A to Z only: a database from before names had their key may hold Äsa and
// äsa in one group. The migration gives the later one a number, as PostgreSQL would have refused it.
it('numbers a player name that is another name of the group with other case in any script, then keys every name', async () => {
  const opened = await openDatabase({ dataDir });
  await opened.db.destroy();
  const file = new Database(join(dataDir, 'scorecast.db'));
  // The database as it was before the migration (and the later ones).
  file.exec(`
    DROP INDEX players_group_name_key;
    ALTER TABLE players DROP COLUMN name_key;
    ALTER TABLE groups DROP COLUMN name_key;
    CREATE UNIQUE INDEX players_group_name ON players (group_id, lower(name));
    DROP INDEX link_tokens_user;
    DELETE FROM kysely_migration WHERE name >= '2026-11-27T1000_name_keys';
    INSERT INTO users (id, login, password_hash, activated, created_at) VALUES (1, 'a@example.com', 'x', 1, 0), (2, 'b@example.com', 'x', 1, 0), (3, 'c@example.com', 'x', 1, 0);
    INSERT INTO groups (id, name, creator_id, year, max_players, point_configuration, created_at) VALUES ('group-with-twins-01', 'Ünterhaching', 1, 2026, 10, '{}', 0);
    INSERT INTO players (group_id, user_id, name, joined_at) VALUES ('group-with-twins-01', 1, 'Äsa', 1), ('group-with-twins-01', 2, 'äsa', 2), ('group-with-twins-01', 3, 'Bob', 3);
  `);
  file.close();

  const migrated = await openDatabase({ dataDir });
  try {
    const players = await migrated.db.selectFrom('players').select(['user_id', 'name', 'name_key']).orderBy('user_id').execute();
    expect(players).toEqual([
      { user_id: 1, name: 'Äsa', name_key: 'äsa' },
      { user_id: 2, name: 'äsa 2', name_key: 'äsa 2' },
      { user_id: 3, name: 'Bob', name_key: 'bob' },
    ]);
    expect(await migrated.db.selectFrom('groups').select('name_key').executeTakeFirst()).toEqual({ name_key: 'ünterhaching' });
    await migrated.db.insertInto('users').values({ id: 4, login: 'd@example.com', password_hash: 'x', activated: 1, created_at: 0 }).execute();
    const refused = await migrated.db
      .insertInto('players')
      .values({ group_id: 'group-with-twins-01', user_id: 4, name: 'ÄSA', name_key: 'äsa', joined_at: 4 })
      .execute()
      .catch((error: unknown) => error);
    // Told apart from other failures, so a join of a taken name says so.
    expect(isPlayerNameConflict(refused)).toBe(true);
  } finally {
    await migrated.db.destroy();
  }
});
