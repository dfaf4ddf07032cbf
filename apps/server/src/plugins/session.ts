import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { StoredUser } from '../db/users.js';
import { hashToken, userOfSession } from '../db/tokens.js';
import type { Origin } from '../events.js';
import { unauthorized } from '../httpError.js';

/** The bearer token of a request, if any. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : undefined;
}

/** The logged-in user of a request, or undefined. */
export async function optionalUser(context: ServerContext, request: FastifyRequest): Promise<StoredUser | undefined> {
  const token = bearerOf(request);
  if (!token || token.length > 200) return undefined;
  const cache = context.sessions;
  const cached = cache?.get(token);
  if (cached) return cached;
  const mark = cache?.mark();
  const user = await userOfSession(context.db, token, context.clock.now());
  if (!user || user.activated !== 1) return undefined;
  if (cache && mark !== undefined) cache.set(token, user, mark);
  return user;
}

/** The logged-in user of a request; 401 without a live session. */
export async function requireUser(context: ServerContext, request: FastifyRequest): Promise<StoredUser> {
  const user = await optionalUser(context, request);
  if (!user) throw unauthorized();
  return user;
}

/** A live connection's id as the hub gives it (a UUID). */
const CONNECTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The live connection a request came from (X-Connection-Id) with its session, as a change's
 * `origin`: that connection gets no echo. A header that names no connection is none: it travels
 * with the change to the other processes, and a long one made PostgreSQL refuse the notice.
 */
export function originOf(request: FastifyRequest): { origin?: Origin } {
  const connection = request.headers['x-connection-id'];
  const token = bearerOf(request);
  return typeof connection === 'string' && CONNECTION_ID.test(connection) && token ? { origin: { connection, session: hashToken(token) } } : {};
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
