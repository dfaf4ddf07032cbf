import { join } from 'node:path';
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import WebSocket from 'ws';
import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startReplay } from '../src/demo/replay.js';
import { sendCorrectionMails } from '../src/changes/announce.js';
import { isDatabaseUnreachable } from '../src/db/database.js';
import { startReminderMails } from '../src/reminders/run.js';
import { loggerOptionsOf, trustProxyOf } from '../src/logging.js';
import { DATABASES } from './support/databases.js';
import { connect, listening, settle, until } from './support/liveClient.js';
import { lastLink } from './support/outbox.js';
import { ADMIN_TOKEN, Browser, PASSWORD, gameIdOf, sendRaw, signUp, startTestServer, wire, type TestServer } from './support/server.js';

/** A log stream for a test server, and the text it was given so far. */
function capturedLog(): { stream: Writable; text: string } {
  const log = {
    text: '',
    stream: new Writable({
      write(chunk, _encoding, done) {
        log.text += chunk.toString();
        done();
      },
    }),
  };
  return log;
}


describe.each(DATABASES)('health, readiness and metrics on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
  });
  afterAll(async () => server?.close());

  it('answers /healthz and /readyz with what it checked', async () => {
    expect((await server.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: kind, migration: expect.any(String) });
  });

  it('serves /metrics in the Prometheus text format only with the admin token', async () => {
    await server.app.inject({ url: '/api/version' });
    expect((await server.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const metrics = await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(/scorecast_http_request_duration_seconds_count\{method="GET",route="\/api\/version",status="200"\} [1-9]/);
    // Every sample on a line of its own: the request durations are written beside the registry's text.
    for (const line of metrics.body.split('\n').filter((each) => each !== '' && !each.startsWith('#'))) expect(line).toMatch(/^[a-zA-Z_:][\w:]*(\{[^}]*\})? \S+$/);
    for (const name of ['scorecast_hub_connections', 'scorecast_live_items_pushed_total', 'scorecast_live_change_to_push_seconds', 'scorecast_mails_total', 'scorecast_push_sends_total', 'scorecast_feed_polls_total', 'scorecast_db_pool_connections']) {
      expect(metrics.body, name).toContain(`# TYPE ${name}`);
    }
  });

  it('sums the hub\'s connects and disconnects up in one log line a minute', async () => {
    const log = capturedLog();
    const other = await startTestServer(kind, { push: false, logger: { level: 'info', stream: log.stream }, operations: { hubLogIntervalMs: 300 } });
    try {
      const base = await listening(other);
      for (let i = 0; i < 3; i++) await (await connect(base)).connection.stop();
      await new Promise((resolve) => setTimeout(resolve, 700));
      const summaries = log.text.trim().split('\n').map((line) => JSON.parse(line)).filter((record) => record.msg === 'live connections in the last minute');
      expect(summaries.reduce((sum, record) => sum + record.hubConnects, 0)).toBe(3);
      expect(summaries.reduce((sum, record) => sum + record.hubDisconnects, 0)).toBe(3);
      expect(summaries.length).toBeLessThan(3);
    } finally {
      await other.close();
    }
  });

  let base: Promise<string> | undefined;
  /** The server listening for live clients (once for the tests that need it). */
  const listeningOnce = () => (base ??= listening(server));

  /** One unlabelled value of /metrics (a counter, a gauge, a histogram's `_count`). */
  async function metric(name: string): Promise<number> {
    const body = (await server.app.inject({ url: '/metrics', headers: { 'x-admin-token': ADMIN_TOKEN } })).body;
    const line = body.split('\n').find((text) => text.startsWith(`${name} `));
    if (!line) throw new Error(`no ${name} in /metrics`);
    return Number(line.slice(name.length + 1));
  }

  /** Polls /metrics until a value is reached (a client's leaving is seen by the server a moment later). */
  async function metricReaches(name: string, value: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await metric(name)) !== value) {
      if (Date.now() > deadline) throw new Error(`${name} stayed at ${await metric(name)}, not ${value}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('counts open hub connections: one more per client, one less when it leaves', async () => {
    const before = await metric('scorecast_hub_connections');
    const first = await connect(await listeningOnce());
    const second = await connect(await listeningOnce());
    try {
      expect(await metric('scorecast_hub_connections')).toBe(before + 2);
      await first.connection.stop();
      await metricReaches('scorecast_hub_connections', before + 1);
    } finally {
      await first.connection.stop();
      await second.connection.stop();
    }
    await metricReaches('scorecast_hub_connections', before);
  });

  it('counts the items pushed and the time from a game change to its push', async () => {
    const client = await connect(await listeningOnce());
    try {
      const pushedBefore = await metric('scorecast_live_items_pushed_total');
      const timedBefore = await metric('scorecast_live_change_to_push_seconds_count');
      const gameId = await gameIdOf(server, 2);
      expect((await server.admin('POST', `/api/admin/games/${gameId}`, { status: 'Live', homeGoals: 0, awayGoals: 0 })).statusCode).toBe(200);
      await until(() => client.pushes.flat().find((item) => item.entity === 'Game' && item.id === gameId), 'the game\'s push');
      expect(await metric('scorecast_live_items_pushed_total')).toBeGreaterThanOrEqual(pushedBefore + 1);
      expect(await metric('scorecast_live_change_to_push_seconds_count')).toBe(timedBefore + 1);
    } finally {
      await client.connection.stop();
    }
  });

  it.runIf(kind === 'postgres')('lives on when the database ends a connection held between two statements of a transaction', async () => {
    const gameId = await gameIdOf(server, 3);
    const written = server.database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      // The ended connection says so while no statement of ours runs on it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await trx.updateTable('games').set({ venue: 'nowhere' }).where('id', '=', gameId).execute();
    });
    // Not the request's fault: answered 503 databaseUnavailable, not 500.
    await expect(written).rejects.toSatisfy((error: Error) => isDatabaseUnreachable(error));
    const games = (await server.admin('GET', '/api/admin/games?year=2024')).json() as { id: number }[];
    expect(games.some((game) => game.id === gameId)).toBe(true);
  });

  // Dropped by an operator's mistake (or a restore under way): every request was a 500 internal.
  it.runIf(kind === 'postgres')('answers 503 databaseUnavailable while its database does not exist', async () => {
    const other = await startTestServer(kind, { push: false });
    const name = new URL(other.database.url!).pathname.slice(1);
    try {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
      const answer = await other.app.inject({ url: '/api/version' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ error: 'databaseUnavailable' });
    } finally {
      await other.app.close();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      await other.database.drop();
    }
  });

  // Every clean stop of a process warned that its channel was lost, teaching operators to ignore it.
  it.runIf(kind === 'postgres')('stops without warning of the cross-process channel it closes itself', async () => {
    const log = capturedLog();
    const other = await startTestServer(kind, { push: false, crossProcess: true, logger: { level: 'info', stream: log.stream } });
    expect((await other.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await other.app.close();
    await other.database.drop();
    // The channel's end arrives after close resolved.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log.text).not.toContain('cross-process channel was lost');
  });

  // An outage logged 'push failed' with a stack at every tick of the notifier, about every 2 s, and
  // put the blame on push.
  // A tick caught mid-query sees its connection cut; one starting later sees the refusal.
  const REFUSED_OR_CUT = /not currently accepting connections|terminating connection due to administrator command/;
  it.runIf(kind === 'postgres')('says once that background work cannot reach the database, as a warning naming it', async () => {
    const log = capturedLog();
    const other = await startTestServer(kind, { push: { tickInterval: 20 }, logger: { ...loggerOptionsOf({}), stream: log.stream } });
    const name = new URL(other.database.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (let run = 0; run < 3; run++) await sendCorrectionMails(other.context);
      const records = log.text.trim().split('\n').filter(Boolean).map((text) => JSON.parse(text) as Record<string, any>);
      for (const what of ['push failed', 'correction mails failed']) {
        const lines = records.filter((record) => String(record.msg).startsWith(what));
        expect(lines, what).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining('the database could not be reached'), reason: expect.stringMatching(REFUSED_OR_CUT) })]);
      }
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
      await other.app.close().catch(() => undefined);
      await other.database.drop().catch(() => undefined);
    }
  });

  it.runIf(kind === 'postgres')('is not ready while the cross-process channel is down, and names it; ready again once it listens', async () => {
    const other = await startTestServer(kind, { push: false, crossProcess: true });
    try {
      expect((await other.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      // The listening connection is the one whose last statement was the LISTEN.
      const ended = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN scorecast_live%'",
        [new URL(other.database.url!).pathname.slice(1)],
      );
      await admin.end();
      expect(ended.rowCount).toBe(1);
      const down = await readyzUntil(other, 503);
      expect(down.json()).toMatchObject({ status: 'unavailable', problems: { crossProcess: expect.stringContaining('cross-process channel') } });
      expect(down.json().problems).not.toHaveProperty('database');
      // The relay listens again after a second.
      await readyzUntil(other, 200);
    } finally {
      await other.close();
    }
  });

  // A second attacker cut the listening connection while new connections were refused: this process
  // served its kept games list, without another process's result, for as long as that lasted.
  it.runIf(kind === 'postgres')('lists the games anew at every read while the cross-process channel is down', async () => {
    const other = await startTestServer(kind, { push: false, crossProcess: true });
    const name = new URL(other.database.url!).pathname.slice(1);
    const main = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    // Another process's write: opened before connections are refused, and sending no notice.
    const elsewhere = new pg.Client({ connectionString: other.database.url });
    await Promise.all([main.connect(), elsewhere.connect()]);
    try {
      const ann = await signUp(other, 'ann@example.com');
      const id = await gameIdOf(other, 1);
      const kickoffOf = async () => (await ann.json<{ id: number; date: string }[]>('GET', '/api/games')).find((game) => game.id === id)!.date;
      expect(await kickoffOf()).toBe('2024-06-14T19:00:00.000Z');
      await main.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await main.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN scorecast_live%'", [name]);
      await readyzUntil(other, 503);
      await elsewhere.query('UPDATE games SET kickoff = $1 WHERE id = $2', [Date.parse('2024-06-14T18:00:00Z'), id]);
      expect(await kickoffOf()).toBe('2024-06-14T18:00:00.000Z');
    } finally {
      await main.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await Promise.all([main.end(), elsewhere.end()]);
      await other.close();
    }
  });

  it('logs a failed push, replay step, reminder run and correction mail through the server\'s logger with their stack, not on the console', async () => {
    const log = capturedLog();
    const console_ = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const other = await startTestServer(kind, { push: { tickInterval: 20 }, logger: { ...loggerOptionsOf({}), stream: log.stream } });
    try {
      const ann = await signUp(other, 'ann@example.com');
      // Every database call now fails: the notifier's next look for games near kickoff, and the replay's step.
      await other.database.db.destroy();
      const replay = startReplay(other.context, 2024, [{ at: 0, number: 1, change: { status: 'Live', homeGoals: 0, awayGoals: 0 } }], other.app.log, { tickInterval: 20 });
      const stopReminders = startReminderMails(other.context, { tickInterval: 20 });
      void sendCorrectionMails(other.context);
      const failed = async (msg: string) => {
        const deadline = Date.now() + 10_000;
        for (;;) {
          const line = log.text.trim().split('\n').filter(Boolean).map((text) => JSON.parse(text) as Record<string, any>).find((record) => record.msg === msg);
          if (line) return line;
          if (Date.now() > deadline) throw new Error(`no '${msg}' line in the log`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      for (const msg of ['push failed', 'replay step failed', 'reminder mails failed', 'correction mails failed']) {
        const line = await failed(msg);
        expect(line, msg).toMatchObject({ level: 50, err: { message: expect.any(String), stack: expect.stringContaining('\n    at ') } });
      }
      await replay.stop();
      await stopReminders();
      expect(console_).not.toHaveBeenCalled();
      expect(log.text).not.toContain(ann.token);
      expect(log.text).not.toContain(ADMIN_TOKEN);
    } finally {
      console_.mockRestore();
      await other.app.close().catch(() => undefined);
      await other.database.drop().catch(() => undefined);
    }
  });

  // An attacker's pg_terminate_backend wrote error lines of 3.4 KB each: the whole database client
  // (user, database, host, buffers) hung on the error, and a routine failover looked like a fault.
  it.runIf(kind === 'postgres')('logs an idle database connection that failed through the server\'s logger, an outage as a warning without the client, and keeps serving', async () => {
    const log = capturedLog();
    const other = await startTestServer(kind, { logger: { ...loggerOptionsOf({}), stream: log.stream } });
    try {
      const client = { connectionParameters: { user: 'scorecast', database: 'scorecast', host: '127.0.0.1' } };
      other.database.pool!.emit('error', Object.assign(new Error('connection reset by the network'), { code: 'ECONNRESET', client }));
      other.database.pool!.emit('error', Object.assign(new Error('something no outage explains'), { client }));
      const lines = log.text.trim().split('\n').filter(Boolean).map((text) => JSON.parse(text) as Record<string, any>).filter((record) => String(record.msg).startsWith('idle database connection failed'));
      expect(lines).toEqual([
        expect.objectContaining({ level: 40, reason: 'connection reset by the network' }),
        expect.objectContaining({ level: 50, err: expect.objectContaining({ message: 'something no outage explains', stack: expect.stringContaining('\n    at ') }) }),
      ]);
      expect(log.text).not.toContain('connectionParameters');
      expect((await other.app.inject({ method: 'GET', url: '/api/version' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  /** Asks /readyz until it answers with a status (the relay's state changes a moment after its connection's). */
  async function readyzUntil(other: TestServer, status: number) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const ready = await other.app.inject({ url: '/readyz' });
      if (ready.statusCode === status) return ready;
      if (Date.now() > deadline) throw new Error(`/readyz stayed ${ready.statusCode}: ${ready.body}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('is not ready once the database is gone, and names it', async () => {
    const other = await startTestServer(kind, { push: false });
    await other.database.db.destroy();
    const ready = await other.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', problems: { database: expect.any(String) } });
    await other.app.close();
    await other.database.drop().catch(() => undefined);
  });
});

