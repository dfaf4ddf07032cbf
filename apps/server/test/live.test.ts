import { HubConnectionState } from '@microsoft/signalr';
import { defaultPointConfiguration, pointsFor } from '@scorecast/rules';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { Hub } from '../src/live/hub.js';
import { buildApp } from '../src/app.js';
import { createClock } from '../src/clock.js';
import { createMailer } from '../src/mail/mailer.js';
import { DATABASES, freshDatabase } from './support/databases.js';
import { annAndBobInAGroup, connect, groupOf, listening, member, settle, sorted, until } from './support/liveClient.js';
import { gameIdOf, signUp, startTestServer } from './support/server.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** A bare WebSocket on /notify past its handshake: every frame it gets, and its close. */
async function pastHandshake(url: string) {
  const socket = new WebSocket(url);
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(data.toString()));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send('{"protocol":"json","version":1}\x1e');
  await until(() => frames.length === 1, 'handshake');
  return { socket, frames, closed };
}

describe.each(DATABASES)('the /notify hub on %s', (kind) => {
  it('answers the handshake and getConnectionId, sends a result to everyone, and a kickoff\'s predictions to the members only', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const ann = await signUp(server, 'ann@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const annGroup = await groupOf(ann, 'Ann');
    const gameId = await gameIdOf(server, 1);
    await ann.json('POST', `/api/prediction/${gameId}`, { homeGoals: 2, awayGoals: 1 });
    await bob.json('POST', `/api/prediction/${gameId}`, { homeGoals: 0, awayGoals: 1 });

    const annLive = await member(base, ann, 'ann@example.com');
    const bobLive = await connect(base, bob.token);
    const anonymous = await connect(base);
    cleanups.push(() => annLive.live.connection.stop(), () => bobLive.connection.stop(), () => anonymous.connection.stop());
    expect(annLive.live.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([annLive.live.id, bobLive.id, anonymous.id]).size).toBe(3);

    const changed = await server.admin('POST', `/api/admin/games/${gameId}`, { status: 'Live', homeGoals: 1, awayGoals: 0 });
    expect(changed.statusCode).toBe(200);

    // One Game item, the same for everyone; then the reveal of the started game to the group's members.
    const [game] = await until(() => annLive.live.pushes[0], 'ann push');
    expect(game).toMatchObject({ entity: 'Game', id: gameId, homeGoals: 1, awayGoals: 0, status: 'Live' });
    expect(await until(() => bobLive.pushes[0], 'bob push')).toEqual([game]);
    expect(await until(() => anonymous.pushes[0], 'anonymous push')).toEqual([game]);
    expect(await until(() => annLive.live.pushes[1], 'reveal')).toEqual([
      { entity: 'Group', id: annGroup, players: [{ login: 'ann@example.com', predictions: [{ gameId, homeGoals: 2, awayGoals: 1 }] }] },
    ]);
    expect(sorted(annLive.state)).toEqual(sorted(await annLive.http()));
    await settle();
    expect(bobLive.pushes.flat().some((item) => item.entity === 'Group')).toBe(false);
    expect(anonymous.pushes.flat().some((item) => item.entity === 'Group')).toBe(false);
  });

  // A kickoff's reveal whose database read failed (a table locked, the pool exhausted at kickoff)
  // was dropped without a word: the members never saw the predictions until they reloaded.
  it('tells its clients to reconnect, and so reload, when a kickoff\'s reveal cannot be read', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const ann = await signUp(server, 'ann@example.com');
    await groupOf(ann, 'Ann');
    const gameId = await gameIdOf(server, 1);
    await ann.json('POST', `/api/prediction/${gameId}`, { homeGoals: 2, awayGoals: 1 });
    const { socket, frames, closed } = await pastHandshake(`${base.replace('http', 'ws')}/notify?access_token=${ann.token}`);
    cleanups.push(async () => socket.close());

    await sql`ALTER TABLE predictions RENAME TO predictions_away`.execute(server.database.db);
    try {
      expect((await server.admin('POST', `/api/admin/games/${gameId}`, { status: 'Live', homeGoals: 0, awayGoals: 0 })).statusCode).toBe(200);
      await Promise.race([closed, new Promise((_, fail) => setTimeout(() => fail(new Error('the connection stayed open, its reveal lost')), 10_000))]);
    } finally {
      await sql`ALTER TABLE predictions_away RENAME TO predictions`.execute(server.database.db);
    }
    expect(frames.at(-1)).toBe('{"type":7,"allowReconnect":true}\x1e');
    expect(frames.join('')).toContain('"entity":"Game"');
  });

  it('does not echo a change to the connection that made it, and tells members of joins, leaves and deletions', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const ann = await signUp(server, 'ann@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const cid = await signUp(server, 'cid@example.com');
    const groupId = await groupOf(ann, 'Ann');
    // The creation's push is read and sent after the answer; let it pass before connecting.
    await settle();
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
    expect(annSees).toEqual({ entity: 'Group', ...(await ann.json('GET', '/api/groups'))[0] });
    expect((annSees.players as { name: string }[]).map((player) => player.name).sort()).toEqual(['Ann', 'Bob']);
    await settle();
    expect(bobLive.pushes).toEqual([]);
    expect(cidLive.pushes).toEqual([]);

    // Bob leaves without a connection id: Ann sees him gone, Bob gets the group deleted for him.
    expect((await bob.request('POST', `/api/groups/${groupId}/leave`)).statusCode).toBe(200);
    await until(() => annLive.pushes.length === 2, 'ann sees bob leave');
    expect((annLive.pushes[1]![0]!.players as unknown[]).length).toBe(1);
    expect(await until(() => bobLive.pushes[0], 'bob told')).toEqual([{ entity: 'Group', id: groupId, _action: 'DELETE' }]);

    // Deleted by its creator: the item says so, and her other connections are told.
    expect((await ann.request('DELETE', `/api/groups/${groupId}`)).statusCode).toBe(200);
    expect(await until(() => annLive.pushes[2], 'deleted')).toEqual([{ entity: 'Group', id: groupId, _action: 'DELETE', deleted: true }]);
    await settle();
    expect(cidLive.pushes).toEqual([]);
    expect(bobLive.pushes.length).toBe(1);
  });

  it('sends a group\'s changes in the order they were made: a join right after the group was made never reaches the new member as a deletion', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const ann = await signUp(server, 'ann@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const bobLive = await connect(base, bob.token);
    cleanups.push(() => bobLive.connection.stop());
    // Each group's creation and join are pushed after their answers; the creation's push must not overtake the join's.
    const groupIds: string[] = [];
    for (let round = 0; round < 8; round++) {
      const groupId = await groupOf(ann, `Ann ${round}`);
      await bob.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bob' });
      groupIds.push(groupId);
    }
    await until(() => groupIds.every((id) => bobLive.pushes.flat().some((item) => item.id === id && item._action === undefined)), 'bob sees every group');
    await settle();
    expect(bobLive.pushes.flat().filter((item) => item._action === 'DELETE')).toEqual([]);
  });

  it('spares only the caller\'s own connection: another player\'s connection id does not silence that player', async () => {
    const { server, base, ann, bob, groupId } = await annAndBobInAGroup(kind, (close) => cleanups.push(close));
    const bobLive = await connect(base, bob.token);
    cleanups.push(() => bobLive.connection.stop());
    // Ann renames herself, naming Bob's connection as hers: Bob still hears of it.
    const renamed = await server.app.inject({
      method: 'POST',
      url: '/api/players/rename',
      headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x', authorization: `Bearer ${ann.token}`, 'x-connection-id': bobLive.id },
      payload: { groupId, name: 'Annika' },
    });
    expect(renamed.statusCode).toBe(200);
    // Bob's own join may still reach his fresh connection first (it travels through the database on
    // PostgreSQL), so wait for the push that carries the new name.
    const bobSees = await until(
      () => bobLive.pushes.flat().find((item) => item.entity === 'Group' && (item.players as { name: string }[]).some((player) => player.name === 'Annika')),
      'bob sees the rename',
    );
    expect((bobSees.players as { name: string }[]).map((player) => player.name).sort()).toEqual(['Annika', 'Bob']);
  });

  it('keeps other members\' predictions secret until kickoff, then shows them (and the champion picks at the first kickoff only), and the ranking moves with each goal', async () => {
    const { server, base, ann, bob, groupId } = await annAndBobInAGroup(kind, (close) => cleanups.push(close));
    const [first, second] = [await gameIdOf(server, 1), await gameIdOf(server, 2)];
    expect((await ann.request('POST', `/api/prediction/${first}`, { homeGoals: 1, awayGoals: 0 })).statusCode).toBe(200);
    expect((await ann.request('POST', `/api/prediction/${second}`, { homeGoals: 2, awayGoals: 0 })).statusCode).toBe(200);
    expect((await bob.request('POST', `/api/prediction/${first}`, { homeGoals: 0, awayGoals: 0 })).statusCode).toBe(200);
    expect((await ann.request('POST', '/api/prediction/champion', { team: 'es' })).statusCode).toBe(200);
    const members = [await member(base, ann, 'ann@example.com'), await member(base, bob, 'bob@example.com')];
    cleanups.push(...members.map((each) => () => each.live.connection.stop()));
    const pushesOf = (index: number) => members[index]!.live.pushes;

    // A change of a game that has not started: only the game, nobody's prediction.
    await server.admin('POST', `/api/admin/games/${second}`, { date: '2024-06-20T19:00:00Z' });
    for (const [index, each] of members.entries()) {
      expect(await until(() => pushesOf(index)[0], 'date')).toEqual([expect.objectContaining({ entity: 'Game', id: second, date: '2024-06-20T19:00:00.000Z' })]);
      expect(sorted(each.state)).toEqual(sorted(await each.http()));
    }

    // The first kickoff: each member gets the game's predictions of the group, and the champion picks.
    await server.admin('POST', `/api/admin/games/${first}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    const reveal = await until(() => pushesOf(0)[2], 'reveal');
    expect(reveal).toEqual([
      {
        entity: 'Group',
        id: groupId,
        players: [
          { login: 'ann@example.com', championPrediction: 'es', predictions: [{ gameId: first, homeGoals: 1, awayGoals: 0 }] },
          { login: 'bob@example.com', predictions: [{ gameId: first, homeGoals: 0, awayGoals: 0 }] },
        ],
      },
    ]);
    expect(await until(() => pushesOf(1)[2], 'reveal for bob')).toEqual(reveal);
    expect(JSON.stringify(members.map((_, index) => pushesOf(index)))).not.toContain(`"gameId":${second},"homeGoals"`);
    expect(members[1]!.state.groups[0]!.players.find((player) => player.login === 'ann@example.com')!.championPrediction).toBe('es');

    // A goal: one Game item, the same for both; each derives the ranking that HTTP shows.
    await server.admin('POST', `/api/admin/games/${first}`, { homeGoals: 1 });
    const goal = await until(() => pushesOf(0)[3], 'goal');
    expect(await until(() => pushesOf(1)[3], 'goal for bob')).toEqual(goal);
    expect(goal).toEqual([expect.objectContaining({ entity: 'Game', id: first, homeGoals: 1, awayGoals: 0 })]);
    const exact = pointsFor('exact', 'Group', defaultPointConfiguration(2024));
    for (const each of members) {
      expect(sorted(each.state)).toEqual(sorted(await each.http()));
      expect(each.state.groups[0]!.players.map((player) => [player.login, player.points, player.rank])).toEqual([
        ['ann@example.com', exact, 1],
        ['bob@example.com', 0, 2],
      ]);
    }

    // A later kickoff: the predictions alone (every member holds the champion picks by now), none for a player without one.
    await server.admin('POST', `/api/admin/games/${second}`, { status: 'Live', homeGoals: 0, awayGoals: 0 });
    await until(() => pushesOf(1)[5], 'the second reveal for bob');
    expect(pushesOf(0)[5]).toEqual([{ entity: 'Group', id: groupId, players: [{ login: 'ann@example.com', predictions: [{ gameId: second, homeGoals: 2, awayGoals: 0 }] }] }]);
    expect(pushesOf(1)[5]).toEqual(pushesOf(0)[5]);
    for (const each of members) expect(sorted(each.state)).toEqual(sorted(await each.http()));
    await settle();
    expect(members.map((_, index) => pushesOf(index).length)).toEqual([6, 6]);
  });
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
    const { frames, closed } = await pastHandshake(`${base.replace('http', 'ws')}/notify`);
    const shutdown = cleanups.pop()!;
    await shutdown();
    await closed;
    expect(frames[1]).toBe('{"type":7,"allowReconnect":true}\x1e');
  });
});
