import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameLogOf } from '../src/changes/corrections.js';
import { startReplay } from '../src/demo/replay.js';
import { demoLeadOf, prepareDemo } from '../src/demo/setup.js';
import { readReplayFixture, stepsOfFixture, type ReplayFixture } from '../src/demo/timeline.js';
import { DATABASES } from './support/databases.js';
import { ensureBuilt, PACKAGE_DIR, startServerProcess, stopServerProcess, type ServerProcess } from './support/process.js';
import { Browser, startTestServer, wire, type TestServer } from './support/server.js';

const fixture: ReplayFixture = readReplayFixture(join(import.meta.dirname, '..', 'fixtures'), 2024);
// The first three games of Euro 2024: Germany 5:1 Scotland, Hungary 1:3 Switzerland, Spain 3:0 Croatia.
const firstThree = stepsOfFixture(fixture).filter((step) => step.number <= 3);
const MINUTE = 60_000;

type Seen = { number: number; status: string; score: string };

describe.each(DATABASES)('tournament replay on %s', (kind) => {
  let server: TestServer;
  let seen: Seen[];
  const numberOf = new Map<number, number>();

  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
    seen = [];
    server.context.events.on('gameChanged', ({ game }) => {
      const number = (game as { number?: number }).number ?? numberOf.get(game.id) ?? 0;
      seen.push({ number, status: game.status, score: `${game.homeGoals}:${game.awayGoals}` });
    });
  });
  afterAll(async () => server?.close());

  async function setUp(speed: number) {
    const setup = await prepareDemo(server.context, fixture, { players: 3, speed });
    seen.length = 0;
    return setup;
  }

  it('plays goals at their minutes and the results in order, and the ranking follows', async () => {
    const setup = await setUp(0);
    const anna = new Browser(server.app);
    const login = await anna.json('POST', '/api/auth', { login: setup.logins[0], password: await wire(setup.password) });
    anna.token = login.token;
    const replay = startReplay(server.context, 2024, firstThree, server.app.log, { tickInterval: 60 * 60 * 1000 });
    const standings: Record<string, number>[] = [];
    const end = firstThree.at(-1)!.at;
    for (let now = setup.startAt; now <= end + 5 * MINUTE; now += 5 * MINUTE) {
      server.clock.set(now, 0);
      const finishedBefore = seen.filter((change) => change.status === 'Finished').length;
      await replay.tick();
      if (seen.filter((change) => change.status === 'Finished').length > finishedBefore) {
        const groups = await anna.json<{ id: string; players: { name: string; points: number }[] }[]>('GET', '/api/groups');
        const group = groups.find((candidate) => candidate.id === setup.groupId)!;
        standings.push(Object.fromEntries(group.players.map((player) => [player.name, player.points])));
      }
    }
    await replay.stop();

    expect(seen.filter((change) => change.number === 1)).toEqual(
      [...['0:0', '1:0', '2:0', '3:0', '4:0', '4:1', '5:1'].map((score) => ({ number: 1, status: 'Live', score })), { number: 1, status: 'Finished', score: '5:1' }],
    );
    expect(seen.filter((change) => change.status === 'Finished').map((change) => `${change.number} ${change.score}`)).toEqual(['1 5:1', '2 1:3', '3 3:0']);
    const games = await anna.json<{ id: number; status: string; date: string }[]>('GET', '/api/games');
    const byKickoff = games.filter((game) => game.date.startsWith('2024-06-1')).sort((a, b) => a.date.localeCompare(b.date));
    expect(byKickoff.slice(0, 4).map((game) => game.status)).toEqual(['Finished', 'Finished', 'Finished', 'Scheduled']);
    expect(standings).toHaveLength(3);
    for (const name of ['Anna', 'Ben', 'Clara']) {
      const totals = standings.map((standing) => standing[name]!);
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
    }
    expect(Object.values(standings.at(-1)!).some((points) => points > 0)).toBe(true);
  });

  // Found by a fresh operator: a replay started again set the games back to Scheduled, while their
  // logs went on from the last goal of the earlier run, which the new run then logged again.
  it('starts over with the replayed games as before their first kickoff: no log and no correction of an earlier run', async () => {
    await setUp(0);
    const replay = startReplay(server.context, 2024, firstThree, server.app.log, { tickInterval: 60 * 60 * 1000 });
    server.clock.set(firstThree.at(-1)!.at + 5 * MINUTE, 0);
    await replay.tick();
    await replay.stop();
    const [first] = await server.context.db.selectFrom('games').select('id').where('year', '=', 2024).where('number', '=', 1).execute();
    await server.context.db.updateTable('games').set({ corrected_at: 1, correction_reason: 'wrong scorer', correction_source: 'admin' }).where('id', '=', first!.id).execute();
    expect((await gameLogOf(server.context.db, first!.id)).length).toBeGreaterThan(0);
    await setUp(0);
    expect(await gameLogOf(server.context.db, first!.id)).toEqual([]);
    expect(await server.context.db.selectFrom('games').select(['status', 'corrected_at', 'correction_reason']).where('id', '=', first!.id).executeTakeFirst()).toEqual({ status: 'Scheduled', corrected_at: null, correction_reason: null });
  });

  it('runs on its own timer with a fast clock', async () => {
    await setUp(50_000);
    const replay = startReplay(server.context, 2024, firstThree, server.app.log, { tickInterval: 10 });
    for (let attempt = 0; attempt < 1000 && replay.played < firstThree.length; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    await replay.stop();
    expect(replay.played).toBe(firstThree.length);
    const order = seen.map((change) => `${change.number} ${change.status}`).filter((entry, index, all) => all.indexOf(entry) === index);
    expect(order).toEqual(['1 Live', '1 Finished', '2 Live', '2 Finished', '3 Live', '3 Finished']);
  });
});

