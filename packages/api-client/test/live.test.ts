import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, createApiClient, createMemoryTokenStorage, type LiveUpdate } from '../src/index.js';
import { ACCOUNT_DELETED_ERROR, CANNOT_CONNECT_MESSAGE, CONNECTION_LOST_MESSAGE, SESSION_ENDED_ERROR, createLiveChannel, type LiveChannel, type LiveChannelOptions } from '../src/live.js';
import { HubServer } from './support/hub-server.js';
import { startApiServer } from './support/api-server.js';
import { GROUP_ID, game } from './fixtures.js';

let hub: HubServer;
let live: LiveChannel | undefined;
type LogCall = (...parts: unknown[]) => void;
let logger: { error: ReturnType<typeof vi.fn<LogCall>>; warn: ReturnType<typeof vi.fn<LogCall>> };
let attempts: number[];
let connectionIds: (string | undefined)[];

function openChannel(options: Partial<LiveChannelOptions> = {}): LiveChannel {
  live = createLiveChannel({
    baseUrl: hub.url,
    tokenStorage: createMemoryTokenStorage([[TOKEN_KEY, 'live-token']]),
    logger,
    onConnectionId: (id) => connectionIds.push(id),
    // The real schedule is tested on its own; here a short delay keeps the retries quick.
    retryDelay: (attempt) => (attempts.push(attempt), 10),
    ...options,
  });
  return live;
}

async function until(condition: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(condition()).toBe(true), { timeout: 5_000, interval: 10 });
}

beforeEach(async () => {
  hub = await new HubServer().listen();
  logger = { error: vi.fn<LogCall>(), warn: vi.fn<LogCall>() };
  attempts = [];
  connectionIds = [];
});

afterEach(async () => {
  await live?.stop();
  live = undefined;
  await hub.close();
});

describe('connecting', () => {
  it('opens a WebSocket at /notify without negotiation, carrying the stored token', async () => {
    await openChannel().start();
    const [client] = hub.clients;
    expect(client?.url.split('?')[0]).toBe('/notify');
    const token = new URL(client!.url, hub.url).searchParams.get('access_token') ?? client!.headers.authorization?.replace('Bearer ', '');
    expect(token).toBe('live-token');
  });

  it('asks for its connection id once connected and reports it', async () => {
    const channel = openChannel();
    await channel.start();
    expect(connectionIds).toEqual(['connection-1']);
    expect(channel.connectionId).toBe('connection-1');
  });

  it('retries the first connect with the retry schedule and logs the failure once', async () => {
    hub.accepting = false;
    const started = openChannel().start();
    await until(() => attempts.length >= 3);
    hub.accepting = true;
    await started;
    expect(attempts.slice(0, 3)).toEqual([0, 1, 2]);
    expect(logger.error.mock.calls.map(([message]) => message)).toEqual([CANNOT_CONNECT_MESSAGE]);
    expect(connectionIds).toEqual(['connection-1']);
  });

  it('reconnects after the server closes with allowReconnect, warns, and reports the new id', async () => {
    await openChannel().start();
    hub.closeClients(true);
    await until(() => connectionIds.length === 3);
    expect(connectionIds).toEqual(['connection-1', undefined, 'connection-2']);
    expect(logger.warn.mock.calls.map(([message]) => message)).toEqual([CONNECTION_LOST_MESSAGE]);
    expect(attempts).toEqual([0]);
  });

  it('starts the retry schedule over after a success', async () => {
    await openChannel().start();
    hub.closeClients(true);
    await until(() => connectionIds.length === 3);
    hub.closeClients(true);
    await until(() => connectionIds.length === 5);
    expect(attempts).toEqual([0, 0]);
  });

  it('comes back even after a close without allowReconnect', async () => {
    await openChannel().start();
    hub.closeClients(false);
    await until(() => connectionIds.at(-1) === 'connection-2');
    expect(logger.warn).toHaveBeenCalledWith(CONNECTION_LOST_MESSAGE, expect.anything());
  });

  it('stops for good when the server ends the session, and says so instead of reconnecting', async () => {
    const ended = vi.fn();
    await openChannel({ onSessionEnded: ended }).start();
    hub.closeClients(false, SESSION_ENDED_ERROR);
    await until(() => ended.mock.calls.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([hub.clients.length, connectionIds, logger.warn.mock.calls.length, attempts]).toEqual([0, ['connection-1', undefined], 0, []]);
    expect(ended).toHaveBeenCalledWith('sessionEnded');
  });

  // A fan deleted the account in one tab; the other said the password was changed or the session unused.
  it('tells that the account was deleted when the server closes for that', async () => {
    const ended = vi.fn();
    await openChannel({ onSessionEnded: ended }).start();
    hub.closeClients(false, ACCOUNT_DELETED_ERROR);
    await until(() => ended.mock.calls.length === 1);
    expect(ended).toHaveBeenCalledWith('accountDeleted');
    expect(hub.clients.length).toBe(0);
  });

  it('ends the session when a reconnect is refused and the token no longer holds', async () => {
    const ended = vi.fn();
    // What the HTTP side answers: the browser cannot read the 401 of a refused WebSocket.
    await openChannel({ onSessionEnded: ended, sessionHolds: () => Promise.resolve(!hub.refusingToken) }).start();
    hub.refusingToken = true;
    hub.closeClients(true);
    await until(() => ended.mock.calls.length === 1);
    const triedBeforeEnd = attempts.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts.length).toBe(triedBeforeEnd);
  });

  it('ends the session when a connect after a close is refused and the token no longer holds', async () => {
    const ended = vi.fn();
    await openChannel({ onSessionEnded: ended, sessionHolds: () => Promise.resolve(!hub.refusingToken) }).start();
    hub.refusingToken = true;
    hub.closeClients(false);
    await until(() => ended.mock.calls.length === 1);
    const triedBeforeEnd = attempts.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts.length).toBe(triedBeforeEnd);
  });

  it('keeps retrying while the token holds (the server is only away)', async () => {
    const ended = vi.fn();
    await openChannel({ onSessionEnded: ended, sessionHolds: () => Promise.resolve(true) }).start();
    hub.accepting = false;
    hub.closeClients(true);
    await until(() => attempts.length >= 3);
    hub.accepting = true;
    await until(() => connectionIds.at(-1) === 'connection-2');
    expect(ended).not.toHaveBeenCalled();
  });

  it('stays away once stopped', async () => {
    const channel = openChannel();
    await channel.start();
    await channel.stop();
    await until(() => hub.clients.length === 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([hub.clients.length, channel.connectionId, logger.warn.mock.calls.length]).toEqual([0, undefined, 0]);
  });

  it('gets its id onto the HTTP calls of the client, so they are not echoed back', async () => {
    const server = await startApiServer();
    try {
      const api = createApiClient({ baseUrl: server.url, tokenStorage: createMemoryTokenStorage() });
      await openChannel({ onConnectionId: (id) => api.setConnectionId(id) }).start();
      await api.leaveGroup({ id: GROUP_ID });
      expect(server.requests[0]?.headers['x-connection-id']).toBe('connection-1');
    } finally {
      await server.close();
    }
  });
});

