import { HubConnectionState } from '@microsoft/signalr';
import { ACCOUNT_DELETED_ERROR, SESSION_ENDED_ERROR } from '@scorecast/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DATABASES } from './support/databases.js';
import { connect, listening, until } from './support/liveClient.js';
import { lastLink } from './support/outbox.js';
import { SESSION_IDLE_MS } from '../src/db/tokens.js';
import { Browser, PASSWORD, signUp, startTestServer, wire, type TestServer } from './support/server.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** Another session of the same user, as a second device logs in. */
async function logIn(server: TestServer, login: string, password = PASSWORD): Promise<Browser> {
  const browser = new Browser(server.app);
  browser.token = (await browser.json('POST', '/api/auth', { login, password: await wire(password) })).token;
  return browser;
}

/** A live connection of a browser's session, and when it was closed. */
async function liveOf(base: string, browser: Browser) {
  const live = await connect(base, browser.token);
  const state = { closedAt: undefined as number | undefined, error: undefined as string | undefined };
  live.connection.onclose((error) => {
    state.closedAt = Date.now();
    state.error = error?.message;
  });
  cleanups.push(() => live.connection.stop());
  return { live, state };
}

/** Waits for a connection to close for good, at most a second after `since`. */
async function closedWithinASecond(connection: Awaited<ReturnType<typeof liveOf>>, since: number): Promise<void> {
  await until(() => connection.state.closedAt, 'the connection closed', 1_500);
  expect(connection.state.closedAt! - since).toBeLessThanOrEqual(1_000);
  expect(connection.live.connection.state).toBe(HubConnectionState.Disconnected);
}

describe.each(DATABASES)('a session that ends on %s', (kind) => {
  it('closes its live connections: logout, a password change (the changing session stays), a reset and an account deletion', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const ann = await signUp(server, 'ann@example.com');
    const annPhone = await logIn(server, 'ann@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const [annLive, phoneLive, bobLive] = [await liveOf(base, ann), await liveOf(base, annPhone), await liveOf(base, bob)];

    // Logout ends one session: its connection closes, the other session's stays.
    let since = Date.now();
    await annPhone.json('GET', '/api/auth/logout');
    await closedWithinASecond(phoneLive, since);
    expect(phoneLive.state.error).toMatch(new RegExp(`${SESSION_ENDED_ERROR}$`));
    expect(annLive.live.connection.state).toBe(HubConnectionState.Connected);

    // A password change ends the other sessions, not the one that made it.
    const annTablet = await logIn(server, 'ann@example.com');
    const tabletLive = await liveOf(base, annTablet);
    since = Date.now();
    expect(await ann.json('POST', '/api/auth/password/change', { password: await wire('Better!45') })).toEqual({ status: 'Successful' });
    await closedWithinASecond(tabletLive, since);
    expect(annLive.live.connection.state).toBe(HubConnectionState.Connected);

    // A reset: logged in with the mailed link, the new password ends every other session.
    await new Browser(server.app).json('POST', '/api/auth/password/reset/email', { login: 'ann@example.com' });
    const link = lastLink(server.outboxDir, 'ann@example.com', 'reset-password').searchParams.get('password')!;
    const resetting = new Browser(server.app);
    resetting.token = (await resetting.json('POST', '/api/auth', { login: 'ann@example.com', password: await wire(link) })).token;
    since = Date.now();
    await resetting.json('POST', '/api/auth/password/change', { password: await wire('Newer!678') });
    await closedWithinASecond(annLive, since);

    // An account deleted: every connection of it closes; another user's stays.
    const bobPhoneLive = await liveOf(base, await logIn(server, 'bob@example.com'));
    since = Date.now();
    expect((await bob.request('DELETE', '/api/players')).statusCode).toBe(200);
    await closedWithinASecond(bobLive, since);
    await closedWithinASecond(bobPhoneLive, since);
    // Said as such: the other tab told of a password change (a fan).
    expect(bobPhoneLive.state.error).toMatch(new RegExp(`${ACCOUNT_DELETED_ERROR}$`));
    const anonymous = await connect(base);
    cleanups.push(() => anonymous.connection.stop());
    expect(anonymous.connection.state).toBe(HubConnectionState.Connected);
  });

  // Found by a fresh attacker: a session that ran out was refused by every call, yet its open
  // connection kept getting its groups' changes for as long as it pinged.
  it('closes the live connection of a session that ran out (90 days unused), as the API refuses it', async () => {
    const server = await startTestServer(kind, { push: false, live: { sessionCheckMs: 100 } });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const start = server.clock.now();
    const ann = await signUp(server, 'ann@example.com');
    const annLive = await liveOf(base, ann);
    server.clock.set(start + SESSION_IDLE_MS + 1, 0);
    // A login after the leap keeps its connection.
    const annPhoneLive = await liveOf(base, await logIn(server, 'ann@example.com'));
    const since = Date.now();
    expect((await ann.request('GET', '/api/auth')).statusCode).toBe(401);
    await closedWithinASecond(annLive, since);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(annPhoneLive.live.connection.state).toBe(HubConnectionState.Connected);
  });

  // Found by a fresh attacker: a connection upgraded before the logout and shaking hands after it
  // missed the close, stayed open and got the group's pushes.
  it('refuses the handshake of a connection opened before its session ended', async () => {
    const server = await startTestServer(kind, { push: false });
    cleanups.push(() => server.close());
    const base = await listening(server);
    const ann = await signUp(server, 'ann@example.com');
    const socket = new WebSocket(`${base.replace('http', 'ws')}/notify?access_token=${ann.token}`);
    cleanups.push(async () => socket.terminate());
    const heard: unknown[] = [];
    socket.on('message', (data) => heard.push(...data.toString().split('\x1e').filter(Boolean).map((text) => JSON.parse(text) as unknown)));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await ann.json('GET', '/api/auth/logout');
    socket.send('{"protocol":"json","version":1}\x1e');
    await until(() => heard.length > 0, 'the handshake answer');
    expect(heard[0]).toEqual({ error: 'Unauthorized' });
  });
});
