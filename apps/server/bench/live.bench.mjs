// One result broadcast through the /notify hub of the built server to 1,000 and 5,000 raw ws
// clients speaking the SignalR JSON protocol, against a raw `ws` server broadcasting the same bytes
// measured in the same run: server CPU per recipient (from /proc) and the time until the last
// client has it. Both servers are child processes on 127.0.0.1; the clients live in this process.
// Then, with 20,000 groups of 5 to 50 players in the database and 5,000 members connected, the time
// from a goal entered to the last member holding all their groups' new rankings (and before, the
// time until every member connecting with nothing cached has their groups whole): on one process
// with SQLite, and on two processes sharing a PostgreSQL database (BENCH_DATABASE_URL or
// TEST_DATABASE_URL) with the members split between them. Every
// player predicts the last ten games and eight goals fall in the Final, one team and then the
// other: the 2024 fixture has every result, so this is the end of a tournament, 51 rank steps per
// group. A second passes between one goal's last push arriving and the next goal (in a match they
// are minutes apart): the servers collect a goal's garbage in that quiet. BENCH_LIVE_GROUPS,
// BENCH_LIVE_MEMBERS and BENCH_LIVE_GOALS scale it down; BENCH_NODE_ARGS (say --cpu-prof) go to
// those servers, which start as `npm start` starts them.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { defaultPointConfiguration } from '@scorecast/rules';
import WebSocket from 'ws';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const COUNTS = (process.env.BENCH_LIVE_CLIENTS ?? '1000,5000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ADMIN = 'bench-admin';
const SEPARATOR = '\x1e';
const GROUPS = Number(process.env.BENCH_LIVE_GROUPS ?? 20_000);
const MEMBERS = Number(process.env.BENCH_LIVE_MEMBERS ?? 5_000);
const GOALS = Number(process.env.BENCH_LIVE_GOALS ?? 8);
const GOAL_PAUSE_MS = 1_000;

const RAW_SERVER = `
  import { createServer } from 'node:http';
  import { WebSocketServer } from 'ws';
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      for (const client of wss.clients) client.send(body);
      response.end('{}');
    });
  });
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

function start(args, env = {}) {
  const child = spawn(process.execPath, args, { cwd: packageDir, env: { ...process.env, ...env } });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1].replace('localhost', '127.0.0.1') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

/** User plus system CPU of a process in milliseconds (clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function connectAll(url, count, handshake) {
  const clients = [];
  for (let i = 0; i < count; i += 200) {
    const batch = Array.from({ length: Math.min(200, count - i) }, () => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      return new Promise((resolve, reject) => {
        socket.once('error', reject);
        socket.once('open', () => {
          if (!handshake) return resolve(socket);
          socket.send(`{"protocol":"json","version":1}${SEPARATOR}`);
          socket.once('message', () => resolve(socket));
        });
      });
    });
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

/** Sends one change, resolves when every client got a message: elapsed ms and one message's text. */
function broadcast(clients, send) {
  return new Promise((resolve) => {
    let left = clients.length;
    let text;
    const started = performance.now();
    for (const socket of clients) {
      socket.once('message', (data) => {
        text ??= data.toString();
        if (--left === 0) resolve({ ms: performance.now() - started, text });
      });
    }
    void send();
  });
}

async function measure(server, clients, send) {
  let wall = 0;
  let text;
  const before = cpuMs(server.child.pid);
  for (let round = 0; round < ROUNDS; round++) {
    const result = await broadcast(clients, () => send(round));
    wall += result.ms;
    text = result.text;
  }
  const cpu = cpuMs(server.child.pid) - before;
  return { cpuPerRecipientUs: (cpu * 1000) / (ROUNDS * clients.length), lastClientMs: wall / ROUNDS, text };
}

const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-live-bench-'));
const hub = await start(['--expose-gc', 'dist/server.js'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN, DATABASE_URL: '' });
const raw = await start(['--input-type=module', '-e', RAW_SERVER]);
try {
  const games = await (await fetch(`${hub.url}/api/admin/games?year=2024`, { headers: { 'x-admin-token': ADMIN } })).json();
  const gameId = games[0].id;
  const enterGoal = (round) =>
    fetch(`${hub.url}/api/admin/games/${gameId}`, {
      method: 'POST',
      headers: { 'x-admin-token': ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Live', homeGoals: round + 1, awayGoals: 0 }),
    });
  console.log(`live broadcast, ${ROUNDS} rounds each (server CPU per recipient, time until the last client has it)`);
  for (const count of COUNTS) {
    const hubClients = await connectAll(`${hub.url.replace('http', 'ws')}/notify`, count, true);
    const hubFigures = await measure(hub, hubClients, enterGoal);
    for (const socket of hubClients) socket.terminate();
    const rawClients = await connectAll(raw.url.replace('http', 'ws'), count, false);
    const rawFigures = await measure(raw, rawClients, () => fetch(raw.url, { method: 'POST', body: hubFigures.text }));
    for (const socket of rawClients) socket.terminate();
    console.log(
      `${String(count).padStart(5)} clients: hub ${hubFigures.cpuPerRecipientUs.toFixed(1)} µs CPU/recipient, last client ${hubFigures.lastClientMs.toFixed(0)} ms; ` +
        `raw ws ${rawFigures.cpuPerRecipientUs.toFixed(1)} µs, ${rawFigures.lastClientMs.toFixed(0)} ms; ` +
        `ratio CPU ${(hubFigures.cpuPerRecipientUs / Math.max(rawFigures.cpuPerRecipientUs, 0.01)).toFixed(2)}x, last client ${(hubFigures.lastClientMs / rawFigures.lastClientMs).toFixed(2)}x`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
} finally {
  hub.child.kill();
  raw.child.kill();
}

/**
 * Enters a goal; resolves when every member got one push: elapsed ms and bytes. The clock stops when
 * the last push has arrived; each push is read and checked (all the member's groups in it) after,
 * because 5,000 browsers parse in parallel on their own devices, not in this one process.
 */
async function goal(url, gameId, members, homeGoals, awayGoals) {
  const pushes = [];
  const arrived = new Promise((resolve) => {
    let left = members.length;
    const started = performance.now();
    for (const member of members) {
      const onMessage = (data) => {
        if (data.indexOf('"target":"notify"') < 0) return;
        member.socket.off('message', onMessage);
        pushes.push({ member, data });
        if (--left === 0) resolve(performance.now() - started);
      };
      member.socket.on('message', onMessage);
    }
  });
  void fetch(`${url}/api/admin/games/${gameId}`, {
    method: 'POST',
    headers: { 'x-admin-token': ADMIN, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'Live', homeGoals, awayGoals }),
  });
  const ms = await arrived;
  let bytes = 0;
  for (const { member, data } of pushes) {
    bytes += data.length;
    const push = JSON.parse(data.toString().split(SEPARATOR)[0]);
    const groups = push.arguments[0].filter((item) => item.entity === 'Group').length;
    if (groups !== member.groups) throw new Error(`a member of ${member.groups} groups got ${groups}`);
  }
  return { ms, bytes };
}

/**
 * The groups to fill in: 20,000 groups of 5 to 50 of 100,000 users, one seat of each group taken
 * by a connected member (so they are spread over many groups), and every user's predictions of the
 * last ten games. The same every run.
 */
function planGroups() {
  const users = GROUPS * 5;
  let seed = 1;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  const groups = [];
  const memberGroups = new Map();
  for (let g = 0; g < GROUPS; g++) {
    const size = 5 + Math.floor(random() * 46);
    const players = new Set([1 + (g % MEMBERS)]);
    while (players.size < size) players.add(1 + Math.floor(random() * users));
    groups.push({ id: `bench-group-${g}`, name: `Group ${g}`, players: [...players] });
    for (const userId of players) if (userId <= MEMBERS) memberGroups.set(userId, (memberGroups.get(userId) ?? 0) + 1);
  }
  const goals = Uint8Array.from({ length: users * 20 }, () => Math.floor(random() * 4));
  return { users, groups, memberGroups, goals };
}

const userId = (n) => n + 1_000_000;
const tokenHash = (n) => createHash('sha256').update(`bench-token-${n}`).digest('hex');

/** Writes the plan into the SQLite file of a server's data folder. */
function fillSqlite(file, plan) {
  const db = new Database(file);
  const now = Date.now();
  const points = JSON.stringify(defaultPointConfiguration(2024));
  db.transaction(() => {
    const user = db.prepare("INSERT INTO users (id, login, password_hash, activated, created_at) VALUES (?, ?, 'x', 1, ?)");
    for (let n = 1; n <= plan.users; n++) user.run(userId(n), `bench${n}@example.com`, now);
    const group = db.prepare('INSERT INTO groups (id, name, creator_id, year, max_players, point_configuration, created_at) VALUES (?, ?, ?, 2024, 100, ?, ?)');
    const player = db.prepare('INSERT INTO players (group_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)');
    for (const { id, name, players } of plan.groups) {
      group.run(id, name, userId(players[0]), points, now);
      for (const n of players) player.run(id, userId(n), `P${n}`, now);
    }
    const lastGames = db.prepare('SELECT id FROM games WHERE year = 2024 ORDER BY kickoff DESC LIMIT 10').all().map((row) => row.id);
    const prediction = db.prepare('INSERT INTO predictions (user_id, game_id, home_goals, away_goals) VALUES (?, ?, ?, ?)');
    for (let n = 1; n <= plan.users; n++) {
      lastGames.forEach((gameId, at) => prediction.run(userId(n), gameId, plan.goals[(n - 1) * 20 + 2 * at], plan.goals[(n - 1) * 20 + 2 * at + 1]));
    }
    const session = db.prepare('INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)');
    for (let n = 1; n <= MEMBERS; n++) session.run(tokenHash(n), userId(n), now);
  })();
  db.close();
}

/** Writes the plan into a PostgreSQL database whose tables a server created: arrays unnested, 100,000 rows a statement. */
async function fillPostgres(url, plan) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = Date.now();
  const insert = async (sql, columns) => {
    for (let start = 0; start < columns[0].length; start += 100_000) await client.query(sql, columns.map((column) => column.slice(start, start + 100_000)));
  };
  await client.query('BEGIN');
  await client.query("INSERT INTO users (id, login, password_hash, activated, created_at) SELECT n + 1000000, 'bench' || n || '@example.com', 'x', 1, $1 FROM generate_series(1, $2) AS n", [now, plan.users]);
  const points = JSON.stringify(defaultPointConfiguration(2024));
  await insert(
    `INSERT INTO groups (id, name, creator_id, year, max_players, point_configuration, created_at) SELECT id, name, creator, 2024, 100, '${points}', ${now} FROM unnest($1::text[], $2::text[], $3::int[]) AS t(id, name, creator)`,
    [plan.groups.map((group) => group.id), plan.groups.map((group) => group.name), plan.groups.map((group) => userId(group.players[0]))],
  );
  const seats = plan.groups.flatMap(({ id, players }) => players.map((n) => [id, n]));
  await insert(`INSERT INTO players (group_id, user_id, name, joined_at) SELECT g, u + 1000000, 'P' || u, ${now} FROM unnest($1::text[], $2::int[]) AS t(g, u)`, [
    seats.map((seat) => seat[0]),
    seats.map((seat) => seat[1]),
  ]);
  const lastGames = (await client.query('SELECT id FROM games WHERE year = 2024 ORDER BY kickoff DESC LIMIT 10')).rows.map((row) => row.id);
  const predictions = [[], [], [], []];
  for (let n = 1; n <= plan.users; n++) {
    lastGames.forEach((gameId, at) => {
      predictions[0].push(userId(n));
      predictions[1].push(gameId);
      predictions[2].push(plan.goals[(n - 1) * 20 + 2 * at]);
      predictions[3].push(plan.goals[(n - 1) * 20 + 2 * at + 1]);
    });
  }
  await insert('INSERT INTO predictions (user_id, game_id, home_goals, away_goals) SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[])', predictions);
  const members = Array.from({ length: MEMBERS }, (_, i) => i + 1);
  await insert(`INSERT INTO sessions (token_hash, user_id, created_at) SELECT h, u, ${now} FROM unnest($1::text[], $2::int[]) AS t(h, u)`, [members.map(tokenHash), members.map(userId)]);
  await client.query('COMMIT');
  await client.end();
}

/**
 * Connects every member to one of the servers in turn, as after a restart: each gets their groups
 * whole (with nothing cached yet), and the time until the last member has them is printed. Then
 * enters goals in the Final through the first server and prints, for each, the time until the last
 * member holds all their groups' new rankings.
 */
async function goals(servers, plan) {
  const members = [];
  let welcomeBytes = 0;
  const welcomed = [];
  // Pings like a SignalR client, or the hub drops the members 30 s after their handshake.
  const keepAlive = setInterval(() => {
    for (const member of members) member.socket.send(`{"type":6}${SEPARATOR}`);
  }, 5_000);
  const connecting = performance.now();
  for (let id = 1; id <= MEMBERS; id += 200) {
    const batch = [];
    for (let i = id; i < Math.min(id + 200, MEMBERS + 1); i++) {
      const server = servers[i % servers.length];
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/notify?access_token=bench-token-${i}`, { perMessageDeflate: false });
      const groups = plan.memberGroups.get(i) ?? 0;
      batch.push(new Promise((resolve, reject) => {
        socket.once('error', reject);
        socket.once('open', () => {
          socket.send(`{"protocol":"json","version":1}${SEPARATOR}`);
          socket.once('message', () => {
            // Then the member's groups, whole.
            if (groups > 0) {
              welcomed.push(new Promise((arrived) => {
                const onMessage = (data) => {
                  if (data.indexOf('"target":"notify"') < 0) return;
                  socket.off('message', onMessage);
                  welcomeBytes += data.length;
                  arrived(performance.now());
                };
                socket.on('message', onMessage);
              }));
            }
            resolve({ socket, groups });
          });
        });
      }));
    }
    members.push(...(await Promise.all(batch)));
  }
  try {
    const last = Math.max(...(await Promise.all(welcomed)));
    console.log(`  connecting, nothing cached: ${(last - connecting).toFixed(0)} ms until the last of ${MEMBERS} members has all their groups whole, ${(welcomeBytes / 1e6).toFixed(0)} MB`);
    const games = await (await fetch(`${servers[0].url}/api/admin/games?year=2024`, { headers: { 'x-admin-token': ADMIN } })).json();
    const final = games.reduce((latest, game) => (game.date > latest.date ? game : latest));
    const seats = [...plan.memberGroups.values()].reduce((sum, count) => sum + count, 0);
    // A match of goals each way: 1-0, 1-1, 2-1, 2-2, and so on.
    for (let round = 1; round <= GOALS; round++) {
      await new Promise((resolve) => setTimeout(resolve, GOAL_PAUSE_MS));
      const [home, away] = [Math.ceil(round / 2), Math.floor(round / 2)];
      const { ms, bytes } = await goal(servers[0].url, final.id, members, home, away);
      console.log(`  goal ${round} (${home}-${away}): ${ms.toFixed(0)} ms to the last of ${MEMBERS} members (${GROUPS} groups, ${seats} of their seats), ${(bytes / 1e6).toFixed(0)} MB of pushes`);
    }
  } finally {
    clearInterval(keepAlive);
    for (const member of members) member.socket.terminate();
  }
}

