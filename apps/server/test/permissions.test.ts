import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './support/databases.js';
import { listening } from './support/liveClient.js';
import { Browser, gameIdOf, sendRaw, signUp, startTestServer, type TestServer } from './support/server.js';

const config = defaultPointConfiguration(2024);

describe.each(DATABASES)('permissions on %s', (kind) => {
  let server: TestServer;
  let creator: Browser;
  let member: Browser;
  let stranger: Browser;
  let groupId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    creator = await signUp(server, 'creator@example.com');
    member = await signUp(server, 'member@example.com');
    stranger = await signUp(server, 'stranger@example.com');
    groupId = (await creator.json('POST', '/api/groups', { name: 'Club', pointConfiguration: config, playerName: 'Cleo' })).id;
    await member.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Max' });
  });
  afterAll(async () => server?.close());

  it('refuses every call of the authorised area without a session', async () => {
    const anonymous = new Browser(server.app);
    const calls: [('GET' | 'POST' | 'DELETE'), string, unknown?][] = [
      ['GET', '/api/auth'],
      ['GET', '/api/settings'],
      ['GET', '/api/groups'],
      ['GET', '/api/games'],
      ['POST', '/api/prediction/1', { homeGoals: 1, awayGoals: 0 }],
      ['POST', '/api/prediction/champion', { team: 'de' }],
      ['POST', '/api/groups', { name: 'X', pointConfiguration: config, playerName: 'X' }],
      ['POST', '/api/groups/check', { groupName: 'X' }],
      ['DELETE', `/api/groups/${groupId}`],
      ['POST', `/api/groups/${groupId}/leave`],
      ['POST', '/api/groups/accept-invitation', { groupId, playerName: 'Y' }],
      ['POST', '/api/players/rename', { groupId, name: 'Z' }],
      ['POST', '/api/players/theme', { theme: 'Dark' }],
      ['POST', '/api/players/language', { language: 'de' }],
      ['POST', '/api/notification', { notify: false }],
      ['POST', '/api/auth/password/change', { password: 'Secret!99' }],
      ['DELETE', '/api/players'],
    ];
    for (const [method, url, body] of calls) {
      expect({ url, status: (await anonymous.request(method, url, body)).statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('creates groups only for the current year', async () => {
    const count = async () => (await server.database.db.selectFrom('groups').select('id').execute()).length;
    const before = await count();
    for (const competitionYear of [2022, 2030]) {
      const answer = await stranger.request('POST', '/api/groups', { name: `Year ${competitionYear}`, playerName: 'S', competitionYear, pointConfiguration: defaultPointConfiguration(2024) });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: 'notCurrentYear', field: 'competitionYear' });
    }
    expect(await count()).toBe(before);
    const current = await stranger.json('POST', '/api/groups', { name: 'This year', playerName: 'S', competitionYear: 2024, pointConfiguration: defaultPointConfiguration(2024) });
    expect(current.group.competitionYear).toBe(2024);
    await stranger.json('DELETE', `/api/groups/${current.id}`);
  });

  it('lets only the creator edit a group', async () => {
    const edit = { id: groupId, name: 'Renamed', pointConfiguration: config };
    expect((await member.request('POST', '/api/groups', edit)).statusCode).toBe(403);
    expect((await stranger.request('POST', '/api/groups', edit)).statusCode).toBe(403);
    expect((await creator.json('POST', '/api/groups', edit)).group.name).toBe('Renamed');
  });

  // An edit naming another year was answered 200 and kept the group's own year, without a word.
  it("refuses an edit that names another year than the group's, and writes nothing of it", async () => {
    const answer = await creator.request('POST', '/api/groups', { id: groupId, name: 'Other year', competitionYear: 2026, pointConfiguration: config });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'notGroupYear', field: 'competitionYear' });
    expect((await creator.json('GET', '/api/groups')).find((group: { id: string }) => group.id === groupId).name).not.toBe('Other year');
    expect((await creator.json('POST', '/api/groups', { id: groupId, name: 'Renamed', competitionYear: 2024, pointConfiguration: config })).group.name).toBe('Renamed');
  });

  it('lets only the creator delete a group', async () => {
    expect((await member.request('DELETE', `/api/groups/${groupId}`)).statusCode).toBe(403);
    expect((await stranger.request('DELETE', `/api/groups/${groupId}`)).statusCode).toBe(403);
    expect((await creator.json('GET', '/api/groups')).map((group: { id: string }) => group.id)).toContain(groupId);
  });

  it('lets players but not the creator leave, and strangers have nothing to leave', async () => {
    expect((await creator.request('POST', `/api/groups/${groupId}/leave`)).statusCode).toBe(403);
    expect((await stranger.request('POST', `/api/groups/${groupId}/leave`)).statusCode).toBe(403);
  });

  it('lets a player rename only themself, and only in their groups', async () => {
    expect((await stranger.request('POST', '/api/players/rename', { groupId, name: 'Intruder' })).statusCode).toBe(403);
    expect((await member.request('POST', '/api/players/rename', { groupId, name: 'Cleo' })).json()).toEqual({ error: 'playerNameTaken', field: 'name' });
    await member.json('POST', '/api/players/rename', { groupId, name: 'Maxi' });
    const players = (await creator.json('GET', '/api/groups'))[0].players.map((player: { name: string }) => player.name).sort();
    expect(players).toEqual(['Cleo', 'Maxi']);
  });

  it('shows a group only to its players', async () => {
    expect(await stranger.json('GET', '/api/groups')).toEqual([]);
  });

  it('refuses the admin API without the admin token, and with a player session', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/admin/games' })).statusCode).toBe(401);
    expect((await member.request('GET', '/api/admin/games')).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/api/admin/clock', headers: { 'x-admin-token': 'guess' }, payload: { now: '2030-01-01T00:00:00Z' } })).statusCode).toBe(401);
  });

  it('refuses a non-GET call without the XSRF header matching the cookie', async () => {
    const headers = { authorization: `Bearer ${member.token}` };
    const bare = await server.app.inject({ method: 'POST', url: '/api/players/theme', headers, payload: { theme: 'Dark' } });
    expect(bare.statusCode).toBe(403);
    // Written another way, the path reaches the same route: the check holds there too.
    for (const url of ['/%61pi/players/theme', '/api/players/%74heme']) {
      expect((await server.app.inject({ method: 'POST', url, headers, payload: { theme: 'Dark' } })).statusCode, url).toBe(403);
    }
    expect(bare.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')).toMatchObject({ value: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/), path: '/', sameSite: 'Strict' });
    // Among other cookies, in any order: only its own value counts.
    const among = { ...headers, cookie: 'theme=dark; XSRF-TOKEN=one;other=XSRF-TOKEN=two', 'x-xsrf-token': 'one' };
    expect((await server.app.inject({ method: 'POST', url: '/api/players/theme', headers: among, payload: { theme: 'Dark' } })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'POST', url: '/api/players/theme', headers: { ...among, 'x-xsrf-token': 'two' }, payload: { theme: 'Default' } })).statusCode).toBe(403);
    const mismatch = await server.app.inject({
      method: 'POST',
      url: '/api/players/theme',
      headers: { ...headers, cookie: 'XSRF-TOKEN=one', 'x-xsrf-token': 'two' },
      payload: { theme: 'Dark' },
    });
    expect(mismatch.statusCode).toBe(403);
    expect((await member.json('GET', '/api/auth')).user.theme).toBe('Dark');
    await member.json('POST', '/api/players/theme', { theme: 'Default' });
  });

  it('refuses a non-GET call whose request line names the whole URL, without the XSRF pair', async () => {
    const body = JSON.stringify({ theme: 'Dark' });
    const request = `POST http://scorecast.test/api/players/theme HTTP/1.1\r\nHost: scorecast.test\r\nAuthorization: Bearer ${member.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    const answer = await sendRaw(await listening(server), request);
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect((await member.json('GET', '/api/auth')).user.theme).toBe('Default');
  });

  it('answers 402 when the group is full, and lets nobody in past the cap', async () => {
    await server.database.db.updateTable('groups').set({ max_players: 3 }).where('id', '=', groupId).execute();
    const late = await Promise.all(['l1@example.com', 'l2@example.com', 'l3@example.com'].map((login) => signUp(server, login)));
    const answers = await Promise.all(late.map((browser, index) => browser.request('POST', '/api/groups/accept-invitation', { groupId, playerName: `Late${index}` })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402, 402]);
    const { count } = await server.database.db.selectFrom('players').select((eb) => eb.fn.countAll<number>().as('count')).where('group_id', '=', groupId).executeTakeFirstOrThrow();
    expect(Number(count)).toBe(3);
  });

  it('checks group and player names live', async () => {
    expect(await creator.json('POST', '/api/groups/check', { groupName: 'renamed', playerName: 'Cleo', language: 'en' })).toEqual({
      isValid: false,
      groupNameError: 'groupNameTaken',
    });
    expect(await member.json('POST', '/api/groups/check', { groupId, playerName: 'cleo' })).toEqual({ isValid: false, playerNameError: 'playerNameTaken' });
    expect(await member.json('POST', '/api/groups/check', { groupId, groupName: 'x'.repeat(25) })).toEqual({ isValid: false, groupNameError: 'tooLong' });
    expect(await stranger.json('POST', '/api/groups/check', { groupName: 'Renamed', playerName: 'Someone' })).toEqual({ isValid: true });
  });

  it('refuses to change locked point fields once the competition started, naming the field', async () => {
    const first = await gameIdOf(server, 1);
    server.clock.set(Date.parse('2024-06-14T19:00:00Z'));
    await server.admin('POST', `/api/admin/games/${first}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    const answer = await creator.request('POST', '/api/groups', { id: groupId, name: 'Renamed', pointConfiguration: { ...config, winnerPoints: 99 } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'locked', field: 'pointConfiguration.winnerPoints' });
    // Knockout values stay open until the group stage is finished.
    const knockout = await creator.request('POST', '/api/groups', { id: groupId, name: 'Renamed', pointConfiguration: { ...config, finalExactPoints: 30 } });
    expect(knockout.statusCode).toBe(200);
  });

  it('refuses point values outside 1 to 999 in the rounds the year shows, naming the field', async () => {
    const zero = await stranger.request('POST', '/api/groups', { name: 'Zero', pointConfiguration: { ...config, groupStageExactPoints: 0 }, playerName: 'S' });
    expect(zero.json()).toEqual({ error: 'invalidPoints', field: 'pointConfiguration.groupStageExactPoints' });
    // 2024 has no round of 32: its zero values are fine.
    expect((await stranger.request('POST', '/api/groups', { name: 'Fine', pointConfiguration: { ...config, last32ExactPoints: 0 }, playerName: 'S' })).statusCode).toBe(200);
  });

  it('accepts an anonymous invitation announcement without remembering it', async () => {
    expect((await new Browser(server.app).request('POST', `/api/groups/invitation/${groupId}`)).statusCode).toBe(200);
    const unknown = await new Browser(server.app).request('POST', '/api/groups/invitation/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    // Said as every other call about a group says it (the log, the picture, payments).
    expect(unknown.json()).toEqual({ error: 'unknownGroup' });
    expect((await member.request('POST', '/api/groups/AAAAAAAAAAAAAAAAAAAAAAAA/leave')).json()).toEqual({ error: 'unknownGroup' });
  });

  it('lets the creator delete the group, and a member leave first', async () => {
    await member.json('POST', `/api/groups/${groupId}/leave`);
    expect((await member.json('GET', '/api/groups')).map((group: { id: string }) => group.id)).not.toContain(groupId);
    await creator.json('DELETE', `/api/groups/${groupId}`);
    expect(await creator.json('GET', '/api/groups')).toEqual([]);
  });
});

