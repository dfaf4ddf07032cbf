import { defaultPointConfiguration } from '@scorecast/rules';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INT4 } from '@scorecast/api-client';
import { refusedValueOf, textWithControl, type FieldKind } from './arbitraries/badValues.js';
import { mutated } from './arbitraries/requests.js';
import { DATABASES } from './support/databases.js';
import { Browser, gameIdOf, PASSWORD, signUp, startTestServer, wire, type TestServer } from './support/server.js';

const TABLES = ['users', 'sessions', 'link_tokens', 'teams', 'games', 'predictions', 'champion_picks', 'groups', 'players'] as const;

async function snapshot(server: TestServer): Promise<string> {
  const parts: unknown[] = [];
  for (const table of TABLES) parts.push(await server.database.db.selectFrom(table).selectAll().execute());
  return JSON.stringify(parts);
}

describe.each(DATABASES)('bad input on %s', (kind) => {
  let server: TestServer;
  let ann: Browser;
  let groupId: string;
  const runs = kind === 'sqlite' ? 40 : 15;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ann = await signUp(server, 'ann@example.com');
    groupId = (await ann.json('POST', '/api/groups', { name: 'Group', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' })).id;
  });
  afterAll(async () => server?.close());

  type Field = { kind: FieldKind; required?: boolean };
  type Endpoint = { url: string; valid: Record<string, unknown>; fields: Record<string, Field>; wholeBodyRule?: boolean };
  const required = (kind: FieldKind): Field => ({ kind, required: true });
  const optional = (kind: FieldKind): Field => ({ kind });

  // Each endpoint with a body the server accepts, and what each field holds.
  const endpoints = (): Endpoint[] => [
    { url: '/api/auth', valid: { login: 'ann@example.com', password: 'x' }, fields: { login: required('login'), password: required('cipher') } },
    {
      url: '/api/auth/register',
      valid: { language: 'en', login: 'new@example.com', password: PASSWORD },
      fields: { language: required('language'), login: required('login'), password: required('cipher'), invitation: optional('groupId') },
    },
    { url: '/api/auth/activate', valid: { login: 'ann@example.com', password: 'token' }, fields: { login: required('login'), password: required('token') } },
    { url: '/api/auth/register/sendmail', valid: { login: 'ann@example.com', password: 'x' }, fields: { login: required('login'), password: required('cipher'), invitation: optional('groupId') } },
    { url: '/api/auth/password/change', valid: { password: PASSWORD }, fields: { password: required('cipher') } },
    { url: '/api/auth/password/reset/email', valid: { login: 'nobody@example.com' }, fields: { login: required('login'), invitation: optional('groupId') } },
    { url: '/api/newsletter/unsubscribe', valid: { email: 'nobody@example.com', token: 'x' }, fields: { email: required('login'), token: required('token') } },
    { url: '/api/prediction/1', valid: { homeGoals: 1, awayGoals: 0 }, fields: { homeGoals: required('goals'), awayGoals: required('goals') } },
    { url: '/api/prediction/champion', valid: { team: 'de' }, fields: { team: required('team'), year: optional('year') } },
    {
      url: '/api/groups',
      valid: { name: 'Other', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' },
      fields: { name: required('name'), pointConfiguration: required('points'), playerName: required('name'), id: optional('groupId'), competitionYear: optional('year') },
    },
    { url: '/api/groups/accept-invitation', valid: { groupId, playerName: 'Ann' }, fields: { groupId: required('groupId'), playerName: required('name') } },
    { url: '/api/players/rename', valid: { groupId, name: 'Ann' }, fields: { groupId: required('groupId'), name: required('name') } },
    { url: '/api/players/theme', valid: { theme: 'Dark' }, fields: { theme: required('theme') } },
    { url: '/api/players/language', valid: { language: 'de' }, fields: { language: required('language') } },
    // One switch of several is required: without any, the body as a whole is refused.
    { url: '/api/notification', valid: { notify: true }, fields: { notify: required('switch'), subscription: optional('subscription') }, wholeBodyRule: true },
  ];

  /** A valid body made invalid in one field (replaced or, when required, left out), or not an object at all; with the field to be named. */
  function broken(endpoint: Endpoint): fc.Arbitrary<{ body: unknown; field: string }> {
    const keys = Object.keys(endpoint.fields);
    const replaced = fc
      .constantFrom(...keys)
      .chain((key) => refusedValueOf(endpoint.fields[key]!.kind, endpoint.valid[key]).map((value) => ({ body: { ...endpoint.valid, [key]: value }, field: key })));
    const requiredKeys = keys.filter((key) => endpoint.fields[key]!.required);
    const removed = fc.constantFrom(...requiredKeys).map((key) => {
      const { [key]: _removed, ...rest } = endpoint.valid;
      return { body: rest, field: endpoint.wholeBodyRule ? 'body' : key };
    });
    const notAnObject = fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }).map((body) => ({ body, field: 'body' }));
    return fc.oneof(replaced, removed, notAnObject);
  }

  it('answers every malformed body with 400 naming the refused field, and writes nothing', async () => {
    for (const endpoint of endpoints()) {
      await fc.assert(
        fc.asyncProperty(broken(endpoint), async ({ body, field }) => {
          const before = await snapshot(server);
          const answer = await ann.request('POST', endpoint.url, body);
          const what = `${endpoint.url} ${JSON.stringify(body)}`;
          expect(answer.statusCode, what).toBe(400);
          expect(answer.json().error, what).toEqual(expect.any(String));
          const named = answer.json().field as string;
          expect(named === field || named.startsWith(`${field}.`), `${what} named ${named}, not ${field}`).toBe(true);
          expect(await snapshot(server), what).toBe(before);
        }),
        { numRuns: runs },
      );
    }
  });

  // Found by a fresh attacker: a JSON null was taken for an empty object (400 naming homeGoals), and
  // a JSON content type without a body was refused with the framework's own words.
  it('names the body when it is JSON null, and takes a JSON content type without a body as no body', async () => {
    const headers = { cookie: 'XSRF-TOKEN=xsrf-test', 'x-xsrf-token': 'xsrf-test', authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' };
    for (const url of ['/api/prediction/1', '/api/groups', '/api/players/theme']) {
      const answer = await server.app.inject({ method: 'POST', url, headers, payload: 'null' });
      expect([url, answer.statusCode, answer.json()]).toEqual([url, 400, { error: 'invalid', field: 'body' }]);
    }
    const other = (await ann.json('POST', '/api/groups', { name: 'Bodiless', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' })).id as string;
    const removed = await server.app.inject({ method: 'DELETE', url: `/api/groups/${other}`, headers });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
  });

  it('refuses a group check of fewer than two of groupId, groupName and playerName, naming what is missing', async () => {
    for (const [body, field] of [
      [{}, 'groupName'],
      [{ language: 'en' }, 'groupName'],
      [{ playerName: 'Ann' }, 'groupName'],
      [{ groupId }, 'playerName'],
      [{ groupName: 'Friends' }, 'playerName'],
    ] as const) {
      expect((await ann.request('POST', '/api/groups/check', body)).json(), JSON.stringify(body)).toEqual({ error: 'required', field });
    }
    expect((await ann.request('POST', '/api/groups/check', { groupId, groupName: 'Friends' })).statusCode).toBe(200);
  });

  it('reports names with control characters as invalid in the group check, and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(textWithControl, async (name) => {
        const before = await snapshot(server);
        const answer = await ann.request('POST', '/api/groups/check', { groupId, groupName: name, playerName: name });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ isValid: false });
        expect(await snapshot(server)).toBe(before);
      }),
      { numRuns: runs },
    );
  });

  it('refuses what the issue found: NUL and display names in logins, ids and years beyond int32, ids in other notations', async () => {
    const anonymous = new Browser(server.app);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await anonymous.request('POST', '/api/auth', { login: 'a\u0000@x.org', password: 'x' })).json()).toEqual({ error: 'emailInvalid', field: 'login' });
    }
    expect((await anonymous.request('POST', '/api/auth/register', { language: 'en', login: '<svg/onload=x>@example.com', password: await wire(PASSWORD) })).json()).toEqual({
      error: 'emailInvalid',
      field: 'login',
    });
    for (const id of ['2147483648', '0x10', '1e3', '-1', '0', '01', ' 1', '1.0', '99999999999999999999']) {
      const answer = await ann.request('POST', `/api/prediction/${encodeURIComponent(id)}`, { homeGoals: 1, awayGoals: 0 });
      expect(answer.statusCode, id).toBe(400);
      expect(answer.json().field, id).toBe('gameId');
    }
    const champion = await ann.request('POST', '/api/prediction/champion', { team: 'de', year: Number.MAX_SAFE_INTEGER });
    expect(champion.statusCode).toBe(400);
    expect(champion.json().field).toBe('year');
    for (const year of ['-2147483649', '2147483648', '0x7e8', '2024.0', 'x']) {
      const answer = await server.admin('GET', `/api/admin/games?year=${encodeURIComponent(year)}`);
      expect(answer.statusCode, year).toBe(400);
      expect(answer.json().field, year).toBe('year');
    }
    for (const id of ['2147483648', '0x10', '1e3']) {
      expect((await server.admin('POST', `/api/admin/games/${id}`, { status: 'Live' })).json()).toMatchObject({ field: 'id' });
      expect((await server.admin('DELETE', `/api/admin/games/${id}`)).json()).toMatchObject({ field: 'id' });
    }
    const number = await server.admin('POST', '/api/admin/games', { stage: 'Group', date: '2024-06-20T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', number: MAX_INT4 + 1 });
    expect(number.json()).toMatchObject({ field: 'number' });
    const reason = await server.admin('POST', '/api/admin/games/1', { status: 'Live', reason: 'typo\u0000' });
    expect(reason.json()).toMatchObject({ field: 'reason' });
    const fixture = { year: 2024, teams: [{ id: 'de', name: 'Germany' }], games: [] };
    expect((await server.admin('POST', '/api/admin/fixtures', { ...fixture, year: 2 ** 40 })).json()).toMatchObject({ field: 'year' });
    expect((await server.admin('POST', '/api/admin/fixtures', { ...fixture, teams: [{ id: 'de', name: 'Germany\u0000' }] })).json()).toMatchObject({ field: 'teams' });
    // A file without games, or with two games of one number (one would overwrite the other), is no fixture.
    const game = { number: 1, stage: 'Group', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', result: null };
    const before = await snapshot(server);
    for (const games of [[], [game, { ...game, homeTeam: 'es', awayTeam: 'hr' }]]) {
      const answer = await server.admin('POST', '/api/admin/fixtures', { ...fixture, games });
      expect(answer.statusCode, JSON.stringify(games)).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'games' });
    }
    expect(await snapshot(server)).toBe(before);
  });

  it('names the refused field', async () => {
    expect((await ann.request('POST', '/api/prediction/1', { homeGoals: -1, awayGoals: 0 })).json()).toMatchObject({ field: 'homeGoals' });
    expect((await ann.request('POST', '/api/players/theme', { theme: 'Purple' })).json()).toMatchObject({ field: 'theme' });
    expect((await ann.request('POST', '/api/auth/register', { language: 'en', login: 'no-at-sign', password: await wire(PASSWORD) })).json()).toEqual({
      error: 'emailInvalid',
      field: 'login',
    });
    expect((await ann.request('POST', '/api/groups', { name: '', pointConfiguration: defaultPointConfiguration(2024), playerName: 'A' })).json()).toEqual({
      error: 'required',
      field: 'name',
    });
  });

  it('answers bad path parameters with 400 naming the parameter, and broken JSON with 400', async () => {
    const segments = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
      fc.maxSafeInteger().map(String),
      fc.constantFrom('0', '-1', '1.5', '0x10', '1e3', '2147483648', '99999999999999999999', '%00', '..%2f..', 'champion2', '\u0000'),
    );
    const isId = (segment: string) => /^[1-9][0-9]{0,9}$/.test(segment) && Number(segment) <= MAX_INT4;
    const isGroupId = (segment: string) => /^[A-Za-z0-9_-]{16,64}$/.test(segment);
    await fc.assert(
      fc.asyncProperty(segments, async (segment) => {
        const encoded = encodeURIComponent(segment);
        // Longer than the router takes, or a dot segment: no route, a plain 404.
        const routed = encoded.length <= 100 && segment !== '.' && segment !== '..';
        const expectRefused = async (answer: { statusCode: number; json(): any }, field: string, valid: boolean) => {
          if (!routed) {
            // No route at all is a 404; a parameter the router takes but the contract refuses is named.
            if (answer.statusCode === 404) return;
            expect(answer.statusCode, segment).toBe(400);
            return expect(answer.json().field, segment).toBe(field);
          }
          if (valid) return expect(answer.statusCode, segment).not.toBe(500);
          expect(answer.statusCode, segment).toBe(400);
          expect(answer.json().field, segment).toBe(field);
        };
        await expectRefused(await ann.request('POST', `/api/prediction/${encoded}`, { homeGoals: 1, awayGoals: 1 }), 'gameId', isId(segment));
        await expectRefused(await ann.request('POST', `/api/groups/${encoded}/leave`), 'id', isGroupId(segment));
        await expectRefused(await ann.request('POST', `/api/groups/invitation/${encoded}`), 'invitation', isGroupId(segment));
        await expectRefused(await ann.request('DELETE', `/api/groups/${encoded}`), 'id', isGroupId(segment));
        // A well-formed id would really delete that game (and the tests below change game 1): only the malformed ones.
        if (!isId(segment)) await expectRefused(await server.admin('DELETE', `/api/admin/games/${encoded}`), 'id', false);
      }),
      { numRuns: runs },
    );
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/players/theme',
      headers: { cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a', authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' },
      payload: '{"theme": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'invalidBody', field: 'body' });
    // Refused bodies read as every other bad input: valid JSON with a __proto__ key was said to be
    // "not valid JSON" in the framework's words and codes.
    const refusedBodies = [
      [{ 'content-type': 'application/json' }, '{"theme":"Dark","__proto__":{"x":1}}', 400, { error: 'invalidBody', field: 'body' }],
      [{ 'content-type': 'application/json' }, `{"theme":"${'x'.repeat(300 * 1024)}"}`, 413, { error: 'bodyTooLarge', field: 'body' }],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'theme=Dark', 415, { error: 'unsupportedMediaType', field: 'content-type' }],
    ] as const;
    for (const [headers, payload, status, answer] of refusedBodies) {
      const refused = await server.app.inject({
        method: 'POST',
        url: '/api/players/theme',
        headers: { cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a', authorization: `Bearer ${ann.token}`, ...headers },
        payload,
      });
      expect([refused.statusCode, refused.json()]).toEqual([status, answer]);
    }
    // Escapes the router cannot decode: named too, not the framework's own answer.
    // And a path segment longer than the router takes (a tester's 400 nines named nothing).
    for (const url of ['/api/prediction/%ff', '/api/groups/%E0%A4%A/log', `/api/prediction/${'9'.repeat(400)}`]) {
      const undecodable = await ann.request('POST', url, {});
      expect(undecodable.statusCode, url).toBe(400);
      expect(undecodable.json(), url).toEqual({ error: 'invalid', field: 'url' });
    }
  });

  it('refuses a body that is not valid UTF-8 (a lone surrogate in bytes, an overlong NUL), and writes nothing', async () => {
    const before = await snapshot(server);
    for (const bytes of [[0xed, 0xa0, 0x80], [0xc0, 0x80], [0xff, 0xfe]]) {
      const payload = Buffer.concat([Buffer.from(`{"groupId":"${groupId}","name":"Al`), Buffer.from(bytes), Buffer.from('ice"}')]);
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/players/rename',
        headers: { cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a', authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().field).toBe('body');
    }
    expect(await snapshot(server)).toBe(before);
  });

  // A compressed body was read as if plain, and a body said to be Latin-1 as UTF-8: a name typed in
  // one was stored as other letters. JSON is UTF-8 and unencoded here, or refused naming the header.
  it('refuses a body with a content coding or a charset other than UTF-8 with 415 naming the header, and writes nothing', async () => {
    const before = await snapshot(server);
    const base = { cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a', authorization: `Bearer ${ann.token}` };
    const payload = JSON.stringify({ groupId, name: 'Alice' });
    const cases = [
      [{ 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'content-encoding'],
      [{ 'content-type': 'application/json; charset=latin1' }, 'content-type'],
    ] as const;
    for (const [headers, field] of cases) {
      const answer = await server.app.inject({ method: 'POST', url: '/api/players/rename', headers: { ...base, ...headers }, payload });
      expect(answer.statusCode, field).toBe(415);
      expect(answer.json().field, field).toBe(field);
    }
    expect(await snapshot(server)).toBe(before);
    // What every client sends stays taken.
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json; charset="UTF-8"']) {
      const answer = await server.app.inject({ method: 'POST', url: '/api/players/theme', headers: { ...base, 'content-type': type, 'content-encoding': 'identity' }, payload: JSON.stringify({ theme: 'Dark' }) });
      expect(answer.statusCode, type).toBe(200);
    }
  });

  /** An operator's change is either taken (200) or refused naming what was wrong (415: a body that is no JSON). */
  const expectAcceptedOrRefusedByField = (answer: { statusCode: number; json(): { field?: unknown } }) => {
    if (answer.statusCode === 200) return;
    expect([400, 415]).toContain(answer.statusCode);
    expect(answer.json().field).toEqual(expect.any(String));
  };

  it('answers malformed admin changes with 400 naming the field, and writes nothing', async () => {
    const change = { status: 'Live', homeGoals: 1, awayGoals: 0, date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct' };
    await fc.assert(
      fc.asyncProperty(mutated(change), async (body) => {
        const before = await snapshot(server);
        const answer = await server.admin('POST', '/api/admin/games/1', body ?? {});
        expectAcceptedOrRefusedByField(answer);
        if (answer.statusCode >= 400) expect(await snapshot(server)).toBe(before);
      }),
      { numRuns: runs },
    );
    const newGame = { stage: 'Group', date: '2024-06-20T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', status: 'Scheduled' };
    await fc.assert(
      fc.asyncProperty(mutated(newGame), async (body) => {
        const before = await snapshot(server);
        const answer = await server.admin('POST', '/api/admin/games', body ?? {});
        expectAcceptedOrRefusedByField(answer);
        if (answer.statusCode >= 400) expect(await snapshot(server)).toBe(before);
        else await server.admin('DELETE', `/api/admin/games/${answer.json().id}`);
      }),
      { numRuns: runs },
    );
  });

  // Found by a fresh player: a knockout game finished 1:1 was taken, and the schedule showed it
  // Finished –:– with no points for anyone (a knockout game has a winner: penalties count).
  it('refuses a knockout game finished as a draw, naming the goals, and writes nothing; live it may stand level', async () => {
    const finalId = await gameIdOf(server, 5);
    const before = await snapshot(server);
    const drawn = await server.admin('POST', `/api/admin/games/${finalId}`, { status: 'Finished', homeGoals: 1, awayGoals: 1 });
    expect([drawn.statusCode, drawn.json()]).toEqual([400, { error: 'knockoutDraw', field: 'homeGoals' }]);
    expect(await snapshot(server)).toBe(before);
    expect((await server.admin('POST', `/api/admin/games/${finalId}`, { status: 'Live', homeGoals: 1, awayGoals: 1 })).statusCode).toBe(200);
    // Finishing the level live game without new goals is the same draw.
    expect((await server.admin('POST', `/api/admin/games/${finalId}`, { status: 'Finished' })).statusCode).toBe(400);
    expect((await server.admin('POST', `/api/admin/games/${finalId}`, { status: 'Finished', homeGoals: 2, awayGoals: 1 })).statusCode).toBe(200);
    expect((await server.admin('POST', `/api/admin/games/${finalId}`, { status: 'Scheduled', reason: 'test' })).statusCode).toBe(200);
  });

  // Found by a fresh attacker: a Final between placeholders (W49 - W50) was finished 2:1, and a group
  // game took a knockout placeholder.
  it('refuses a result for a game whose teams are not known and a placeholder in the group stage, naming the field, and writes nothing', async () => {
    const finalId = await gameIdOf(server, 5);
    const groupGame = await gameIdOf(server, 2);
    const refused = async (id: number, change: Record<string, unknown>, refusal: { error: string; field: string }) => {
      const before = await snapshot(server);
      const answer = await server.admin('POST', `/api/admin/games/${id}`, change);
      expect([JSON.stringify(change), answer.statusCode, answer.json()]).toEqual([JSON.stringify(change), 400, refusal]);
      expect(await snapshot(server)).toBe(before);
    };
    // The Final is a knockout game: placeholders are its teams until the semi-finals are played.
    expect((await server.admin('POST', `/api/admin/games/${finalId}`, { homeTeam: 'W49', awayTeam: 'W50', reason: 'test' })).statusCode).toBe(200);
    await refused(finalId, { status: 'Finished', homeGoals: 2, awayGoals: 1 }, { error: 'teamsNotKnown', field: 'status' });
    await refused(groupGame, { homeTeam: 'W49' }, { error: 'placeholderInGroupStage', field: 'homeTeam' });
    expect((await server.admin('POST', `/api/admin/games/${finalId}`, { homeTeam: 'de', awayTeam: 'es', reason: 'test' })).statusCode).toBe(200);
  });

  it('refuses an admin change to a team the year does not have, or to one team on both sides, naming the field, and writes nothing', async () => {
    const game = ((await server.admin('GET', '/api/admin/games?year=2024')).json() as { id: number; number: number; homeTeam: string; awayTeam: string }[]).find((each) => each.number === 4)!;
    const refusals: [Record<string, string>, string, string][] = [
      [{ homeTeam: 'zz' }, 'unknownTeam', 'homeTeam'],
      [{ awayTeam: 'fr' }, 'unknownTeam', 'awayTeam'],
      [{ homeTeam: 'hr', awayTeam: 'hr' }, 'sameTeams', 'awayTeam'],
      [{ homeTeam: game.awayTeam }, 'sameTeams', 'homeTeam'],
      [{ homeTeam: 'W49', awayTeam: 'W49' }, 'sameTeams', 'awayTeam'],
    ];
    for (const [body, error, field] of refusals) {
      const before = await snapshot(server);
      const answer = await server.admin('POST', `/api/admin/games/${game.id}`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ error, field });
      expect(await snapshot(server)).toBe(before);
    }
    // A knockout side not decided yet is named as the fixtures name it.
    const finalId = await gameIdOf(server, 5);
    expect((await server.admin('POST', `/api/admin/games/${finalId}`, { homeTeam: 'W49', awayTeam: '1A' })).json()).toMatchObject({ homeTeam: 'W49', awayTeam: '1A' });
    expect((await server.admin('POST', `/api/admin/games/${finalId}`, { homeTeam: 'de', awayTeam: 'es' })).statusCode).toBe(200);
  });

  it('refuses a new game of a team its year does not have, of one team on both sides, or with a group outside the group stage, naming the field, and writes nothing', async () => {
    const game = { stage: 'Group', date: '2024-06-30T19:00:00Z', homeTeam: 'de', awayTeam: 'es' };
    const refusals: [Record<string, string>, string, string][] = [
      [{ homeTeam: 'zz' }, 'unknownTeam', 'homeTeam'],
      [{ awayTeam: 'fr' }, 'unknownTeam', 'awayTeam'],
      [{ awayTeam: 'de' }, 'sameTeams', 'awayTeam'],
      [{ stage: 'Final', groupLetter: 'A' }, 'groupStageOnly', 'groupLetter'],
      [{ groupLetter: 'M' }, 'invalid', 'groupLetter'],
      [{ groupLetter: 'AA' }, 'invalid', 'groupLetter'],
    ];
    for (const [change, error, field] of refusals) {
      const before = await snapshot(server);
      const answer = await server.admin('POST', '/api/admin/games', { ...game, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json()).toMatchObject({ error, field });
      expect(await snapshot(server)).toBe(before);
    }
    // Knockout sides not decided yet, and a year without a fixture's teams (entered game by game), are taken.
    for (const body of [{ ...game, stage: 'Final', homeTeam: 'W49', awayTeam: '1A' }, { ...game, date: '2031-06-10T18:00:00Z', homeTeam: 'de', awayTeam: 'fr' }]) {
      const added = await server.admin('POST', '/api/admin/games', body);
      expect(added.statusCode, JSON.stringify(body)).toBe(200);
      await server.admin('DELETE', `/api/admin/games/${added.json().id}`);
    }
  });

  it('refuses a reason or a newsletter with nothing to read, and a subject over several lines, naming the field, and writes nothing', async () => {
    const games = (await server.admin('GET', '/api/admin/games?year=2024')).json() as { id: number; number: number }[];
    const game = games.find((each) => each.number === 2)!;
    const refusals: [string, Record<string, unknown>, string][] = [
      [`/api/admin/games/${game.id}`, { date: '2024-06-20T19:00:00Z', reason: '\u200b\u2060\u00ad' }, 'reason'],
      [`/api/admin/games/${game.id}`, { date: '2024-06-20T19:00:00Z', reason: 'moved\u0085' }, 'reason'],
      ['/api/admin/newsletter', { subject: 'News\r\nBcc: everyone@example.com', text: 'Hello.' }, 'subject'],
      ['/api/admin/newsletter', { subject: 'News\tof the day', text: 'Hello.' }, 'subject'],
      ['/api/admin/newsletter', { subject: '\u200b', text: 'Hello.' }, 'subject'],
      ['/api/admin/newsletter', { subject: 'News', text: '\u2060\u200b' }, 'text'],
    ];
    for (const [url, body, field] of refusals) {
      const before = await snapshot(server);
      const answer = await server.admin('POST', url, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json(), JSON.stringify(body)).toMatchObject({ field });
      expect(await snapshot(server)).toBe(before);
    }
  });

  it('never overwrites a game by adding one under its number: 409 naming the number, nothing written', async () => {
    const games = (await server.admin('GET', '/api/admin/games?year=2024')).json() as { id: number; number: number }[];
    const taken = games.find((each) => each.number === 1)!;
    const before = await snapshot(server);
    const answer = await server.admin('POST', '/api/admin/games', { year: 2024, number: 1, stage: 'Group', date: '2024-06-20T19:00:00Z', homeTeam: 'es', awayTeam: 'hr' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ error: 'numberTaken', field: 'number' });
    expect(await snapshot(server)).toBe(before);
    expect(((await server.admin('GET', '/api/admin/games?year=2024')).json() as { id: number }[]).find((each) => each.id === taken.id)).toEqual(taken);
  });

  it('drops the group letter of a game moved out of the group stage, and gives it back when it returns', async () => {
    const games = (await server.admin('GET', '/api/admin/games?year=2024')).json() as { id: number; number: number; groupLetter?: string }[];
    const game = games.find((each) => each.number === 3)!;
    expect(game.groupLetter).toBe('A');
    expect((await server.admin('POST', `/api/admin/games/${game.id}`, { stage: 'Final' })).json()).not.toHaveProperty('groupLetter');
    const after = ((await server.admin('GET', '/api/admin/games?year=2024')).json() as typeof games).find((each) => each.id === game.id)!;
    expect(after).toMatchObject({ stage: 'Final' });
    expect(after).not.toHaveProperty('groupLetter');
    // Moved back (the move was a mistake), it is in its group again.
    expect((await server.admin('POST', `/api/admin/games/${game.id}`, { stage: 'Group' })).json()).toMatchObject({ stage: 'Group', groupLetter: 'A' });
  });
});
