import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from '../context.js';
import { requestDurations } from '../metrics.js';
import { xsrfCookieOf } from '../plugins/xsrf.js';
import { gameListFor, isHeld } from './gameList.js';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Answers GET /api/games before the framework sees the request: every page open asks, and the
 * answer is the same text for everyone, or an empty 304 for a browser that holds it (its tag in
 * If-None-Match). Only for a session this process looked up since the last write to sessions and
 * games read since their last change; any other request goes on to Fastify, whose route answers
 * it with the same headers and body. Returns whether it answered.
 */
export function answerGameList(context: ServerContext, request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' || request.url !== '/api/games') return false;
  const started = performance.now();
  const games = context.games.loaded;
  const { authorization, cookie } = request.headers;
  if (!games || !authorization || !xsrfCookieOf(cookie)) return false;
  const token = BEARER.exec(authorization)?.[1];
  if (!token || token.length > 200 || !context.sessions?.get(token)) return false;
  const answer = gameListFor(games, request.headers['accept-encoding']);
  if (isHeld(request.headers['if-none-match'], answer.etag)) response.writeHead(304, answer.notModifiedHeaders).end();
  else response.writeHead(200, answer.headers).end(answer.bytes);
  requestDurations.record('GET', '/api/games', response.statusCode, (performance.now() - started) / 1000);
  return true;
}
