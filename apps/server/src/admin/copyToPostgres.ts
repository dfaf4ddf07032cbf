import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { isPostgresUrl, openDatabase } from '../db/database.js';
import { sqliteFileOf } from './backup.js';
import { lockDataDir } from '../db/dataDirLock.js';

export type TableCopy = { table: string; rows: number; checksum: string };

type Sqlite = InstanceType<typeof Database>;

/** The app's tables in an order where every table comes after those its foreign keys point to. */
function tablesInOrder(sqlite: Sqlite): string[] {
  const names = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const key of sqlite.prepare(`PRAGMA foreign_key_list("${name}")`).all() as { table: string }[]) if (key.table !== name) visit(key.table, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

/** A table's checksum: SHA-256 over its rows as canonical JSON, sorted, so both databases' orders agree. */
function checksumOf(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  const lines = rows.map((row) => JSON.stringify(columns.map((column) => (row[column] === undefined ? null : row[column])))).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/**
 * Copies every table of the SQLite database in `dataDir` into an empty PostgreSQL database (its
 * schema made by the same migrations), keeping ids, then reads each table back and compares row
 * counts and checksums. Refuses a data folder without a database and a target that holds any row.
 * Returns what was copied.
 */
export async function copyToPostgres(dataDir: string, databaseUrl: string, log: (line: string) => void = () => undefined): Promise<TableCopy[]> {
  if (!isPostgresUrl(databaseUrl)) throw new Error('copy-to-postgres needs a postgres:// URL');
  // A DATA_DIR not set or mistyped would otherwise make an empty database and copy it.
  if (!existsSync(sqliteFileOf(dataDir))) throw new Error(`no database at ${sqliteFileOf(dataDir)} (set DATA_DIR)`);
  // A server still writing the file would lose everything written after the copy.
  const unlock = lockDataDir(dataDir, 'stop it first, so that nothing is written while the tables are copied');
  try {
    return await copyLocked(dataDir, databaseUrl, log);
  } finally {
    unlock();
  }
}

async function copyLocked(dataDir: string, databaseUrl: string, log: (line: string) => void): Promise<TableCopy[]> {
  // Brings the SQLite file to the newest schema first, so both sides have the same tables.
  const source = await openDatabase({ dataDir });
  await source.db.destroy();
  const sqlite = new Database(sqliteFileOf(dataDir), { readonly: true, fileMustExist: true });
  const target = await openDatabase({ databaseUrl, dataDir });
  await target.db.destroy();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = tablesInOrder(sqlite);
    for (const table of tables) {
      const { rows } = await client.query<{ taken: boolean }>(`SELECT EXISTS (SELECT 1 FROM "${table}") AS taken`);
      if (rows[0]?.taken) throw new Error(`the target is not empty: table ${table} has rows (copy-to-postgres only fills an empty database)`);
    }
    const copies: TableCopy[] = [];
    await client.query('BEGIN');
    for (const table of tables) {
      const columns = (sqlite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((column) => column.name);
      const rows = sqlite.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[];
      const list = columns.map((column) => `"${column}"`).join(', ');
      // A few hundred rows a statement: far below PostgreSQL's 65535 parameters.
      const batch = Math.max(1, Math.floor(5_000 / columns.length));
      for (let start = 0; start < rows.length; start += batch) {
        const slice = rows.slice(start, start + batch);
        const values = slice.map((_, row) => `(${columns.map((__, column) => `$${row * columns.length + column + 1}`).join(', ')})`).join(', ');
        await client.query(`INSERT INTO "${table}" (${list}) VALUES ${values}`, slice.flatMap((row) => columns.map((column) => row[column])));
      }
      const sequence = columns.includes('id') ? (await client.query<{ name: string | null }>(`SELECT pg_get_serial_sequence($1, 'id') AS name`, [`"${table}"`])).rows[0]?.name : null;
      if (sequence) {
        // Ids were copied as they are: the next new row continues after the highest.
        await client.query(`SELECT setval($1, COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM "${table}"`, [sequence]);
      }
      copies.push({ table, rows: rows.length, checksum: checksumOf(rows, columns) });
    }
    await client.query('COMMIT');
    for (const copy of copies) {
      const columns = (sqlite.prepare(`PRAGMA table_info("${copy.table}")`).all() as { name: string }[]).map((column) => column.name);
      const { rows } = await client.query(`SELECT ${columns.map((column) => `"${column}"`).join(', ')} FROM "${copy.table}"`);
      const checksum = checksumOf(rows, columns);
      if (rows.length !== copy.rows || checksum !== copy.checksum) {
        throw new Error(`table ${copy.table}: ${copy.rows} rows copied, ${rows.length} read back, checksums ${copy.checksum.slice(0, 12)} / ${checksum.slice(0, 12)}`);
      }
      log(`${copy.table}: ${copy.rows} rows, sha256 ${copy.checksum.slice(0, 16)} (same in PostgreSQL)`);
    }
    return copies;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
    sqlite.close();
  }
}
