import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { defaultPointConfiguration } from '@scorecast/rules';
import type { Browser, TestServer } from './server.js';

export type Item = { entity: 'Game' | 'Group'; id: number | string; [key: string]: unknown };

/**
 * A real SignalR client on the server, collecting every `notify` push. A member's first push, their
 * groups whole, is waited for and kept apart as `welcome`.
 */
export async function connect(base: string, token?: string, timers?: { keepAliveMs: number; timeoutMs: number }) {
  const pushes: Item[][] = [];
  const groups = token ? ((await (await fetch(`${base}/api/groups`, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[]) : [];
  let welcome: Item[] | undefined;
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
  connection.on('notify', (items: Item | Item[]) => {
    const list = Array.isArray(items) ? items : [items];
    if (groups.length > 0 && !welcome) welcome = list;
    else pushes.push(list);
  });
  await connection.start();
  const id = await connection.invoke<string>('getConnectionId');
  if (groups.length > 0) await until(() => welcome, 'welcome');
  return { connection, pushes, id, welcome: welcome ?? [] };
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

export type PushedPlayer = { login: string; name?: string; predictions?: { gameId: number }[]; [key: string]: unknown };

/** What a member holds after a push: whole players are the roster, parts merge by login and game (as apps/web does). */
export function holding(group: Item, update: Item): Item {
  const parts = (update.players ?? []) as PushedPlayer[];
  if (parts.length > 0 && parts.every((part) => part.name !== undefined)) return { ...group, ...update };
  const byLogin = new Map(parts.map((part) => [part.login, part]));
  const players = (group.players as PushedPlayer[]).map((player) => {
    const part = byLogin.get(player.login);
    if (!part) return player;
    const moved = new Map((part.predictions ?? []).map((prediction) => [prediction.gameId, prediction]));
    const predictions = player.predictions!.map((prediction) => ({ ...prediction, ...moved.get(prediction.gameId) }));
    const known = new Set(predictions.map((prediction) => prediction.gameId));
    return { ...player, ...part, predictions: [...predictions, ...[...moved.values()].filter((prediction) => !known.has(prediction.gameId))] };
  });
  const byRank = (a: PushedPlayer, b: PushedPlayer) => (a.rank as number) - (b.rank as number) || (a.name! < b.name! ? -1 : 1);
  return { ...group, players: players.sort(byRank) };
}

export const byGame = (group: Item) => ({
  ...group,
  players: (group.players as PushedPlayer[]).map((player) => ({ ...player, predictions: [...player.predictions!].sort((a, b) => a.gameId - b.gameId) })),
});
