import { HubConnectionState } from '@microsoft/signalr';
import { defaultPointConfiguration, pointsFor } from '@scorecast/rules';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { Hub } from '../src/live/hub.js';
import { GroupScores } from '../src/scoring/groupCache.js';
import { buildApp } from '../src/app.js';
import { createClock } from '../src/clock.js';
import { createMailer } from '../src/mail/mailer.js';
import { DATABASES, freshDatabase, type DatabaseKind } from './support/databases.js';
import { byGame, connect, groupOf, holding, listening, settle, until, type Item, type PushedPlayer } from './support/liveClient.js';
import { gameIdOf, signUp, startTestServer, type Browser, type TestServer } from './support/server.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** A server with Ann's group, which Bob has joined; closed after the test. */
async function annAndBobInAGroup(kind: DatabaseKind) {
  const server = await startTestServer(kind, { push: false });
  cleanups.push(() => server.close());
  const base = await listening(server);
  const ann = await signUp(server, 'ann@example.com');
  const bob = await signUp(server, 'bob@example.com');
  const groupId = await groupOf(ann, 'Ann');
  await bob.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bob' });
  return { server, base, ann, bob, groupId };
}

describe.each(DATABASES)('the /notify hub on %s', (kind) => {
  it('answers the handshake and getConnectionId, and sends a result to everyone with the groups to their members only', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const ann = await signUp(server, 'ann@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const annGroup = await groupOf(ann, 'Ann');

    const annLive = await connect(base, ann.token);
    const bobLive = await connect(base, bob.token);
    const anonymous = await connect(base);
    cleanups.push(() => annLive.connection.stop(), () => bobLive.connection.stop(), () => anonymous.connection.stop());
    expect(annLive.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([annLive.id, bobLive.id, anonymous.id]).size).toBe(3);

    const gameId = await gameIdOf(server, 1);
    const changed = await server.admin('POST', `/api/admin/games/${gameId}`, { status: 'Live', homeGoals: 1, awayGoals: 0 });
    expect(changed.statusCode).toBe(200);

    const annPush = await until(() => annLive.pushes[0], 'ann push');
    expect(annPush[0]).toMatchObject({ entity: 'Game', id: gameId, homeGoals: 1, awayGoals: 0, status: 'Live' });
    // One push carries the game and the groups it changed, shaped like GET /api/groups.
    const httpGroups = await ann.json('GET', '/api/groups');
    expect(annPush.slice(1)).toEqual(httpGroups.map((group: object) => ({ entity: 'Group', ...group })));
    expect(annPush.slice(1).map((item) => item.id)).toEqual([annGroup]);

    const bobPush = await until(() => bobLive.pushes[0], 'bob push');
    expect(bobPush).toEqual([annPush[0]]);
    expect(await until(() => anonymous.pushes[0], 'anonymous push')).toEqual([annPush[0]]);
    await settle();
    expect(bobLive.pushes.flat().some((item) => item.entity === 'Group')).toBe(false);
    expect(anonymous.pushes.flat().some((item) => item.entity === 'Group')).toBe(false);
  });

  it('does not echo a change to the connection that made it, and tells members of joins, leaves and deletions', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const ann = await signUp(server, 'ann@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const cid = await signUp(server, 'cid@example.com');
    const groupId = await groupOf(ann, 'Ann');
    const annLive = await connect(base, ann.token);
    const bobLive = await connect(base, bob.token);
    const cidLive = await connect(base, cid.token);
    cleanups.push(() => annLive.connection.stop(), () => bobLive.connection.stop(), () => cidLive.connection.stop());

    // Bob joins from his own connection: Ann hears of it, Bob's connection does not get an echo.
    const joined = await server.app.inject({
      method: 'POST',
      url: '/api/groups/accept-invitation',
      headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x', authorization: `Bearer ${bob.token}`, 'x-connection-id': bobLive.id },
      payload: { groupId, playerName: 'Bob' },
    });
    expect(joined.statusCode).toBe(200);
    const annSees = await until(() => annLive.pushes.flat().find((item) => item.entity === 'Group'), 'ann sees bob');
    expect((annSees.players as { name: string }[]).map((player) => player.name).sort()).toEqual(['Ann', 'Bob']);
    await settle();
    expect(bobLive.pushes).toEqual([]);
    expect(cidLive.pushes).toEqual([]);

    // Bob leaves without a connection id: Ann sees him gone, Bob gets the group deleted for him.
    expect((await bob.request('POST', `/api/groups/${groupId}/leave`)).statusCode).toBe(200);
    await until(() => annLive.pushes.length === 2, 'ann sees bob leave');
    expect((annLive.pushes[1]![0]!.players as unknown[]).length).toBe(1);
    expect(await until(() => bobLive.pushes[0], 'bob told')).toEqual([{ entity: 'Group', id: groupId, _action: 'DELETE' }]);

    expect((await ann.request('DELETE', `/api/groups/${groupId}`)).statusCode).toBe(200);
    expect(await until(() => annLive.pushes[2], 'deleted')).toEqual([{ entity: 'Group', id: groupId, _action: 'DELETE' }]);
    await settle();
    expect(cidLive.pushes).toEqual([]);
    expect(bobLive.pushes.length).toBe(1);
  });

  it('keeps other members predictions secret in pushed groups exactly as over HTTP', async () => {
    const { server, base, ann, bob, groupId } = await annAndBobInAGroup(kind);
    const annLive = await connect(base, ann.token);
    const bobLive = await connect(base, bob.token);
    cleanups.push(() => annLive.connection.stop(), () => bobLive.connection.stop());

    // Each member gets their groups whole on connecting, cut for them as over HTTP.
    for (const [live, browser] of [[annLive, ann], [bobLive, bob]] as const) {
      const http = await browser.json('GET', '/api/groups');
      expect(live.welcome.filter((item) => item.entity === 'Group')).toEqual(http.map((group: object) => ({ entity: 'Group', ...group })));
    }
    const gameId = await gameIdOf(server, 3);
    await server.admin('POST', `/api/admin/games/${gameId}`, { date: '2024-06-20T19:00:00Z' });
    for (const [live, browser] of [[annLive, ann], [bobLive, bob]] as const) {
      const push = await until(() => live.pushes[0], 'push');
      const held = holding(live.welcome.find((item) => item.entity === 'Group')!, push.find((item) => item.entity === 'Group')!);
      expect(byGame(held)).toEqual(byGame({ entity: 'Group', ...(await browser.json('GET', '/api/groups'))[0] }));
    }
  });
});