// At the README's 30x or 60x, ten minutes before the first kickoff went by in seconds, and three
// real minutes were still too few: a newcomer never picked a champion.
it('starts six real minutes before the first kickoff, ten minutes to six hours on the clock', () => {
  expect(demoLeadOf(60)).toBe(360 * MINUTE);
  expect(demoLeadOf(30)).toBe(180 * MINUTE);
  expect(demoLeadOf(1)).toBe(10 * MINUTE);
  expect(demoLeadOf(0)).toBe(10 * MINUTE);
  expect(demoLeadOf(50_000)).toBe(6 * 60 * MINUTE);
});

describe('npm run demo: the built server with DEMO_YEAR', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'scorecast-demo-'));
  });
  afterAll(async () => {
    if (server) await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts before the first kickoff, lets the demo players in and plays the first game', { timeout: 90_000 }, async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, FIXTURES_DIR: join(PACKAGE_DIR, 'fixtures'), DEMO_YEAR: '2024', DEMO_SPEED: '3000', PUSH: 'off' });
    const login = /sign in as (\S+?),.* with the password (\S+)/.exec(server.output())!;
    expect(login[1]).toBe('anna@demo.scorecast');
    const xsrf = { cookie: 'XSRF-TOKEN=demo', 'x-xsrf-token': 'demo', 'content-type': 'application/json' };
    const signedIn = await fetch(`${server.url}/api/auth`, { method: 'POST', headers: xsrf, body: JSON.stringify({ login: login[1], password: await wire(login[2]!) }) });
    const { token } = (await signedIn.json()) as { token: string };
    expect(token).toBeTruthy();
    const firstGame = async () => {
      const games = (await (await fetch(`${server!.url}/api/games`, { headers: { authorization: `Bearer ${token}` } })).json()) as { date: string; status: string; homeGoals: number | null; awayGoals: number | null }[];
      return games.find((game) => game.date === '2024-06-14T19:00:00.000Z')!;
    };
    const statuses = new Set<string>();
    let game = await firstGame();
    // Six hours on the clock before the first kickoff: seven seconds at 3000x.
    for (let attempt = 0; attempt < 2400 && game.status !== 'Finished'; attempt += 1) {
      statuses.add(game.status);
      await new Promise((resolve) => setTimeout(resolve, 25));
      game = await firstGame();
    }
    expect(server.output()).toContain('replaying 2024 (51 games) at 3000x from 2024-06-14T13:00:00.000Z');
    expect(statuses.has('Live')).toBe(true);
    expect(game).toMatchObject({ status: 'Finished', homeGoals: 5, awayGoals: 1 });
  });
});
