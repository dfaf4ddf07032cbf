import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { adminTokenFile, dataDirOf, portOf, webUrlOf } from '../config.js';
import { databaseKindOf } from '../db/database.js';
import { backupSqlite, sqliteFileOf } from './backup.js';
import { copyToPostgres } from './copyToPostgres.js';

const USAGE = `Scorecast admin: npm run admin -- <command>

  games [year] [--json]                list games: id, kickoff, stage (and group), teams, status, score
  set <id> <field>=<value> ...         change a game: status, homeGoals, awayGoals, date, homeTeam, awayTeam, stage
                                       (status=Scheduled without goals clears the score; a finished
                                       result, or a started game set back to Scheduled, changes only
                                       with reason="...")
  score <id> <home>:<away> [status] [reason="..."]
                                       set a score (status default Live)
  finish <id> <home>:<away> [reason="..."]
                                       set the final score
                                       (the reason of a correction is shown to the players in the
                                       schedule and quoted in the correction mail: write it for them)
  add <stage> <date> <home> <away>     add a game
  remove <id>                          remove a game
  import <fixture.json>                import a year's fixture file
  clock <ISO instant> [speed]          set the server clock
  clock                                show the server clock
  newsletter <subject> <text-file> [en|de]
                                       mail the newsletter to every player who has not unsubscribed
  backup <file>                        copy the SQLite database to a new file while the server runs
  copy-to-postgres <DATABASE_URL>      copy every table to an empty PostgreSQL database and verify it

Env: ADMIN_URL (default http://127.0.0.1:$PORT, PORT default 3000: set it when the server's is another),
ADMIN_TOKEN (default: $DATA_DIR/admin-token),
DATA_DIR (default apps/server/data; a relative one is taken from the folder you type the command in).`;

type AdminGame = { id: number; date: string; stage: string; groupLetter?: string; homeTeam: string; awayTeam: string; status: string; homeGoals: number | null; awayGoals: number | null };

/** The games as a table a person reads: one line each, columns aligned. */
function gamesTable(games: readonly AdminGame[]): string {
  const rows = games.map((game) => [
    String(game.id),
    game.date.replace('T', ' ').replace(/:00(\.000)?Z$/, ' UTC'),
    game.groupLetter ? `${game.stage} ${game.groupLetter}` : game.stage,
    `${game.homeTeam} - ${game.awayTeam}`,
    game.status,
    game.homeGoals === null || game.homeGoals === undefined ? '' : `${game.homeGoals}:${game.awayGoals}`,
  ]);
  const header = ['id', 'kickoff', 'stage', 'teams', 'status', 'score'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}

// A wrong PORT is the usual reason the server is not found: the CLI runs without the server's env.
const WHERE_TO_CALL = `The CLI calls ADMIN_URL, else http://127.0.0.1:$PORT (PORT ${process.env.PORT ? `is ${process.env.PORT}` : 'unset: 3000'}).
Give it the server's port, e.g. PORT=8080 npm run admin -- games 2026, or ADMIN_URL=https://scorecast.example npm run admin -- games 2026.`;

/** Why a fetch found no server: its cause's code (ECONNREFUSED, ENOTFOUND) when there is one. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A file named on the command line, from where `npm run admin` was typed (npm runs this in apps/server). */
function fromCaller(file: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

function tokenOf(env: NodeJS.ProcessEnv): string {
  if (env.ADMIN_TOKEN) return env.ADMIN_TOKEN;
  const file = adminTokenFile(dataDirOf(env));
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // Relative to the caller's folder (the repository's root under npm run admin), or as given when absolute.
    const shown = env.DATA_DIR && isAbsolute(env.DATA_DIR) ? file : relative(env.INIT_CWD ?? process.cwd(), file);
    throw new Error(`the admin token was not found at ${shown}.
Set ADMIN_TOKEN to the server's token (ADMIN_TOKEN=... npm run admin -- games), or DATA_DIR to the server's data folder,
where it writes admin-token on its first start (DATA_DIR=/srv/scorecast/data npm run admin -- games).`, { cause: error });
  }
}

/**
 * The text of a file named on the command line; a missing argument or an unreadable file is said
 * with the command's usage, never as readFileSync's EISDIR on the caller's folder.
 */
function argumentFileOf(command: string, what: string, file: string | undefined, example: string): string {
  if (!file) throw new Error(`${command}: ${what} is missing, as in ${example}\n\n${USAGE}`);
  try {
    return readFileSync(fromCaller(file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`${command}: ${what} ${file} cannot be read (${code === 'EISDIR' ? 'it is a folder' : code === 'ENOENT' ? 'there is no such file' : code ?? 'unreadable'})`, { cause: error });
  }
}

function valueOf(field: string, text: string): unknown {
  if (field === 'homeGoals' || field === 'awayGoals') return text === 'null' ? null : Number(text);
  return text;
}

/** The field=value arguments after a command's own (reason="..."), as fields of the change. */
function fieldsOf(command: string, pairs: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const [field = '', ...value] = pair.split('=');
      if (value.length === 0 || !field) throw new Error(`${command}: ${pair} is not a field=value, as in "reason=the score was entered wrong"\n\n${USAGE}`);
      return [field, valueOf(field, value.join('='))];
    }),
  );
}

