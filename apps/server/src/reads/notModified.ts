import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from '../context.js';
import { httpDuration } from '../metrics.js';

const BEARER = /^Bearer\s+(\S+)$/i;
/** A browser that has the XSRF cookie; one without it gets it from the framework's hook. */
const HAS_XSRF_COOKIE = /(?:^|;\s*)XSRF-TOKEN=[^;\s]/;

/**
 * Answers a browser's check of the games it holds (GET /api/games with the current tag in
 * If-None-Match) before the framework sees the request: every page open asks, and the answer is
 * an empty 304. Only for a session this process looked up since the last write to sessions and
 * games read since their last change; any other request goes on to Fastify, which answers it as
 * the route does. Returns whether it answered.
 */
export function answerGamesNotModified(context: ServerContext, request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' || request.url !== '/api/games') return false;
  const started = performance.now();
  const games = context.games.loaded;
  const { authorization, cookie } = request.headers;
  if (!games || request.headers['if-none-match'] !== games.etag || !authorization || !cookie || !HAS_XSRF_COOKIE.test(cookie)) return false;
  const token = BEARER.exec(authorization)?.[1];
  if (!token || token.length > 200 || !context.sessions?.get(token)) return false;
  response.writeHead(304, { etag: games.etag, 'cache-control': 'no-cache' }).end();
  httpDuration.observe({ method: 'GET', route: '/api/games', status: '304' }, (performance.now() - started) / 1000);
  return true;
}
