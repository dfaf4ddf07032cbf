import { defaultPointConfiguration } from '@scorecast/rules';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutated } from './arbitraries/requests.js';
import { DATABASES } from './support/databases.js';
import { PASSWORD, signUp, startTestServer, wire, type Browser, type TestServer } from './support/server.js';

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

  // Each endpoint with a body that the server accepts, to mutate.
  const endpoints = (): [string, Record<string, unknown>][] => [
    ['/api/auth', { login: 'ann@example.com', password: 'x' }],
    ['/api/auth/register', { language: 'en', login: 'new@example.com', password: PASSWORD }],
    ['/api/auth/activate', { login: 'ann@example.com', password: 'token' }],
    ['/api/auth/register/sendmail', { login: 'ann@example.com', password: 'x' }],
    ['/api/auth/password/change', { password: PASSWORD }],
    ['/api/auth/password/reset/email', { login: 'nobody@example.com' }],
    ['/api/newsletter/unsubscribe', { email: 'nobody@example.com' }],
    ['/api/prediction/1', { homeGoals: 1, awayGoals: 0 }],
    ['/api/prediction/champion', { team: 'de' }],
    ['/api/groups/check', { groupName: 'Group', playerName: 'Ann' }],
    ['/api/groups', { name: 'Other', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' }],
    ['/api/groups/accept-invitation', { groupId, playerName: 'Ann' }],
    ['/api/players/rename', { groupId, name: 'Ann' }],
    ['/api/players/theme', { theme: 'Dark' }],
    ['/api/players/language', { language: 'de' }],
    ['/api/notification', { notify: true }],
  ];

  it('answers every malformed body with 4xx, names the field, and writes nothing', async () => {
    for (const [url, valid] of endpoints()) {
      await fc.assert(
        fc.asyncProperty(mutated(valid), async (body) => {
          const before = await snapshot(server);
          const answer = await ann.request('POST', url, body ?? {});
          expect(answer.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (answer.statusCode >= 400) {
            expect(await snapshot(server), `${url} ${JSON.stringify(body)}`).toBe(before);
            if (answer.statusCode === 400) expect(answer.json().error).toEqual(expect.any(String));
          }
        }),
        { numRuns: runs },
      );
    }
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

  it('answers bad path parameters and broken JSON with 4xx', async () => {
    const paths = fc.oneof(fc.string(), fc.constantFrom('0', '-1', '1.5', '99999999999999999999', '%00', '..%2f..', 'champion2'));
    await fc.assert(
      fc.asyncProperty(paths, async (segment) => {
        const encoded = encodeURIComponent(segment);
        for (const url of [`/api/prediction/${encoded}`, `/api/groups/${encoded}/leave`, `/api/groups/invitation/${encoded}`]) {
          expect((await ann.request('POST', url, { homeGoals: 1, awayGoals: 1 })).statusCode).toBeLessThan(500);
        }
        expect((await ann.request('DELETE', `/api/groups/${encoded}`)).statusCode).toBeLessThan(500);
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
  });

  it('answers malformed admin changes with 4xx and writes nothing', async () => {
    const change = { status: 'Live', homeGoals: 1, awayGoals: 0, date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'sc' };
    await fc.assert(
      fc.asyncProperty(mutated(change), async (body) => {
        const before = await snapshot(server);
        const answer = await server.admin('POST', '/api/admin/games/1', body ?? {});
        expect(answer.statusCode).toBeLessThan(500);
        if (answer.statusCode >= 400) expect(await snapshot(server)).toBe(before);
      }),
      { numRuns: runs },
    );
    const newGame = { stage: 'Group', date: '2024-06-20T19:00:00Z', homeTeam: 'de', awayTeam: 'sc', status: 'Scheduled' };
    await fc.assert(
      fc.asyncProperty(mutated(newGame), async (body) => {
        const before = await snapshot(server);
        const answer = await server.admin('POST', '/api/admin/games', body ?? {});
        expect(answer.statusCode).toBeLessThan(500);
        if (answer.statusCode >= 400) expect(await snapshot(server)).toBe(before);
        else await server.admin('DELETE', `/api/admin/games/${answer.json().id}`);
      }),
      { numRuns: runs },
    );
  });
});
