// Budget of the web app: the JS a logged-in player's first visit to / downloads (gzip) — the entry,
// the chunks it preloads and the route chunks the dashboard pulls in — against the goal of 150 KB.
// Then Lighthouse in Debian's Chromium on that dashboard, served by the real server. Each figure
// stands beside its goal; a miss prints MISSED, and a miss or a run that fails exits non-zero.
// Run after `pnpm -r build` (the root `npm run bench` does it).
import { spawn } from 'node:child_process';
import { readFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const GOAL_KB = 150;

/** Prints a figure beside its goal; a miss says MISSED and fails the bench. */
function report(line, met) {
  if (!met) process.exitCode = 1;
  console.log(`${line} ${met ? 'ok' : 'MISSED'}`);
}

if (!existsSync(`${DIST}/index.html`)) {
  report('web budget: no build in apps/web/dist (run `node scripts/pnpm.mjs --filter @scorecast/web build`)', false);
  process.exit();
}

const SERVER_DIR = fileURLToPath(new URL('../../server', import.meta.url));
const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DEBUG_PORT = 9333;

/** Starts the real server on a fresh SQLite folder before the 2026 World Cup; resolves with its address. */
function startServer() {
  const { DATABASE_URL: _postgres, ...environment } = process.env;
  const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-bench-'));
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: SERVER_DIR,
    env: { ...environment, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SCORECAST_CLOCK: '2026-06-10T12:00:00Z', WEB_DIST: DIST, AUTH_RATE_LIMIT: '1000' },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, dataDir, url: match[1].replace('localhost', '127.0.0.1').replace(/\/$/, '') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

/** A player with a group: registered, activated with the mailed token, logged in; returns the session token. */
async function playerWithGroup(url, dataDir) {
  const headers = { Cookie: 'XSRF-TOKEN=b', 'X-XSRF-TOKEN': 'b', 'Content-Type': 'application/json' };
  const post = async (path, body, token) =>
    (await fetch(`${url}${path}`, { method: 'POST', headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json();
  const login = 'bench@example.com';
  const password = 'Secret!234';
  await post('/api/auth/register', { language: 'en', login, password });
  const { readdirSync } = await import('node:fs');
  const mail = readdirSync(join(dataDir, 'outbox')).map((file) => readFileSync(join(dataDir, 'outbox', file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=')).join('\n');
  const activation = /[?&]password=([^&\s"<>]+)/.exec(mail)[1];
  await post('/api/auth/activate', { login, password: decodeURIComponent(activation) });
  const { token } = await post('/api/auth', { login, password });
  const { defaultPointConfiguration } = await import('@scorecast/rules');
  await post('/api/groups', { name: 'Bench', competitionYear: 2026, playerName: 'Bench', pointConfiguration: defaultPointConfiguration(2026), language: 'en' }, token);
  return token;
}

/**
 * A logged-in player's first visit to /, with nothing cached: every script the page asks for
 * (entry, module preloads, the dashboard's route chunks), counted as the gzip of the built file.
 */
async function measureFirstVisit(browser, url, token) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    const scripts = new Set();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === 'script' && path.endsWith('.js')) scripts.add(path);
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const files = [...scripts].filter((path) => existsSync(join(DIST, path)));
    const kb = files.reduce((sum, path) => sum + gzipSync(readFileSync(join(DIST, path))).length, 0) / 1024;
    report(`web JS of a logged-in first visit to / (gzip): ${kb.toFixed(1)} KB in ${files.length} files (goal <= ${GOAL_KB} KB)`, files.length > 0 && kb <= GOAL_KB);
  } finally {
    await context.close();
  }
}

async function runLighthouse() {
  const [{ default: lighthouse }, { chromium }] = await Promise.all([import('lighthouse'), import('playwright-core')]);
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  // Lighthouse opens its tabs in the browser's default profile: the player's token must be stored there.
  const audited = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'scorecast-lighthouse-')), {
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    const token = await playerWithGroup(server.url, server.dataDir);
    await measureFirstVisit(browser, server.url, token);
    const page = await audited.newPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    const result = await lighthouse(`${server.url}/`, { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true });
    const score = (name) => Math.round((result?.lhr.categories[name]?.score ?? 0) * 100);
    const performance = score('performance');
    const accessibility = score('accessibility');
    const dashboard = new URL(result?.lhr.finalDisplayedUrl ?? server.url).pathname;
    if (dashboard !== '/') report(`lighthouse audited ${dashboard} instead of the dashboard`, false);
    report(`lighthouse dashboard performance: ${performance} (goal >= 95)`, performance >= 95);
    report(`lighthouse dashboard accessibility: ${accessibility} (goal 100)`, accessibility >= 100);
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
    console.log(`  ${metrics.map((id) => `${id}: ${result?.lhr.audits[id]?.displayValue ?? '?'}`).join(', ')}`);
    const failed = Object.values(result?.lhr.audits ?? {}).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
    for (const audit of failed) console.log(`  failed audit: ${audit.id} (${audit.title})`);
    // Where the blocking time goes: the longest main-thread tasks and what they were spent on.
    const tasks = (result?.lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 4);
    console.log(`  longest tasks: ${tasks.map((task) => `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms (${String(task.url).replace(server.url, '') || 'page'})`).join('; ') || 'none'}`);
    const work = (result?.lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).slice(0, 4);
    console.log(`  main thread: ${work.map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`).join(', ')}`);
    // The other screens a player meets: accessibility only (the dashboard stands for performance).
    for (const [name, path] of [['ranking', '/ranking'], ['settings', '/settings'], ['group form', '/group/create'], ['login', '/login']]) {
      // The login screen last, for a visitor: the token leaves the profile first.
      if (path === '/login') await page.evaluate(() => localStorage.removeItem('token'));
      const screen = await lighthouse(`${server.url}${path}`, { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'], disableStorageReset: true });
      const value = Math.round((screen?.lhr.categories.accessibility?.score ?? 0) * 100);
      const misses = Object.values(screen?.lhr.audits ?? {}).filter((audit) => audit.score === 0).map((audit) => audit.id);
      const shown = new URL(screen?.lhr.finalDisplayedUrl ?? server.url).pathname;
      if (shown !== path) report(`lighthouse audited ${shown} instead of ${path}`, false);
      report(`lighthouse ${name} accessibility: ${value} (goal 100)${misses.length > 0 ? ` failing: ${misses.join(', ')}` : ''}`, value >= 100);
    }
  } finally {
    await Promise.all([browser.close(), audited.close()]);
    server.child.kill('SIGTERM');
  }
}

try {
  await runLighthouse();
} catch (error) {
  report(`lighthouse failed: ${error instanceof Error ? error.message : String(error)}`, false);
}
