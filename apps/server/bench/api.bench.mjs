// Requests per second of the hottest calls through the built server, each as a ratio to a bare
// Fastify route measured in the same run on the same machine, beside its goal: GET /api/games (and
// its 304 for a browser that holds the list), GET /api/groups for a player in three groups of 30 on
// a 104-game tournament evening, a prediction save, GET /api/settings. Then the p99
// latency of GET /api/games while 100 logins a second hash their passwords (argon2id).
// Both servers run as child processes, driven over 127.0.0.1 by keepAliveLoad (which counts the
// bytes of an answer without decoding them) and, for the login storm, autocannon. Beside each ratio,
// each server's CPU time per request (from /proc), which the load of the machine moves less than
// its throughput. Each figure is the median over several server processes, each started afresh on
// the same data: processes of one build differed by up to a third (also pinned to one core), while
// the rounds of one process agreed within a few percent. A missed goal prints MISSED and makes the
// bench exit non-zero.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { keepAliveLoad } from './keepAliveLoad.mjs';
import Database from 'better-sqlite3';
import { encryptPassword } from '@scorecast/api-client';
import { defaultPointConfiguration } from '@scorecast/rules';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
// Candidate and baseline alternate in short slices, so a load change on a shared machine hits both.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const CONNECTIONS = 10;
const STORM_SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 5);
const LOGINS_PER_SECOND = 100;
// A World Cup of 48 teams: 72 group games played by the evening, 32 knockout games to come.
const GAMES = 104;
const FINISHED = 72;
const GROUPS = 3;
const PLAYERS_PER_GROUP = 30;

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

/** Stops a server started by `start` and waits for it to be gone (a SQLite data folder takes one process at a time). */
function stop(server) {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.once('exit', resolve);
    server.child.kill();
  });
}

