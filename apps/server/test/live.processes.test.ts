import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, startServerProcess, stopServerProcess, type ServerProcess } from './support/process.js';

type Item = { entity: string; id: number | string; [key: string]: unknown };
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('live items across two server processes on one PostgreSQL', () => {
  const name = `test_live_${Math.random().toString(36).slice(2, 10)}`;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];

  async function query(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  }

  beforeAll(async () => {
    ensureBuilt();
    await query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    // One after the other: the first one creates the tables and imports the fixtures.
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-live-'));
      dataDirs.push(dataDir);
      servers.push(await startServerProcess({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, ADMIN_TOKEN: 'live-admin' }));
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server)));
    await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a result entered through one process reaches a SignalR client connected to the other', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const pushes: Item[][] = [];
    const connection = new HubConnectionBuilder()
      .withUrl(`${second.url}/notify`, { skipNegotiation: true, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    connection.on('notify', (items: Item[]) => pushes.push(items));
    await connection.start();
    try {
      const games = (await (await fetch(`${first.url}/api/admin/games?year=2024`, { headers: { 'x-admin-token': 'live-admin' } })).json()) as { id: number }[];
      const game = games[0]!;
      const changed = await fetch(`${first.url}/api/admin/games/${game.id}`, {
        method: 'POST',
        headers: { 'x-admin-token': 'live-admin', 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'Live', homeGoals: 2, awayGoals: 1 }),
      });
      expect(changed.status).toBe(200);
      const deadline = Date.now() + 5_000;
      while (pushes.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(pushes[0]).toEqual([expect.objectContaining({ entity: 'Game', id: game.id, status: 'Live', homeGoals: 2, awayGoals: 1 })]);
    } finally {
      await connection.stop();
    }
  });
});
