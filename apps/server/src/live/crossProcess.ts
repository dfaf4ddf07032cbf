import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ServerContext } from '../context.js';
import { findGame } from '../db/games.js';
import type { ServerEvents } from '../events.js';
import type { LiveRouter } from './router.js';
import { originConnection } from './router.js';

const CHANNEL = 'scorecast_live';

/** What crosses processes: ids only; each process re-reads and re-derives. */
type Notice =
  | { from: string; kind: 'game'; id: number; year: number; action?: 'DELETE'; origin?: string }
  | { from: string; kind: 'group'; id: string; action?: 'DELETE'; origin?: string };

/**
 * Relays live changes between server processes on one PostgreSQL through LISTEN/NOTIFY. Remote
 * changes invalidate this process's score caches and go to the router directly, not to the event
 * bus: web push and the other bus listeners already ran in the process that made the change.
 */
export async function startCrossProcessRelay(context: ServerContext, router: LiveRouter, databaseUrl: string): Promise<() => Promise<void>> {
  const me = randomUUID();
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  await listener.query(`LISTEN ${CHANNEL}`);
  listener.on('error', () => undefined);
  listener.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    void received(JSON.parse(message.payload) as Notice).catch(() => undefined);
  });

  async function received(notice: Notice): Promise<void> {
    if (notice.from === me) return;
    if (notice.kind === 'group') {
      context.scores.invalidateGroups([notice.id]);
      await router.groupChanged(notice.action ? { groupId: notice.id, action: notice.action } : { groupId: notice.id }, notice.origin);
      return;
    }
    context.scores.invalidateYear(notice.year);
    // GET /api/games here must list the change too (and so answer with a new tag).
    context.games.invalidate();
    const game = notice.action === 'DELETE' ? undefined : await findGame(context.db, notice.id);
    const event = game ? { game } : { game: { id: notice.id, year: notice.year } as never, action: 'DELETE' as const };
    await router.gameChanged(event, notice.origin);
  }

  const publish = (notice: Notice) => void listener.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(notice)]).catch(() => undefined);
  const onGame = ({ game, action }: ServerEvents['gameChanged'][0]) =>
    publish({ from: me, kind: 'game', id: game.id, year: game.year, ...(action ? { action } : {}), ...origin() });
  const onGroup = ({ groupId, action }: ServerEvents['groupChanged'][0]) =>
    publish({ from: me, kind: 'group', id: groupId, ...(action ? { action } : {}), ...origin() });
  context.events.on('gameChanged', onGame);
  context.events.on('groupChanged', onGroup);
  return async () => {
    context.events.off('gameChanged', onGame);
    context.events.off('groupChanged', onGroup);
    await listener.end().catch(() => undefined);
  };
}

function origin(): { origin?: string } {
  const id = originConnection.getStore();
  return id ? { origin: id } : {};
}