function fixture() {
  const teams = Array.from({ length: 48 }, (_, index) => ({ id: `t${index}`, name: `Team ${index}` }));
  const knockout = ['Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'SmallFinal', 'Final'];
  const stageOf = (index) => (index < 72 ? 'Group' : knockout[[88, 96, 100, 102, 103, 104].findIndex((end) => index < end)]);
  const games = Array.from({ length: GAMES }, (_, index) => ({
    number: index + 1,
    stage: stageOf(index),
    date: new Date(Date.parse('2030-06-11T16:00:00Z') + index * 6 * 3600_000).toISOString(),
    homeTeam: teams[(2 * index) % 48].id,
    awayTeam: teams[(2 * index + 1) % 48].id,
    result: null,
  }));
  return { year: 2030, teams, games };
}

/** A score from 0:0 to 3:3, the same for the same seed. */
const scoreOf = (seed) => ({ homeGoals: seed % 4, awayGoals: Math.floor(seed / 4) % 4 });

/**
 * Three groups of 30 for the bench player, with everyone's predictions of every game, then the group
 * games finished through the admin API. The other players are written straight into the database:
 * signing up 87 players would hash 87 passwords, and groups above 10 players are bought.
 */
async function tournamentEvening(url, dataDir, post, token, passwordHash, games) {
  const groupIds = [];
  for (let group = 1; group <= GROUPS; group++) {
    const { id } = await post('/api/groups', { name: `Evening ${group}`, pointConfiguration: defaultPointConfiguration(2030), playerName: 'Bench' }, token);
    groupIds.push(id);
  }
  const database = new Database(join(dataDir, 'scorecast.db'));
  database.pragma('busy_timeout = 5000');
  const now = Date.parse('2030-06-01T00:00:00Z');
  database.transaction(() => {
    const addUser = database.prepare('INSERT INTO users (login, password_hash, activated, name, created_at) VALUES (?, ?, 1, ?, ?)');
    const seat = database.prepare('INSERT INTO players (group_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)');
    const predict = database.prepare('INSERT INTO predictions (user_id, game_id, home_goals, away_goals, changed_at) VALUES (?, ?, ?, ?, ?)');
    const benchUser = database.prepare('SELECT id FROM users WHERE login = ?').get('bench@example.com').id;
    for (const game of games) predict.run(benchUser, game.id, ...Object.values(scoreOf(game.id)), now);
    for (const [index, groupId] of groupIds.entries()) {
      database.prepare('UPDATE groups SET max_players = NULL WHERE id = ?').run(groupId);
      for (let player = 1; player < PLAYERS_PER_GROUP; player++) {
        const name = `Player ${index * PLAYERS_PER_GROUP + player}`;
        const userId = Number(addUser.run(`player${index}-${player}@example.com`, passwordHash, name, now).lastInsertRowid);
        seat.run(groupId, userId, name, now + player);
        for (const game of games) predict.run(userId, game.id, ...Object.values(scoreOf(userId * 7 + game.id)), now);
      }
    }
  })();
  database.close();
  for (const game of games.slice(0, FINISHED)) {
    const answer = await fetch(`${url}/api/admin/games/${game.id}`, {
      method: 'POST',
      headers: { 'x-admin-token': 'bench', 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Finished', ...scoreOf(game.id * 3) }),
    });
    if (!answer.ok) throw new Error(`finishing game ${game.id}: ${answer.status} ${await answer.text()}`);
  }
}

/** CPU seconds a process has used (user and system), from /proc: 0 where there is none. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function once(server, path, options) {
  const { expectStatus = 200, ...rest } = options;
  const url = server.url + path;
  const cpuBefore = cpuSeconds(server.child.pid);
  const result = await keepAliveLoad({ url, connections: CONNECTIONS, seconds: SECONDS, ...rest }).catch((error) => {
    throw new Error(`${url}: ${error}`);
  });
  const unexpected = [...result.statuses].filter(([code]) => code !== expectStatus).reduce((sum, [, count]) => sum + count, 0);
  if (unexpected > 0) throw new Error(`${url}: ${unexpected} answers other than ${expectStatus}`);
  return { rps: result.rps, p99: result.p99, cpuMicros: ((cpuSeconds(server.child.pid) - cpuBefore) * 1e6) / (result.rps * SECONDS) };
}

// The logins come from a process of their own: sent from the process that times the reads, their
// requests and answers held up its event loop and counted against the server.
const LOGIN_STORM = `
  const [url, body, perSecond, seconds] = process.argv.slice(1);
  const headers = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench', 'content-type': 'application/json' };
  const answers = [];
  const timer = setInterval(() => answers.push(fetch(url + '/api/auth', { method: 'POST', headers, body }).then((response) => response.status)), 1000 / perSecond);
  setTimeout(async () => {
    clearInterval(timer);
    const statuses = await Promise.all(answers);
    console.log(JSON.stringify({ sent: statuses.length, accepted: statuses.filter((status) => status === 200).length }));
  }, seconds * 1000);
`;

/** Logins at LOGINS_PER_SECOND for STORM_SECONDS, with GET /api/games at 200 a second meanwhile: its p99. */
async function loginStorm(url, login, password, auth) {
  const storm = spawn(process.execPath, ['-e', LOGIN_STORM, url, JSON.stringify({ login, password }), String(LOGINS_PER_SECOND), String(STORM_SECONDS)]);
  let output = '';
  storm.stdout.on('data', (chunk) => (output += chunk));
  storm.stderr.on('data', (chunk) => (output += chunk));
  const ended = new Promise((resolve) => storm.on('exit', resolve));
  const reads = await autocannon({ url: `${url}/api/games`, headers: auth, connections: 4, overallRate: 200, duration: STORM_SECONDS });
  await ended;
  const { sent, accepted } = JSON.parse(output);
  if (accepted !== sent) throw new Error(`login storm: ${sent - accepted} of ${sent} logins refused`);
  return { p99: reads.latency.p99, logins: sent, requests: reads.requests.total };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Alternating runs of a candidate and its baseline, after a run of each that is not counted (a
 * route's first requests run code not compiled yet: the first round of a read was half as fast as
 * the later ones). The ratio is the median of each round's candidate over its baseline, measured
 * back to back under the same load of the machine.
 */
async function compare(candidate, baseline) {
  await once(baseline.server, baseline.path, baseline.options);
  await once(candidate.server, candidate.path, candidate.options);
  const runs = { candidate: [], baseline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.baseline.push(await once(baseline.server, baseline.path, baseline.options));
    runs.candidate.push(await once(candidate.server, candidate.path, candidate.options));
  }
  const summary = (list) => ({ rps: median(list.map((run) => run.rps)), p99: median(list.map((run) => run.p99)), cpuMicros: median(list.map((run) => run.cpuMicros)) });
  const ratio = median(runs.candidate.map((run, round) => run.rps / runs.baseline[round].rps));
  return { candidate: summary(runs.candidate), baseline: summary(runs.baseline), ratio };
}

const dir = mkdtempSync(join(tmpdir(), 'scorecast-bench-'));
const servers = [];
try {
  mkdirSync(join(dir, 'fixtures'));
  writeFileSync(join(dir, 'fixtures', '2030.json'), JSON.stringify(fixture()));
  const dataDir = join(dir, 'data');
  const scorecastArgs = [
    ['dist/server.js'],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FIXTURES_DIR: join(dir, 'fixtures'),
      SCORECAST_CLOCK: '2030-06-01T00:00:00Z@0',
      ADMIN_TOKEN: 'bench',
      AUTH_RATE_LIMIT: '1000000',
    },
  ];
  const bareArgs = [['--input-type=module', '-e', BARE_SERVER]];
  let scorecast = await start(...scorecastArgs);
  servers.push(scorecast);
  let bare = await start(...bareArgs);
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
  const games = await (await fetch(scorecast.url + '/api/games', { headers: { authorization: `Bearer ${token}` } })).json();
  const passwordHash = (() => {
    const database = new Database(join(dataDir, 'scorecast.db'), { readonly: true });
    const row = database.prepare('SELECT password_hash FROM users WHERE login = ?').get(login);
    database.close();
    return row.password_hash;
  })();
  await tournamentEvening(scorecast.url, dataDir, post, token, passwordHash, games);
  // The last game is still to be played: it takes predictions.
  const gameId = games.at(-1).id;

  // What a browser sends: the session, the XSRF cookie it was given, and the codings Chromium takes.
  const auth = { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=bench', 'accept-encoding': 'gzip, deflate, br, zstd' };
  const gamesResponse = await fetch(scorecast.url + '/api/games', { headers: auth });
  const etag = gamesResponse.headers.get('etag');
  const prediction = JSON.stringify({ homeGoals: 2, awayGoals: 1 });
  /** Each read and the save against the bare route, in the servers as they run now. */
  const measure = async () => {
    const bareGet = { server: bare, path: '/bare', options: {} };
    return [
      ['GET /api/games', await compare({ server: scorecast, path: '/api/games', options: { headers: auth } }, bareGet), 0.6],
      [
        'GET /api/games, 304',
        etag
          ? await compare({ server: scorecast, path: '/api/games', options: { headers: { ...auth, 'if-none-match': etag }, expectStatus: 304 } }, bareGet)
          : undefined,
        1.0,
      ],
      ['GET /api/groups', await compare({ server: scorecast, path: '/api/groups', options: { headers: auth } }, bareGet), 0.3],
      [
        'POST /api/prediction',
        await compare(
          { server: scorecast, path: `/api/prediction/${gameId}`, options: { method: 'POST', headers: { ...auth, ...xsrf }, body: prediction } },
          { server: bare, path: '/bare', options: { method: 'POST', headers: { 'content-type': 'application/json' }, body: prediction } },
        ),
        0.3,
      ],
      ['GET /api/settings', await compare({ server: scorecast, path: '/api/settings', options: { headers: auth } }, bareGet), 0.6],
    ];
  };
  const byProcess = [];
  for (let run = 0; run < PROCESSES; run++) {
    if (run > 0) {
      // Both servers anew: the session, the games and the groups are read again from the same data.
      await Promise.all([stop(scorecast), stop(bare)]);
      servers.length = 0;
      scorecast = await start(...scorecastArgs);
      bare = await start(...bareArgs);
      servers.push(scorecast, bare);
    }
    byProcess.push(await measure());
  }
  // Per call: the median over the processes of each figure, and each process's ratio.
  const results = byProcess[0].map(([name, , goal], index) => {
    const runs = byProcess.map((measured) => measured[index][1]);
    if (runs.some((run) => !run)) return [name, undefined, goal];
    const middle = (read) => median(runs.map(read));
    const summary = (side) => ({ rps: middle((run) => run[side].rps), p99: middle((run) => run[side].p99), cpuMicros: middle((run) => run[side].cpuMicros) });
    return [name, { candidate: summary('candidate'), baseline: summary('baseline'), ratio: middle((run) => run.ratio), ratios: runs.map((run) => run.ratio) }, goal];
  });

  console.log(`server API, ${CONNECTIONS} connections, median over ${PROCESSES} server processes of the median of ${ROUNDS} alternating ${SECONDS} s runs (SQLite, ${games.length} games, ${FINISHED} finished; ${GROUPS} groups of ${PLAYERS_PER_GROUP})`);
  for (const [name, result, goal] of results) {
    if (!result) {
      console.log(`${name.padEnd(22)} no ETag on GET /api/games (goal >= ${goal.toFixed(1)}x) MISSED`);
      process.exitCode = 1;
      continue;
    }
    const { candidate, baseline, ratio, ratios } = result;
    const met = ratio >= goal;
    if (!met) process.exitCode = 1;
    console.log(
      `${name.padEnd(22)} ${candidate.rps.toFixed(0).padStart(7)} req/s  ratio to bare Fastify ${ratio.toFixed(2)} (goal >= ${goal.toFixed(1)}) ${met ? 'ok' : 'MISSED'} (processes: ${ratios.map((each) => each.toFixed(2)).join(' ')})  p99 ${candidate.p99} ms (bare ${baseline.p99} ms); server CPU ${candidate.cpuMicros.toFixed(0)} µs a request (bare ${baseline.cpuMicros.toFixed(0)} µs)`,
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
