import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockOptionsOf } from '../src/clock.js';
import { databaseKindOf } from '../src/db/database.js';
import { freshDatabase } from './support/databases.js';
import { ensureBuilt, PACKAGE_DIR, refusalOfServer, startServerProcess, stopServerProcess } from './support/process.js';

// A loaded machine starts a Node process slowly: these tests wait for whole processes.
const PROCESS_TIMEOUT = 120_000;

let place: string;
beforeAll(() => {
  ensureBuilt();
  place = mkdtempSync(join(tmpdir(), 'scorecast-config-'));
});
afterAll(() => rmSync(place, { recursive: true, force: true }));

/** A data folder that does not exist yet: a refused start must not create it. */
const freshDataDir = (name: string) => join(place, name);

describe('DATABASE_URL', () => {
  it('is SQLite when unset or empty and PostgreSQL for postgres:// or postgresql:// in any case, and refuses anything else', () => {
    expect(databaseKindOf(undefined)).toBe('sqlite');
    expect(databaseKindOf('')).toBe('sqlite');
    expect(databaseKindOf('postgres://u:p@db/scorecast')).toBe('postgres');
    expect(databaseKindOf('postgresql://u:p@db/scorecast')).toBe('postgres');
    expect(databaseKindOf('POSTGRES://u:p@db/scorecast')).toBe('postgres');
    expect(databaseKindOf('PostgreSQL://u:p@db/scorecast')).toBe('postgres');
    for (const url of ['garbage', 'mysql://x@127.0.0.1/db', ' postgres://u:p@db/scorecast', 'postgres:/db', 'sqlite://scorecast.db']) {
      expect(() => databaseKindOf(url), url).toThrow(/^DATABASE_URL must be empty \(SQLite in DATA_DIR\) or a postgres:\/\/ or postgresql:\/\/ URL/);
    }
  });

  it('never says the password of a URL it refuses', () => {
    expect(() => databaseKindOf('mysql://scorecast:secret@db/scorecast')).toThrow(/^[^\n]*beginning "mysql:"$/);
    expect(() => databaseKindOf('mysql://scorecast:secret@db/scorecast')).not.toThrow(/secret/);
  });

  it('refuses to start the server on one it does not recognise, in one line naming it, creating nothing', { timeout: PROCESS_TIMEOUT }, async () => {
    for (const [index, url] of ['garbage', 'mysql://x@127.0.0.1/db', ' postgres://scorecast:scorecast@127.0.0.1:5432/scorecast'].entries()) {
      const dataDir = freshDataDir(`database-${index}`);
      const { code, output, listened } = await refusalOfServer({ DATABASE_URL: url, DATA_DIR: dataDir });
      expect(listened, url).toBe(false);
      expect(code, url).toBe(1);
      expect(output.trim().split('\n'), url).toHaveLength(1);
      expect(output, url).toContain('DATABASE_URL must be empty (SQLite in DATA_DIR) or a postgres:// or postgresql:// URL');
      expect(existsSync(dataDir), url).toBe(false);
    }
  });

  it('does not back up the SQLite file when DATABASE_URL is one the server would refuse', { timeout: PROCESS_TIMEOUT }, async () => {
    const { ADMIN_URL: _url, ADMIN_TOKEN: _token, ...env } = process.env;
    const stderr = await new Promise<string>((done) => {
      execFile(process.execPath, ['dist/admin/cli.js', 'backup', join(place, 'backup.db')], { cwd: PACKAGE_DIR, env: { ...env, DATABASE_URL: 'mysql://x@127.0.0.1/db', DATA_DIR: freshDataDir('cli') } }, (_error, _stdout, text) => done(text));
    });
    expect(stderr.trim()).toBe('DATABASE_URL must be empty (SQLite in DATA_DIR) or a postgres:// or postgresql:// URL, not one beginning "mysql:"');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('starts on PostgreSQL with the scheme in capitals', { timeout: PROCESS_TIMEOUT }, async () => {
    const database = await freshDatabase('postgres');
    const server = await startServerProcess({ DATABASE_URL: database.url!.replace(/^postgres(ql)?:/, 'POSTGRES:'), DATA_DIR: freshDataDir('capitals'), PUSH: 'off' });
    try {
      expect(await (await fetch(`${server.url}/readyz`)).json()).toMatchObject({ status: 'ready', database: 'postgres' });
    } finally {
      await stopServerProcess(server);
      await database.drop();
    }
  });
});

describe('SCORECAST_CLOCK', () => {
  it('takes an ISO instant of years 0000 to 9999 and a speed from 0 to 100000, as the admin clock does', () => {
    expect(clockOptionsOf('2026-06-10T12:00:00Z@100000')).toEqual({ start: Date.parse('2026-06-10T12:00:00Z'), speed: 100_000 });
    expect(clockOptionsOf('2026-06-10T14:00:00+02:00@0')).toEqual({ start: Date.parse('2026-06-10T12:00:00Z'), speed: 0 });
    expect(clockOptionsOf('')).toBeUndefined();
    for (const value of ['2026-06-10T12:00:00Z@1e308', '2026-06-10T12:00:00Z@100001', '+275760-09-13T00:00:00Z', '2026-06-10T12:00:00Z@', '2026-06-10T12:00:00Z@-1', '2026-06-10T12:00:00Z@1@2', 'yesterday']) {
      expect(() => clockOptionsOf(value), value).toThrow(/^SCORECAST_CLOCK must be an ISO instant with an optional speed from 0 to 100000/);
    }
  });

  it('refuses to start the server on a clock that would break its answers, in one line naming it', { timeout: PROCESS_TIMEOUT }, async () => {
    for (const [index, value] of ['2026-06-10T12:00:00Z@1e308', '+275760-09-13T00:00:00Z'].entries()) {
      const dataDir = freshDataDir(`clock-${index}`);
      const { code, output, listened } = await refusalOfServer({ SCORECAST_CLOCK: value, DATA_DIR: dataDir });
      expect(listened, value).toBe(false);
      expect(code, value).toBe(1);
      expect(output.trim(), value).toBe(`SCORECAST_CLOCK must be an ISO instant with an optional speed from 0 to 100000, e.g. 2024-06-14T18:55:00Z@60, not ${JSON.stringify(value)}`);
    }
  });
});
