import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The embedded database's file in a data folder. */
export function sqliteFileOf(dataDir: string): string {
  return join(dataDir, 'scorecast.db');
}

/**
 * Copies the SQLite database to `target` with SQLite's online backup API: the server keeps reading
 * and writing meanwhile, and the copy is one consistent moment of it. Returns the pages copied.
 */
export async function backupSqlite(dataDir: string, target: string): Promise<number> {
  const file = sqliteFileOf(dataDir);
  // An install on PostgreSQL, asked without DATABASE_URL in the shell, looked for a SQLite file alone.
  if (!existsSync(file)) throw new Error(`no database at ${file} (set DATA_DIR; on PostgreSQL, back up with pg_dump: see README.md)`);
  if (existsSync(target)) throw new Error(`${target} exists: a backup never overwrites a file`);
  // Readable by the owner only, as the database: it holds password hashes and the VAPID private key.
  writeFileSync(target, '', { flag: 'wx', mode: 0o600 });
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await source.backup(target);
    return totalPages;
  } catch (error) {
    // A half-made copy would stop the next try: a backup never overwrites a file.
    rmSync(target, { force: true });
    throw error;
  } finally {
    source.close();
  }
}
