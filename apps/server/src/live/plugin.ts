import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKeyOf } from '../clientAddress.js';
import type { ServerContext } from '../context.js';
import { hashToken, userOfSession } from '../db/tokens.js';
import { HttpError } from '../httpError.js';
import { requestPath } from '../plugins/operations.js';
import { isOwnOrigin } from '../plugins/origin.js';
import { bearerOf } from '../plugins/session.js';
import { startCrossProcessRelay } from './crossProcess.js';
import { Hub, MAX_RECORD_CHARS, type HubOptions, type Listener } from './hub.js';
import { LiveRouter } from './router.js';

export type LiveOptions = HubOptions & {
  /** How long shutdown waits for clients to leave before cutting them (default 2 s). */
  shutdownGraceMs?: number;
  /** A PostgreSQL URL: live changes then cross server processes through LISTEN/NOTIFY. */
  crossProcessUrl?: string;
  /** Open live connections one client address may hold (default 500); see {@link addressKeyOf}. */
  connectionsPerAddress?: number;
  /** How often the sessions of open connections are checked for having run out (default a minute). */
  sessionCheckMs?: number;
  /** Open live connections the process holds in all (default: its open files' limit, less a reserve; see {@link liveConnectionsMaxOf}). */
  connectionsMax?: number;
};

/** Files the process keeps for everything but live connections: pages, logins, the database, logs. */
const FILES_KEPT = 1_000;

/**
 * How many live connections a process may hold: each is an open file, and a process out of files
 * answers nobody. Its soft limit of open files (Linux's /proc) less {@link FILES_KEPT}; 10,000 where
 * it cannot be read.
 */
export function liveConnectionsMaxOf(limits: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number {
  try {
    const soft = /^Max open files\s+(\d+)/m.exec(limits())?.[1];
    if (soft) return Math.max(100, Number(soft) - FILES_KEPT);
  } catch {
    // Not Linux: the default below.
  }
  return 10_000;
}

type Caller = Listener | 'refused';

/**
 * The session token a connection names: in the query (a browser's WebSocket takes no headers) or as
 * a bearer; undefined for none, null for one in a form no client sends (named twice, empty, another
 * scheme), which is refused rather than taken for none: the client would think itself logged in.
 */
function tokenOf(request: FastifyRequest): string | undefined | null {
  const fromQuery = (request.query as { access_token?: unknown } | undefined)?.access_token;
  if (fromQuery !== undefined) return typeof fromQuery === 'string' && fromQuery.length > 0 ? fromQuery : null;
  if (request.headers.authorization === undefined) return undefined;
  return bearerOf(request) ?? null;
}

async function callerOf(context: ServerContext, request: FastifyRequest): Promise<Caller> {
  const token = tokenOf(request);
  if (token === undefined) return undefined;
  if (token === null || token.length > 200) return 'refused';
  const user = await userOfSession(context.db, token, context.clock.now());
  return user && user.activated === 1 ? { userId: user.id, login: user.login, session: hashToken(token) } : 'refused';
}

/**
 * The live hub at /notify (SignalR JSON protocol over WebSocket, no negotiation). Anonymous
 * connections get Game items; a refused token is answered in the handshake so the client knows why.
 */
export async function registerLiveHub(app: FastifyInstance, context: ServerContext, options: LiveOptions = {}): Promise<Hub> {
  const hub = new Hub({ ...options, log: (error) => app.log.error({ err: error }, 'a live connection failed and was closed') });
  const router = new LiveRouter(hub, context);
  const relayLog = (message: string, error?: unknown) => app.log.warn({ err: error }, message);
  const relay = options.crossProcessUrl ? await startCrossProcessRelay(context, router, options.crossProcessUrl, relayLog) : undefined;
  context.crossProcess = relay;
  const sessionCheck = setInterval(() => {
    router.closeRunOutSessions().catch((error: unknown) => app.log.warn({ err: error }, 'the sessions of live connections could not be checked'));
  }, options.sessionCheckMs ?? 60_000);
  sessionCheck.unref();
  await app.register(websocket, {
    // The hub refuses a record over 64 KiB with a close message saying so; ws cuts off (1009, no message) only frames far larger.
    options: {
      perMessageDeflate: false,
      maxPayload: 4 * MAX_RECORD_CHARS,
      // The plugin switches an upgrade of any route and closes it at once: held open by a client
      // that never answers, none of those counted against the limit per address below.
      verifyClient: ({ req }: { req: IncomingMessage }, done: (accepted: boolean, code?: number) => void) => done(requestPath(req.url ?? '') === '/notify', 404),
    },
    // Only socket errors come here (the route's handler throws none): a client's bad frame or lost line, cut off by the hub; no server ERROR.
    errorHandler: (error, _socket, request) => request.log.debug({ reason: error.message }, 'a live socket failed'),
    preClose: async () => {
      clearInterval(sessionCheck);
      router.close();
      await relay?.stop();
      await hub.shutdown(options.shutdownGraceMs ?? 2_000);
    },
  });
  const callers = new WeakMap<FastifyRequest, Caller>();
  // One address opening connections without end would use up the process's files: nobody else
  // could even load a page. A household, an office or a campus behind one address stays far below.
  const perAddress = options.connectionsPerAddress ?? 500;
  const openByAddress = new Map<string, number>();
  // Many addresses together could still do it: the process as a whole keeps files for pages and logins.
  const inAll = options.connectionsMax ?? liveConnectionsMaxOf();
  let openInAll = 0;
  app.get('/notify', {
    websocket: true,
    preValidation: async (request) => {
      // Another site's page must not open a player's channel (cross-site WebSocket hijacking).
      if (!isOwnOrigin(request, context.publicUrl)) throw new HttpError(403, 'originRefused');
      // A plain request of /notify (answered 404) is no live connection: on a kept-alive
      // connection it would be counted again with every request, until its address was refused.
      if (!request.ws) return;
      // The process is stopping: nginx takes the 503 to another one.
      if (hub.stopping) throw new HttpError(503, 'stopping', undefined, 1);
      const address = addressKeyOf(request.ip);
      const open = openByAddress.get(address) ?? 0;
      if (open >= perAddress) throw new HttpError(429, 'tooManyConnections');
      if (openInAll >= inAll) throw new HttpError(503, 'tooManyConnections', undefined, 5);
      // Counted from here, before the session is looked up: a burst cannot slip past while it waits.
      openByAddress.set(address, open + 1);
      openInAll += 1;
      request.raw.socket.once('close', () => {
        openInAll -= 1;
        const left = openByAddress.get(address)! - 1;
        if (left > 0) openByAddress.set(address, left);
        else openByAddress.delete(address);
      });
      callers.set(request, await callerOf(context, request));
    },
  }, (socket, request) => {
    const caller = callers.get(request);
    hub.accept(socket, caller);
    // Without its seats the connection would miss its groups' reveals: it reconnects and loads again.
    if (caller && caller !== 'refused') void router.connected(caller.userId).catch(() => hub.sendAway(socket));
  });
  return hub;
}
