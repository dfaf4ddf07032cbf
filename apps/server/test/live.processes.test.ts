import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveUpdateSchema, mergeLiveUpdates, type LiveState } from '@scorecast/api-client';
import { defaultPointConfiguration } from '@scorecast/rules';
import { lastLink } from './support/outbox.js';
import type { ServerProcess } from './support/process.js';
import { PASSWORD, wire } from './support/server.js';
import { startTwoProcesses, type TwoProcesses } from './support/twoProcesses.js';

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
  // The clock before the first kickoff: nothing played, every prediction open.
  let processes: TwoProcesses | undefined;
  beforeAll(async () => {
    processes = await startTwoProcesses('live', { ADMIN_TOKEN: 'live-admin' });
  }, 60_000);
  afterAll(async () => processes?.stop());

  /** A SignalR client of a process, as the web app: loads over HTTP on every (re)connect and merges every push with the app's code. */
  async function memberAt(server: ServerProcess, token: string, login: string) {
    const pushes: Item[][] = [];
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}/notify`, { skipNegotiation: true, transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
      .withAutomaticReconnect([100, 200, 400, 800, 1600, 3200])
      .configureLogging(LogLevel.None)
      .build();
    const load = async (): Promise<LiveState> => ({ games: await call(server, 'GET', '/api/games', undefined, token), groups: await call(server, 'GET', '/api/groups', undefined, token) });
    const member = { connection, pushes, state: { games: [], groups: [] } as LiveState, reloads: 0 };
    connection.on('notify', (items: Item[]) => {
      pushes.push(items);
      member.state = mergeLiveUpdates(member.state, items.map((item) => liveUpdateSchema.parse(item)), login);
    });
    // As the web app's loadSession: a push that came while the answers were on their way is newer
    // than they are, so read again rather than put the older answers over it.
    const reload = async () => {
      for (let seen = -1; seen !== pushes.length; ) {
        seen = pushes.length;
        const state = await load();
        if (seen === pushes.length) member.state = state;
      }
    };
    connection.onreconnected(async () => {
      await reload();
      member.reloads++;
    });
    await connection.start();
    member.state = await load();
    return member;
  }

  const admin = (server: ServerProcess, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-admin-token': 'live-admin', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  async function waitUntil(probe: () => boolean | Promise<boolean>, what: string, limitMs = 5_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  // First: the champion pick closes once any game has started.
  it('a prediction, a champion pick, a join and a point-rule change made through one process are served by the other at once, and pushed to its members', async () => {
    const [first, second] = processes!.servers;
    const adaToken = await signUpAt(first, processes!.dataDirs[0], 'ada@example.com');
    const strangerToken = await signUpAt(first, processes!.dataDirs[0], 'stranger@example.com');
    const group = await call(first, 'POST', '/api/groups', { name: 'Across', competitionYear: 2024, playerName: 'Ada', pointConfiguration: defaultPointConfiguration(2024), language: 'en' }, adaToken);
    const games = (await (await admin(first, '/api/admin/games?year=2024')).json()) as { id: number }[];
    const game = games[1]!;
    const both = async (token: string) => [await call(first, 'GET', '/api/groups', undefined, token), await call(second, 'GET', '/api/groups', undefined, token)];

    // Read through the second process first, so that any copy it kept would be stale.
    await both(adaToken);
    await call(first, 'POST', `/api/prediction/${game.id}`, { homeGoals: 3, awayGoals: 0 }, adaToken);
    await call(first, 'POST', '/api/prediction/champion', { team: 'es', year: 2024 }, adaToken);
    const [fromFirst, fromSecond] = await both(adaToken);
    expect(fromSecond).toEqual(fromFirst);
    expect(fromSecond[0].players[0]).toMatchObject({ championPrediction: 'es', predictions: [{ gameId: game.id, homeGoals: 3, awayGoals: 0 }] });

    const ada = await memberAt(second, adaToken, 'ada@example.com');
    const stranger = await memberAt(second, strangerToken, 'stranger@example.com');
    try {
      // Bea joins through the first process: the second serves her at once, and Ada, on it, sees her arrive.
      const beaToken = await signUpAt(first, processes!.dataDirs[0], 'bea@example.com');
      await call(first, 'POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: 'Bea' }, beaToken);
      expect((await call(second, 'GET', '/api/groups', undefined, beaToken))[0].players.map((player: { name: string }) => player.name)).toEqual(['Ada', 'Bea']);
      await waitUntil(() => ada.state.groups[0]?.players.length === 2, 'Ada sees Bea');

      // A point-rule change through the first process.
      const pointConfiguration = { ...defaultPointConfiguration(2024), groupStageExactPoints: 7 };
      await call(first, 'POST', '/api/groups', { id: group.id, name: 'Across', pointConfiguration }, adaToken);
      expect((await call(second, 'GET', '/api/groups', undefined, adaToken))[0].pointConfiguration.groupStageExactPoints).toBe(7);
      await waitUntil(() => ada.state.groups[0]?.pointConfiguration.groupStageExactPoints === 7, 'Ada sees the new rules');

      // A result through the first process: Ada's ranking moves with the new rules, the stranger gets the game alone.
      expect((await admin(first, `/api/admin/games/${game.id}`, { status: 'Finished', homeGoals: 3, awayGoals: 0 })).status).toBe(200);
      const http = await call(second, 'GET', '/api/groups', undefined, adaToken);
      expect(http[0].players[0]).toMatchObject({ login: 'ada@example.com', points: 7, rank: 1 });
      await waitUntil(() => JSON.stringify(ada.state.groups) === JSON.stringify(http), 'Ada holds what HTTP shows');
      await waitUntil(() => stranger.pushes.length > 0, 'the stranger gets the game');
      expect(stranger.pushes.flat().every((item) => item.entity === 'Game')).toBe(true);
    } finally {
      await Promise.all([ada, stranger].map((each) => each.connection.stop()));
    }
  });

  it('a join through one process reaches the reveal of the other: the new member\'s prediction is revealed at the next kickoff', async () => {
    const [first, second] = processes!.servers;
    const eveToken = await signUpAt(first, processes!.dataDirs[0], 'eve@example.com');
    const group = await call(first, 'POST', '/api/groups', { name: 'Seats', competitionYear: 2024, playerName: 'Eve', pointConfiguration: defaultPointConfiguration(2024), language: 'en' }, eveToken);
    const games = (await (await admin(first, '/api/admin/games?year=2024')).json()) as { id: number; status: string }[];
    const game = games.filter((each) => each.status === 'Scheduled')[5]!;
    // Eve is on the second process, which learns her group's seats as she connects.
    const eve = await memberAt(second, eveToken, 'eve@example.com');
    try {
      const fayToken = await signUpAt(first, processes!.dataDirs[0], 'fay@example.com');
      await call(first, 'POST', '/api/groups/accept-invitation', { groupId: group.id, playerName: 'Fay' }, fayToken);
      await call(first, 'POST', `/api/prediction/${game.id}`, { homeGoals: 4, awayGoals: 4 }, fayToken);
      await waitUntil(() => eve.state.groups[0]?.players.length === 2, 'Eve sees Fay');
      expect((await admin(first, `/api/admin/games/${game.id}`, { status: 'Live', homeGoals: 0, awayGoals: 0 })).status).toBe(200);
      await waitUntil(() => eve.pushes.flat().some((item) => item.entity === 'Group' && JSON.stringify(item).includes('"homeGoals":4')), 'the reveal of Fay\'s prediction');
      expect(eve.pushes.flat().filter((item) => item.entity === 'Group').at(-1)).toEqual({
        entity: 'Group',
        id: group.id,
        players: [{ login: 'fay@example.com', predictions: [{ gameId: game.id, homeGoals: 4, awayGoals: 4 }] }],
      });
      expect(eve.state.groups).toEqual(await call(second, 'GET', '/api/groups', undefined, eveToken));
    } finally {
      await eve.connection.stop();
    }
  });

  it('a result entered through one process reaches a SignalR client connected to the other', async () => {
    const [first, second] = processes!.servers;
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

  it('still crosses after PostgreSQL ended every connection of both processes: clients are told to reload, and results reach them', async () => {
    const [first, second] = processes!.servers;
    const token = await signUpAt(first, processes!.dataDirs[0], 'cat@example.com');
    await call(first, 'POST', '/api/groups', { name: 'Again', competitionYear: 2024, playerName: 'Cat', pointConfiguration: defaultPointConfiguration(2024), language: 'en' }, token);
    const cat = await memberAt(second, token, 'cat@example.com');
    try {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      const ended = await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [processes!.database]);
      await client.end();
      expect(ended.rowCount).toBeGreaterThanOrEqual(2);
      // The second process listens again (after 1 s) and asks its clients to reconnect and reload.
      await waitUntil(() => cat.reloads > 0, 'Cat reloads', 10_000);
      const games = (await (await admin(first, '/api/admin/games?year=2024')).json()) as { id: number }[];
      const game = games[2]!;
      expect((await admin(first, `/api/admin/games/${game.id}`, { status: 'Live', homeGoals: 1, awayGoals: 1 })).status).toBe(200);
      await waitUntil(() => cat.state.games.some((each) => each.id === game.id && each.status === 'Live' && each.homeGoals === 1), 'the result crosses', 10_000);
      expect(await call(second, 'GET', '/api/groups', undefined, token)).toEqual(cat.state.groups);
    } finally {
      await cat.connection.stop();
    }
  }, 30_000);

  it('closes the live connection of a session ended through the other process within a second', async () => {
    const [first, second] = processes!.servers;
    const token = await signUpAt(first, processes!.dataDirs[0], 'dan@example.com');
    const dan = await memberAt(second, token, 'dan@example.com');
    let closedAt: number | undefined;
    dan.connection.onclose(() => (closedAt = Date.now()));
    const since = Date.now();
    await call(first, 'GET', '/api/auth/logout', undefined, token);
    await waitUntil(() => closedAt !== undefined, 'the connection closed', 2_000);
    expect(closedAt! - since).toBeLessThanOrEqual(1_000);
  });
});
