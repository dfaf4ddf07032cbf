import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctionsMailed } from '../src/changes/announce.js';
import { DATABASES } from './support/databases.js';
import { mailsIn } from './support/outbox.js';
import { gameIdOf, signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

describe.each(DATABASES)('the log players can see, on %s', (kind) => {
  let server: TestServer;
  let ann: Browser;
  let bob: Browser;
  let stranger: Browser;
  let groupId: string;
  let opener: number;

  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
    ann = await signUp(server, 'ann@example.com');
    bob = await signUp(server, 'bob@example.com', 'de');
    stranger = await signUp(server, 'sue@example.com');
    groupId = (await ann.json('POST', '/api/groups', { name: 'Office', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' })).id;
    await bob.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bob' });
    opener = await gameIdOf(server, 1);
  });
  afterAll(async () => server?.close());

  it('keeps when each prediction was last changed, and shows it only once the game has started', async () => {
    server.clock.set(Date.parse('2024-06-10T08:00:00Z'));
    await ann.json('POST', `/api/prediction/${opener}`, { homeGoals: 1, awayGoals: 0 });
    server.clock.set(Date.parse('2024-06-14T18:30:00Z'));
    await ann.json('POST', `/api/prediction/${opener}`, { homeGoals: 2, awayGoals: 0 });
    await bob.json('POST', `/api/prediction/${opener}`, { homeGoals: 0, awayGoals: 0 });
    expect((await bob.json('GET', `/api/groups/${groupId}/log`)).predictionTimes).toEqual([]);

    await server.admin('POST', `/api/admin/games/${opener}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    const { predictionTimes } = await bob.json('GET', `/api/groups/${groupId}/log`);
    expect(predictionTimes).toEqual([
      { gameId: opener, login: 'ann@example.com', changedAt: '2024-06-14T18:30:00.000Z' },
      { gameId: opener, login: 'bob@example.com', changedAt: '2024-06-14T18:30:00.000Z' },
    ]);
  });

  it('shows a group log to its members only', async () => {
    expect((await stranger.request('GET', `/api/groups/${groupId}/log`)).statusCode).toBe(403);
    expect((await stranger.request('GET', '/api/groups/AAAAAAAAAAAAAAAAAAAAAA/log')).statusCode).toBe(404);
    expect((await stranger.request('GET', '/api/groups/bad/log')).json()).toMatchObject({ field: 'id' });
  });

  it('refuses a hand correction of a finished result without a reason, and writes nothing', async () => {
    expect((await server.admin('POST', `/api/admin/games/${opener}`, { status: 'Finished', homeGoals: 1, awayGoals: 0 })).statusCode).toBe(200);
    const refused = await server.admin('POST', `/api/admin/games/${opener}`, { homeGoals: 2, awayGoals: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'reasonRequired', field: 'reason' });
    const blank = await server.admin('POST', `/api/admin/games/${opener}`, { homeGoals: 2, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    const game = (await ann.json('GET', '/api/games')).find((each: { id: number }) => each.id === opener);
    expect(game).toMatchObject({ homeGoals: 1, awayGoals: 0 });
    expect(game.correction).toBeUndefined();
  });

  it('shows a correction with its reason and time in the game, and mails every player of the year', async () => {
    const before = mailsIn(server.outboxDir).length;
    server.clock.set(Date.parse('2024-06-14T21:30:00Z'));
    const corrected = await server.admin('POST', `/api/admin/games/${opener}`, { homeGoals: 2, awayGoals: 0, reason: 'Own goal credited late' });
    expect(corrected.statusCode).toBe(200);
    const correction = { at: '2024-06-14T21:30:00.000Z', source: 'admin', reason: 'Own goal credited late' };
    expect(corrected.json().correction).toEqual(correction);
    const game = (await bob.json('GET', '/api/games')).find((each: { id: number }) => each.id === opener);
    expect(game).toMatchObject({ homeGoals: 2, awayGoals: 0, correction });

    await correctionsMailed(server.context);
    const mails = mailsIn(server.outboxDir).slice(before);
    expect(mails).toHaveLength(2);
    const toAnn = mails.find((mail) => mail.includes('To: ann@example.com'))!;
    expect(toAnn).toContain('Subject: Result corrected: Germany - Scotland');
    expect(toAnn).toContain('was corrected from 1:0 to 2:0');
    expect(toAnn).toContain('Reason: Own goal credited late');
    const toBob = mails.find((mail) => mail.includes('To: bob@example.com'))!;
    expect(toBob).toContain('Grund: Own goal credited late');
    // The German mail names the teams as the German app does, not as the fixture spells them.
    expect(toBob).toContain('Subject: Ergebnis korrigiert: Deutschland - Schottland');
    // Sue plays in no group of 2024.
    expect(mails.some((mail) => mail.includes('To: sue@example.com'))).toBe(false);
  });

  it("asks why a started game is set back to Scheduled: it takes predictions again after everyone saw everyone's", async () => {
    const second = await gameIdOf(server, 2);
    expect((await server.admin('POST', `/api/admin/games/${second}`, { status: 'Live', homeGoals: 0, awayGoals: 0 })).statusCode).toBe(200);
    const refused = await server.admin('POST', `/api/admin/games/${second}`, { status: 'Scheduled' });
    expect(refused.json()).toEqual({ error: 'reasonRequired', field: 'reason' });
    expect((await ann.json('GET', '/api/games')).find((game: { id: number }) => game.id === second).status).toBe('Live');
    const reopened = await server.admin('POST', `/api/admin/games/${second}`, { status: 'Scheduled', reason: 'kicked off by mistake' });
    expect(reopened.statusCode).toBe(200);
    const log = (await server.admin('GET', `/api/admin/games/${second}/log`)).json().changes;
    expect(log.at(-1)).toMatchObject({ reason: 'kicked off by mistake' });
    // Found by a fresh fan: the live score vanished and predictions opened again without a word.
    // The players read why under the game, as for a correction; no result changed, so no mail.
    expect(reopened.json().correction).toMatchObject({ source: 'admin', reason: 'kicked off by mistake' });
    expect((await ann.json('GET', '/api/games')).find((game: { id: number }) => game.id === second).correction).toMatchObject({ reason: 'kicked off by mistake' });
    expect(await server.context.db.selectFrom('correction_mails').select('game_id').where('game_id', '=', second).execute()).toEqual([]);
  });

  // Found by a fresh operator: a result entered before kickoff and undone left 'Corrected: entered
  // too early' on the game for good, under the result it got when it was played.
  it("drops an undone result's note once the game is played again; its log keeps it", async () => {
    const game = (await server.admin('POST', '/api/admin/games', { year: 2024, stage: 'Group', date: '2024-06-22T19:00:00Z', homeTeam: 'hr', awayTeam: 'es' })).json().id as number;
    expect((await server.admin('POST', `/api/admin/games/${game}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 })).statusCode).toBe(200);
    expect((await server.admin('POST', `/api/admin/games/${game}`, { status: 'Scheduled', reason: 'entered too early' })).statusCode).toBe(200);
    const gameOf = async () => ((await ann.json('GET', '/api/games')) as { id: number; correction?: unknown }[]).find((each) => each.id === game)!;
    expect((await gameOf()).correction).toMatchObject({ reason: 'entered too early' });
    const kickoff = await server.admin('POST', `/api/admin/games/${game}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    expect(kickoff.json().correction).toBeUndefined();
    expect((await gameOf()).correction).toBeUndefined();
    await server.admin('POST', `/api/admin/games/${game}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 });
    expect((await gameOf()).correction).toBeUndefined();
    const log = (await server.admin('GET', `/api/admin/games/${game}/log`)).json().changes as { reason: string | null; correction: boolean }[];
    expect(log.filter((change) => change.correction).map((change) => change.reason)).toEqual(['entered too early']);
    await correctionsMailed(server.context);
  });

  it('asks why a finished game gets other teams, and keeps a started game from kicking off later than now', async () => {
    const opening = (await server.admin('GET', `/api/admin/games/${opener}/log`)).json().changes.length;
    const teams = await server.admin('POST', `/api/admin/games/${opener}`, { homeTeam: 'es' });
    expect(teams.json()).toEqual({ error: 'reasonRequired', field: 'reason' });
    const later = await server.admin('POST', `/api/admin/games/${opener}`, { date: '2024-07-30T19:00:00Z', reason: 'postponed' });
    expect(later.json()).toEqual({ error: 'started', field: 'date' });
    // A game stays in its tournament's year, as a fixture file's games must.
    expect((await server.admin('POST', `/api/admin/games/${opener}`, { date: '2025-01-05T19:00:00Z', reason: 'typo' })).json()).toEqual({ error: 'notInYear', field: 'date' });
    const added = await server.admin('POST', '/api/admin/games', { year: 2024, stage: 'Group', date: '2025-03-01T19:00:00Z', homeTeam: 'de', awayTeam: 'es' });
    expect(added.json()).toEqual({ error: 'notInYear', field: 'date' });
    const scored = await server.admin('POST', '/api/admin/games', { year: 2024, stage: 'Group', date: '2024-06-30T19:00:00Z', homeTeam: 'de', awayTeam: 'es', homeGoals: 2 });
    expect(scored.statusCode).toBe(400);
    expect(scored.json()).toMatchObject({ field: 'homeGoals' });
    expect((await server.admin('GET', `/api/admin/games/${opener}/log`)).json().changes.length).toBe(opening);
  });

  // Found by a fresh attacker: the Final's points for a group-stage result, without a word, and a
  // played game removed with its points and its log.
  it('asks why a started game moves to another round, and removes only a game that has not started', async () => {
    const tenth = (await server.admin('POST', '/api/admin/games', { year: 2024, stage: 'Group', date: '2024-06-20T19:00:00Z', homeTeam: 'de', awayTeam: 'es' })).json().id as number;
    await server.admin('POST', `/api/admin/games/${tenth}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 });
    expect((await server.admin('POST', `/api/admin/games/${tenth}`, { stage: 'Final' })).json()).toEqual({ error: 'reasonRequired', field: 'reason' });
    expect((await ann.json('GET', '/api/games')).find((game: { id: number }) => game.id === tenth).stage).toBe('Group');
    expect((await server.admin('POST', `/api/admin/games/${tenth}`, { stage: 'Final', reason: 'wrong round in the fixture' })).statusCode).toBe(200);
    expect((await server.admin('GET', `/api/admin/games/${tenth}/log`)).json().changes.at(-1)).toMatchObject({ reason: 'wrong round in the fixture' });

    const removed = await server.admin('DELETE', `/api/admin/games/${tenth}`);
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toEqual({ error: 'started', field: 'status' });
    expect((await ann.json('GET', '/api/games')).some((game: { id: number }) => game.id === tenth)).toBe(true);
    expect((await server.admin('POST', `/api/admin/games/${tenth}`, { status: 'Scheduled', reason: 'not played after all' })).statusCode).toBe(200);
    expect((await server.admin('DELETE', `/api/admin/games/${tenth}`)).statusCode).toBe(200);
    expect((await server.admin('DELETE', `/api/admin/games/${tenth}`)).statusCode).toBe(404);
    await correctionsMailed(server.context);
  });

  it('chains corrections made at once: each one starts from the one before', async () => {
    const eleventh = (await server.admin('POST', '/api/admin/games', { year: 2024, stage: 'Group', date: '2024-06-21T19:00:00Z', homeTeam: 'hr', awayTeam: 'es' })).json().id as number;
    await server.admin('POST', `/api/admin/games/${eleventh}`, { status: 'Finished', homeGoals: 0, awayGoals: 0 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => server.admin('POST', `/api/admin/games/${eleventh}`, { homeGoals: index + 1, awayGoals: 0, reason: `fix ${index}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    const results = (await server.admin('GET', `/api/admin/games/${eleventh}/log`)).json().changes.filter((change: { reason: string | null }) => change.reason?.startsWith('fix'));
    expect(results).toHaveLength(8);
    for (const [index, change] of results.entries()) {
      expect(change.before.homeGoals, JSON.stringify(results)).toBe(index === 0 ? 0 : results[index - 1].after.homeGoals);
    }
    await correctionsMailed(server.context);
  });

  // Found by a fresh attacker: `set 84 homegoals=3` changed nothing and was answered with the game.
  it('refuses a change of an unknown field, or of nothing, naming it', async () => {
    const game = await gameIdOf(server, 5);
    for (const [body, answer] of [
      [{ homegoals: 3 }, { error: 'unknownField', field: 'homegoals' }],
      [{ Status: 'Finished', reason: 'typo' }, { error: 'unknownField', field: 'Status' }],
      // Found by the property test of bad input: a field without a name was answered without naming one.
      [{ '': '' }, { error: 'unknownField', field: 'body' }],
      [{}, { error: 'nothingToChange', field: 'body' }],
      [{ reason: 'why not' }, { error: 'nothingToChange', field: 'body' }],
    ] as const) {
      const refused = await server.admin('POST', `/api/admin/games/${game}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json(), JSON.stringify(body)).toEqual(answer);
    }
    expect((await server.admin('POST', '/api/admin/clock', { now: '2024-06-20T00:00:00Z', sped: 2 })).json()).toEqual({ error: 'unknownField', field: 'sped' });
    const mails = mailsIn(server.outboxDir).length;
    expect((await server.admin('POST', '/api/admin/newsletter', { subject: 'News', text: 'Hello', langauge: 'de' })).json()).toEqual({ error: 'unknownField', field: 'langauge' });
    expect(mailsIn(server.outboxDir)).toHaveLength(mails);
    expect((await server.admin('POST', '/api/admin/games', { stage: 'Final', date: '2024-07-20T19:00:00Z', homeTeam: 'de', awayTeam: 'es', hometeam: 'x' })).json()).toEqual({ error: 'unknownField', field: 'hometeam' });
  });

  // Found by a fresh attacker: games added at once without a number were refused as numberTaken,
  // for a field the operator never sent.
  it('numbers games added at once without a number, each its own', async () => {
    const added = await Promise.all(
      Array.from({ length: 6 }, (_, index) => server.admin('POST', '/api/admin/games', { year: 2024, stage: 'Group', date: `2024-06-2${index}T12:00:00Z`, homeTeam: 'de', awayTeam: 'hr' })),
    );
    expect(added.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 6 }, () => 200));
    expect(new Set(added.map((answer) => answer.json().number)).size).toBe(6);
  });

  // Found by a second fresh attacker on PostgreSQL: a game removed while it was set Live answered the
  // change with 200 and an empty body, though the change was never made.
  it('answers a change of a game removed at the same moment as unknown, never as done', async () => {
    for (let round = 0; round < 10; round++) {
      const { id } = (await server.admin('POST', '/api/admin/games', { year: 2024, stage: 'Group', date: '2024-06-25T10:00:00Z', homeTeam: 'de', awayTeam: 'hr' })).json();
      const [removed, started] = await Promise.all([server.admin('DELETE', `/api/admin/games/${id}`), server.admin('POST', `/api/admin/games/${id}`, { status: 'Live', homeGoals: 0, awayGoals: 0 })]);
      const outcome = [removed.statusCode, started.statusCode];
      expect([JSON.stringify([200, 404]), JSON.stringify([400, 200])], `round ${round}: ${started.body}`).toContain(JSON.stringify(outcome));
      if (started.statusCode === 200) expect(started.json()).toMatchObject({ id, status: 'Live' });
      if (started.statusCode === 200) await server.admin('POST', `/api/admin/games/${id}`, { status: 'Scheduled', reason: 'test round' });
    }
  });

  it('does not call changes before the final whistle corrections', async () => {
    const second = await gameIdOf(server, 2);
    await server.admin('POST', `/api/admin/games/${second}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    const goal = await server.admin('POST', `/api/admin/games/${second}`, { homeGoals: 1 });
    expect(goal.statusCode).toBe(200);
    expect(goal.json().correction).toBeUndefined();
  });

  it('records a finished result changed by a feed as a correction of the feed', async () => {
    const { changeGame } = await import('../src/feeds/gameChanges.js');
    const third = await gameIdOf(server, 3);
    const before = mailsIn(server.outboxDir).length;
    await changeGame(server.context, third, { status: 'Finished', homeGoals: 1, awayGoals: 1 }, { source: 'feed' });
    const changed = await changeGame(server.context, third, { awayGoals: 2 }, { source: 'feed' });
    expect(changed?.correction).toEqual({ at: expect.any(String), source: 'feed', reason: null });
    await correctionsMailed(server.context);
    const mails = mailsIn(server.outboxDir).slice(before);
    expect(mails.find((mail) => mail.includes('To: ann@example.com'))).toContain('The result feed changed it.');
    expect(mails.find((mail) => mail.includes('To: bob@example.com'))).toContain('Der Ergebnisdienst hat es ge');
  });

  it('gives the operator the whole log of a game, predictions included', async () => {
    const log = (await server.admin('GET', `/api/admin/games/${opener}/log`)).json();
    expect(log.game).toMatchObject({ id: opener, homeGoals: 2 });
    expect(log.changes.map((entry: { source: string; correction: boolean; before: unknown; after: unknown }) => [entry.source, entry.correction, entry.before, entry.after])).toEqual([
      ['admin', false, { status: 'Scheduled', homeGoals: null, awayGoals: null }, { status: 'Live', homeGoals: 0, awayGoals: 0 }],
      ['admin', false, { status: 'Live', homeGoals: 0 }, { status: 'Finished', homeGoals: 1 }],
      ['admin', true, { homeGoals: 1 }, { homeGoals: 2 }],
    ]);
    expect(log.changes[2].reason).toBe('Own goal credited late');
    expect(log.predictions).toEqual([
      { login: 'ann@example.com', changedAt: '2024-06-14T18:30:00.000Z' },
      { login: 'bob@example.com', changedAt: '2024-06-14T18:30:00.000Z' },
    ]);
    expect((await server.admin('GET', '/api/admin/games/99999/log')).statusCode).toBe(404);
    expect((await ann.request('GET', `/api/admin/games/${opener}/log`)).statusCode).toBe(401);
  });

  it('shows point-rule changes made after other players joined, field by field', async () => {
    const rules = defaultPointConfiguration(2024);
    // Alone in her group, Ann's edits are no one's business (knockout points stay open until the group stage ends).
    const solo = (await ann.json('POST', '/api/groups', { name: 'Solo', pointConfiguration: rules, playerName: 'Ann' })).id;
    await ann.json('POST', '/api/groups', { id: solo, name: 'Solo', pointConfiguration: { ...rules, finalExactPoints: 50 } });
    expect((await ann.json('GET', `/api/groups/${solo}/log`)).ruleChanges).toEqual([]);

    server.clock.set(Date.parse('2024-06-15T09:00:00Z'));
    await ann.json('POST', '/api/groups', { id: groupId, name: 'Office renamed', pointConfiguration: rules });
    await ann.json('POST', '/api/groups', { id: groupId, name: 'Office', pointConfiguration: { ...rules, finalExactPoints: 30 } });
    expect((await bob.json('GET', `/api/groups/${groupId}/log`)).ruleChanges).toEqual([
      { at: '2024-06-15T09:00:00.000Z', changes: [{ field: 'finalExactPoints', from: rules.finalExactPoints, to: 30 }] },
    ]);
  });
});

describe.each(DATABASES)('a game change that cannot be logged, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
  });
  afterAll(async () => server?.close());

  it('is not made at all: no score without its log row', async () => {
    const opener = await gameIdOf(server, 1);
    // The log's write fails (as a dropped connection would make it fail) after the game's update.
    await server.context.db.schema.dropTable('game_log').execute();
    const answer = await server.admin('POST', `/api/admin/games/${opener}`, { status: 'Live', homeGoals: 1, awayGoals: 0 });
    // A missing table is the database out of use on PostgreSQL (503), an error on SQLite (500).
    expect(answer.statusCode).toBe(kind === 'postgres' ? 503 : 500);
    const games = (await server.admin('GET', '/api/admin/games?year=2024')).json() as { id: number; status: string }[];
    expect(games.find((game) => game.id === opener)).toMatchObject({ status: 'Scheduled' });
    const overrides = await server.context.db.selectFrom('game_overrides').selectAll().execute();
    expect(overrides).toEqual([]);
  });
});