describe.each(DATABASES)("a past tournament's group on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('is kept to look back on, and takes no joins, edits, renames or invitations any more', async () => {
    // The last day of the tournament's year.
    server.clock.set(Date.parse('2024-12-31T12:00:00Z'));
    const creator = await signUp(server, 'creator@example.com');
    const member = await signUp(server, 'member@example.com');
    const latecomer = await signUp(server, 'latecomer@example.com');
    const { id: groupId } = await creator.json('POST', '/api/groups', { name: 'Club', pointConfiguration: config, playerName: 'Cleo' });
    await member.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Max' });
    expect(await latecomer.json('POST', `/api/groups/invitation/${groupId}`)).toEqual({ groupName: 'Club', invitorName: 'Cleo' });

    // New Year's Day.
    server.clock.set(Date.parse('2025-01-01T00:00:00Z'));
    expect(await new Browser(server.app).json('POST', `/api/groups/invitation/${groupId}`)).toEqual({ groupName: 'Club', invitorName: 'Cleo', isOver: true });
    expect((await latecomer.json('GET', '/api/settings')).invitation).toEqual({ groupId, groupName: 'Club', invitorName: 'Cleo', isOver: true });
    const refusals: [Browser, string, Record<string, unknown>, string][] = [
      [latecomer, '/api/groups/accept-invitation', { groupId, playerName: 'Lia' }, 'groupId'],
      [creator, '/api/groups', { id: groupId, name: 'Renamed', pointConfiguration: config, playerName: 'Cleo' }, 'id'],
      [member, '/api/players/rename', { groupId, name: 'Maxi' }, 'groupId'],
    ];
    for (const [browser, url, body, field] of refusals) {
      const answer = await browser.request('POST', url, body);
      expect({ url, status: answer.statusCode, body: answer.json() }).toEqual({ url, status: 409, body: { error: 'tournamentOver', field } });
    }
    const [group] = await creator.json('GET', '/api/groups');
    expect({ name: group.name, players: group.players.map((player: { name: string }) => player.name).sort() }).toEqual({ name: 'Club', players: ['Cleo', 'Max'] });

    // What is done with it stays possible: a member leaves, the creator deletes it.
    await member.json('POST', `/api/groups/${groupId}/leave`);
    await creator.json('DELETE', `/api/groups/${groupId}`);
    expect(await creator.json('GET', '/api/groups')).toEqual([]);
  });
});

describe('rate limits', () => {
  it('stops a burst of logins from one address', async () => {
    const server = await startTestServer('sqlite', { authRateLimit: 5 });
    try {
      const browser = new Browser(server.app);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt++) {
        statuses.push((await browser.request('POST', '/api/auth', { login: 'nobody@example.com', password: 'x' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await server.close();
    }
  });
});

