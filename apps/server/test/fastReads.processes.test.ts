import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLink } from './support/outbox.js';
import type { ServerProcess } from './support/process.js';
import { PASSWORD, wire } from './support/server.js';
import { startTwoProcesses, type TwoProcesses } from './support/twoProcesses.js';

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
  let processes: TwoProcesses | undefined;
  let token = '';

  beforeAll(async () => {
    processes = await startTwoProcesses('reads', { ADMIN_TOKEN: 'reads-admin' });
    const login = 'reads@example.com';
    await post(processes.servers[0], '/api/auth/register', { language: 'en', login, password: await wire(PASSWORD) });
    const link = lastLink(join(processes.dataDirs[0], 'outbox'), login, 'activate-account');
    await post(processes.servers[0], '/api/auth/activate', { login, password: link.searchParams.get('password') });
  }, 120_000);

  afterAll(async () => processes?.stop());

  it('gives the games a new tag on the other process too when a game changes', async () => {
    const [a, b] = processes!.servers;
    token = (await post(a, '/api/auth', { login: 'reads@example.com', password: await wire(PASSWORD) })).token!;
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
    const [a, b] = processes!.servers;
    expect((await games(b, token)).status).toBe(200);
    await fetch(`${a.url}/api/auth/logout`, { headers: { authorization: `Bearer ${token}` } });
    expect((await games(b, token)).status).toBe(401);
  }, 60_000);
});
