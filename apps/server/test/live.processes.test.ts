import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPointConfiguration } from '@scorecast/rules';
import { lastLink } from './support/outbox.js';
import { ensureBuilt, startServerProcess, stopServerProcess, type ServerProcess } from './support/process.js';
import { PASSWORD, wire } from './support/server.js';

type Item = { entity: string; id: number | string; [key: string]: unknown };
const adminUrl = process.env.TEST_DATABASE_URL;

/** Calls a server process's API like the web app: the XSRF pair and the bearer token. */
async function call(server: ServerProcess, method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Registers through a process, activates with the mailed link from its outbox, logs in; the session token. */
async function signUpAt(server: ServerProcess, dataDir: string, login: string): Promise<string> {
  await call(server, 'POST', '/api/auth/register', { language: 'en', login, password: await wire(PASSWORD) });
  const link = lastLink(join(dataDir, 'outbox'), login, 'activate-account');
  await call(server, 'POST', '/api/auth/activate', { login, password: link.searchParams.get('password') });
  return (await call(server, 'POST', '/api/auth', { login, password: await wire(PASSWORD) })).token as string;
}

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

  it('a member connected to the other process gets the join and the new ranking of their group, a stranger only the game', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const adaToken = await signUpAt(first, dataDirs[0]!, 'ada@example.com');
    const strangerToken = await signUpAt(first, dataDirs[0]!, 'stranger@example.com');
    const group = await call(first, 'POST', '/api/groups', { name: 'Across', competitionYear: 2024, playerName: 'Ada', pointConfiguration: defaultPointConfiguration(2024), language: 'en' }, adaToken);
    const games = (await (await fetch(`${first.url}/api/admin/games?year=2024`, { headers: { 'x-admin-token': 'live-admin' } })).json()) as { id: number }[];
    const game = games[1]!;

    const connect = async (token: string, pushes: Item[][]) => {
      const connection = new HubConnectionBuilder()
        .withUrl(`${second.url}/notify`, { skipNegotiation: true, transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
        .configureLogging(LogLevel.None)
        .build();
      connection.on('notify', (items: Item[]) => pushes.push(items));
      await connection.start();
      return connection;
    };
    const adaPushes: Item[][] = [];
    const strangerPushes: Item[][] = [];
    const connections = [await connect(adaToken, adaPushes), await connect(strangerToken, strangerPushes)];
    const waitFor = async (pushes: Item[][], count: number) => {
      const deadline = Date.now() + 5_000;
      while (pushes.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    try {
      // On connecting, Ada gets her group whole.
      await waitFor(adaPushes, 1);
      expect(adaPushes[0]).toEqual([expect.objectContaining({ entity: 'Group', id: group.id, players: [expect.objectContaining({ name: 'Ada' })] })]);
      // Bea joins through the first process: Ada, on the second, sees her arrive.
      const beaToken = await signUpAt(first, dataDirs[0]!, 'bea@example.com');
      await call(first, 'POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: 'Bea' }, beaToken);
      await waitFor(adaPushes, 2);
      expect(adaPushes[1]).toEqual([expect.objectContaining({ entity: 'Group', id: group.id, players: expect.arrayContaining([expect.objectContaining({ name: 'Bea' })]) })]);

      // A result through the first process: Ada gets the game and her group's new ranking, the stranger the game alone.
      await fetch(`${first.url}/api/admin/games/${game.id}`, {
        method: 'POST',
        headers: { 'x-admin-token': 'live-admin', 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'Finished', homeGoals: 3, awayGoals: 0 }),
      });
      await waitFor(adaPushes, 3);
      await waitFor(strangerPushes, 1);
      const [gameItem, groupItem] = adaPushes[2]!;
      expect(gameItem).toMatchObject({ entity: 'Game', id: game.id, status: 'Finished', homeGoals: 3, awayGoals: 0 });
      expect(groupItem).toMatchObject({ entity: 'Group', id: group.id });
      expect((groupItem!.players as { name: string; points: number }[]).map(({ name }) => name).sort()).toEqual(['Ada', 'Bea']);
      expect(strangerPushes.at(-1)).toEqual([expect.objectContaining({ entity: 'Game', id: game.id })]);
    } finally {
      await Promise.all(connections.map((connection) => connection.stop()));
    }
  });
});
