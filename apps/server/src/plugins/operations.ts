import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { loggablePath } from '../logging.js';
import { hubConnects, metricsText, openHubConnections, registry, requestDurations } from '../metrics.js';

export type OperationsOptions = {
  /** A separate port serving /metrics without the admin token (bind it to a private address). */
  metricsPort?: number | undefined;
  metricsHost?: string | undefined;
  /** How often the hub's connects are summed up in one log line (default a minute). */
  hubLogIntervalMs?: number;
};

/**
 * The path a request asked for, as a log line or the not-found handler reads it: without the query
 * (where mail links carry their tokens), without a scheme and authority (`POST http://user:pw@host/...`
 * is a request line too), percent-decoded where it decodes (`/%61pi/` is `/api/`).
 * @example requestPath('http://u:pw@x/%61pi/groups?password=1') // '/api/groups'
 */
export function requestPath(url: string): string {
  const path = url.startsWith('/') ? (url.split('?')[0] ?? '') : URL.canParse(url) ? new URL(url).pathname : '';
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Routes whose every call would drown the log: they are logged at debug only. */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);
/**
 * A successful answer slower than this is logged at info like a refused or failed one. Every other
 * answer is a debug line: a line per request is a write to the log's pipe per page view, about as
 * much work as a cached read itself, and the per-route counts and times are in /metrics.
 */
const SLOW_MS = 500;
const DEBUG_LEVELS = new Set(['debug', 'trace']);

async function newestMigration(context: ServerContext): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(context.db);
  return rows[0]?.name;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * What an operator reads of a running server: /healthz (the process answers), /readyz (database
 * reachable and migrated, the cross-process channel listening on PostgreSQL, not shutting down),
 * /metrics (Prometheus text, behind the admin token or on its own port), a log line per request
 * (id, route, status, time; never a query string, where mail links carry their tokens, nor a
 * group's id) at info when it was refused, failed or slow and at debug otherwise, and the hub's
 * connects summed up per minute.
 */
export async function registerOperations(app: FastifyInstance, context: ServerContext, options: OperationsOptions = {}): Promise<void> {
  let closing = false;
  const migratedTo = await newestMigration(context);

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const problems: Record<string, string> = {};
    if (closing) problems.process = 'shutting down';
    if (context.crossProcess && !context.crossProcess.listening) problems.crossProcess = 'the cross-process channel is not listening (reconnecting): changes made through other processes do not reach this one';
    try {
      await withTimeout(sql`SELECT 1`.execute(context.db), 2_000, 'the database');
      const newest = await withTimeout(newestMigration(context), 2_000, 'the database');
      if (!newest || (migratedTo && newest < migratedTo)) problems.migrations = `the database is at ${newest ?? 'no migration'}, this server needs ${migratedTo}`;
    } catch (error) {
      problems.database = (error as Error).message;
    }
    if (Object.keys(problems).length > 0) return reply.code(503).send({ status: 'unavailable', problems });
    return { status: 'ready', database: context.dialect, migration: migratedTo };
  });

  const expected = Buffer.from(context.adminToken);
  const isAdmin = (request: FastifyRequest) => {
    const header = request.headers['x-admin-token'] ?? request.headers.authorization?.replace(/^Bearer /i, '') ?? '';
    const given = Buffer.from(String(header));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  app.get('/metrics', async (request, reply) => {
    if (!isAdmin(request)) return reply.code(401).send({ error: 'adminTokenRequired' });
    return reply.type(registry.contentType).send(await metricsText());
  });

  let connects = 0;
  // Counted on the hub's route alone: a hook on every request costs every page view a little.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/notify')) return;
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [
      ...existing,
      (_request, _reply, done) => {
        connects += 1;
        hubConnects.inc();
        done();
      },
    ];
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'none';
    const ms = reply.elapsedTime;
    requestDurations.record(request.method, route, reply.statusCode, ms / 1000);
    const notable = (reply.statusCode >= 400 || ms >= SLOW_MS) && !QUIET_ROUTES.has(route);
    if (notable || DEBUG_LEVELS.has(request.log.level)) {
      const line = { method: request.method, route, path: loggablePath(requestPath(request.url)), status: reply.statusCode, ms: Math.round(ms * 10) / 10 };
      if (notable) request.log.info(line, 'request');
      else request.log.debug(line, 'request');
    }
    done();
  });
  // One line a minute instead of one per connection: a goal can bring thousands of reconnects.
  let openBefore = openHubConnections();
  const hubLog = setInterval(() => {
    const open = openHubConnections();
    if (connects === 0 && open === openBefore) return;
    app.log.info({ hubConnects: connects, hubDisconnects: Math.max(0, openBefore + connects - open), hubOpen: open }, 'live connections in the last minute');
    connects = 0;
    openBefore = open;
  }, options.hubLogIntervalMs ?? 60_000);
  hubLog.unref();

  let metricsServer: Server | undefined;
  if (options.metricsPort !== undefined) {
    metricsServer = createServer((request, response) => {
      if (request.url !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      metricsText().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
    await new Promise<void>((resolve) => metricsServer!.listen(options.metricsPort, options.metricsHost ?? '127.0.0.1', resolve));
    const address = metricsServer.address();
    if (address && typeof address !== 'string') app.log.info({ port: address.port }, `metrics on http://${options.metricsHost ?? '127.0.0.1'}:${address.port}/metrics`);
  }

  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(hubLog);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
  });
}
