// Requests per second of the hottest calls through the built server, each as a ratio to a bare
// Fastify route measured in the same run on the same machine, beside its goal: GET /api/games (and
// its 304 for a browser that holds the list), a prediction save, GET /api/settings. Then the p99
// latency of GET /api/games while 100 logins a second hash their passwords (argon2id).
// Both servers run as child processes; autocannon drives them over 127.0.0.1. A missed goal prints
// MISSED and makes the bench exit non-zero.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { encryptPassword } from '@scorecast/api-client';
import { defaultPointConfiguration } from '@scorecast/rules';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
// Candidate and baseline alternate in short slices, so a load change on a shared machine hits both.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const STORM_SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 5);
const LOGINS_PER_SECOND = 100;

const BARE_SERVER = `
  import Fastify from 'fastify';
  const app = Fastify();
  app.get('/bare', async () => [{ id: 1, status: 'Scheduled', date: '2026-06-11T19:00:00.000Z', stage: 'Group', homeTeam: 'mx', awayTeam: 'za' }]);
  app.post('/bare', async (request) => request.body);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log('listening on ' + address);
`;

function start(args, env = {}) {
  const child = spawn(process.execPath, args, { cwd: packageDir, env: { ...process.env, ...env } });
  let output = '';
  return new Promise((resolve, reject) => {
    // The server logs a line per request: read on (a full pipe would stall it) but keep none of it.
    let listening = false;
    const onData = (chunk) => {
      if (listening) return;
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        listening = true;
        resolve({ child, url: match[1].replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

function fixture() {
  const teams = Array.from({ length: 16 }, (_, index) => ({ id: `t${index}`, name: `Team ${index}` }));
  const games = Array.from({ length: 64 }, (_, index) => ({
    number: index + 1,
    stage: index < 48 ? 'Group' : 'QuarterFinal',
    date: new Date(Date.parse('2030-06-11T16:00:00Z') + index * 6 * 3600_000).toISOString(),
    homeTeam: teams[index % 16].id,
    awayTeam: teams[(index + 1) % 16].id,
    result: null,
  }));
  return { year: 2030, teams, games };
}

async function once(url, options) {
  const { expectStatus = 200, ...rest } = options;
  let unexpected = 0;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...rest }).catch((error) => {
    throw new Error(`${url}: ${error}`);
  });
  // autocannon counts a 304 as a non-2xx: the status of every answer is checked here instead.
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) if (Number(code) !== expectStatus) unexpected += count.count;
  if (unexpected > 0 || result.errors > 0) throw new Error(`${url}: ${unexpected} answers other than ${expectStatus}, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Logins at LOGINS_PER_SECOND for STORM_SECONDS, with GET /api/games at 200 a second meanwhile: its p99. */
async function loginStorm(url, login, password, auth) {
  const body = JSON.stringify({ login, password });
  const headers = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench', 'content-type': 'application/json' };
  let logins = 0;
  const pending = [];
  const timer = setInterval(() => {
    logins += 1;
    pending.push(fetch(url + '/api/auth', { method: 'POST', headers, body }).then((response) => response.arrayBuffer()));
  }, 1000 / LOGINS_PER_SECOND);
  const reads = await autocannon({ url: `${url}/api/games`, headers: auth, connections: 4, overallRate: 200, duration: STORM_SECONDS });
  clearInterval(timer);
  await Promise.all(pending);
  return { p99: reads.latency.p99, logins, requests: reads.requests.total };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Medians of alternating runs of a candidate and its baseline. */
async function compare(candidate, baseline) {
  const runs = { candidate: [], baseline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.baseline.push(await once(baseline.url, baseline.options));
    runs.candidate.push(await once(candidate.url, candidate.options));
  }
  const summary = (list) => ({ rps: median(list.map((run) => run.rps)), p99: median(list.map((run) => run.p99)) });
  return { candidate: summary(runs.candidate), baseline: summary(runs.baseline) };
}

const dir = mkdtempSync(join(tmpdir(), 'scorecast-bench-'));
const servers = [];
try {
  mkdirSync(join(dir, 'fixtures'));
  writeFileSync(join(dir, 'fixtures', '2030.json'), JSON.stringify(fixture()));
  const dataDir = join(dir, 'data');
  const scorecast = await start(['dist/server.js'], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FIXTURES_DIR: join(dir, 'fixtures'),
    SCORECAST_CLOCK: '2030-06-01T00:00:00Z@0',
    ADMIN_TOKEN: 'bench',
    AUTH_RATE_LIMIT: '1000000',
  });
  servers.push(scorecast);
  const bare = await start(['--input-type=module', '-e', BARE_SERVER]);
  servers.push(bare);

  const xsrf = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench', 'content-type': 'application/json' };
  const post = async (path, body, token) =>
    (await fetch(scorecast.url + path, { method: 'POST', headers: { ...xsrf, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json();
  const login = 'bench@example.com';
  const password = await encryptPassword('Bench!123');
  await post('/api/auth/register', { language: 'en', login, password });
  const outbox = join(dataDir, 'outbox');
  const mail = readFileSync(join(outbox, readdirSync(outbox)[0]), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const activation = /password=([A-Za-z0-9_-]+)/.exec(mail)[1];
  await post('/api/auth/activate', { login, password: activation });
  const { token } = await post('/api/auth', { login, password });
  await post('/api/groups', { name: 'Bench', pointConfiguration: defaultPointConfiguration(2030), playerName: 'Bench' }, token);
  const games = await (await fetch(scorecast.url + '/api/games', { headers: { authorization: `Bearer ${token}` } })).json();
  const gameId = games[0].id;

  // What a browser sends: the session and the XSRF cookie it was given.
  const auth = { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=bench' };
  const gamesResponse = await fetch(scorecast.url + '/api/games', { headers: auth });
  const etag = gamesResponse.headers.get('etag');
  const prediction = JSON.stringify({ homeGoals: 2, awayGoals: 1 });
  const bareGet = { url: `${bare.url}/bare`, options: {} };
  const results = [
    ['GET /api/games', await compare({ url: `${scorecast.url}/api/games`, options: { headers: auth } }, bareGet), 0.6],
    [
      'GET /api/games, 304',
      etag
        ? await compare({ url: `${scorecast.url}/api/games`, options: { headers: { ...auth, 'if-none-match': etag }, expectStatus: 304 } }, bareGet)
        : undefined,
      1.0,
    ],
    [
      'POST /api/prediction',
      await compare(
        { url: `${scorecast.url}/api/prediction/${gameId}`, options: { method: 'POST', headers: { ...auth, ...xsrf }, body: prediction } },
        { url: `${bare.url}/bare`, options: { method: 'POST', headers: { 'content-type': 'application/json' }, body: prediction } },
      ),
      0.3,
    ],
    ['GET /api/settings', await compare({ url: `${scorecast.url}/api/settings`, options: { headers: auth } }, bareGet), 0.6],
  ];

  console.log(`server API, ${CONNECTIONS} connections, median of ${ROUNDS} alternating ${SECONDS} s runs (SQLite, ${games.length} games)`);
  for (const [name, result, goal] of results) {
    if (!result) {
      console.log(`${name.padEnd(22)} no ETag on GET /api/games (goal >= ${goal.toFixed(1)}x) MISSED`);
      process.exitCode = 1;
      continue;
    }
    const { candidate, baseline } = result;
    const ratio = candidate.rps / baseline.rps;
    const met = ratio >= goal;
    if (!met) process.exitCode = 1;
    console.log(
      `${name.padEnd(22)} ${candidate.rps.toFixed(0).padStart(7)} req/s  ratio to bare Fastify ${ratio.toFixed(2)} (goal >= ${goal.toFixed(1)}) ${met ? 'ok' : 'MISSED'}  p99 ${candidate.p99} ms (bare ${baseline.p99} ms)`,
    );
  }

  // A login storm: 100 logins a second, each an argon2id check, while players keep opening pages.
  const storm = await loginStorm(scorecast.url, login, password, auth);
  const stormMet = storm.p99 < 20;
  if (!stormMet) process.exitCode = 1;
  console.log(
    `GET /api/games p99 during ${storm.logins} logins in ${STORM_SECONDS} s (${(storm.logins / STORM_SECONDS).toFixed(0)}/s): ${storm.p99} ms (goal < 20 ms) ${stormMet ? 'ok' : 'MISSED'}; ${storm.requests} reads`,
  );
} finally {
  for (const server of servers) server.child.kill();
  rmSync(dir, { recursive: true, force: true });
}
