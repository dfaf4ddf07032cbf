import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { registerGroupLogRoute } from './changes/routes.js';
import { registerReminderRoutes } from './reminders/routes.js';
import { registerShareRoutes } from './share/routes.js';
import { startReminderMails, type ReminderOptions } from './reminders/run.js';
import { startCorrectionMails } from './changes/announce.js';
import type { Clock } from './clock.js';
import type { ServerContext } from './context.js';
import { isDatabaseUnreachable, isRemovedMeanwhile, type OpenDatabase } from './db/database.js';
import { createEventBus, type ServerEventBus } from './events.js';
import { HttpError } from './httpError.js';
import { registerLiveHub, type LiveOptions } from './live/plugin.js';
import { countHubConnections } from './metrics.js';
import { registerOperations, requestPath, type OperationsOptions } from './plugins/operations.js';
import type { Mailer } from './mail/mailer.js';
import { paymentOrigins, type PaymentConfig } from './payments/config.js';
import { registerPaymentRoutes } from './payments/routes.js';
import { startPushNotifier, type PushOptions } from './push/notifier.js';
import { vapidKeysOf } from './push/vapid.js';
import { registerSecurityHeaders, securityHeadersOf } from './plugins/securityHeaders.js';
import { registerStrictJsonBody } from './plugins/jsonBody.js';
import { registerXsrf } from './plugins/xsrf.js';
import { GameList } from './reads/gameList.js';
import { failureLogOf } from './logging.js';
import { answerGameList } from './reads/gameListAnswer.js';
import { GroupAnswers } from './reads/groupAnswers.js';
import { SessionCache } from './reads/sessionCache.js';
import { registerAdminRoutes } from './routes/admin.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerGroupRoutes } from './routes/groups.js';
import { registerPredictionRoutes } from './routes/predictions.js';
import { registerSettingsRoutes } from './routes/settings.js';
import { createTexts } from './texts.js';

export type AppOptions = {
  database: OpenDatabase;
  clock: Clock;
  mailer: Mailer;
  adminToken: string;
  publicUrl: string;
  events?: ServerEventBus;
  /** Requests per minute and client address on login, register and reset (default 30). */
  authRateLimit?: number;
  /** The web app's build (index.html and assets), served with an SPA fallback when it exists. */
  webDist?: string;
  /** Folder of `{team}.png` flags, served at /assets/flags/. */
  flagsDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The version GET /api/version reports. */
  version?: string;
  /** Payment providers (PayPal, Google Play); none: no payment options. */
  payments?: PaymentConfig;
  /** Web push timing and VAPID subject; `false` turns push off. */
  push?: PushOptions | false;
  /** Reminder mails of unpredicted games; absent or `false`: none are sent. */
  reminders?: ReminderOptions | false;
  /** The live hub's timers and limits; `false` leaves /notify out. */
  live?: LiveOptions | false;
  /** Which proxies may tell the client's address and scheme (X-Forwarded-For/-Proto); see TRUST_PROXY. */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean);
  /** Health, readiness, metrics and the request log. */
  operations?: OperationsOptions;
  /** How long a request's headers and body may take to arrive (default {@link REQUEST_RECEIVE_MS}). */
  requestReceiveMs?: number;
};

/**
 * A request's headers and body arrive within a minute (bodies are at most 256 KB): a body trickled
 * a byte every few seconds held its connection, and a file, for good.
 */
export const REQUEST_RECEIVE_MS = 60_000;

/**
 * The framework's refusals of a body in the words of every other bad input: its own said "not
 * valid JSON" of valid JSON with a `__proto__` key.
 */
