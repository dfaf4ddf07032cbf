import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASES } from './support/databases.js';
import { annAndBobInAGroup, connect, settle, until } from './support/liveClient.js';
import { gameIdOf } from './support/server.js';

/** Seat reads of the users listed here wait for the test to let them go, then fail. */
const failing = vi.hoisted(() => ({ userIds: new Set<number>(), waiting: [] as (() => void)[] }));

vi.mock('../src/db/groups.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/db/groups.js')>();
  return {
    ...original,
    groupIdsOfUser: async (...args: Parameters<typeof original.groupIdsOfUser>) => {
      if (!failing.userIds.has(args[1])) return original.groupIdsOfUser(...args);
      await new Promise<void>((resolve) => failing.waiting.push(resolve));
      throw new Error('the database went away');
    },
  };
});

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  failing.userIds.clear();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

describe.each(DATABASES)('a member whose groups could not be read on connecting, on %s', (kind) => {
  it('does not cost the other members the reveal, and is sent away to reconnect and load again', async () => {
    const { server, base, ann, bob, groupId } = await annAndBobInAGroup(kind, (close) => cleanups.push(close));
    const gameId = await gameIdOf(server, 1);
    await ann.json('POST', `/api/prediction/${gameId}`, { homeGoals: 2, awayGoals: 1 });
    await bob.json('POST', `/api/prediction/${gameId}`, { homeGoals: 0, awayGoals: 1 });
    await settle();

    const annLive = await connect(base, ann.token);
    cleanups.push(() => annLive.connection.stop());
    await settle();
    const { id: bobId } = await server.context.db.selectFrom('users').select('id').where('login', '=', 'bob@example.com').executeTakeFirstOrThrow();
    failing.userIds.add(bobId);
    const bobLive = await connect(base, bob.token);
    cleanups.push(() => bobLive.connection.stop());
    let bobReconnected = false;
    bobLive.connection.onreconnected(() => void (bobReconnected = true));
    await until(() => failing.waiting.length > 0, "bob's seat read");

    // The kickoff comes while Bob's seat read is under way; then that read fails.
    expect((await server.admin('POST', `/api/admin/games/${gameId}`, { status: 'Live', homeGoals: 0, awayGoals: 0 })).statusCode).toBe(200);
    await settle();
    failing.userIds.clear();
    failing.waiting.splice(0).forEach((fail) => fail());

    const reveal = await until(() => annLive.pushes.find((items) => items.some((item) => item.entity === 'Group')), "ann's reveal");
    expect(reveal).toEqual([
      {
        entity: 'Group',
        id: groupId,
        players: [
          { login: 'ann@example.com', predictions: [{ gameId, homeGoals: 2, awayGoals: 1 }] },
          { login: 'bob@example.com', predictions: [{ gameId, homeGoals: 0, awayGoals: 1 }] },
        ],
      },
    ]);
    // Bob's connection knew none of his groups: it is closed so his client connects again and reloads.
    await until(() => bobReconnected, "bob's reconnect");
  });
});
