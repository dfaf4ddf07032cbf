import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptPassword } from '@scorecast/api-client';
import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLink } from './support/outbox.js';
import { ensureBuilt, PACKAGE_DIR, startServerProcess, stopServerProcess, type ServerProcess } from './support/process.js';
import { PASSWORD, TINY_FIXTURE } from './support/server.js';

const XSRF = { cookie: 'XSRF-TOKEN=crash', 'x-xsrf-token': 'crash', 'content-type': 'application/json' };

async function call(url: string, method: string, body?: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method,
    headers: { ...XSRF, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('the built server as a process', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'scorecast-process-'));
    const fixturesDir = join(dataDir, 'fixtures');
    mkdirSync(fixturesDir);
    writeFileSync(join(fixturesDir, '2024.json'), JSON.stringify(TINY_FIXTURE));
    env = { DATA_DIR: join(dataDir, 'data'), FIXTURES_DIR: fixturesDir, SCORECAST_CLOCK: '2024-06-01T12:00:00Z@0' };
  });
  afterAll(async () => {
    if (server) await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports the fixtures on first start, and keeps every acknowledged save through kill -9', { timeout: 120_000 }, async () => {
    server = await startServerProcess(env);
    expect(server.output()).toContain('imported fixtures of 2024');
    const version = (await (await fetch(`${server.url}/api/version`)).json()) as { serverTime: string };
    expect(version.serverTime).toBe('2024-06-01T12:00:00.000Z');

    const login = 'kim@example.com';
    const password = await encryptPassword(PASSWORD);
    expect(await (await call(`${server.url}/api/auth/register`, 'POST', { language: 'en', login, password })).json()).toEqual({ status: 'Successful' });
    const token = lastLink(join(env.DATA_DIR!, 'outbox'), login, 'activate-account').searchParams.get('password');
    expect(await (await call(`${server.url}/api/auth/activate`, 'POST', { login, password: token })).json()).toEqual({ status: 'Successful' });
    const session = ((await (await call(`${server.url}/api/auth`, 'POST', { login, password })).json()) as { token: string }).token;
    await call(`${server.url}/api/groups`, 'POST', { name: 'Crash', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Kim' }, session);
    const games = ((await (await call(`${server.url}/api/games`, 'GET', undefined, session)).json()) as { id: number }[]).map((game) => game.id);

    // One writer per game, each saving 0, 1, 2, ... in turn: the stored value can only be the last
    // acknowledged one, or the one after it that was in flight when the process died.
    const acknowledged = new Map<number, number>();
    let stop = false;
    const url = server.url;
    const writers = games.map(async (gameId) => {
      for (let step = 0; !stop && step < 9_999; step++) {
        const answer = await call(`${url}/api/prediction/${gameId}`, 'POST', { homeGoals: Math.floor(step / 100), awayGoals: step % 100 }, session).catch(
          () => undefined,
        );
        if (!answer) return;
        if (answer.status !== 200) throw new Error(`save answered ${answer.status}`);
        acknowledged.set(gameId, step);
      }
    });
    while ([...acknowledged.values()].reduce((sum, step) => sum + step + 1, 0) < 150) await new Promise((resolve) => setTimeout(resolve, 5));
    await stopServerProcess(server, 'SIGKILL');
    stop = true;
    await Promise.all(writers);

    server = await startServerProcess(env);
    expect(server.output()).not.toContain('imported fixtures');
    const relogin = (await (await call(`${server.url}/api/auth`, 'POST', { login, password })).json()) as { token: string };
    const [group] = (await (await call(`${server.url}/api/groups`, 'GET', undefined, relogin.token)).json()) as {
      players: { predictions: { gameId: number; homeGoals: number; awayGoals: number }[] }[];
    }[];
    const stored = new Map(group!.players[0]!.predictions.map((prediction) => [prediction.gameId, prediction.homeGoals * 100 + prediction.awayGoals]));
    for (const [gameId, step] of acknowledged) {
      expect(stored.get(gameId), `game ${gameId}`).toBeGreaterThanOrEqual(step);
      expect(stored.get(gameId), `game ${gameId}`).toBeLessThanOrEqual(step + 1);
    }
    // The session survived the crash too: it lives in the database.
    expect((await call(`${server.url}/api/auth`, 'GET', undefined, session)).status).toBe(200);
  });

  // A second process on the folder kept sessions and games the first one's writes never reached:
  // a logged-out session still served, a result never shown.
  it('refuses a second server on a SQLite data folder a running one has, naming it', { timeout: 120_000 }, async () => {
    const second = await startServerProcess(env).then(
      (started) => started,
      (error: Error) => error,
    );
    if (!(second instanceof Error)) await stopServerProcess(second);
    expect(second).toBeInstanceOf(Error);
    expect(String(second)).toContain(`another Scorecast server (process ${server!.child.pid}) runs on ${env.DATA_DIR}`);
    // Said in one line, as a refused setting is: a fresh attacker got a stack trace.
    expect(String(second)).not.toContain('    at ');
    // The first one goes on.
    expect((await fetch(`${server!.url}/api/version`)).status).toBe(200);
  });

  // After a crash and a reboot the id in the file may be another process's: the server refused to
  // start until someone deleted the file by hand.
  it('takes over a lock file naming a running process that started at another time', { timeout: 120_000 }, async () => {
    if (server) await stopServerProcess(server);
    // This test's own process runs, and did not start at tick 1 after boot.
    writeFileSync(join(env.DATA_DIR!, 'server.pid'), `${process.pid} 1`);
    server = await startServerProcess(env);
    expect((await fetch(`${server.url}/api/version`)).status).toBe(200);
  });

  it('runs the admin CLI with the token the server created in its data folder', { timeout: 120_000 }, async () => {
    expect(statSync(join(env.DATA_DIR!, 'admin-token')).mode & 0o777).toBe(0o600);
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['dist/admin/cli.js', ...args], {
        cwd: PACKAGE_DIR,
        env: { ...process.env, ADMIN_URL: server!.url, DATA_DIR: env.DATA_DIR, ADMIN_TOKEN: '' },
        encoding: 'utf8',
      });
    const run = (...args: string[]) => {
      const { stdout, stderr, status } = cli(...args);
      if (status !== 0) throw new Error(`admin ${args.join(' ')}: ${stderr}`);
      return stdout;
    };
    const admin = (...args: string[]) => JSON.parse(run(...args));
    const games = admin('games', '2024', '--json') as { id: number; number: number }[];
    expect(games).toHaveLength(TINY_FIXTURE.games.length);
    expect(admin('clock', '2024-06-20T00:00:00Z')).toEqual({ now: '2024-06-20T00:00:00.000Z' });
    const first = games.find((game) => game.number === 1)!.id;
    // A changed game is said as the line of the games list, not as JSON.
    const lineOf = (output: string) => output.trimEnd().split('\n').at(-1)!;
    expect(lineOf(run('finish', String(first), '2:1'))).toMatch(new RegExp(`^${first}\\s+2024-06-14 19:00 UTC\\s+Group A\\s+de - gb-sct\\s+Finished\\s+2:1$`));
    // An operator corrected a result with finish and got raw JSON 'reasonRequired', and the reason they
    // added was dropped: it says how, and finish takes the reason.
    const refused = cli('finish', String(first), '3:1');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`npm run admin -- finish ${first} 3:1 "reason=`);
    expect(refused.stderr).toContain('The players see it');
    expect(lineOf(run('finish', String(first), '3:1', 'reason=the score was entered wrong'))).toMatch(/Finished\s+3:1$/);
    // Other teams for a finished game are said why, as a changed score is.
    expect(run('set', String(first), 'homeTeam=es', 'reason=the fixture had the wrong side')).toContain('es - gb-sct');
    // The list a person reads: id, kickoff, stage (with the group), teams, status and score on one line per game.
    const table = run('games', '2024').trimEnd().split('\n');
    expect(table[0]).toMatch(/^id\s+kickoff\s+stage\s+teams\s+status\s+score$/);
    expect(table).toHaveLength(TINY_FIXTURE.games.length + 1);
    // Back to Scheduled: the score goes with it.
    expect(lineOf(run('set', String(first), 'status=Scheduled', 'reason=entered by mistake'))).toMatch(/Scheduled$/);
    const added = lineOf(run('add', 'Final', '2024-07-20T19:00:00Z', 'de', 'es'));
    const addedId = added.split(/\s+/)[0]!;
    expect(added).toMatch(/2024-07-20 19:00 UTC\s+Final\s+de - es\s+Scheduled$/);
    // A live score a month before kickoff (a mistyped id) closed the game's predictions without a word.
    const early = cli('score', addedId, '1:0');
    expect(early.status).toBe(0);
    expect(early.stderr).toContain(`note: game ${addedId} kicks off in 739 h by the server's clock; its predictions closed now.`);
    expect(early.stderr).toContain(`npm run admin -- set ${addedId} status=Scheduled "reason=`);
    run('set', addedId, 'status=Scheduled', 'reason=entered too early');
    run('remove', addedId);
    // Six minutes before kickoff, the note said 'kicks off in 0 h'.
    const { now } = (await (await fetch(`${server!.url}/api/admin/clock`, { headers: { 'x-admin-token': readFileSync(join(env.DATA_DIR!, 'admin-token'), 'utf8').trim() } })).json()) as { now: string };
    const soonId = lineOf(run('add', 'Final', new Date(Date.parse(now) + 6 * 60_000).toISOString(), 'de', 'es')).split(/\s+/)[0]!;
    expect(cli('finish', soonId, '2:1').stderr).toContain(`note: game ${soonId} kicks off in 6 min by the server's clock; its predictions closed now.`);
    run('set', soonId, 'status=Scheduled', 'reason=entered too early');
    run('remove', soonId);
    expect(admin('games', '2024', '--json')).toHaveLength(TINY_FIXTURE.games.length);
    // 'refused (401): adminTokenRequired' while a token was sent: which one, and how to give the right one.
    const wrong = spawnSync(process.execPath, ['dist/admin/cli.js', 'games', '2024'], { cwd: PACKAGE_DIR, env: { ...process.env, ADMIN_URL: server!.url, ADMIN_TOKEN: 'not-the-token' }, encoding: 'utf8' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('refused: the server does not take the admin token sent (ADMIN_TOKEN).');
    expect(wrong.stderr).toContain('DATA_DIR');
  });

  // A request under way at SIGTERM was answered keep-alive: its connection held the stop for the
  // whole grace time, then was cut.
  it('answers a request under way at SIGTERM with Connection: close, and ends its connection', { timeout: 120_000 }, async () => {
    if (server) await stopServerProcess(server);
    server = await startServerProcess({ ...env, SHUTDOWN_GRACE_MS: '600000' });
    const stopping = server;
    const { port } = new URL(stopping.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ login: 'nobody@example.com', password: 'x' });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => undefined);
    // Its 100 Continue says the server has the request under way (on a loaded machine the signal
    // could otherwise come first, and an idle connection is closed at once, rightly).
    socket.write(`POST /api/auth HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncookie: XSRF-TOKEN=crash\r\nx-xsrf-token: crash\r\nexpect: 100-continue\r\ncontent-length: ${body.length}\r\n\r\n`);
    await expect.poll(() => answer, { timeout: 60_000 }).toContain('100 Continue');
    const exited = new Promise((resolve) => stopping.child.once('exit', resolve));
    stopping.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.write(body);
    await closed;
    const final = answer.slice(answer.indexOf('100 Continue'));
    expect(final).toMatch(/\r\nHTTP\/1\.1 \d{3} /);
    expect(final.toLowerCase()).toContain('connection: close');
    await exited;
    expect(stopping.child.exitCode).toBe(0);
  });

  it('says so when its fixtures folder holds no tournament to import', { timeout: 120_000 }, async () => {
    const empty = await startServerProcess({ DATA_DIR: join(dataDir, 'no-games'), FIXTURES_DIR: join(dataDir, 'no-such-folder'), SCORECAST_CLOCK: '2024-06-01T12:00:00Z@0' });
    try {
      await expect.poll(() => empty.output(), { timeout: 10_000 }).toContain('no games');
    } finally {
      await stopServerProcess(empty);
    }
  });

  // The reader of its log went away (a pipe to a crashed log shipper): the last lines could not be
  // written, and the server waited for them without end instead of stopping.
  it('stops on SIGTERM when nothing reads its log any more', { timeout: 120_000 }, async () => {
    if (server) await stopServerProcess(server);
    server = await startServerProcess(env);
    const stopped = server;
    stopped.child.stdout!.destroy();
    stopped.child.stderr!.destroy();
    // A request after the reader left: its log line meets the broken pipe.
    expect((await fetch(`${stopped.url}/api/version`)).status).toBe(200);
    const exit = new Promise<number | null>((resolve) => stopped.child.once('exit', (code) => resolve(code)));
    stopped.child.kill('SIGTERM');
    const code = await Promise.race([exit, new Promise<string>((resolve) => setTimeout(() => resolve('still running after 30 s'), 30_000))]);
    if (typeof code === 'string') stopped.child.kill('SIGKILL');
    expect(code).toBe(0);
  });
});