function scoreOf(command: string, text: string | undefined): { homeGoals: number; awayGoals: number } {
  if (text === undefined) throw new Error(`${command}: the score is missing, as in ${command} 83 2:1\n\n${USAGE}`);
  const match = /^(\d+):(\d+)$/.exec(text);
  if (!match) throw new Error(`a score looks like 2:1, not ${text}`);
  return { homeGoals: Number(match[1]), awayGoals: Number(match[2]) };
}

/** The admin call of a command line: method, path and body. */
function requestOf(args: readonly string[]): { method: 'GET' | 'POST' | 'DELETE'; path: string; body?: unknown } {
  const [command, ...rest] = args;
  switch (command) {
    case 'games': {
      const year = rest.find((arg) => arg !== '--json');
      return { method: 'GET', path: year ? `/api/admin/games?year=${encodeURIComponent(year)}` : '/api/admin/games' };
    }
    case 'set': {
      const [id, ...pairs] = rest;
      const body = fieldsOf('set', pairs);
      // Back to Scheduled means not played: a score left behind would count in every ranking.
      if (body.status === 'Scheduled') {
        body.homeGoals ??= null;
        body.awayGoals ??= null;
      }
      return { method: 'POST', path: `/api/admin/games/${id}`, body };
    }
    case 'score': {
      const [id, score, ...more] = rest;
      const status = more[0] !== undefined && !more[0].includes('=') ? more.shift() : 'Live';
      return { method: 'POST', path: `/api/admin/games/${id}`, body: { ...scoreOf('score', score), status, ...fieldsOf('score', more) } };
    }
    case 'finish': {
      const [id, score, ...more] = rest;
      return { method: 'POST', path: `/api/admin/games/${id}`, body: { ...scoreOf('finish', score), status: 'Finished', ...fieldsOf('finish', more) } };
    }
    case 'add': {
      const [stage, date, homeTeam, awayTeam] = rest;
      return { method: 'POST', path: '/api/admin/games', body: { stage, date, homeTeam, awayTeam } };
    }
    case 'remove':
      return { method: 'DELETE', path: `/api/admin/games/${rest[0]}` };
    case 'import': {
      const text = argumentFileOf('import', 'the fixture file', rest[0], 'import apps/server/fixtures/2026.json');
      const fixture = jsonOf(text);
      if (fixture === undefined) throw new Error(`import: ${rest[0]} is not JSON (a fixture file as in apps/server/fixtures/README.md)`);
      return { method: 'POST', path: '/api/admin/fixtures', body: fixture };
    }
    case 'clock':
      return rest[0]
        ? { method: 'POST', path: '/api/admin/clock', body: { now: rest[0], ...(rest[1] ? { speed: Number(rest[1]) } : {}) } }
        : { method: 'GET', path: '/api/admin/clock' };
    case 'newsletter': {
      const [subject, file, language] = rest;
      const example = "newsletter 'World Cup 2026' news.txt de";
      if (!subject) throw new Error(`newsletter: the subject and the text file are missing, as in ${example}\n\n${USAGE}`);
      const text = argumentFileOf('newsletter', 'the text file', file, example);
      return { method: 'POST', path: '/api/admin/newsletter', body: { subject, text, ...(language ? { language } : {}) } };
    }
    default:
      throw new Error(`unknown command ${command}\n\n${USAGE}`);
  }
}

