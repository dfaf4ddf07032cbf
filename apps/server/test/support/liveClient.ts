import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { defaultPointConfiguration } from '@scorecast/rules';
import { liveUpdateSchema, mergeLiveUpdates, type LiveState } from '@scorecast/api-client';
import type { DatabaseKind } from './databases.js';
import { signUp, startTestServer, type Browser, type TestServer } from './server.js';

export type Item = { entity: 'Game' | 'Group'; id: number | string; [key: string]: unknown };

/** A real SignalR client on the server, collecting every `notify` push. */
export async function connect(base: string, token?: string, timers?: { keepAliveMs: number; timeoutMs: number }) {
  const pushes: Item[][] = [];
  const builder = new HubConnectionBuilder()
    .withUrl(`${base}/notify`, {
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
      ...(token ? { accessTokenFactory: () => token } : {}),
    })
    .withAutomaticReconnect([50, 100, 200, 400, 800, 1600])
    .configureLogging(LogLevel.None);
  if (timers) builder.withKeepAliveInterval(timers.keepAliveMs).withServerTimeout(timers.timeoutMs);
  const connection: HubConnection = builder.build();
  connection.on('notify', (items: Item | Item[]) => void pushes.push(Array.isArray(items) ? items : [items]));
  await connection.start();
  const id = await connection.invoke<string>('getConnectionId');
  return { connection, pushes, id };
}

export async function until<T>(probe: () => T | undefined, what: string, limitMs = 5_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

export async function listening(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export async function groupOf(owner: Browser, name: string): Promise<string> {
  const created = await owner.json('POST', '/api/groups', { name, pointConfiguration: defaultPointConfiguration(2024), playerName: name });
  return created.id as string;
}

/**
 * A member as the web app is one: connected, then loaded over HTTP, then every push merged with
 * the app's own code (`mergeLiveUpdates` of @scorecast/api-client), each item checked against the contract.
 */
export async function member(base: string, browser: Browser, login: string) {
  const live = await connect(base, browser.token);
  let state: LiveState = { games: await browser.json('GET', '/api/games'), groups: await browser.json('GET', '/api/groups') };
  let merged = 0;
  return {
    live,
    login,
    /** What the member holds now. */
    get state(): LiveState {
      for (; merged < live.pushes.length; merged++) state = mergeLiveUpdates(state, live.pushes[merged]!.map((item) => liveUpdateSchema.parse(item)), login);
      return state;
    },
    /** What GET /api/games and GET /api/groups answer now, to compare with. */
    async http(): Promise<LiveState> {
      return { games: await browser.json('GET', '/api/games'), groups: await browser.json('GET', '/api/groups') };
    },
  };
}

/** The state in one order (groups by id), for comparing what a member holds with what HTTP answers. */
export const sorted = ({ games, groups }: LiveState) => ({
  games: [...games].sort((a, b) => a.id - b.id),
  groups: [...groups].sort((a, b) => (a.id < b.id ? -1 : 1)),
});

/** A listening server with Ann's group, which Bob has joined; `closeLater` takes what closes it after the test. */
export async function annAndBobInAGroup(kind: DatabaseKind, closeLater: (close: () => Promise<unknown>) => void) {
  const server = await startTestServer(kind, { push: false });
  closeLater(() => server.close());
  const base = await listening(server);
  const ann = await signUp(server, 'ann@example.com');
  const bob = await signUp(server, 'bob@example.com');
  const groupId = await groupOf(ann, 'Ann');
  await bob.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bob' });
  // The join's push is read and sent after the answer; let it pass before the tests connect.
  await settle();
  return { server, base, ann, bob, groupId };
}
