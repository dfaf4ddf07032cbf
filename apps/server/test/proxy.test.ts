import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPointConfiguration } from '@scorecast/rules';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLink, mailsIn } from './support/outbox.js';
import { PACKAGE_DIR } from './support/process.js';
import { PASSWORD, wire } from './support/server.js';
import { startTwoProcesses, type TwoProcesses } from './support/twoProcesses.js';

const NGINX = '/usr/sbin/nginx';
const adminUrl = process.env.TEST_DATABASE_URL;
const ADMIN = 'proxy-admin';
const LOCATIONS = join(PACKAGE_DIR, '../../deploy/nginx/scorecast-locations.conf');
const LOG_FORMAT = join(PACKAGE_DIR, '../../deploy/nginx/scorecast-log.conf');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

type Answer = { status: number; body: any };

/** One HTTP call through the proxy from a given client address (loopback has all of 127/8). */
function call(base: string, method: string, path: string, options: { body?: unknown; token?: string; from?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          cookie: 'XSRF-TOKEN=proxy',
          'x-xsrf-token': 'proxy',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text && response.headers['content-type']?.includes('json') ? JSON.parse(text) : text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function until(probe: () => boolean, what: string, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(adminUrl && existsSync(NGINX))('nginx in front of two server processes on one PostgreSQL', () => {
  const folder = mkdtempSync(join(tmpdir(), 'scorecast-proxy-'));
  let processes: TwoProcesses | undefined;
  let nginx: ChildProcess | undefined;
  let base = '';

  beforeAll(async () => {
    processes = await startTwoProcesses('proxy', { ADMIN_TOKEN: ADMIN, TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT: '3' });
    const { servers } = processes;
    const port = await freePort();
    const prefix = join(folder, 'nginx');
    mkdirSync(prefix);
    const locations = readFileSync(LOCATIONS, 'utf8').replace('/srv/scorecast/apps/web/dist', join(PACKAGE_DIR, '../web/dist'));
    writeFileSync(join(prefix, 'scorecast-locations.conf'), locations);
    writeFileSync(join(prefix, 'scorecast-log.conf'), readFileSync(LOG_FORMAT, 'utf8'));
    writeFileSync(
      join(prefix, 'nginx.conf'),
      `daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  include ${prefix}/scorecast-log.conf;
  access_log ${prefix}/access.log scorecast;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream scorecast {
${servers.map((server) => `    server ${new URL(server.url).host};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    include ${prefix}/scorecast-locations.conf;
  }
}
`,
    );
    nginx = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    while ((await call(base, 'GET', '/healthz').catch(() => ({ status: 0 }))).status !== 200) {
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${readFileSync(join(prefix, 'error.log'), 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await processes?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('plays register, mail link, group, invitation, prediction and a live result through the proxy', async () => {
    const signUp = async (login: string) => {
      expect((await call(base, 'POST', '/api/auth/register', { body: { language: 'en', login, password: await wire(PASSWORD) }, from: '127.0.0.10' })).body).toEqual({ status: 'Successful' });
      // The mail went out from whichever process took the call.
      const outbox = processes!.dataDirs.map((dir) => join(dir, 'outbox')).find((dir) => mailsIn(dir).some((mail) => mail.includes(`To: ${login}`)))!;
      const link = lastLink(outbox, login, 'activate-account');
      expect((await call(base, 'POST', '/api/auth/activate', { body: { login, password: link.searchParams.get('password') }, from: '127.0.0.10' })).body).toEqual({ status: 'Successful' });
      return (await call(base, 'POST', '/api/auth', { body: { login, password: await wire(PASSWORD) }, from: '127.0.0.10' })).body.token as string;
    };
    const ada = await signUp('ada@example.com');
    const bo = await signUp('bo@example.com');
    const group = (await call(base, 'POST', '/api/groups', { body: { name: 'Proxy', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ada' }, token: ada })).body;
    expect((await call(base, 'POST', '/api/groups/accept-invitation', { body: { groupId: group.id, playerName: 'Bo' }, token: bo })).status).toBe(200);
    const games = (await call(base, 'GET', '/api/games', { token: ada })).body as { id: number; date: string }[];
    const game = games.sort((a, b) => Date.parse(a.date) - Date.parse(b.date))[0]!;
    expect((await call(base, 'POST', `/api/prediction/${game.id}`, { body: { homeGoals: 2, awayGoals: 1 }, token: bo })).status).toBe(200);

    // Live clients: two through nginx (the WebSocket upgrade), one straight on the second process.
    const pushes: unknown[][] = [[], [], []];
    const connections: HubConnection[] = [];
    for (const [index, url] of [base, base, processes!.servers[1].url].entries()) {
      const connection = new HubConnectionBuilder()
        .withUrl(`${url}/notify`, { skipNegotiation: true, transport: HttpTransportType.WebSockets, accessTokenFactory: () => bo })
        .configureLogging(LogLevel.None)
        .build();
      connection.on('notify', (items) => pushes[index]!.push(...(Array.isArray(items) ? items : [items])));
      await connection.start();
      connections.push(connection);
    }
    try {
      // The result goes in through the first process alone.
      const changed = await fetch(`${processes!.servers[0].url}/api/admin/games/${game.id}`, {
        method: 'POST',
        headers: { 'x-admin-token': ADMIN, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'Finished', homeGoals: 2, awayGoals: 1 }),
      });
      expect(changed.status).toBe(200);
      const hasResult = (items: unknown[]) => items.some((item) => (item as { entity: string; id: number; status?: string }).entity === 'Game' && (item as { id: number }).id === game.id && (item as { status?: string }).status === 'Finished');
      await until(() => pushes.every(hasResult), 'the result on every live client');
    } finally {
      await Promise.all(connections.map((connection) => connection.stop()));
    }
    const standings = (await call(base, 'GET', '/api/groups', { token: ada })).body[0] as { players: { name: string; points: number }[] };
    expect(standings.players.find((player) => player.name === 'Bo')!.points).toBeGreaterThan(0);
    // A browser cannot set headers on a WebSocket: it sends the session token in the address.
    const browserLike = new WebSocket(`${base.replace('http', 'ws')}/notify?access_token=${bo}`);
    await new Promise((resolve, reject) => browserLike.once('open', resolve).once('error', reject));
    browserLike.close();
    // nginx logged the live channel's upgrades (each once it ended), but not the session token in their address.
    const upgrades = () => readFileSync(join(folder, 'nginx', 'access.log'), 'utf8').split('\n').filter((line) => line.includes('/notify')).length;
    await until(() => upgrades() === 3, 'three live upgrades in the access log');
    const log = readFileSync(join(folder, 'nginx', 'access.log'), 'utf8');
    expect(log).toContain('"GET /notify HTTP/1.1" 101');
    expect(log).not.toContain(bo);
    expect(log).not.toContain('access_token');
  }, 120_000);

  // A fresh operator found the texts (assets/locales/locale.de.json, one name across versions)
  // cached by nginx for ten years: after an upgrade, players would keep the old words.
  it('lets browsers keep the hashed bundles for good, and ask again for the texts and flags', async () => {
    const cacheOf = async (path: string) => {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status, path).toBe(200);
      return answer.headers.get('cache-control') ?? '';
    };
    const bundle = /src="(\/assets\/index-[\w-]{8}\.js)"/.exec(readFileSync(join(PACKAGE_DIR, '../web/dist/index.html'), 'utf8'))![1]!;
    expect(await cacheOf(bundle)).toContain('immutable');
    for (const path of ['/assets/locales/locale.de.json', '/assets/flags/de.png']) {
      const cache = await cacheOf(path);
      expect(cache, path).not.toContain('immutable');
      expect(cache, path).toMatch(/no-cache|max-age=0/);
    }
  });

  // A fresh attacker held 2,000 connections from one address by sending a header line every few
  // seconds: nginx waited 60 s for each request's headers.
  it('closes a connection whose request headers do not arrive within 10 s', async () => {
    const { hostname, port } = new URL(base);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    const opened = Date.now();
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
    socket.write('GET /api/version HTTP/1.1\r\nhost: scorecast.test\r\n');
    const closedAfter = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 30_000))]);
    socket.destroy();
    expect(closedAfter).toBeLessThan(20_000);
  }, 40_000);

  // Found by a fresh operator: a call the database held up waited its 8 s on one process, then
  // nginx asked the other, which waited as long: 16 s, past the web app's 10.
  it("answers a call the database holds up with the one process's 503, not the other's too", async () => {
    const url = new URL(adminUrl!);
    url.pathname = `/${processes!.database}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    const refusals = () => processes!.servers.map((server) => server.output().split('\n').filter((line) => line.includes('"status":503')).length).reduce((a, b) => a + b);
    const before = refusals();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
      expect((await call(base, 'GET', '/api/auth', { token: 'A'.repeat(43) })).status).toBe(503);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect(refusals() - before).toBe(1);
  }, 60_000);

  it('limits logins per real client address, which a client cannot forge', async () => {
    const attempt = async (from: string, headers: Record<string, string> = {}) =>
      (await call(base, 'POST', '/api/auth', { body: { login: 'nobody@example.com', password: await wire('Wrong!99') }, from, headers })).status;
    // Three a minute per process and address; nginx shares the calls between the two processes.
    const first: number[] = [];
    for (let i = 0; i < 8; i++) first.push(await attempt('127.0.0.20', { 'x-forwarded-for': `10.9.8.${i}` }));
    expect(first.slice(-2)).toEqual([429, 429]);
    // Another client is not held back by the first one's count.
    expect(await attempt('127.0.0.21')).not.toBe(429);
  }, 60_000);
});
