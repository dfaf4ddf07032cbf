import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../../server', import.meta.url));
export const WEB_DIST = fileURLToPath(new URL('../../dist', import.meta.url));

export type RunningServer = { url: string; dataDir: string; child: ChildProcess; stop: () => Promise<void>; admin: (path: string, body?: unknown) => Promise<unknown> };

/**
 * Starts the real server (apps/server/dist) on a fresh SQLite data folder, serving the web build,
 * with the clock at `clock` and `extraEnv` (e.g. a payment provider's stand-in).
 */
export function startServer(clock: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  for (const built of [join(WEB_DIST, 'index.html'), join(SERVER_DIR, 'dist/server.js')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`node scripts/pnpm.mjs -r build\` first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-web-'));
  // The embedded database: a DATABASE_URL from the environment would switch to PostgreSQL.
  const { DATABASE_URL: _postgres, ...environment } = process.env;
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: SERVER_DIR,
    env: { ...environment, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SCORECAST_CLOCK: clock, WEB_DIST, AUTH_RATE_LIMIT: '1000', ...extraEnv },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      const url = match[1]!.replace('localhost', '127.0.0.1').replace(/\/$/, '');
      const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
      resolve({
        url,
        dataDir,
        child,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
        admin: async (path, body) => {
          const response = await fetch(`${url}${path}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { 'X-Admin-Token': token, 'Content-Type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
          return response.json();
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

/** The newest link of a mail to `login` whose action is `action`, rebased on the server's address. */
export function mailedLink(dataDir: string, login: string, action: string, serverUrl: string): string {
  const outbox = join(dataDir, 'outbox');
  const mails = readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .filter((mail) => mail.includes(login));
  const links = mails.flatMap((mail) => mail.match(/https?:\/\/[^\s"<>]+\/login\?[^\s"<>]+/g) ?? []).map((link) => new URL(link.replace(/&amp;/g, '&')));
  const link = links.filter((each) => each.searchParams.get('action') === action).at(-1);
  if (!link) throw new Error(`no ${action} mail to ${login}`);
  return `${serverUrl}${link.pathname}${link.search}`;
}

/** The fixture file carries the real 2026 results: this resets every game to not played yet. */
/** A game as the admin API lists it. */
export type AdminGame = { id: number; date: string; stage: string; status: string; homeTeam: string; awayTeam: string };

export async function resetTournament(server: RunningServer): Promise<AdminGame[]> {
  const games = (await server.admin('/api/admin/games?year=2026')) as AdminGame[];
  for (const game of games.filter((each) => each.status !== 'Scheduled')) await server.admin(`/api/admin/games/${game.id}`, { status: 'Scheduled', homeGoals: null, awayGoals: null, reason: 'the tournament replayed in a test' });
  return games;
}

/** Whether the /notify live hub answers (without it the server's SPA fallback answers with the page). */
export async function hubAnswers(server: RunningServer): Promise<boolean> {
  const response = await fetch(`${server.url}/notify`);
  return !(response.headers.get('content-type') ?? '').includes('text/html');
}
