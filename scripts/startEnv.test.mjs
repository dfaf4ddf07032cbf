import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { adminCommandOf, resultLineOf, startEnvOf } from './startEnv.mjs';

const SERVER_DIR = fileURLToPath(new URL('../apps/server', import.meta.url));

async function freePort() {
  const probe = createServer();
  await new Promise((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address();
  await new Promise((done) => probe.close(done));
  return port;
}

/** Polls until `check` holds or `ms` have passed (a loaded machine starts a server slowly). */
async function until(check, ms) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((done) => setTimeout(done, 200))) {
    if (await check()) return true;
  }
  return false;
}

// The built server (the test command builds first), with the environment `npm start` gives it.
it('npm start shows a line for every request, as the README says the server logs', { timeout: 120_000 }, async () => {
  const { LOG_LEVEL: _level, LOG_FORMAT: _format, ...callerEnv } = process.env;
  const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-start-'));
  const port = String(await freePort());
  const env = startEnvOf({ ...callerEnv, DATA_DIR: dataDir, HOST: '127.0.0.1', DATABASE_URL: '' }, port);
  const server = spawn(process.execPath, ['dist/server.js'], { cwd: SERVER_DIR, env });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  try {
    const url = `http://127.0.0.1:${port}`;
    expect(await until(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.ok === true, 90_000), output).toBe(true);
    expect((await fetch(`${url}/api/auth`)).status).toBe(401);
    // pino-pretty prints the request's fields under its message, for people rather than jq.
    expect(await until(() => /route: "\/api\/auth"/.test(output) && /status: 401/.test(output), 20_000), output).toBe(true);
    expect(output).not.toMatch(/^\{"level"/m);
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode === null ? server.on('exit', done) : done()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('the start banner\'s admin command carries the port and data folder the server was started with', () => {
  expect(adminCommandOf({}, '/repo/apps/server/data')).toBe('npm run admin --');
  expect(adminCommandOf({ PORT: '3000' }, '/repo/apps/server/data')).toBe('npm run admin --');
  expect(adminCommandOf({ PORT: '3931', DATA_DIR: 'mine' }, '/repo/apps/server/mine')).toBe('PORT=3931 DATA_DIR=/repo/apps/server/mine npm run admin --');
  expect(adminCommandOf({ DATA_DIR: '/my data' }, '/my data')).toBe("DATA_DIR='/my data' npm run admin --");
  // The token is not printed: the person who set it knows it.
  expect(adminCommandOf({ PORT: '8080', ADMIN_TOKEN: 'secret', DATA_DIR: 'x' }, '/x')).toBe('PORT=8080 ADMIN_TOKEN=… npm run admin --');
});

// A player started on the Euro 2024 clock and was told to list the games of 2026.
it('the start banner lists the games of the year its server plays', () => {
  expect(resultLineOf('npm run admin --', 2024)).toContain('npm run admin -- games 2024,');
});
