import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLink } from './support/outbox.js';
import { ensureBuilt, startServerProcess, stopServerProcess, type ServerProcess } from './support/process.js';
import { PASSWORD, wire } from './support/server.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const xsrf = { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x', 'content-type': 'application/json' };

async function post(server: ServerProcess, path: string, body: unknown): Promise<{ token?: string }> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: xsrf, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status}`);
  return (await response.json()) as { token?: string };
}

const games = (server: ServerProcess, token: string, etag?: string) =>
  fetch(`${server.url}/api/games`, { headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) } });

describe.runIf(adminUrl)('fast reads across two server processes on one PostgreSQL', () => {
  const name = `test_reads_${Math.random().toString(36).slice(2, 10)}`;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let token = '';

  async function query(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  }

  beforeAll(async () => {
    ensureBuilt();
    await query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-reads-'));
      dataDirs.push(dataDir);
      servers.push(await startServerProcess({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, ADMIN_TOKEN: 'reads-admin', SCORECAST_CLOCK: '2024-06-01T12:00:00Z@0' }));
    }
    const login = 'reads@example.com';
    await post(servers[0]!, '/api/auth/register', { language: 'en', login, password: await wire(PASSWORD) });
    const link = lastLink(join(dataDirs[0]!, 'outbox'), login, 'activate-account');
    await post(servers[0]!, '/api/auth/activate', { login, password: link.searchParams.get('password') });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server)));
    await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the games a new tag on the other process too when a game changes', async () => {
    token = (await post(servers[0]!, '/api/auth', { login: 'reads@example.com', password: await wire(PASSWORD) })).token!;
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const etag = (await games(b, token)).headers.get('etag')!;
    expect((await games(a, token)).headers.get('etag')).toBe(etag);
    expect((await games(b, token, etag)).status).toBe(304);

    const list = (await (await games(a, token)).json()) as { id: number }[];
    const changed = await fetch(`${a.url}/api/admin/games/${list[0]!.id}`, {
      method: 'POST',
      headers: { 'x-admin-token': 'reads-admin', 'content-type': 'application/json' },
      body: JSON.stringify({ date: '2024-06-14T18:00:00Z' }),
    });
    expect(changed.status).toBe(200);
    // The notice crosses processes in milliseconds; the tag follows it.
    let answer = await games(b, token, etag);
    for (let tries = 0; answer.status === 304 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await games(b, token, etag);
    }
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).not.toBe(etag);
  }, 60_000);

  it('ends a session on the other process at once at the logout', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    expect((await games(b, token)).status).toBe(200);
    await fetch(`${a.url}/api/auth/logout`, { headers: { authorization: `Bearer ${token}` } });
    expect((await games(b, token)).status).toBe(401);
  }, 60_000);
});
