import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt, startServerProcess, stopServerProcess, type ServerProcess } from './process.js';

/** Two built server processes sharing one PostgreSQL database, each with its own data folder (and so its own mail outbox). */
export type TwoProcesses = {
  servers: [ServerProcess, ServerProcess];
  dataDirs: [string, string];
  /** The database's name, for looking at its connections. */
  database: string;
  /** Stops both processes, drops the database and removes the data folders. */
  stop(): Promise<void>;
};

async function asAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Starts two server processes (dist/server.js, built when missing) on a fresh database of
 * TEST_DATABASE_URL's server, the first before the second: it creates the tables and imports the
 * fixtures. Both get `env`; the clock stands before the first kickoff of 2024 unless `env` sets it.
 * When a start fails, what was started is stopped and removed again.
 */
export async function startTwoProcesses(label: string, env: Record<string, string> = {}): Promise<TwoProcesses> {
  ensureBuilt();
  const database = `test_${label}_${Math.random().toString(36).slice(2, 10)}`;
  await asAdmin(`CREATE DATABASE ${database}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server)));
    await asAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), `scorecast-${label}-`));
      dataDirs.push(dataDir);
      servers.push(await startServerProcess({ SCORECAST_CLOCK: '2024-06-01T12:00:00Z@0', ...env, DATABASE_URL: url.toString(), DATA_DIR: dataDir }));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers: servers as [ServerProcess, ServerProcess], dataDirs: dataDirs as [string, string], database, stop };
}