const BODY_REFUSALS: Readonly<Record<string, { error: string; field: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { error: 'bodyTooLarge', field: 'body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { error: 'unsupportedMediaType', field: 'content-type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { error: 'invalidContentLength', field: 'content-length' },
};

/** The whole server as a Fastify instance with everything injected; it does not listen. */
export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; context: ServerContext }> {
  // PayPal's buttons are its script in its frames: allowed only when PayPal is configured.
  const payments = paymentOrigins(options.payments);
  // The live channel at the public address: browsers that do not match WebSockets with 'self' (Safari before 15.4) need it named.
  const liveOrigin = new URL(options.publicUrl).origin.replace(/^http/, 'ws');
  const securityHeaders = await securityHeadersOf({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...payments],
        // vanilla-extract ships CSS files, but React and the popups set style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...payments],
        connectSrc: ["'self'", liveOrigin, ...payments],
        frameSrc: payments.length > 0 ? payments : ["'none'"],
        fontSrc: ["'self'", 'data:'],
        // canvas-confetti draws in a worker it starts from a blob: URL.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Served over plain http on a LAN by default: upgrading would break every asset.
        upgradeInsecureRequests: null,
      },
    },
    // Browsers remember HSTS for the host: sent over plain http on a LAN it would lock the players
    // out, so only when the public URL is https.
    hsts: new URL(options.publicUrl).protocol === 'https:',
    // As the policy's frame-ancestors 'none' says, for browsers that read only this header.
    frameguard: { action: 'deny' },
  });
  // The request log is written by the operations plugin (without the query string).
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 256 * 1024,
    // While it stops, the process still listens as its live clients leave (up to the grace time):
    // a request then is answered as usual, with Connection: close (below). Refused with a 503,
    // a prediction saved behind nginx came back failed: nginx passes no POST to another process.
    return503OnClosing: false,
    trustProxy: options.trustProxy ?? false,
    // The router's own refusals are of the path (an escape it cannot decode, `%ff`; a segment
    // longer than it takes): refused as a field like any other bad input.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply.code(400).headers(securityHeaders.privateData).send({ error: 'invalid', field: 'url' });
    },
    // Every page open reads the games: answered before the framework sees the request.
    serverFactory: (handler) => {
      const receiveMs = options.requestReceiveMs ?? REQUEST_RECEIVE_MS;
      // Node looks for requests over their time every so often: at least twice within it.
      const server = createServer({ requestTimeout: receiveMs, connectionsCheckingInterval: Math.min(30_000, receiveMs / 2) }, (request, response) => {
        if (!answerGameList(context, request, response)) handler(request, response);
      });
      // Fastify's default for a server it makes itself.
      server.keepAliveTimeout = 72_000;
      return server;
    },
  });
  const context: ServerContext = {
    db: options.database.db,
    dialect: options.database.dialect,
    clock: options.clock,
    mailer: options.mailer,
    texts: createTexts(),
    events: options.events ?? createEventBus(),
    log: app.log,
    publicUrl: options.publicUrl,
    adminToken: options.adminToken,
    authRateLimit: options.authRateLimit ?? 30,
    version: options.version ?? '0.0.0',
    payments: options.payments,
    games: new GameList(options.database.db, securityHeaders.data),
    sessions: options.database.writes && new SessionCache(options.database.writes.users, () => options.clock.now()),
    groupAnswers: options.database.writes && new GroupAnswers(options.database.writes.groups),
  };

  // The pool replaces a lost idle connection: an outage says so as a warning, once a minute.
  const idleConnectionFailed = failureLogOf(app.log, 'idle database connection failed');
  options.database.pool?.on('error', (error: Error & { code?: string }) => {
    // 57P01: the database ended the connection on purpose (a restart, pg_terminate_backend).
    if (error.code === '57P01') return;
    // pg-pool hangs the whole client on the error: its settings and buffers filled kilobytes of a log line.
    Reflect.deleteProperty(error, 'client');
    idleConnectionFailed(error);
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(error.field ? { error: error.code, field: error.field } : { error: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // A body the parser refused (broken JSON, a __proto__ key, an unknown content type) is refused as a whole.
      if (error.code?.startsWith('FST_ERR_CTP_')) return reply.code(status).send(BODY_REFUSALS[error.code] ?? { error: 'invalidBody', field: 'body' });
      // The rate limit's own refusal names no code; Retry-After is set already.
      if (status === 429) return reply.code(429).send({ error: 'tooManyRequests' });
      return reply.code(status).send({ error: error.code ?? 'badRequest', message: error.message });
    }
    if (isDatabaseUnreachable(error)) {
      // Not the request's fault: it may work again in a moment.
      request.log.warn({ reason: error.message }, 'the database could not be reached');
      return reply.code(503).header('retry-after', '5').send({ error: 'databaseUnavailable' });
    }
    if (isRemovedMeanwhile(error)) {
      request.log.info({ reason: error.message }, 'what the request refers to was removed meanwhile');
      return reply.code(409).send({ error: 'removedMeanwhile' });
    }
    request.log.error(error);
    return reply.code(500).send({ error: 'internal' });
  });

  registerStrictJsonBody(app);
  registerSecurityHeaders(app, securityHeaders);
  // A request still under way when the server stops is answered with Connection: close: kept
  // alive, its connection would hold the stop until the grace time cut it.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  await app.register(rateLimit, { global: false });
  registerXsrf(app);
  await registerOperations(app, context, options.operations);
  if (options.live !== false) {
    const hub = await registerLiveHub(app, context, options.live);
    const uncount = countHubConnections(() => hub.connections.size);
    app.addHook('onClose', async () => uncount());
  }

  registerAuthRoutes(app, context);
  registerGroupRoutes(app, context);
  registerPredictionRoutes(app, context);
  registerSettingsRoutes(app, context);
  registerAdminRoutes(app, context);
  registerGroupLogRoute(app, context);
  registerReminderRoutes(app, context);
  registerShareRoutes(app, context, options.webDist);
  registerPaymentRoutes(app, context);
  registerStaticFiles(app, options);
  if (options.push !== false) {
    const vapid = await vapidKeysOf(context.db);
    context.push = { publicKey: vapid.publicKey, endpoints: options.push?.endpoints ?? {} };
    const stopPush = await startPushNotifier(context, vapid, app.log, options.push);
    app.addHook('onClose', stopPush);
  }
  if (options.reminders) app.addHook('onClose', startReminderMails(context, options.reminders));
  app.addHook('onClose', startCorrectionMails(context));
  return { app, context };
}

/** Vite's output names: `name-<8 character hash>.js|css`. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.(?:js|css)(?:\.br|\.gz)?$/;

/** Paths of the API and of files, never an app page, whatever their case or doubled slashes: a mistyped call gets a JSON 404. */
const SERVER_PATHS = /^\/+(?:api|assets)(?:\/|$)/i;

function registerStaticFiles(app: FastifyInstance, options: AppOptions): void {
  if (options.flagsDir && existsSync(options.flagsDir)) {
    app.register(fastifyStatic, { root: options.flagsDir, prefix: '/assets/flags/', decorateReply: false });
  }
  const webDist = options.webDist;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    // The web build ships .br/.gz siblings of its files; a phone on a slow network gets about a
    // third of the bytes. Hashed bundles never change under their name, so browsers keep them.
    app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      setHeaders: (reply: FastifyReply, path: string) => {
        if (HASHED_ASSET.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = requestPath(request.url);
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'notFound' });
  });
}