describe('live updates', () => {
  const gameUpdate = { entity: 'Game', id: game.id, homeGoals: 2 };
  const groupDeleted = { entity: 'Group', id: GROUP_ID, _action: 'DELETE' };

  async function receive(argument: unknown, count = 1): Promise<LiveUpdate[][]> {
    const pushes: LiveUpdate[][] = [];
    const channel = openChannel({ onUpdates: (updates) => pushes.push(updates) });
    await channel.start();
    hub.notify(argument);
    await until(() => pushes.length >= count || logger.warn.mock.calls.length > 0);
    return pushes;
  }

  it('delivers one item as an array of one', async () => {
    expect(await receive(gameUpdate)).toEqual([[gameUpdate]]);
  });

  it('delivers many items as one array, in order', async () => {
    expect(await receive([gameUpdate, groupDeleted])).toEqual([[gameUpdate, groupDeleted]]);
  });

  it('delivers the group parts of a goal: players without a name, predictions with only what moved', async () => {
    const parts = { entity: 'Group', id: GROUP_ID, players: [{ login: 'ann@example.com', points: 8, rank: 1, predictions: [{ gameId: game.id, accuracy: 'exact', points: 5, rank: 1 }] }] };
    expect(await receive(parts)).toEqual([[parts]]);
  });

  it('drops a part without a login or a moved prediction without its game', async () => {
    const pushes = await receive([{ entity: 'Group', id: GROUP_ID, players: [{ points: 3 }] }, { entity: 'Group', id: GROUP_ID, players: [{ login: 'a', predictions: [{ rank: 2 }] }] }, gameUpdate]);
    await until(() => pushes.length === 1);
    expect(pushes).toEqual([[gameUpdate]]);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('drops items that break the contract, with a warning, and keeps the rest', async () => {
    const pushes = await receive([{ entity: 'Game', id: 'seven' }, gameUpdate, { entity: 'Team', id: 1 }]);
    await until(() => pushes.length === 1);
    expect(pushes).toEqual([[gameUpdate]]);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('delivers to every subscriber until it unsubscribes', async () => {
    const channel = openChannel();
    const first: LiveUpdate[][] = [];
    const second: LiveUpdate[][] = [];
    channel.subscribe((updates) => first.push(updates));
    const unsubscribe = channel.subscribe((updates) => second.push(updates));
    await channel.start();
    hub.notify(gameUpdate);
    await until(() => first.length === 1 && second.length === 1);
    unsubscribe();
    hub.notify(groupDeleted);
    await until(() => first.length === 2);
    expect([first, second]).toEqual([[[gameUpdate], [groupDeleted]], [[gameUpdate]]]);
  });
});
