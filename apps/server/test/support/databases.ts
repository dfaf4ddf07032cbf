import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { test } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/db/database.js';

/** The databases every server test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const;
export type DatabaseKind = (typeof DATABASES)[number];

// Without PostgreSQL, every file that runs on both databases says so in the count of skipped tests.
if (!process.env.TEST_DATABASE_URL) {
  test.skip('on PostgreSQL: needs PostgreSQL, set TEST_DATABASE_URL as .ci/run does', () => undefined);
}

/** A test database; `url` is the PostgreSQL one's address (for the live channel between processes). */
export type TestDatabase = OpenDatabase & { dataDir: string; url?: string; drop(): Promise<void> };

/** A freshly migrated database: a temp SQLite file, or a new PostgreSQL database dropped afterwards. */
export async function freshDatabase(kind: DatabaseKind, statementTimeoutMs?: number): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-test-'));
  if (kind === 'sqlite') {
    const opened = await openDatabase({ dataDir });
    return {
      ...opened,
      dataDir,
      async drop() {
        await opened.db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${Math.random().toString(36).slice(2, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ databaseUrl: url.toString(), dataDir, ...(statementTimeoutMs === undefined ? {} : { statementTimeoutMs }) });
  return {
    ...opened,
    dataDir,
    url: url.toString(),
    async drop() {
      await opened.db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // An autovacuum worker on the database cannot be ended by a role without pg_signal_backend
      // (42501): it finishes in moments, so the drop is tried again.
      for (let attempt = 1; ; attempt++) {
        const dropped = await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(
          () => true,
          (error: { code?: string }) => {
            if (error.code !== '42501' || attempt === 20) throw error;
            return false;
          },
        );
        if (dropped) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
