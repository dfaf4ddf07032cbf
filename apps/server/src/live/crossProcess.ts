import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { ServerContext } from '../context.js';
import type { ServerEvents } from '../events.js';
import type { LiveRouter } from './router.js';

const CHANNEL = 'scorecast_live';

/** What crosses processes: a change of the event bus (a group's with the request it came from) and when it was made. */
type Notice = { from: string; at: number } & { [E in keyof ServerEvents]: { event: E; change: ServerEvents[E][0] } }[keyof ServerEvents];

/** A running relay: whether it listens now (for /readyz), `noticeIn` to tell a game change within its transaction `db` (sent at commit, and only then), and `stop`. */
export type CrossProcessRelay = { readonly listening: boolean; noticeIn(db: ServerContext['db'], change: ServerEvents['gameChanged'][0]): Promise<void>; stop(): Promise<void> };

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
      if (listener === client) listener = undefined;
      void client.end().catch(() => undefined);
      // Ended by `stop`: nothing was lost.
      if (stopped) return;
      // Other processes' game changes go unheard until it listens again: no list kept meanwhile.
      context.games.keepBetweenReads(false);
      log('the cross-process channel was lost', error);
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
    context.games.keepBetweenReads(true);
    // Notices may have been missed while the connection was down.
    if (again) router.reload();
  }

  async function received(notice: Notice): Promise<void> {
    if (notice.from === me) return;
    if (notice.event === 'sessionsEnded') return router.sessionsEnded(notice.change);
    if (notice.event === 'groupChanged') return router.groupChanged(notice.change);
    // GET /api/games here must list the change too (and so answer with a new tag).
    context.games.invalidate();
    await router.gameChanged(notice.change, notice.at);
  }

  const noticeIn = async (db: ServerContext['db'], notice: Notice) => void (await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`.execute(db));
  const publish = (notice: Notice) => noticeIn(context.db, notice).catch((error: unknown) => log('a cross-process notice was not sent', error));
  const forward = <E extends keyof ServerEvents>(event: E) => {
    // A change told within its own transaction (`crossed`) is not told again. TypeScript does not work out the bus's listener type for an event name left generic.
    const relay = (change: ServerEvents[E][0]) => void ('crossed' in change && change.crossed ? undefined : publish({ from: me, at: Date.now(), event, change } as Notice));
    context.events.on(event, relay as never);
    return () => void context.events.off(event, relay as never);
  };
  const forwards = [forward('gameChanged'), forward('groupChanged'), forward('sessionsEnded')];
  await listen();
  return {
    // Between losing the connection and listening again, other processes' changes do not arrive.
    get listening() {
      return listener !== undefined;
    },
    noticeIn: (db, change) => noticeIn(db, { from: me, at: Date.now(), event: 'gameChanged', change }),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      for (const stopForwarding of forwards) stopForwarding();
      await listener?.end().catch(() => undefined);
    },
  };
}