describe.each(DATABASES)('goals pushed on %s', (kind) => {
  it('carry only what moved once a member holds the group, and what they add up to is what HTTP shows', async () => {
    const { server, base, ann, bob, groupId } = await annAndBobInAGroup(kind);
    const [first, second] = [await gameIdOf(server, 1), await gameIdOf(server, 2)];
    for (const [browser, picks] of [[ann, [1, 0, 2, 0]], [bob, [0, 0, 1, 1]]] as const) {
      expect((await browser.request('POST', `/api/prediction/${first}`, { homeGoals: picks[0], awayGoals: picks[1] })).statusCode).toBe(200);
      expect((await browser.request('POST', `/api/prediction/${second}`, { homeGoals: picks[2], awayGoals: picks[3] })).statusCode).toBe(200);
    }
    const annLive = await connect(base, ann.token);
    const bobLive = await connect(base, bob.token);
    cleanups.push(() => annLive.connection.stop(), () => bobLive.connection.stop());
    const members = [[annLive, ann], [bobLive, bob]] as const;
    const groupIn = (push: Item[]) => push.find((item) => item.entity === 'Group')!;

    // The kickoff shows the champion picks: the group goes out whole.
    await server.admin('POST', `/api/admin/games/${first}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    const held: Item[] = [];
    for (const [live, browser] of members) {
      const group = groupIn(await until(() => live.pushes[0], 'kickoff'));
      expect(group).toEqual({ entity: 'Group', ...(await browser.json('GET', '/api/groups'))[0] });
      held.push(group);
    }

    // A goal: points, ranks and what moved in the first game's predictions, the same for both; never Bob's secret pick.
    await server.admin('POST', `/api/admin/games/${first}`, { homeGoals: 1 });
    const goal = groupIn(await until(() => annLive.pushes[1], 'goal'));
    expect(groupIn(await until(() => bobLive.pushes[1], 'goal for bob'))).toEqual(goal);
    const exact = pointsFor('exact', 'Group', defaultPointConfiguration(2024));
    expect(goal).toEqual({
      entity: 'Group',
      id: groupId,
      players: [
        { login: 'ann@example.com', points: exact, rank: 1, predictions: [{ gameId: first, accuracy: 'exact', points: exact, rank: 1 }] },
        { login: 'bob@example.com', points: 0, rank: 2, predictions: [{ gameId: first, accuracy: 'wrong', points: 0, rank: 2 }] },
      ],
    });

    // A change that moves nothing (the same score, entered again) sends the group without players.
    await server.admin('POST', `/api/admin/games/${first}`, { homeGoals: 1 });
    expect(groupIn(await until(() => annLive.pushes[2], 'no change'))).toEqual({ entity: 'Group', id: groupId });

    // The second kickoff: its predictions come into view for everyone.
    await server.admin('POST', `/api/admin/games/${second}`, { status: 'Live', homeGoals: 1, awayGoals: 1 });
    const kickoff = groupIn(await until(() => annLive.pushes[3], 'second kickoff'));
    const bobPick = (kickoff.players as PushedPlayer[]).find((player) => player.login === 'bob@example.com')!.predictions!;
    expect(bobPick).toEqual([expect.objectContaining({ gameId: second, homeGoals: 1, awayGoals: 1, accuracy: 'exact' })]);
    for (const [index, [live, browser]] of members.entries()) {
      await until(() => live.pushes[3], 'second kickoff');
      const now = live.pushes.slice(1).reduce((group, push) => holding(group, groupIn(push)), held[index]!);
      expect(byGame(now)).toEqual(byGame({ entity: 'Group', ...(await browser.json('GET', '/api/groups'))[0] }));
    }
  });

  it('go out in part from the first goal on: what members got on connecting is what the parts build on', async () => {
    const { server, base, ann, bob } = await annAndBobInAGroup(kind);
    const first = await gameIdOf(server, 1);
    for (const [browser, homeGoals] of [[ann, 1], [bob, 0]] as const) {
      expect((await browser.request('POST', `/api/prediction/${first}`, { homeGoals, awayGoals: 0 })).statusCode).toBe(200);
    }
    await server.admin('POST', `/api/admin/games/${first}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    // Both connect during the game, after the kickoff: each gets the group whole.
    const members = [] as [Awaited<ReturnType<typeof connect>>, Browser][];
    for (const browser of [ann, bob]) {
      const live = await connect(base, browser.token);
      cleanups.push(() => live.connection.stop());
      members.push([live, browser]);
    }
    await server.admin('POST', `/api/admin/games/${first}`, { homeGoals: 1 });
    for (const [live, browser] of members) {
      const welcome = live.welcome.find((item) => item.entity === 'Group')!;
      expect((welcome.players as PushedPlayer[]).every((player) => player.name !== undefined)).toBe(true);
      const goal = (await until(() => live.pushes[0], 'goal')).find((item) => item.entity === 'Group')!;
      // A part: only logins, points, ranks and what moved.
      expect((goal.players as PushedPlayer[]).map((player) => player.name)).toEqual([undefined, undefined]);
      expect(byGame(holding(welcome, goal))).toEqual(byGame({ entity: 'Group', ...(await browser.json('GET', '/api/groups'))[0] }));
    }
  });
});

describe('goals pushed over any sequence of game changes', () => {
  it('leave every member holding what HTTP shows, and the warm cache equal to a cold one', async () => {
    const server = await startTestServer('sqlite', { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const browsers = [await signUp(server, 'ann@example.com'), await signUp(server, 'bob@example.com'), await signUp(server, 'cid@example.com')];
    const groupId = await groupOf(browsers[0]!, 'Ann');
    await browsers[1]!.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bob' });
    await browsers[2]!.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Cid' });
    const games = await Promise.all([1, 2, 3, 4, 5].map((number) => gameIdOf(server, number)));
    for (const [index, browser] of browsers.entries()) {
      for (const [at, gameId] of games.entries()) await browser.json('POST', `/api/prediction/${gameId}`, { homeGoals: (index + at) % 3, awayGoals: (index * at) % 2 });
    }
    const members = await Promise.all(
      browsers.map(async (browser) => {
        const live = await connect(base, browser.token);
        cleanups.push(() => live.connection.stop());
        return { browser, live, held: { entity: 'Group', ...(await browser.json('GET', '/api/groups'))[0] } as Item };
      }),
    );
    let parts = 0;
    const change = fc.record({
      game: fc.constantFrom(...games),
      what: fc.constantFrom('result', 'result', 'result and kickoff', 'round'),
      status: fc.constantFrom('Scheduled', 'Live', 'Live', 'Finished', 'Finished'),
      homeGoals: fc.nat(3),
      awayGoals: fc.nat(3),
      day: fc.integer({ min: 14, max: 30 }),
      stage: fc.constantFrom('Group', 'Last16'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 5 }), async (changes) => {
        for (const { game, what, status, homeGoals, awayGoals, day, stage } of changes) {
          const scheduled = status === 'Scheduled';
          const result = { status, homeGoals: scheduled ? null : homeGoals, awayGoals: scheduled ? null : awayGoals };
          // A change of round alone keeps the result but not the points it is worth.
          const body = what === 'round' ? { stage } : what === 'result' ? result : { ...result, date: `2024-06-${day}T19:00:00Z` };
          const counts = members.map(({ live }) => live.pushes.length);
          expect((await server.admin('POST', `/api/admin/games/${game}`, body)).statusCode).toBe(200);
          for (const [index, { browser, live }] of members.entries()) {
            await until(() => (live.pushes.length > counts[index]! ? true : undefined), 'push');
            const group = live.pushes.at(-1)!.find((item) => item.entity === 'Group')!;
            if (!(group.players as PushedPlayer[] | undefined)?.some((player) => player.name !== undefined)) parts++;
            members[index]!.held = holding(members[index]!.held, group);
            const http = { entity: 'Group', ...(await browser.json('GET', '/api/groups'))[0] };
            expect(byGame(members[index]!.held)).toEqual(byGame(http));
            expect(await server.context.scores.groupFor(groupId, ['ann@example.com', 'bob@example.com', 'cid@example.com'][index]!)).toEqual(
              await new GroupScores(server.context.db).groupFor(groupId, ['ann@example.com', 'bob@example.com', 'cid@example.com'][index]!),
            );
          }
        }
      }),
      { numRuns: 12 },
    );
    // Most pushes were parts, not whole groups.
    expect(parts).toBeGreaterThan(members.length * 12);
  }, 60_000);
});

describe('the /notify connection', () => {
  it('refuses a bad token in the handshake and answers unknown methods with an error', async () => {
    const server = await startTestServer('sqlite', { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    await expect(connect(base, 'not-a-session')).rejects.toThrow(/Unauthorized/);
    const live = await connect(base);
    cleanups.push(() => live.connection.stop());
    await expect(live.connection.invoke('nothingHere')).rejects.toThrow(/nothingHere/);
    expect(await live.connection.invoke('GETCONNECTIONID')).toBe(live.id);
  });

  it('splits records packed in one frame and sends nothing before the handshake', async () => {
    const server = await startTestServer('sqlite', { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const socket = new WebSocket(`${base.replace('http', 'ws')}/notify`);
    cleanups.push(async () => socket.terminate());
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve) => socket.once('open', resolve));
    await settle();
    expect(frames).toEqual([]);
    socket.send('{"protocol":"json","version":1}\x1e{"type":1,"target":"getConnectionId","arguments":[],"invocationId":"7"}\x1e{"type":6}');
    socket.send('\x1e');
    const completion = await until(() => frames.find((frame) => frame.includes('"invocationId":"7"')), 'completion');
    expect(frames[0]).toBe('{}\x1e');
    expect(JSON.parse(completion.slice(0, -1))).toMatchObject({ type: 3, invocationId: '7', result: expect.any(String) });
  });

  it('reconnects after a server restart with a new connection id', async () => {
    const server = await startTestServer('sqlite', { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const port = Number(new URL(base).port);
    const live = await connect(base);
    cleanups.push(() => live.connection.stop());
    let reconnected: (() => void) | undefined;
    const back = new Promise<void>((resolve) => (reconnected = resolve));
    live.connection.onreconnected(() => reconnected?.());
    await server.app.close();

    const again = await startTestServer('sqlite', { push: false });
    cleanups.push(() => again.close());
    await again.app.listen({ port, host: '127.0.0.1' });
    await back;
    expect(live.connection.state).toBe(HubConnectionState.Connected);
    const id = await live.connection.invoke<string>('getConnectionId');
    expect(id).not.toBe(live.id);
  });
});

describe('a slow consumer', () => {
  it('is dropped once its unsent bytes pass the limit, while a client that reads keeps getting every push', async () => {
    const hub = new Hub({ maxBufferedBytes: 256 * 1024 });
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    const serverSockets: WebSocket[] = [];
    server.on('connection', (socket) => {
      serverSockets.push(socket);
      hub.accept(socket, undefined);
    });
    cleanups.push(async () => {
      await hub.shutdown(100);
      await new Promise((resolve) => server.close(resolve));
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
    const open = async () => {
      const socket = new WebSocket(url);
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send('{"protocol":"json","version":1}\x1e');
      await new Promise((resolve) => socket.once('message', resolve));
      return socket;
    };
    const reader = await open();
    const stalled = await open();
    let read = 0;
    reader.on('message', () => read++);
    // The stalled client stops reading from its TCP socket: the server's unsent bytes pile up.
    (stalled as unknown as { _socket: { pause(): void } })._socket.pause();
    const [readerId, stalledId] = [...hub.connections.keys()];
    const push = `{"type":1,"target":"notify","arguments":[[{"entity":"Game","id":1,"homeTeam":"${'x'.repeat(128 * 1024)}"}]]}\x1e`;
    let sent = 0;
    while (hub.connections.has(stalledId!) && sent < 2_000) {
      for (const connection of hub.connections.values()) hub.send(connection, push);
      sent++;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(hub.connections.has(stalledId!)).toBe(false);
    expect(hub.connections.has(readerId!)).toBe(true);
    await until(() => (read === sent ? true : undefined), 'every push read');
    // Its socket is cut on the server's side (the client, not reading, cannot even see that).
    await until(() => (serverSockets[1]!.readyState === WebSocket.CLOSED ? true : undefined), 'stalled socket cut');
    expect(serverSockets[0]!.readyState).toBe(WebSocket.OPEN);
    reader.close();
    stalled.terminate();
  });
});

describe('the /notify timers (scaled down)', () => {
  async function hubWithTimers(keepAliveMs: number, timeoutMs: number): Promise<string> {
    const database = await freshDatabase('sqlite');
    const { app } = await buildApp({
      database,
      clock: createClock({ start: Date.parse('2024-06-01T12:00:00Z'), speed: 0 }),
      mailer: createMailer({ outboxDir: `${database.dataDir}/outbox`, from: 'x <x@scorecast.test>' }),
      adminToken: 'test-admin-token',
      publicUrl: 'http://scorecast.test',
      push: false,
      live: { keepAliveMs, timeoutMs, shutdownGraceMs: 200 },
    });
    cleanups.push(async () => {
      await app.close();
      await database.drop();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${address.port}`;
  }

  it('pings an idle client so a real client with a short server timeout stays connected', async () => {
    const base = await hubWithTimers(100, 400);
    const live = await connect(base, undefined, { keepAliveMs: 100, timeoutMs: 400 });
    cleanups.push(() => live.connection.stop());
    let closed = false;
    live.connection.onreconnecting(() => (closed = true));
    live.connection.onclose(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(closed).toBe(false);
    expect(await live.connection.invoke('getConnectionId')).toBe(live.id);
  });

  it('drops a client that stays silent past the timeout, and one that never shakes hands', async () => {
    const base = await hubWithTimers(100, 400);
    const silent = new WebSocket(`${base.replace('http', 'ws')}/notify`);
    const mute = new WebSocket(`${base.replace('http', 'ws')}/notify`);
    cleanups.push(async () => silent.terminate(), async () => mute.terminate());
    const frames: string[] = [];
    silent.on('message', (data) => frames.push(data.toString()));
    await Promise.all([silent, mute].map((socket) => new Promise((resolve) => socket.once('open', resolve))));
    silent.send('{"protocol":"json","version":1}\x1e');
    const closedAt = await Promise.all([silent, mute].map((socket) => new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())))));
    expect(closedAt).toHaveLength(2);
    expect(frames[0]).toBe('{}\x1e');
    expect(frames.slice(1)).toContain('{"type":6}\x1e');
  });

  it('keeps a pinging client when the server itself was too busy to read its pings', async () => {
    const base = await hubWithTimers(100, 400);
    const socket = new WebSocket(`${base.replace('http', 'ws')}/notify`);
    cleanups.push(async () => socket.terminate());
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send('{"protocol":"json","version":1}\x1e');
    await new Promise((resolve) => socket.once('message', resolve));
    const pinging = setInterval(() => socket.send('{"type":6}\x1e'), 100);
    cleanups.push(async () => clearInterval(pinging));
    let closed = false;
    socket.once('close', () => (closed = true));
    // The process is busy for longer than the timeout: nothing is read meanwhile, on either side.
    const busyUntil = Date.now() + 700;
    while (Date.now() < busyUntil);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(closed).toBe(false);
  });

  it('closes with allowReconnect on shutdown', async () => {
    const base = await hubWithTimers(15_000, 30_000);
    const socket = new WebSocket(`${base.replace('http', 'ws')}/notify`);
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send('{"protocol":"json","version":1}\x1e');
    await until(() => frames.length === 1, 'handshake');
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const shutdown = cleanups.pop()!;
    await shutdown();
    await closed;
    expect(frames[1]).toBe('{"type":7,"allowReconnect":true}\x1e');
  });
});
