import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { ServerContext } from '../context.js';
import { findGame } from '../db/games.js';
import type { ServerEvents } from '../events.js';
import type { LiveRouter } from './router.js';
import { originConnection, type Origin } from './router.js';

const CHANNEL = 'scorecast_live';

/** The connection and session of the request that made a change, if any: the other processes do not echo it to that client. */
const origin = (from = originConnection.getStore()): { origin?: Origin } => (from ? { origin: from } : {});

/** What crosses processes: ids only; each process reads what it sends from the database. */
type Notice = { from: string; origin?: Origin } & (
  | { kind: 'game'; id: number; year: number; action?: 'DELETE'; started?: boolean; at?: number }
  | { kind: 'group'; id: string; action?: 'DELETE' }
  | ({ kind: 'sessions' } & ServerEvents['sessionsEnded'][0])
);

/** A running relay: whether it listens now (for /readyz), and how to stop it. */
export type CrossProcessRelay = { readonly listening: boolean; stop(): Promise<void> };

/** The wait before listening again after the connection was lost: 1 s, doubling at each failure up to 30 s. */
const [FIRST_RETRY_MS, MAX_RETRY_MS] = [1_000, 30_000];

/**
 * Relays live changes between server processes on one PostgreSQL through LISTEN/NOTIFY. Remote
 * changes go to the router directly, not to the event bus: web push and the other bus listeners
 * already ran in the process that made the change. Notices are sent through the database pool; the
 * listening connection is opened again after any error (1 s doubling to 30 s between attempts),
 * and since notices may have been missed meanwhile, the router then tells its clients to reload.
 */
export async function startCrossProcessRelay(
  context: ServerContext,
  router: LiveRouter,
  databaseUrl: string,
  log: (message: string, error?: unknown) => void = () => undefined,
): Promise<CrossProcessRelay> {
  const me = randomUUID();
  let listener: pg.Client | undefined;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      log('the cross-process channel was lost', error);
      if (listener === client) listener = undefined;
      void client.end().catch(() => undefined);
      if (stopped) return;
      retry = setTimeout(() => void listen().catch(() => undefined), retryMs);
      retryMs = Math.min(2 * retryMs, MAX_RETRY_MS);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      void received(JSON.parse(message.payload) as Notice).catch((error: unknown) => log('a cross-process notice failed', error));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      return onLost(error);
    }
    if (stopped || lost) return void client.end().catch(() => undefined);
    const again = retryMs !== FIRST_RETRY_MS;
    listener = client;
    retryMs = FIRST_RETRY_MS;
    if (again) {
      // Notices may have been missed while the connection was down.
      context.games.invalidate();
      router.reload();
    }
  }

  async function received(notice: Notice): Promise<void> {
    if (notice.from === me) return;
    if (notice.kind === 'sessions') {
      const { from: _from, kind: _kind, origin: _origin, ...ended } = notice;
      return router.sessionsEnded(ended);
    }
    if (notice.kind === 'group') return router.groupChanged(notice.action ? { groupId: notice.id, action: notice.action } : { groupId: notice.id }, notice.origin);
    // GET /api/games here must list the change too (and so answer with a new tag).
    context.games.invalidate();
    const game = notice.action === 'DELETE' ? undefined : await findGame(context.db, notice.id);
    const event = game ? { game, ...(notice.started === undefined ? {} : { started: notice.started }) } : { game: { id: notice.id, year: notice.year } as never, action: 'DELETE' as const };
    await router.gameChanged(event, notice.origin, notice.at);
  }

  const publish = (notice: Notice) =>
    void sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`.execute(context.db).catch((error: unknown) => log('a cross-process notice was not sent', error));
  const onGame = ({ game, action, started }: ServerEvents['gameChanged'][0]) =>
    publish({ from: me, kind: 'game', id: game.id, year: game.year, at: Date.now(), ...(action ? { action } : {}), ...(started === undefined ? {} : { started }), ...origin() });
  const onGroup = ({ groupId, action }: ServerEvents['groupChanged'][0]) => publish({ from: me, kind: 'group', id: groupId, ...(action ? { action } : {}), ...origin() });
  const onSessions = (ended: ServerEvents['sessionsEnded'][0]) => publish({ from: me, kind: 'sessions', ...ended });
  context.events.on('gameChanged', onGame);
  context.events.on('groupChanged', onGroup);
  context.events.on('sessionsEnded', onSessions);
  await listen();
  return {
    // Between losing the connection and listening again, other processes' changes do not arrive.
    get listening() {
      return listener !== undefined;
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      context.events.off('gameChanged', onGame);
      context.events.off('groupChanged', onGroup);
      context.events.off('sessionsEnded', onSessions);
      await listener?.end().catch(() => undefined);
    },
  };
}