describe('the log of a full flow', () => {
  let server: TestServer;
  const log = capturedLog();
  beforeAll(async () => {
    server = await startTestServer('sqlite', { push: false, logger: { ...loggerOptionsOf({ LOG_LEVEL: 'debug' }), stream: log.stream } });
  });
  afterAll(async () => server?.close());

  it('has one JSON line per request with id, route, status and time (info when refused, debug when answered), and never a token, password, cookie or mail link', async () => {
    const ann = await signUp(server, 'ann@example.com');
    const activation = lastLink(server.outboxDir, 'ann@example.com', 'activate-account');
    const bea = new Browser(server.app);
    await bea.json('POST', '/api/auth/register', { language: 'de', login: 'bea@example.com', password: await wire(PASSWORD) });
    const beaLink = lastLink(server.outboxDir, 'bea@example.com', 'activate-account');
    // The link as a browser opens it: the web app's route with the token in its query.
    await server.app.inject({ url: `${beaLink.pathname}${beaLink.search}` });
    await bea.json('POST', '/api/auth/activate', { login: 'bea@example.com', password: beaLink.searchParams.get('password') });
    bea.token = (await bea.json('POST', '/api/auth', { login: 'bea@example.com', password: await wire(PASSWORD) })).token;
    const group = await ann.json('POST', '/api/groups', { name: 'Logs', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' });
    await bea.json('POST', `/api/groups/invitation/${group.id}`);
    await bea.request('GET', `/api/groups/${group.id}/log`);
    await bea.request('POST', `/api/groups/${group.id}/leave`);
    await ann.json('POST', `/api/prediction/${await gameIdOf(server, 1)}`, { homeGoals: 2, awayGoals: 1 });
    await ann.request('POST', '/api/auth', { login: 'ann@example.com', password: await wire('Wrong!99') });
    await server.admin('POST', `/api/admin/games/${await gameIdOf(server, 1)}`, { status: 'Live', homeGoals: 1, awayGoals: 0 });
    const base = await listening(server);
    // A browser's live connection carries its session token in the query.
    const socket = new WebSocket(`${base.replace('http', 'ws')}/notify?access_token=${ann.token}`);
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send('{"protocol":"json","version":1}\u001e');
    await new Promise((resolve) => socket.once('message', resolve));
    socket.close();
    await settle();

    const records = log.text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = records.filter((record) => record.msg === 'request');
    expect(requests.length).toBeGreaterThan(10);
    for (const request of requests) {
      expect(request).toMatchObject({ reqId: expect.any(String), route: expect.any(String), status: expect.any(Number), ms: expect.any(Number) });
      expect(request.level).toBe((request.status as number) >= 400 ? 30 : 20);
    }
    expect(requests.find((request) => request.route === '/api/prediction/:gameId')).toMatchObject({ status: 200, method: 'POST' });

    const secrets = [
      ann.token!,
      bea.token!,
      PASSWORD,
      await wire(PASSWORD),
      activation.searchParams.get('password')!,
      beaLink.searchParams.get('password')!,
      ADMIN_TOKEN,
      'xsrf-test',
      // A group's id is its invitation: whoever reads it could join.
      group.id,
    ];
    for (const secret of secrets) expect(log.text, `a log line holds ${secret.slice(0, 6)}…`).not.toContain(secret);
    expect(log.text).not.toMatch(/password=|access_token|\/login\?|cookie|authorization/i);
  });
});

describe('TRUST_PROXY', () => {
  it('reads true, a hop count, or the addresses of the proxy', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('127.0.0.1,10.0.0.0/8')).toBe('127.0.0.1,10.0.0.0/8');
    const hops = trustProxyOf('1') as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1)]).toEqual([true, false]);
  });
});

