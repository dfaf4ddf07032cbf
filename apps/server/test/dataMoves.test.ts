import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { defaultPointConfiguration } from '@scorecast/rules';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite } from '../src/admin/backup.js';
import { copyToPostgres } from '../src/admin/copyToPostgres.js';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { lockDataDir, LOCK_FILE } from '../src/db/dataDirLock.js';
import { adminTokenOf } from '../src/config.js';
import { createMailer } from '../src/mail/mailer.js';
import { ensureBuilt, PACKAGE_DIR, startServerProcess, stopServerProcess } from './support/process.js';
import { ADMIN_TOKEN, Browser, gameIdOf, signUp, startTestServer, type TestServer } from './support/server.js';

const adminUrl = process.env.TEST_DATABASE_URL;

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** A full flow on SQLite: players, a group with an invitation accepted, predictions, a result, a champion pick. */
async function playFlow(server: TestServer): Promise<Browser[]> {
  const ann = await signUp(server, 'ann@example.com');
  const bob = await signUp(server, 'bob@example.com', 'de');
  const group = await ann.json('POST', '/api/groups', { name: 'Move', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' });
  await bob.json('POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: 'Bob' });
  await ann.json('POST', '/api/prediction/champion', { team: 'de', year: 2024 });
  for (const number of [1, 2, 3]) {
    await ann.json('POST', `/api/prediction/${await gameIdOf(server, number)}`, { homeGoals: number, awayGoals: 0 });
    await bob.json('POST', `/api/prediction/${await gameIdOf(server, number)}`, { homeGoals: 1, awayGoals: 1 });
  }
  server.clock.set(Date.parse('2024-06-20T00:00:00Z'), 0);
  await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 1)}`, { status: 'Finished', homeGoals: 1, awayGoals: 0 });
  return [ann, bob];
}

describe('backup while the server runs', () => {
  let server: TestServer;
  let folder: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { push: false });
    folder = mkdtempSync(join(tmpdir(), 'scorecast-backup-'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('copies the open database to a file that opens with every row, and never overwrites one', async () => {
    await playFlow(server);
    const file = join(folder, 'scorecast-backup.db');
    expect(await backupSqlite(server.database.dataDir, file)).toBeGreaterThan(0);
    const copy = new Database(file, { readonly: true });
    const count = (table: string) => (copy.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect([count('users'), count('players'), count('predictions')]).toEqual([2, 2, 6]);
    copy.close();
    // It holds password hashes and the VAPID private key, as the database does.
    expect(modeOf(file)).toBe(0o600);
    await expect(backupSqlite(server.database.dataDir, file)).rejects.toThrow(/exists/);
  });

  it('runs as npm run admin -- backup FILE', () => {
    ensureBuilt();
    const file = join(folder, 'from-cli.db');
    const output = execFileSync(process.execPath, ['dist/admin/cli.js', 'backup', file], { cwd: PACKAGE_DIR, env: { ...process.env, DATA_DIR: server.database.dataDir, DATABASE_URL: '' } }).toString();
    expect(output).toContain(`backup of ${join(server.database.dataDir, 'scorecast.db')} written to ${file}`);
    expect(modeOf(file)).toBe(0o600);
  });
});

describe('the data folder and the database files', () => {
  let place: string;
  beforeAll(() => {
    place = mkdtempSync(join(tmpdir(), 'scorecast-modes-'));
  });
  afterAll(() => rmSync(place, { recursive: true, force: true }));

  it('are readable by their owner only when the server makes them: the folder 0700, the database, its WAL and shared memory, the lock 0600', async () => {
    const dataDir = join(place, 'made', 'data');
    const unlock = lockDataDir(dataDir);
    const database = await openDatabase({ dataDir });
    adminTokenOf({}, dataDir);
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      for (const file of ['scorecast.db', 'scorecast.db-wal', 'scorecast.db-shm', 'admin-token', LOCK_FILE]) expect([file, modeOf(join(dataDir, file))]).toEqual([file, 0o600]);
    } finally {
      await database.db.destroy();
      unlock();
    }
  });

  it('leave a folder the operator made as it is, and narrow a database an older version made 0644', async () => {
    const dataDir = join(place, 'operator');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const older = new Database(join(dataDir, 'scorecast.db'));
    older.pragma('journal_mode = WAL');
    older.close();
    chmodSync(join(dataDir, 'scorecast.db'), 0o644);
    const database = await openDatabase({ dataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o755);
      expect(modeOf(join(dataDir, 'scorecast.db'))).toBe(0o600);
      expect(modeOf(join(dataDir, 'scorecast.db-wal'))).toBe(0o600);
    } finally {
      await database.db.destroy();
    }
  });
});

// With DATA_DIR unset or mistyped, the copy made an empty database in that folder and copied it.
it('copy-to-postgres refuses a data folder without a database, and makes none', async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'scorecast-copy-')), 'mistyped');
  await expect(copyToPostgres(dataDir, 'postgres://scorecast@127.0.0.1:1/nowhere')).rejects.toThrow(`no database at ${join(dataDir, 'scorecast.db')} (set DATA_DIR)`);
  expect(existsSync(dataDir)).toBe(false);
});

describe.runIf(adminUrl)('copy-to-postgres', () => {
  const name = `test_copy_${Math.random().toString(36).slice(2, 10)}`;
  let server: TestServer;
  let targetUrl: string;
  async function admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  }
  beforeAll(async () => {
    server = await startTestServer('sqlite', { push: false });
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    targetUrl = url.toString();
  });
  afterAll(async () => {
    await server?.close();
    // An autovacuum worker (another role) may still be on the freshly filled database: try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        break;
      } catch (error) {
        if (attempt === 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  });

  it('copies every table with its ids, verified by counts and checksums, and the same reads answer the same on both', async () => {
    const browsers = await playFlow(server);
    const readsOf = async (app: TestServer['app']) =>
      Promise.all(
        browsers.map(async (browser) => {
          const as = new Browser(app);
          as.token = browser.token;
          return { groups: await as.json('GET', '/api/groups'), settings: await as.json('GET', '/api/settings'), games: await as.json('GET', '/api/games') };
        }),
      );
    const before = await readsOf(server.app);

    const copies = await copyToPostgres(server.database.dataDir, targetUrl);
    const byTable = Object.fromEntries(copies.map((copy) => [copy.table, copy.rows]));
    expect(byTable).toMatchObject({ users: 2, sessions: 2, players: 2, predictions: 6, champion_picks: 1, games: 5, teams: 4 });
    expect(copies.every((copy) => /^[0-9a-f]{64}$/.test(copy.checksum))).toBe(true);
    // Users come before what points to them.
    const order = copies.map((copy) => copy.table);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('players'));
    expect(order.indexOf('groups')).toBeLessThan(order.indexOf('players'));

    const database = await openDatabase({ databaseUrl: targetUrl, dataDir: server.database.dataDir });
    const { app } = await buildApp({ database, clock: server.clock, mailer: createMailer({ outboxDir: join(server.database.dataDir, 'outbox2'), from: 'x@y.z' }), adminToken: ADMIN_TOKEN, publicUrl: 'http://scorecast.test', push: false, live: false });
    try {
      expect(await readsOf(app)).toEqual(before);
      // New rows continue after the copied ids.
      const added = await app.inject({ method: 'POST', url: '/api/admin/games', headers: { 'x-admin-token': ADMIN_TOKEN }, payload: { stage: 'Final', date: '2024-07-20T19:00:00Z', homeTeam: 'de', awayTeam: 'es' } });
      expect(added.json().id).toBeGreaterThan(Math.max(...before[0]!.games.map((game: { id: number }) => game.id)));
    } finally {
      await app.close();
      await database.db.destroy();
    }
  });

  // The docs say to stop the server first; nothing stopped an operator who did not, and what the
  // server wrote after the copy was lost.
  it('refuses while a server runs on the SQLite data folder', { timeout: 120_000 }, async () => {
    ensureBuilt();
    const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-copy-running-'));
    const running = await startServerProcess({ DATA_DIR: dataDir, SCORECAST_CLOCK: '2024-06-01T12:00:00Z@0' });
    try {
      await expect(copyToPostgres(dataDir, targetUrl)).rejects.toThrow(/another Scorecast server .* runs on .*: stop it first/);
    } finally {
      await stopServerProcess(running);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a target that holds rows', async () => {
    await expect(copyToPostgres(server.database.dataDir, targetUrl)).rejects.toThrow(/not empty/);
  });
});
