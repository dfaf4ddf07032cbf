import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, startServerProcess, stopServerProcess } from './support/process.js';

const adminUrl = process.env.TEST_DATABASE_URL;

// Two processes started together on an empty PostgreSQL: the second saw the first year the first
// had imported, imported nothing, and served (and kept) a list without the later years.
describe.runIf(adminUrl)('the first start on an empty PostgreSQL', () => {
  it('waits while another process imports the fixtures, then serves every year', { timeout: 120_000 }, async () => {
    ensureBuilt();
    const name = `test_first_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-first-'));
    // Another process importing: it holds the first start's lock.
    const importing = new pg.Client({ connectionString: url.toString() });
    await importing.connect();
    await importing.query("SELECT pg_advisory_lock(hashtext('scorecast first import'))");
    const starting = startServerProcess({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, ADMIN_TOKEN: 'first', SCORECAST_CLOCK: '2024-06-01T12:00:00Z@0' });
    try {
      const early = await Promise.race([starting.then(() => 'serving'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 3_000))]);
      expect(early).toBe('waiting');
      await importing.query("SELECT pg_advisory_unlock(hashtext('scorecast first import'))");
      const server = await starting;
      const years = new Set<number>();
      for (const year of [2024, 2025, 2026]) {
        const games = (await (await fetch(`${server.url}/api/admin/games?year=${year}`, { headers: { 'x-admin-token': 'first' } })).json()) as unknown[];
        if (games.length > 0) years.add(year);
      }
      expect([...years]).toEqual([2024, 2025, 2026]);
    } finally {
      await importing.end();
      await starting.then((server) => stopServerProcess(server), () => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
