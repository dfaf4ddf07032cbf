// One reminder run on SQLite for 100,000 players of 10,000 groups and the 104 games of 2026, each
// player having predicted about half of the games: the run at three hours before the first game
// day's first kickoff, mails written by the outbox writer. Goal: within one minute.
// A missed goal prints MISSED and makes the bench exit non-zero.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createClock, createMailer, createTexts, importFixtureFolder, openDatabase, sendDueReminders } from '../dist/reminders/bench.js';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const GROUP_SIZE = 10;
const GOAL_MS = 60_000;
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-reminders-'));

try {
  const setupStart = performance.now();
  const first = await openDatabase({ dataDir });
  // As the fixtures stood before the tournament: every game still to be played.
  await importFixtureFolder(first.db, join(packageDir, 'fixtures'), Date.parse('2026-06-01T00:00:00Z'));
  await first.db.destroy();
  const sqlite = new Database(join(dataDir, 'scorecast.db'));
  const games = sqlite.prepare('SELECT id, kickoff FROM games WHERE year = 2026 ORDER BY kickoff').all();
  if (games.length !== 104) throw new Error(`2026 has ${games.length} games, not 104`);
  let seed = 2026;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  sqlite.transaction(() => {
    const user = sqlite.prepare("INSERT INTO users (id, login, password_hash, activated, language, created_at) VALUES (?, ?, 'x', 1, ?, 0)");
    const group = sqlite.prepare("INSERT INTO groups (id, name, creator_id, year, point_configuration, created_at) VALUES (?, ?, ?, 2026, '{}', 0)");
    const player = sqlite.prepare('INSERT INTO players (group_id, user_id, name, joined_at) VALUES (?, ?, ?, 0)');
    const prediction = sqlite.prepare('INSERT INTO predictions (user_id, game_id, home_goals, away_goals, changed_at) VALUES (?, ?, 1, 0, 0)');
    for (let id = 1; id <= PLAYERS; id++) {
      user.run(id, `player${id}@example.com`, id % 3 === 0 ? 'de' : 'en');
      const groupId = `group-${String(Math.ceil(id / GROUP_SIZE)).padStart(12, '0')}`;
      if (id % GROUP_SIZE === 1) group.run(groupId, groupId, id);
      player.run(groupId, id, `Player ${id}`);
      for (const game of games) if (random() < 0.5) prediction.run(id, game.id);
    }
  })();
  sqlite.close();
  const setupSeconds = (performance.now() - setupStart) / 1000;

  const { db, dialect } = await openDatabase({ dataDir });
  const reminderAt = games[0].kickoff - 3 * 60 * 60 * 1000;
  const outboxDir = join(dataDir, 'outbox');
  const context = {
    db,
    dialect,
    clock: createClock({ start: reminderAt, speed: 0 }),
    mailer: createMailer({ outboxDir, from: 'Scorecast <noreply@scorecast.local>' }),
    publicUrl: 'https://scorecast.example',
    texts: createTexts(),
    log: { error: (...args) => console.error(...args) },
  };
  const start = performance.now();
  const sent = await sendDueReminders(context, { lead: 3 * 60 * 60 * 1000, timeZone: 'Europe/Berlin' });
  const ms = performance.now() - start;
  const files = readdirSync(outboxDir).length;
  const again = await sendDueReminders(context, { lead: 3 * 60 * 60 * 1000, timeZone: 'Europe/Berlin' });
  await db.destroy();
  console.log(`setup: ${PLAYERS} players, ${games.length} games, about half predicted (${setupSeconds.toFixed(1)} s)`);
  console.log(`reminder run: ${sent} mails (${files} files in the outbox) in ${(ms / 1000).toFixed(1)} s (load average ${loadavg()[0].toFixed(1)}), goal < ${GOAL_MS / 1000} s${ms < GOAL_MS ? '' : '  MISSED'}`);
  console.log(`second run at the same moment: ${again} mails, goal 0${again === 0 ? '' : '  MISSED'}`);
  if (ms >= GOAL_MS || again !== 0 || sent === 0 || files !== sent) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