async function main(): Promise<void> {
  const env = process.env;
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
    console.log(USAGE);
    return;
  }
  if (args[0] === 'backup') {
    if (databaseKindOf(env.DATABASE_URL) === 'postgres') throw new Error('On PostgreSQL, back up with pg_dump: pg_dump --format=custom --file=scorecast.dump "$DATABASE_URL" (see the README)');
    const target = fromCaller(args[1] ?? '');
    if (!args[1]) throw new Error('backup <file>: name the file to write');
    const pages = await backupSqlite(dataDirOf(env), target);
    console.log(`backup of ${sqliteFileOf(dataDirOf(env))} written to ${target} (${pages} pages)`);
    return;
  }
  if (args[0] === 'copy-to-postgres') {
    if (!args[1]) throw new Error('copy-to-postgres <DATABASE_URL>: name the PostgreSQL database to fill');
    const copies = await copyToPostgres(dataDirOf(env), args[1], (line) => console.log(line));
    console.log(`copied ${copies.length} tables, ${copies.reduce((sum, copy) => sum + copy.rows, 0)} rows; start the server with DATABASE_URL set to use it`);
    return;
  }
  const { method, path, body } = requestOf(args);
  const token = tokenOf(env);
  const base = webUrlOf('ADMIN_URL', env.ADMIN_URL, `http://127.0.0.1:${portOf('PORT', env.PORT, 3000)}`);
  const url = new URL(path, base);
  const response = await fetch(url, {
    method,
    headers: { 'x-admin-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch((error: unknown) => {
    throw new Error(`no Scorecast server answered at ${url.origin} (${reasonOf(error)}).\n${WHERE_TO_CALL}`);
  });
  const text = await response.text();
  const answer = jsonOf(text);
  if (text && answer === undefined) throw new Error(`${url.origin} answered ${response.status} with no JSON: it is not the Scorecast server.\n${WHERE_TO_CALL}`);
  if (!response.ok) {
    process.exitCode = 1;
    return console.error(refusalOf(args, answer as { error?: string; field?: string } | undefined, response, env));
  }
  if (args[0] === 'games' && !args.includes('--json')) console.log(gamesTable(answer as AdminGame[]));
  else if (isGame(answer)) {
    console.log(gamesTable([answer]));
    await warnIfBeforeKickoff(answer, base, token);
  } else console.log(text ? JSON.stringify(answer, null, 2) : response.status);
}

function isGame(answer: unknown): answer is AdminGame {
  return typeof answer === 'object' && answer !== null && 'id' in answer && 'date' in answer && 'status' in answer;
}

/** What the server refused, in words, with the way to do it where there is one. */
function refusalOf(args: readonly string[], answer: { error?: string; field?: string } | undefined, response: Response, env: NodeJS.ProcessEnv): string {
  const { status } = response;
  if (answer?.error === 'adminTokenRequired') {
    const sent = env.ADMIN_TOKEN ? 'ADMIN_TOKEN' : `the token in ${adminTokenFile(dataDirOf(env))}`;
    return `refused: the server does not take the admin token sent (${sent}).
Give the CLI the server's: its ADMIN_TOKEN, or DATA_DIR set to the server's data folder (which holds admin-token).`;
  }
  if (status === 429) {
    const wait = response.headers.get('retry-after');
    return `refused: too many wrong admin tokens came from this address; the server takes none from it for a while, the right one neither${wait ? ` (try again in ${wait} s)` : ''}.
Check that the CLI has the server's token: its ADMIN_TOKEN, or DATA_DIR set to the server's data folder (which holds admin-token).`;
  }
  if (answer?.error === 'reasonRequired') {
    const [command = 'set', id = '83', score = '2:1'] = args;
    const again = command === 'set' ? `set ${id} ${args.slice(2).join(' ')}` : `${command} ${id} ${score}`;
    return `refused: a finished result, or a started game set back to Scheduled, changes only with a reason.
The players see it in the schedule and the correction mail quotes it, so write it for them:
  npm run admin -- ${again} "reason=the score was entered wrong"`;
  }
  if (answer?.error) return `refused (${status}): ${answer.error}${answer.field ? `, field ${answer.field}` : ''}`;
  return `refused (${status})`;
}

/** A game set Live or Finished before its kickoff closed its predictions early: said, with the way back. */
async function warnIfBeforeKickoff(game: AdminGame, base: string, token: string): Promise<void> {
  if (game.status === 'Scheduled') return;
  const clock = await fetch(new URL('/api/admin/clock', base), { headers: { 'x-admin-token': token } })
    .then((response) => response.json() as Promise<{ now?: string }>)
    .catch(() => undefined);
  const early = Date.parse(game.date) - Date.parse(clock?.now ?? '');
  if (!(early > 0)) return;
  const until = early < 3_600_000 ? `${Math.max(1, Math.round(early / 60_000))} min` : `${Math.round(early / 3_600_000)} h`;
  console.error(`note: game ${game.id} kicks off in ${until} by the server's clock; its predictions closed now.
If that was a mistake: npm run admin -- set ${game.id} status=Scheduled "reason=entered too early"`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
