// One result broadcast through the /notify hub of the built server to 1,000 and 5,000 raw ws
// clients speaking the SignalR JSON protocol, against a raw `ws` server broadcasting the same bytes
// measured in the same run: server CPU per recipient (from /proc) and the time until the last
// client has it. Both servers are child processes on 127.0.0.1; the clients live in this process.
// Then, with 20,000 groups of 5 to 50 players in a SQLite database and 5,000 members connected, the
// time from a goal entered to the last member holding all their groups' new rankings, with a cold
// cache, then for the next goals. Every player predicts the last ten games and the goals fall in the
// Final: the 2024 fixture has every result, so this is the end of a tournament, 51 rank steps per group.
// BENCH_LIVE_GROUPS and BENCH_LIVE_MEMBERS scale it down; BENCH_NODE_ARGS (say --cpu-prof) go to that server.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { defaultPointConfiguration } from '@scorecast/rules';
import WebSocket from 'ws';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const COUNTS = (process.env.BENCH_LIVE_CLIENTS ?? '1000,5000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ADMIN = 'bench-admin';
const SEPARATOR = '\x1e';
const GROUPS = Number(process.env.BENCH_LIVE_GROUPS ?? 20_000);
const MEMBERS = Number(process.env.BENCH_LIVE_MEMBERS ?? 5_000);

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
const hub = await start(['dist/server.js'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN, DATABASE_URL: '' });
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

/** Enters a goal; resolves when every member got one push with all their groups: elapsed ms and bytes. */
function goal(url, gameId, members, homeGoals) {
  let bytes = 0;
  const arrived = new Promise((resolve, reject) => {
    let left = members.length;
    const started = performance.now();
    for (const member of members) {
      const onMessage = (data) => {
        const push = JSON.parse(data.toString().split(SEPARATOR)[0]);
        if (push.target !== 'notify') return;
        member.socket.off('message', onMessage);
        bytes += data.length;
        const groups = push.arguments[0].filter((item) => item.entity === 'Group').length;
        if (groups !== member.groups) reject(new Error(`a member of ${member.groups} groups got ${groups}`));
        if (--left === 0) resolve({ ms: performance.now() - started, bytes });
      };
      member.socket.on('message', onMessage);
    }
  });
  void fetch(`${url}/api/admin/games/${gameId}`, {
    method: 'POST',
    headers: { 'x-admin-token': ADMIN, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'Live', homeGoals, awayGoals: 0 }),
  });
  return arrived;
}

/** Fills the database with users, their predictions, groups of 5 to 50 players and sessions for the first members. */
function fillGroups(file) {
  const db = new Database(file);
  const users = GROUPS * 5;
  const now = Date.now();
  const points = JSON.stringify(defaultPointConfiguration(2024));
  let seed = 1;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  const memberGroups = new Map();
  db.transaction(() => {
    const user = db.prepare("INSERT INTO users (id, login, password_hash, activated, created_at) VALUES (?, ?, 'x', 1, ?)");
    for (let id = 1; id <= users; id++) user.run(id + 1_000_000, `bench${id}@example.com`, now);
    const group = db.prepare('INSERT INTO groups (id, name, creator_id, year, max_players, point_configuration, created_at) VALUES (?, ?, ?, 2024, 100, ?, ?)');
    const player = db.prepare('INSERT OR IGNORE INTO players (group_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)');
    for (let g = 0; g < GROUPS; g++) {
      const id = `bench-group-${g}`;
      const size = 5 + Math.floor(random() * 46);
      const players = new Set();
      // The connected members are spread over many groups: one seat of each group is theirs.
      players.add(1 + (g % MEMBERS));
      while (players.size < size) players.add(1 + Math.floor(random() * users));
      const creator = [...players][0] + 1_000_000;
      group.run(id, `Group ${g}`, creator, points, now);
      for (const userId of players) {
        player.run(id, userId + 1_000_000, `P${userId}`, now);
        if (userId <= MEMBERS) memberGroups.set(userId, (memberGroups.get(userId) ?? 0) + 1);
      }
    }
    // Every player predicts the last ten games, the Final among them.
    const lastGames = db.prepare('SELECT id FROM games WHERE year = 2024 ORDER BY kickoff DESC LIMIT 10').all().map((row) => row.id);
    const prediction = db.prepare('INSERT INTO predictions (user_id, game_id, home_goals, away_goals) VALUES (?, ?, ?, ?)');
    for (let id = 1; id <= users; id++) {
      for (const gameId of lastGames) prediction.run(id + 1_000_000, gameId, Math.floor(random() * 4), Math.floor(random() * 4));
    }
    const session = db.prepare('INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)');
    for (let id = 1; id <= MEMBERS; id++) session.run(createHash('sha256').update(`bench-token-${id}`).digest('hex'), id + 1_000_000, now);
  })();
  db.close();
  return memberGroups;
}

const memberGroups = fillGroups(join(dataDir, 'scorecast.db'));
const ranked = await start([...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), 'dist/server.js'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN, DATABASE_URL: '' });
try {
  const games = await (await fetch(`${ranked.url}/api/admin/games?year=2024`, { headers: { 'x-admin-token': ADMIN } })).json();
  const members = [];
  for (let id = 1; id <= MEMBERS; id += 200) {
    const batch = [];
    for (let i = id; i < Math.min(id + 200, MEMBERS + 1); i++) {
      const socket = new WebSocket(`${ranked.url.replace('http', 'ws')}/notify?access_token=bench-token-${i}`, { perMessageDeflate: false });
      batch.push(new Promise((resolve, reject) => {
        socket.once('error', reject);
        socket.once('open', () => {
          socket.send(`{"protocol":"json","version":1}${SEPARATOR}`);
          socket.once('message', () => resolve({ socket, groups: memberGroups.get(i) ?? 0 }));
        });
      }));
    }
    members.push(...(await Promise.all(batch)));
  }
  // Pings like a SignalR client, or the hub drops the members 30 s after their handshake.
  const keepAlive = setInterval(() => {
    for (const member of members) member.socket.send(`{"type":6}${SEPARATOR}`);
  }, 5_000);
  // Let each connection learn its groups before the goal.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const totalPlayers = [...memberGroups.values()].reduce((sum, count) => sum + count, 0);
  // One goal with nothing cached, then the goals of a running tournament: inputs cached, games changed.
  for (const [round, what] of ['first goal, cold cache', 'next goal', 'next goal', 'next goal'].entries()) {
    const final = games.reduce((last, game) => (game.date > last.date ? game : last));
    const { ms, bytes } = await goal(ranked.url, final.id, members, round + 1);
    console.log(`${what}: to the last of ${MEMBERS} connected members (${GROUPS} groups, ${totalPlayers} of their seats) holding every group's new ranking: ${ms.toFixed(0)} ms, ${(bytes / 1e6).toFixed(0)} MB of pushes`);
  }
  clearInterval(keepAlive);
  for (const member of members) member.socket.terminate();
} finally {
  ranked.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
