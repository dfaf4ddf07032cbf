import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPointConfiguration } from '@scorecast/rules';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt, startServerProcess, stopServerProcess, type ServerProcess } from './support/process.js';
import { gameIdOf, signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

describe.runIf(process.env.TEST_DATABASE_URL)('a game change and the other server process on PostgreSQL', () => {
  let here: TestServer;
  let other: ServerProcess | undefined;
  let dataDir: string;
  let ann: Browser;

  beforeAll(async () => {
    ensureBuilt();
    here = await startTestServer('postgres', { crossProcess: true, push: false });
    dataDir = mkdtempSync(join(tmpdir(), 'scorecast-notice-'));
    other = await startServerProcess({ DATABASE_URL: here.database.url!, DATA_DIR: dataDir, SCORECAST_CLOCK: '2024-06-01T12:00:00Z@0', PUSH: 'off' });
    ann = await signUp(here, 'ann@example.com');
  }, 120_000);
  afterAll(async () => {
    if (other) await stopServerProcess(other);
    await here?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const kickoffThere = async (id: number) => {
    const games = (await (await fetch(`${other!.url}/api/games`, { headers: { authorization: `Bearer ${ann.token}` } })).json()) as { id: number; date: string }[];
    return games.find((game) => game.id === id)!.date;
  };

  it('is told in the change\'s own transaction: the other process serves it though nothing ran here after the commit', async () => {
    const id = await gameIdOf(here, 1);
    // The other process holds the games list.
    expect(await kickoffThere(id)).toBe('2024-06-14T19:00:00.000Z');
    // This process stops right after the commit: nothing after it runs, its event bus says nothing.
    const emit = vi.spyOn(here.context.events, 'emit').mockReturnValue(false);
    try {
      expect((await here.admin('POST', `/api/admin/games/${id}`, { date: '2024-06-14T18:00:00Z' })).statusCode).toBe(200);
    } finally {
      emit.mockRestore();
    }
    let date = await kickoffThere(id);
    for (let tries = 0; date !== '2024-06-14T18:00:00.000Z' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      date = await kickoffThere(id);
    }
    expect(date).toBe('2024-06-14T18:00:00.000Z');
  }, 60_000);

  // A client's X-Connection-Id went into the notice: one of 7850 characters made PostgreSQL refuse it
  // (8000 bytes at most), and the other process's live clients were not told: a player who left
  // the group that way was still sent its kickoff reveal there.
  it('is told of a change whatever X-Connection-Id its request carried', async () => {
    const { id } = await ann.json('POST', '/api/groups', { name: 'Notice', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' });
    const listener = new pg.Client({ connectionString: here.database.url! });
    await listener.connect();
    try {
      const told = new Promise<string>((resolve) => listener.on('notification', (message) => message.payload?.includes(id) && resolve(message.payload)));
      await listener.query('LISTEN scorecast_live');
      const renamed = await here.app.inject({
        method: 'POST',
        url: '/api/players/rename',
        headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x', authorization: `Bearer ${ann.token}`, 'x-connection-id': 'c'.repeat(7850) },
        payload: { groupId: id, name: 'Anna' },
      });
      expect(renamed.statusCode).toBe(200);
      const notice = JSON.parse(await Promise.race([told, new Promise<string>((resolve) => setTimeout(() => resolve('{}'), 5000))]));
      expect(notice).toMatchObject({ event: 'groupChanged', change: { groupId: id } });
    } finally {
      await listener.end();
    }
  }, 60_000);
});
