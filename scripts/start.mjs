#!/usr/bin/env node
// The README's run command: installs what is missing, builds what the app needs (not Storybook),
// starts the server and says where it listens, where its data and admin token are, and how to
// enter a result. Each build step is one line; a failing step shows its output.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ensureDependencies, ensurePnpm, root } from './pnpm.mjs';
import { adminCommandOf, resultLineOf, startEnvOf } from './startEnv.mjs';

const APP_PACKAGES = ['@scorecast/rules', '@scorecast/api-client', '@scorecast/server', '@scorecast/web'];

ensureDependencies();
const pnpmBin = ensurePnpm();
for (const name of APP_PACKAGES) {
  const started = Date.now();
  process.stdout.write(`building ${name} ... `);
  const build = spawnSync(pnpmBin, ['--filter', name, 'run', 'build'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) {
    console.log('failed');
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    process.exit(1);
  }
  console.log(`done (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const serverDir = join(root, 'apps', 'server');
const port = process.env.PORT ?? '3000';
// Empty or blank is unset, and a relative one is taken from where npm start was typed, as the server takes it.
const dataDir = process.env.DATA_DIR?.trim() ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR) : join(serverDir, 'data');
const show = (path) => (relative(root, path).startsWith('..') ? path : relative(root, path) || '.');
const env = startEnvOf(process.env, port);
console.log('starting the server ...');
// The server package's serve script says how node runs it.
const serve = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')).scripts.serve.split(/\s+/).slice(1);
const server = spawn(process.execPath, [...serve, ...process.argv.slice(2)], { cwd: serverDir, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 1));

// Ready when /healthz answers.
const url = `http://localhost:${port}`;
for (let tries = 0; tries < 600 && server.exitCode === null; tries++) {
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
  if (answer?.ok) {
    const admin = adminCommandOf(process.env, dataDir);
    const tokenLine = process.env.ADMIN_TOKEN ? 'admin token: the ADMIN_TOKEN you set' : `admin token: ${show(join(dataDir, 'admin-token'))}`;
    // The year of the server's clock (SCORECAST_CLOCK may set another), as its settings say.
    const settings = await fetch(`http://127.0.0.1:${port}/api/version`).then((response) => response.json()).catch(() => undefined);
    console.log(
      [
        `Scorecast is running on ${url}`,
        `data:        ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : show(join(dataDir, 'scorecast.db'))}; mail to ${show(join(dataDir, 'outbox'))}/ (open the .eml for its link)`,
        tokenLine,
        resultLineOf(admin, settings?.year ?? new Date().getUTCFullYear()),
        'stop:        Ctrl-C',
      ].join('\n'),
    );
    break;
  }
  await new Promise((done) => setTimeout(done, 200));
}