describe('the request log at info', () => {
  it('has a line for a refused or failed request and none for a quick answer', async () => {
    const log = capturedLog();
    const server = await startTestServer('sqlite', { push: false, logger: { ...loggerOptionsOf({}), stream: log.stream } });
    try {
      const ann = await signUp(server, 'quiet@example.com');
      log.text = '';
      expect((await ann.request('GET', '/api/games')).statusCode).toBe(200);
      expect((await server.app.inject({ url: '/api/settings' })).statusCode).toBe(401);
      // A request line may name a whole URL, with a password in it: the log keeps the path alone.
      const answer = await sendRaw(await listening(server), 'GET http://someone:secret@scorecast.test/api/settings?password=token HTTP/1.1\r\nHost: scorecast.test\r\nConnection: close\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      const requests = log.text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>).filter((record) => record.msg === 'request');
      expect(requests.map(({ route, status, level }) => ({ route, status, level }))).toEqual([
        { route: '/api/settings', status: 401, level: 30 },
        { route: '/api/settings', status: 401, level: 30 },
      ]);
      expect(log.text).not.toContain('secret');
      expect(log.text).not.toContain('token');
    } finally {
      await server.close();
    }
  });
});

// Not the request's fault: a database that cannot be reached is a 503 (SQLite shows it by a lock held past its busy timeout).
describe('an unreachable database', () => {
  it('tells an unreachable database from a wrong statement', () => {
    const error = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const code of ['57P01', '08006', '53300', 'ECONNREFUSED', 'SQLITE_BUSY']) expect(isDatabaseUnreachable(error(code)), code).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(error('55000', 'database "x" is not currently accepting connections'))).toBe(true);
    expect(isDatabaseUnreachable(error('55000', 'currval of sequence "s" is not yet defined in this session'))).toBe(false);
    for (const code of ['42601', '23505', 'SQLITE_CONSTRAINT']) expect(isDatabaseUnreachable(error(code)), code).toBe(false);
  });

  it('answers 503 databaseUnavailable, not a 500, while the database stays locked past its busy timeout, and saves once it is free', async () => {
    const other = await startTestServer('sqlite', { push: false });
    const locker = new Database(join(other.database.dataDir, 'scorecast.db'));
    try {
      const ann = await signUp(other, 'ann@example.com');
      const gameId = await gameIdOf(other, 2);
      locker.exec('BEGIN EXCLUSIVE');
      const refused = await ann.request('POST', `/api/prediction/${gameId}`, { homeGoals: 1, awayGoals: 0 });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: 'databaseUnavailable' });
      expect(refused.headers['retry-after']).toBe('5');
      locker.exec('COMMIT');
      expect((await ann.request('POST', `/api/prediction/${gameId}`, { homeGoals: 1, awayGoals: 0 })).statusCode).toBe(200);
    } finally {
      locker.close();
      await other.close();
    }
  }, 30_000);
});