const plan = planGroups();
const serverArgs = ['--expose-gc', ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), 'dist/server.js'];
console.log('a goal with groups in the database, one process on SQLite:');
fillSqlite(join(dataDir, 'scorecast.db'), plan);
const ranked = await start(serverArgs, { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN, DATABASE_URL: '' });
try {
  await goals([ranked], plan);
} finally {
  ranked.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

// The same across two processes on one PostgreSQL, the members split between them; the goal reaches
// the second process through LISTEN/NOTIFY.
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.log('two processes on PostgreSQL: skipped (set BENCH_DATABASE_URL to a PostgreSQL URL allowed to create databases)');
} else {
  console.log('a goal with groups in the database, two processes on PostgreSQL:');
  const name = `bench_live_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const dataDirs = [mkdtempSync(join(tmpdir(), 'scorecast-live-bench-')), mkdtempSync(join(tmpdir(), 'scorecast-live-bench-'))];
  const servers = [];
  try {
    const env = (dir) => ({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, ADMIN_TOKEN: ADMIN, DATABASE_URL: url.toString() });
    // The first one creates the tables and imports the fixtures.
    servers.push(await start(serverArgs, env(dataDirs[0])));
    await fillPostgres(url.toString(), plan);
    servers.push(await start(serverArgs, env(dataDirs[1])));
    await goals(servers, plan);
  } finally {
    for (const server of servers) server.child.kill();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.child.once('exit', resolve))));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}
