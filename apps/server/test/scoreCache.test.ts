import { defaultPointConfiguration, pointsFor } from '@scorecast/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupScores, cutForViewer, groupItemJson, type ViewableGroup } from '../src/scoring/groupCache.js';
import { DATABASES } from './support/databases.js';
import { byGame, connect, groupOf, holding, listening, until, type Item } from './support/liveClient.js';
import { gameIdOf, signUp, startTestServer, type TestServer } from './support/server.js';

type Player = { login: string; points: number; rank: number; predictions: { gameId: number; points?: number }[] };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const config = defaultPointConfiguration(2024);

/** The group as a viewer sees it, derived from scratch by a cache that never saw it. */
function cold(server: TestServer, groupId: string, login: string) {
  return new GroupScores(server.context.db).groupFor(groupId, login);
}

function playerIn(group: { players: Player[] }, login: string): Player {
  return group.players.find((player) => player.login === login)!;
}

describe.each(DATABASES)('the score cache on %s', (kind) => {
  it('gives the right points and ranks to two groups sharing a player when a game changes after the cache is warm', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const ann = await signUp(server, 'ann@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const cid = await signUp(server, 'cid@example.com');
    const annGroup = await groupOf(ann, 'Ann');
    const bobGroup = await groupOf(bob, 'Bob');
    await bob.json('POST', '/api/groups/accept-invitation', { groupId: annGroup, playerName: 'Bobby' });
    await cid.json('POST', '/api/groups/accept-invitation', { groupId: bobGroup, playerName: 'Cid' });
    const game = await gameIdOf(server, 1);
    await ann.json('POST', `/api/prediction/${game}`, { homeGoals: 2, awayGoals: 0 });
    await bob.json('POST', `/api/prediction/${game}`, { homeGoals: 1, awayGoals: 0 });
    await cid.json('POST', `/api/prediction/${game}`, { homeGoals: 0, awayGoals: 1 });

    expect((await server.admin('POST', `/api/admin/games/${game}`, { status: 'Live', homeGoals: 0, awayGoals: 1 })).statusCode).toBe(200);
    // Warm: every group is derived once with Cid in the lead of Bob's group.
    for (const browser of [ann, bob, cid]) await browser.json('GET', '/api/groups');
    expect(playerIn(await server.context.scores.groupFor(bobGroup, 'bob@example.com') as never, 'cid@example.com').rank).toBe(1);

    const bobClient = await connect(base, bob.token!);
    cleanups.push(() => bobClient.connection.stop());
    const bobLive = bobClient.pushes;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await server.admin('POST', `/api/admin/games/${game}`, { status: 'Finished', homeGoals: 2, awayGoals: 0 })).statusCode).toBe(200);

    const push = await until(() => bobLive.find((items) => items.some((item) => item.entity === 'Group')), 'bob push');
    const pushed = new Map(push.filter((item) => item.entity === 'Group').map(({ entity: _entity, ...group }) => [group.id, group]));
    expect([...pushed.keys()].sort()).toEqual([annGroup, bobGroup].sort());
    for (const [groupId, viewers] of [
      [annGroup, ['ann@example.com', 'bob@example.com']],
      [bobGroup, ['bob@example.com', 'cid@example.com']],
    ] as const) {
      for (const login of viewers) expect(await server.context.scores.groupFor(groupId, login)).toEqual(await cold(server, groupId, login));
      // Bob got his groups whole on connecting; what the push moved, merged in, is the cold view.
      const welcomed = bobClient.welcome.find((item) => item.id === groupId)!;
      const held = holding(welcomed, { entity: 'Group', ...pushed.get(groupId)! } as Item);
      expect(byGame(held)).toEqual(byGame({ entity: 'Group', ...(await cold(server, groupId, 'bob@example.com')) } as Item));
    }
    const annView = (await cold(server, annGroup, 'ann@example.com')) as unknown as { players: Player[] };
    const bobView = (await cold(server, bobGroup, 'bob@example.com')) as unknown as { players: Player[] };
    const exact = pointsFor('exact', 'Group', config);
    expect(playerIn(annView, 'ann@example.com')).toMatchObject({ points: exact, rank: 1 });
    expect(playerIn(annView, 'bob@example.com').rank).toBe(2);
    expect(playerIn(bobView, 'bob@example.com')).toMatchObject({ rank: 1 });
    expect(playerIn(bobView, 'bob@example.com').points).toBeGreaterThan(0);
    expect(playerIn(bobView, 'cid@example.com')).toMatchObject({ points: 0, rank: 2 });
  });

  it('scores a finished game moved to another round with that round’s points', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const ann = await signUp(server, 'ann@example.com');
    const groupId = await groupOf(ann, 'Ann');
    const game = await gameIdOf(server, 1);
    await ann.json('POST', `/api/prediction/${game}`, { homeGoals: 1, awayGoals: 0 });
    await server.admin('POST', `/api/admin/games/${game}`, { status: 'Finished', homeGoals: 1, awayGoals: 0 });
    expect(playerIn((await server.context.scores.groupFor(groupId, 'ann@example.com')) as never, 'ann@example.com').points).toBe(pointsFor('exact', 'Group', config));

    expect((await server.admin('POST', `/api/admin/games/${game}`, { stage: 'Last16' })).statusCode).toBe(200);
    const warm = await server.context.scores.groupFor(groupId, 'ann@example.com');
    expect(playerIn(warm as never, 'ann@example.com').points).toBe(pointsFor('exact', 'Last16', config));
    expect(warm).toEqual(await cold(server, groupId, 'ann@example.com'));
  });

  it('counts a member’s changed prediction at the next game change', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const ann = await signUp(server, 'ann@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const groupId = await groupOf(ann, 'Ann');
    await bob.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bob' });
    const [first, second] = [await gameIdOf(server, 1), await gameIdOf(server, 2)];
    await ann.json('POST', `/api/prediction/${second}`, { homeGoals: 0, awayGoals: 3 });
    await server.admin('POST', `/api/admin/games/${first}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    // Warm, with Ann's first guess.
    await server.context.scores.scoredGroups([groupId]);
    expect(await bob.json('GET', '/api/groups')).toHaveLength(1);

    await ann.json('POST', `/api/prediction/${second}`, { homeGoals: 3, awayGoals: 0 });
    await server.admin('POST', `/api/admin/games/${first}`, { status: 'Finished', homeGoals: 0, awayGoals: 0 });
    await server.admin('POST', `/api/admin/games/${second}`, { status: 'Finished', homeGoals: 3, awayGoals: 0 });

    const scored = (await server.context.scores.scoredGroups([groupId])).get(groupId)!;
    const annScore = playerIn(scored.group as unknown as { players: Player[] }, 'ann@example.com');
    expect(annScore.predictions.find((prediction) => prediction.gameId === second)).toMatchObject({ homeGoals: 3, awayGoals: 0, points: pointsFor('exact', 'Group', config) });
    expect(annScore).toMatchObject({ points: pointsFor('exact', 'Group', config), rank: 1 });
    expect(await server.context.scores.groupFor(groupId, 'bob@example.com')).toEqual(await cold(server, groupId, 'bob@example.com'));
  });
});

describe('the Group item JSON built once per group', () => {
  const scored = (started: boolean): ViewableGroup => ({
    started,
    scheduled: new Set([2]),
    group: {
      id: 'g7Qm2xVb9LpT4sKd8RzW1nHc',
      name: 'Kickers',
      creator: 'ann@example.com',
      competitionYear: 2024,
      maxPlayers: 10,
      pointConfiguration: config,
      players: ['ann', 'bob', 'cem'].map((name, index) => ({
        login: `${name}@example.com`,
        name,
        championPrediction: index === 1 ? null : 'es',
        rank: index + 1,
        points: 9 - index,
        predictions: [
          { gameId: 1, homeGoals: index, awayGoals: 1, accuracy: 'exact' as const, points: 3, rank: 1 },
          { gameId: 2, homeGoals: 2, awayGoals: index },
        ],
      })),
    },
  });

  it('is what serializing the viewer\'s cut gives, for every member, an outsider, before and after the start', () => {
    for (const started of [false, true]) {
      const group = scored(started);
      for (const viewer of ['ann@example.com', 'bob@example.com', 'cem@example.com', 'dan@example.com']) {
        expect(JSON.parse(groupItemJson(group, viewer))).toEqual({ entity: 'Group', ...cutForViewer(group, viewer) });
      }
    }
  });
});
