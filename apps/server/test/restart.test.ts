import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptPassword } from '@scorecast/api-client';
import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLink } from './support/outbox.js';
import { ensureBuilt, startServerProcess, stopServerProcess, type ServerProcess } from './support/process.js';
import { PASSWORD, TINY_FIXTURE } from './support/server.js';

const ADMIN = 'restart-admin';
const XSRF = { cookie: 'XSRF-TOKEN=restart', 'x-xsrf-token': 'restart', 'content-type': 'application/json' };

function call(url: string, method: string, body?: unknown, token?: string): Promise<Response> {
  return fetch(url, { method, headers: { ...XSRF, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/** A port nobody listens on now, so the restarted server can take the same one. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

type Watcher = { connection: HubConnection; reconnects: number; items: { entity: string; id: number; status?: string }[] };

async function watch(base: string, token: string): Promise<Watcher> {
  const started = Date.now();
  const connection = new HubConnectionBuilder()
    .withUrl(`${base}/notify`, { skipNegotiation: true, transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
    // Keep trying for a minute: a restart on a busy machine takes a while.
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => (Date.now() - started < 600_000 ? 250 : null) })
    .configureLogging(LogLevel.None)
    .build();
  const watcher: Watcher = { connection, reconnects: 0, items: [] };
  connection.on('notify', (items) => watcher.items.push(...(Array.isArray(items) ? items : [items])));
  connection.onreconnected(() => (watcher.reconnects += 1));
  await connection.start();
  return watcher;
}

async function until(probe: () => boolean, what: string, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a restart during a match (SIGTERM)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'scorecast-restart-'));
    const fixturesDir = join(dataDir, 'fixtures');
    mkdirSync(fixturesDir);
    writeFileSync(join(fixturesDir, '2024.json'), JSON.stringify(TINY_FIXTURE));
    env = { DATA_DIR: join(dataDir, 'data'), FIXTURES_DIR: fixturesDir, SCORECAST_CLOCK: '2024-06-01T12:00:00Z@0', ADMIN_TOKEN: ADMIN, PORT: String(await freePort()) };
  });
  afterAll(async () => {
    if (server) await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged save, exits 0, and every live client reconnects to the new process', async () => {
    server = await startServerProcess(env);
    const url = server.url;
    const sessions: string[] = [];
    for (const login of ['ada@example.com', 'ben@example.com', 'cem@example.com']) {
      const password = await encryptPassword(PASSWORD);
      await call(`${url}/api/auth/register`, 'POST', { language: 'en', login, password });
      const token = lastLink(join(env.DATA_DIR!, 'outbox'), login, 'activate-account').searchParams.get('password');
      await call(`${url}/api/auth/activate`, 'POST', { login, password: token });
      sessions.push(((await (await call(`${url}/api/auth`, 'POST', { login, password })).json()) as { token: string }).token);
    }
    const group = (await (await call(`${url}/api/groups`, 'POST', { name: 'Restart', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ada' }, sessions[0])).json()) as { id: string };
    for (const [index, session] of sessions.slice(1).entries()) await call(`${url}/api/groups/accept-invitation`, 'POST', { groupId: group.id, playerName: `P${index}` }, session);
    const games = ((await (await call(`${url}/api/games`, 'GET', undefined, sessions[0])).json()) as { id: number }[]).map((game) => game.id);
    const watchers = await Promise.all(sessions.map((session) => watch(url, session)));

    // Each player writes 0, 1, 2, ... to every game in turn and counts what the server acknowledged.
    const acknowledged = new Map<string, number>();
    let stop = false;
    let refused = 0; // saves the closing or starting server turned away (503 or no answer), tried again
    const writers = sessions.flatMap((session) =>
      games.map(async (gameId) => {
        for (let step = 0; !stop && step < 9_999; ) {
          const answer = await call(`${url}/api/prediction/${gameId}`, 'POST', { homeGoals: Math.floor(step / 100), awayGoals: step % 100 }, session).catch(() => undefined);
          if (answer?.status === 200) {
            acknowledged.set(`${session}|${gameId}`, step);
            step += 1;
          } else {
            // The old process is closing or the new one not yet listening: try the same step again.
            if (answer && answer.status !== 503) throw new Error(`save answered ${answer.status} ${await answer.text()}`);
            refused += 1;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      }),
    );
    const saves = () => [...acknowledged.values()].reduce((sum, step) => sum + step + 1, 0);
    await until(() => saves() >= 100, 'a hundred saves before the restart');

    const old = server;
    const exited = new Promise<number | null>((resolve) => old.child.once('exit', (code) => resolve(code)));
    old.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const beforeRestart = saves();
    server = await startServerProcess(env);
    await until(() => watchers.every((watcher) => watcher.reconnects >= 1 && watcher.connection.state === HubConnectionState.Connected), 'every client to reconnect');
    await until(() => saves() >= beforeRestart + 100, 'a hundred saves after the restart');
    stop = true;
    await Promise.all(writers);

    // Every acknowledged save is there: the last acknowledged step or, at most, the one after it.
    // Each player reads their own predictions (others' stay hidden before kickoff).
    const stored = new Map<string, number>();
    const logins = ['ada@example.com', 'ben@example.com', 'cem@example.com'];
    for (const [index, session] of sessions.entries()) {
      const [group] = (await (await call(`${url}/api/groups`, 'GET', undefined, session)).json()) as {
        players: { login: string; predictions: { gameId: number; homeGoals: number; awayGoals: number }[] }[];
      }[];
      expect(group!.players).toHaveLength(3);
      const player = group!.players.find((candidate) => candidate.login === logins[index]);
      for (const prediction of player?.predictions ?? []) stored.set(`${session}|${prediction.gameId}`, prediction.homeGoals * 100 + prediction.awayGoals);
    }
    for (const [key, step] of acknowledged) {
      expect(stored.get(key), key.split('|')[1]).toBeGreaterThanOrEqual(step);
      expect(stored.get(key), key.split('|')[1]).toBeLessThanOrEqual(step + 1);
    }

    // The reconnected clients are live on the new process: a result reaches all of them.
    const response = await fetch(`${url}/api/admin/games/${games[0]}`, {
      method: 'POST',
      headers: { 'x-admin-token': ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Live', homeGoals: 1, awayGoals: 0 }),
    });
    expect(response.status).toBe(200);
    await until(() => watchers.every((watcher) => watcher.items.some((item) => item.entity === 'Game' && item.id === games[0] && item.status === 'Live')), 'the result on every client', 15_000);
    await Promise.all(watchers.map((watcher) => watcher.connection.stop()));
    // The burst really ran into the restart.
    expect(refused).toBeGreaterThan(0);
  }, 240_000);
});
