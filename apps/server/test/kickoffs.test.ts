import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeGame } from '../src/feeds/gameChanges.js';
import { kickOffDue } from '../src/feeds/kickoffs.js';
import { DATABASES } from './support/databases.js';
import { gameIdOf, signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

// A second fresh player: between a kickoff and the operator's "Live", the schedule showed the game
// started with everyone else's predictions as "–". The kickoff by the clock reveals them.

const KICKOFF_1 = Date.parse('2024-06-14T19:00:00Z');

describe.each(DATABASES)('the kickoff by the clock, on %s', (kind) => {
  let server: TestServer;
  let ann: Browser;
  let bob: Browser;
  let first: number;

  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
    ann = await signUp(server, 'ann@example.com');
    bob = await signUp(server, 'bob@example.com');
    const groupId = (await ann.json('POST', '/api/groups', { name: 'Office', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' })).id;
    await bob.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bob' });
    first = await gameIdOf(server, 1);
    server.clock.set(KICKOFF_1 - 60_000);
    await ann.json('POST', `/api/prediction/${first}`, { homeGoals: 2, awayGoals: 1 });
  });
  afterAll(async () => server?.close());

  const annsPredictionAsBobSees = async (gameId: number) => {
    const [group] = await bob.json('GET', '/api/groups');
    return group.players.find((player: { login: string }) => player.login === 'ann@example.com').predictions.find((prediction: { gameId: number }) => prediction.gameId === gameId);
  };

  it('sets a game Live 0:0 at its kickoff, which reveals its predictions, and logs the clock as the source', async () => {
    server.clock.set(KICKOFF_1 - 1);
    expect(await kickOffDue(server.context)).toBe(0);
    expect(await annsPredictionAsBobSees(first)).toBeUndefined();

    server.clock.set(KICKOFF_1);
    expect(await kickOffDue(server.context)).toBe(1);
    const game = (await bob.json('GET', '/api/games')).find((each: { id: number }) => each.id === first);
    expect(game).toMatchObject({ status: 'Live', homeGoals: 0, awayGoals: 0 });
    expect(await annsPredictionAsBobSees(first)).toMatchObject({ homeGoals: 2, awayGoals: 1 });
    const log = (await server.admin('GET', `/api/admin/games/${first}/log`)).json().changes;
    expect(log.at(-1)).toMatchObject({ source: 'clock' });
    // Once: the next look finds nothing due.
    expect(await kickOffDue(server.context)).toBe(0);
  });

  it('leaves a game the operator put back to Scheduled by hand', async () => {
    const second = await gameIdOf(server, 2);
    const kickoff = Date.parse((await bob.json('GET', '/api/games')).find((each: { id: number }) => each.id === second).date);
    server.clock.set(kickoff + 60_000);
    await server.admin('POST', `/api/admin/games/${second}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    await server.admin('POST', `/api/admin/games/${second}`, { status: 'Scheduled', reason: 'kick-off delayed by a storm' });
    const logged = (await server.admin('GET', `/api/admin/games/${second}/log`)).json().changes.length;
    expect(await kickOffDue(server.context)).toBe(0);
    expect((await bob.json('GET', '/api/games')).find((each: { id: number }) => each.id === second)).toMatchObject({ status: 'Scheduled' });
    expect((await server.admin('GET', `/api/admin/games/${second}/log`)).json().changes).toHaveLength(logged);

    // Given a later kickoff, the held game starts at it.
    const later = new Date(kickoff + 3_600_000).toISOString();
    await server.admin('POST', `/api/admin/games/${second}`, { date: later, reason: 'the storm passed' });
    server.clock.set(Date.parse(later));
    expect(await kickOffDue(server.context)).toBe(1);
  });

  // The operator finished the wrong game before its kickoff and undid it as the CLI says: the game
  // then never kicked off, and the feed never gave it a score.
  it('starts at its kickoff a game set back to Scheduled before it, and takes its score from the feed', async () => {
    const fourth = await gameIdOf(server, 4);
    const kickoff = Date.parse((await bob.json('GET', '/api/games')).find((each: { id: number }) => each.id === fourth).date);
    server.clock.set(kickoff - 3_600_000);
    expect((await server.admin('POST', `/api/admin/games/${fourth}`, { status: 'Finished', homeGoals: 1, awayGoals: 1 })).statusCode).toBe(200);
    expect((await server.admin('POST', `/api/admin/games/${fourth}`, { status: 'Scheduled', reason: 'entered too early' })).statusCode).toBe(200);

    server.clock.set(kickoff);
    expect(await kickOffDue(server.context)).toBe(1);
    expect((await bob.json('GET', '/api/games')).find((each: { id: number }) => each.id === fourth)).toMatchObject({ status: 'Live', homeGoals: 0, awayGoals: 0 });
    await changeGame(server.context, fourth, { homeGoals: 1, awayGoals: 0 }, { source: 'feed' });
    expect((await bob.json('GET', '/api/games')).find((each: { id: number }) => each.id === fourth)).toMatchObject({ status: 'Live', homeGoals: 1, awayGoals: 0 });
  });
});
