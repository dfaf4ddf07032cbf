import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { REQUEST_TIMEOUT_MS } from '@scorecast/api-client';
import pg from 'pg';
import { makeDataDir, makePrivateFile, SettingError } from '../config.js';
import { migrateToLatest, type Dialect } from './migrations.js';
import { countingWrites, type WriteCount } from './writeWatch.js';
import type { Tables } from './tables.js';

export type Db = Kysely<Tables>;
/**
 * An open database; `pool` is PostgreSQL's connection pool (for the pool metrics). On SQLite, which
 * only this process writes, `writes` counts the writes to what sessions are made of (`users`) and to
 * what a player's groups are made of (`groups`).
 */
export type OpenDatabase = { db: Db; dialect: Dialect; pool?: pg.Pool; writes?: { users: WriteCount; groups: WriteCount } };

/** The tables a GET /api/groups answer is read from. */
const GROUP_TABLES = ['groups', 'players', 'users', 'predictions', 'champion_picks', 'games'];

// bigint columns hold epoch milliseconds, far below 2^53: read them as numbers.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * The longest a PostgreSQL statement may run, waiting for a lock included: a table held by someone
 * else made every read hang for as long (24 s), while the process said it was ready. The request then
 * answers 503, to be tried again, before the web app gives up on it (at 15 s, a saved group edit
 * looked failed).
 */
const STATEMENT_TIMEOUT_MS = REQUEST_TIMEOUT_MS - 2_000;
/**
 * The longest a request waits for a pooled PostgreSQL connection: with every connection held up (a
 * locked table), requests that never touch it queued without a limit behind those that do.
 */
export const POOL_WAIT_MS = 5_000;

/** What SQLite may keep of the database's pages in memory, in KiB. */
const PAGE_CACHE_KIB = 64 * 1024;

/**
 * The database a DATABASE_URL names: unset or empty is the embedded SQLite file, `postgres://` or
 * `postgresql://` (a scheme in any case, as URLs have it) PostgreSQL. Anything else is refused: a
 * mistyped URL used to start on a fresh SQLite file and report itself ready, with none of the data.
 * The refusal names the scheme at most: the rest of a URL may hold a password.
 * @example databaseKindOf('POSTGRES://u:p@db/scorecast') // 'postgres'
 * @example databaseKindOf(undefined) // 'sqlite'
 */
export function databaseKindOf(databaseUrl: string | undefined): Dialect {
  if (databaseUrl === undefined || databaseUrl === '') return 'sqlite';
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    // The driver's own refusal of one that is no URL (a port past 65535, a bracket left open) was a stack; never shows the password.
    if (!URL.canParse(databaseUrl)) throw new SettingError('DATABASE_URL must be a valid URL, e.g. postgres://user:pass@host:5432/scorecast');
    return 'postgres';
  }
  const scheme = /^[^:/@]*:/.exec(databaseUrl)?.[0];
  throw new SettingError(`DATABASE_URL must be empty (SQLite in DATA_DIR) or a postgres:// or postgresql:// URL${scheme === undefined ? '' : `, not one beginning ${JSON.stringify(scheme)}`}`);
}

/** Whether a DATABASE_URL names PostgreSQL (unset or empty: the embedded SQLite file); throws for one that names neither. */
export function isPostgresUrl(databaseUrl: string | undefined): databaseUrl is string {
  return databaseKindOf(databaseUrl) === 'postgres';
}

/**
 * Opens and migrates the database: PostgreSQL when `databaseUrl` is a postgres URL, the embedded
 * SQLite file `scorecast.db` in `dataDir` when it is unset or empty (WAL, so readers never wait for
 * the writer); any other `databaseUrl` is refused (databaseKindOf).
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; statementTimeoutMs?: number }): Promise<OpenDatabase> {
  const { databaseUrl, dataDir, statementTimeoutMs = STATEMENT_TIMEOUT_MS } = options;
  let opened: OpenDatabase;
  if (isPostgresUrl(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, statement_timeout: statementTimeoutMs, connectionTimeoutMillis: POOL_WAIT_MS });
    // An idle connection that the database ends (restart, failover, a dropped test database) must
    // not take the process down: the pool replaces it on the next query. The app logs it (buildApp).
    pool.on('error', () => undefined);
    // The pool listens to a connection only while it is idle: one the database ends while a request
    // holds it (between two statements of a transaction) would otherwise end the process. The
    // request's next statement fails instead, and the pool drops the connection when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // A wrong password, a database that is not there, nothing listening: one line, not a driver's stack.
    await pool.query('SELECT 1').catch(async (error: Error) => {
      await pool.end();
      throw new SettingError(`DATABASE_URL names a PostgreSQL that cannot be used: ${error.message}`);
    });
    opened = { db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres', pool };
  } else {
    makeDataDir(dataDir);
    const file = join(dataDir, 'scorecast.db');
    // SQLite makes its files 0644 and its -wal and -shm files as the database file is: the file
    // exists private before SQLite opens it (those of an older install are narrowed).
    makePrivateFile(file);
    for (const companion of [`${file}-wal`, `${file}-shm`]) if (existsSync(companion)) makePrivateFile(companion);
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    // Every acknowledged write survives a crash of the process: WAL with NORMAL syncs at checkpoints only on power loss.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // better-sqlite3's page cache holds 16 MB: with a tournament's players (150 MB for 100,000 of
    // them) group reads went to the OS for their pages, several times slower than from this cache.
    sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    const writes = { users: { value: 0 }, groups: { value: 0 } };
    const database = countingWrites(sqlite, [
      { tables: ['users', 'sessions'], count: writes.users },
      { tables: GROUP_TABLES, count: writes.groups },
    ]);
    opened = { db: new Kysely<Tables>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite', writes };
  }
  await migrateToLatest(opened.db, opened.dialect);
  return opened;
}

// PostgreSQL's connection failures and shutdowns (SQLSTATE class 08, 57P01-03, too many connections,
// a database not accepting connections), a statement cancelled at its timeout (57014), the socket's,
// and SQLite still locked after its busy timeout.
// 3D000, 28000 and 28P01: the database, or our role or its password, is gone (dropped, a restore
// under way, credentials changed); 42P01, a table is missing (the database replaced by an empty
// one): the operator's to fix, not the request's fault.
const UNREACHABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '3D000', '28000', '28P01', '42P01', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'SQLITE_BUSY']);

/**
 * Whether an error says the database could not be reached or was going away, rather than that a
 * statement was wrong: the request may work again in a moment (a 503, not a 500).
 * @example isDatabaseUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' })) // true
 */
export function isDatabaseUnreachable(error: Error & { code?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code === '55000') return /not currently accepting connections/.test(error.message);
  return code.startsWith('08') || UNREACHABLE_CODES.has(code) || /^Connection terminated|timeout exceeded when trying to connect|^Client has encountered a connection error/.test(error.message);
}

/**
 * Whether a write failed because a row it refers to was removed meanwhile (an account or a group
 * deleted by another request at the same moment): the request cannot be done, and nothing was
 * written (409, not a 500).
 * @example isRemovedMeanwhile(Object.assign(new Error('insert or update violates foreign key constraint'), { code: '23503' })) // true
 */
export function isRemovedMeanwhile(error: Error & { code?: unknown }): boolean {
  return error.code === '23503' || error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
