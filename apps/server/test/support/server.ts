import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { encryptPassword } from '@scorecast/api-client';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { createClock, type Clock } from '../../src/clock.js';
import type { ServerContext } from '../../src/context.js';
import { importFixture, type Fixture } from '../../src/fixtures.js';
import type { LiveOptions } from '../../src/live/plugin.js';
import { createMailer, type Mailer } from '../../src/mail/mailer.js';
import type { PaymentConfig } from '../../src/payments/config.js';
import type { PushOptions } from '../../src/push/notifier.js';
import { freshDatabase, type DatabaseKind, type TestDatabase } from './databases.js';
import { lastLink } from './outbox.js';

export const ADMIN_TOKEN = 'test-admin-token';
export const PASSWORD = 'Secret!23';

/** A password as the web app sends it: AES-CBC under the wire key. */
export const wire = (password: string) => encryptPassword(password);

export type TestServer = {
  app: FastifyInstance;
  context: ServerContext;
  database: TestDatabase;
  clock: Clock;
  outboxDir: string;
  admin(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** A small tournament: four group games on two days and a final, nothing played yet. */
export const TINY_FIXTURE: Fixture = {
  year: 2024,
  teams: [
    { id: 'de', name: 'Germany' },
    { id: 'gb-sct', name: 'Scotland' },
    { id: 'es', name: 'Spain' },
    { id: 'hr', name: 'Croatia' },
  ],
  games: [
    { number: 1, stage: 'Group', group: 'A', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', result: null },
    { number: 2, stage: 'Group', group: 'B', date: '2024-06-15T16:00:00Z', homeTeam: 'es', awayTeam: 'hr', result: null },
    { number: 3, stage: 'Group', group: 'A', date: '2024-06-19T19:00:00Z', homeTeam: 'de', awayTeam: 'hr', result: null },
    { number: 4, stage: 'Group', group: 'B', date: '2024-06-19T16:00:00Z', homeTeam: 'es', awayTeam: 'gb-sct', result: null },
    { number: 5, stage: 'Final', group: null, date: '2024-07-14T19:00:00Z', homeTeam: 'de', awayTeam: 'es', result: null },
  ],
};

/**
 * The server on a fresh database with the tiny fixture, its clock before the first kickoff;
 * `crossProcess` relays live changes through PostgreSQL; `page` serves a one-line web app at `/`.
 */
export async function startTestServer(
  kind: DatabaseKind,
  options: {
    authRateLimit?: number;
    payments?: PaymentConfig;
    push?: PushOptions | false;
    logger?: AppOptions['logger'];
    operations?: AppOptions['operations'];
    publicUrl?: string;
    crossProcess?: boolean;
    page?: boolean;
    /** PostgreSQL's statement timeout, shorter than the server's for a test to wait on. */
    statementTimeoutMs?: number;
    /** Instead of the outbox (which `outboxDir` still names). */
    mailer?: Mailer;
    requestReceiveMs?: number;
    live?: LiveOptions;
  } = {},
): Promise<TestServer> {
  const database = await freshDatabase(kind, options.statementTimeoutMs);
  const webDist = join(database.dataDir, 'web');
  if (options.page) {
    mkdirSync(webDist, { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Scorecast</title>');
  }
  await importFixture(database.db, TINY_FIXTURE);
  const clock = createClock({ start: Date.parse('2024-06-01T12:00:00Z'), speed: 0 });
  const outboxDir = join(database.dataDir, 'outbox');
  const { app, context } = await buildApp({
    database,
    clock,
    mailer: options.mailer ?? createMailer({ outboxDir, from: 'Scorecast <noreply@scorecast.test>' }),
    adminToken: ADMIN_TOKEN,
    publicUrl: options.publicUrl ?? 'http://scorecast.test',
    authRateLimit: options.authRateLimit ?? 10_000,
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.push !== undefined ? { push: options.push } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.operations ? { operations: options.operations } : {}),
    ...(options.page ? { webDist } : {}),
    ...(options.requestReceiveMs ? { requestReceiveMs: options.requestReceiveMs } : {}),
    // The live channel between processes, on the test's PostgreSQL database.
    live: { ...options.live, ...(options.crossProcess && database.url ? { crossProcessUrl: database.url } : {}) },
  });
  await app.ready();
  return {
    app,
    context,
    database,
    clock,
    outboxDir,
    admin: (method, url, body) => app.inject({ method, url, headers: { 'x-admin-token': ADMIN_TOKEN }, ...(body === undefined ? {} : { payload: body as object }) }),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** One browser's view of the API: sends the XSRF pair and its bearer token like the web app does. */
export class Browser {
  token: string | undefined;
  constructor(private readonly app: FastifyInstance) {}

  request(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method,
      url,
      headers: {
        cookie: 'XSRF-TOKEN=xsrf-test',
        'x-xsrf-token': 'xsrf-test',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  }

  async json<T = any>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown): Promise<T> {
    const response = await this.request(method, url, body);
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  }
}

/** Registers, activates through the mailed link and logs in; returns the logged-in browser. */
export async function signUp(server: TestServer, login: string, language: 'en' | 'de' = 'en'): Promise<Browser> {
  const browser = new Browser(server.app);
  const registered = await browser.json('POST', '/api/auth/register', { language, login, password: await wire(PASSWORD) });
  if (registered.status !== 'Successful') throw new Error(`register ${login}: ${registered.status}`);
  const link = lastLink(server.outboxDir, login, 'activate-account');
  await browser.json('POST', '/api/auth/activate', { login, password: link.searchParams.get('password') });
  const result = await browser.json('POST', '/api/auth', { login, password: await wire(PASSWORD) });
  browser.token = result.token;
  return browser;
}

/** The admin API's id of the tiny fixture's game with a number. */
export async function gameIdOf(server: TestServer, number: number): Promise<number> {
  const games = (await server.admin('GET', '/api/admin/games?year=2024')).json() as { id: number; number: number }[];
  return games.find((game) => game.number === number)!.id;
}

/** Sends the text of a request as it is (a request line no client library writes) to a listening server: the whole answer. */
export function sendRaw(base: string, request: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}
