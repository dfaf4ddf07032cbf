import { routes } from '@scorecast/api-client';
import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './support/databases.js';
import { LINK_MAIL_COOLDOWN_MS } from '../src/db/tokens.js';
import { lastLink, mailsIn } from './support/outbox.js';
import { Browser, gameIdOf, PASSWORD, signUp, startTestServer, wire, type TestServer } from './support/server.js';

describe.each(DATABASES)('the whole game on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('registers, mails an activation link, activates through it and logs in', async () => {
    const browser = new Browser(server.app);
    expect(await browser.json('POST', '/api/auth/register', { language: 'de', login: ' Ann@Example.com ', password: await wire(PASSWORD) })).toEqual({
      status: 'Successful',
    });
    expect(await browser.json('POST', '/api/auth', { login: 'ann@example.com', password: await wire(PASSWORD) })).toEqual({ status: 'NotActivated' });
    const link = lastLink(server.outboxDir, 'ann@example.com', 'activate-account');
    expect(link.origin).toBe('http://scorecast.test');
    expect(link.pathname).toBe('/login');
    const token = link.searchParams.get('password')!;
    // The spec's link flow: a login with the token answers NotActivated, then activate with it.
    expect(await browser.json('POST', '/api/auth', { login: 'ann@example.com', password: token })).toEqual({ status: 'NotActivated' });
    expect(await browser.json('POST', '/api/auth/activate', { login: 'ann@example.com', password: token })).toEqual({ status: 'Successful' });
    expect(await browser.json('POST', '/api/auth/activate', { login: 'ann@example.com', password: token })).toEqual({ status: 'UserAlreadyExists' });
    const login = await browser.json('POST', '/api/auth', { login: 'ann@example.com', password: await wire(PASSWORD) });
    expect(login.status).toBe('Successful');
    expect(login.user).toMatchObject({ login: 'ann@example.com', language: 'de', theme: 'Default' });
    browser.token = login.token;
    expect((await browser.json('GET', '/api/auth')).user.login).toBe('ann@example.com');
    // Only argon2id hashes and token hashes are stored, never a password or a bearer token.
    const row = await server.database.db.selectFrom('users').select('password_hash').where('login', '=', 'ann@example.com').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await server.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.map((session) => session.token_hash)).not.toContain(login.token);
    expect(sessions).toHaveLength(1);
    expect(await browser.json('POST', '/api/auth', { login: 'ann@example.com', password: await wire('Wrong!23') })).toEqual({ status: 'Failed' });
    expect(await browser.json('POST', '/api/auth/register', { language: 'en', login: 'ann@example.com', password: await wire(PASSWORD) })).toEqual({
      status: 'UserAlreadyExists',
    });
  });

  it('writes the activation mail in the user language, as text and HTML', async () => {
    const [mail] = (await import('./support/outbox.js')).mailsIn(server.outboxDir);
    expect(mail).toContain('Subject: Aktiviere dein Scorecast-Konto');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
  });

  it('plays a tournament: group, invitation, predictions, results, points and ranks', async () => {
    const ann = await signUp(server, 'ann2@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const created = await ann.json('POST', '/api/groups', {
      name: 'Office',
      pointConfiguration: defaultPointConfiguration(2024),
      playerName: 'Ann',
    });
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(created.group).toMatchObject({ name: 'Office', creator: 'ann2@example.com', competitionYear: 2024, maxPlayers: 10 });
    const edited = await ann.json('POST', '/api/groups', { id: created.id, name: 'Office', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Annie' });
    expect(edited.group.players[0].name).toBe('Annie');
    await ann.json('POST', '/api/players/rename', { groupId: created.id, name: 'Ann' });

    await bob.json('POST', `/api/groups/invitation/${created.id}`);
    expect((await bob.json('GET', '/api/settings')).invitation).toEqual({ groupId: created.id, groupName: 'Office', invitorName: 'Ann' });
    const joined = await bob.json('POST', '/api/groups/accept-invitation', { groupId: created.id, playerName: 'Bob' });
    expect(joined.players.map((player: { name: string }) => player.name).sort()).toEqual(['Ann', 'Bob']);
    expect((await bob.json('GET', '/api/settings')).invitation).toBeUndefined();

    const first = await gameIdOf(server, 1);
    const final = await gameIdOf(server, 5);
    expect(await ann.json('POST', `/api/prediction/${first}`, { homeGoals: 5, awayGoals: 1 })).toEqual({ homeGoals: 5, awayGoals: 1 });
    await bob.json('POST', `/api/prediction/${first}`, { homeGoals: 2, awayGoals: 1 });
    await ann.json('POST', '/api/prediction/champion', { team: 'es' });
    await bob.json('POST', '/api/prediction/champion', { team: 'de' });
    await ann.json('POST', `/api/prediction/${final}`, { homeGoals: 0, awayGoals: 2 });

    server.clock.set(Date.parse('2024-06-14T19:00:00Z'));
    expect((await server.admin('POST', `/api/admin/games/${first}`, { status: 'Live', homeGoals: 0, awayGoals: 0 })).statusCode).toBe(200);
    let groups = await ann.json('GET', '/api/groups');
    let players = groups[0].players;
    // Live games count provisionally: 0:0 is wrong for both.
    expect(players.map((player: { points: number }) => player.points)).toEqual([0, 0]);

    await server.admin('POST', `/api/admin/games/${first}`, { status: 'Finished', homeGoals: 5, awayGoals: 1 });
    groups = await bob.json('GET', '/api/groups');
    players = groups[0].players;
    expect(players.map(({ name, points, rank }: { name: string; points: number; rank: number }) => ({ name, points, rank }))).toEqual([
      { name: 'Ann', points: 5, rank: 1 },
      { name: 'Bob', points: 2, rank: 2 },
    ]);
    const annOfBob = players[0];
    expect(annOfBob.predictions).toEqual([{ gameId: first, homeGoals: 5, awayGoals: 1, accuracy: 'exact', points: 5, rank: 1 }]);
    expect(annOfBob.championPrediction).toBe('es');

    server.clock.set(Date.parse('2024-07-14T19:00:00Z'));
    await server.admin('POST', `/api/admin/games/${final}`, { status: 'Finished', homeGoals: 0, awayGoals: 1 });
    const after = (await ann.json('GET', '/api/groups'))[0].players;
    expect(after[0]).toMatchObject({ name: 'Ann', points: 5 + 10 + 40, rank: 1 });
    expect(after[0].predictions.find((prediction: { gameId: number }) => prediction.gameId === final)).toMatchObject({
      accuracy: 'trend',
      points: 10,
      rank: 1,
      previousRank: 1,
    });
  });

  it('resets a password through the mailed link and ends the other sessions', async () => {
    const carl = await signUp(server, 'carl@example.com');
    const anonymous = new Browser(server.app);
    expect(await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'carl@example.com' })).toEqual({ status: 'Successful' });
    expect(await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'nobody@example.com' })).toEqual({ status: 'Successful' });
    const token = lastLink(server.outboxDir, 'carl@example.com', 'reset-password').searchParams.get('password')!;
    const linkLogin = await anonymous.json('POST', '/api/auth', { login: 'carl@example.com', password: await wire(token) });
    expect(linkLogin.status).toBe('Successful');
    anonymous.token = linkLogin.token;
    expect(await anonymous.json('POST', '/api/auth/password/change', { password: await wire('Better!45') })).toEqual({ status: 'Successful' });
    expect((await carl.request('GET', '/api/auth')).statusCode).toBe(401);
    expect(await anonymous.json('POST', '/api/auth', { login: 'carl@example.com', password: token })).toEqual({ status: 'Failed' });
    expect((await anonymous.json('POST', '/api/auth', { login: 'carl@example.com', password: await wire('Better!45') })).status).toBe('Successful');
    expect((await anonymous.request('POST', '/api/auth/password/change', { password: await wire('weak') })).json()).toEqual({
      error: 'passwordTooShort',
      field: 'password',
    });
  });

  // Found by a fresh attacker: a reset link mailed before a password change still logged its holder in.
  it('voids the links that log in (reset, reminders) when the password changes', async () => {
    const erik = await signUp(server, 'erik@example.com');
    const anonymous = new Browser(server.app);
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'erik@example.com' });
    const token = lastLink(server.outboxDir, 'erik@example.com', 'reset-password').searchParams.get('password')!;
    expect(await erik.json('POST', '/api/auth/password/change', { password: await wire('Better!45') })).toEqual({ status: 'Successful' });
    expect(await anonymous.json('POST', '/api/auth', { login: 'erik@example.com', password: await wire(token) })).toEqual({ status: 'Failed' });
  });

  // Found by a fresh player: a reset link opened a second time (a new tab, the mail app first) said
  // it was invalid, though no password had been set with it.
  it('opens a reset link again until a password is set with it', async () => {
    await signUp(server, 'hedda@example.com');
    const anonymous = new Browser(server.app);
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'hedda@example.com' });
    const token = lastLink(server.outboxDir, 'hedda@example.com', 'reset-password').searchParams.get('password')!;
    const opened = async () => new Browser(server.app).json('POST', '/api/auth', { login: 'hedda@example.com', password: await wire(token), onlyCheckCredentials: true });
    expect((await opened()).status).toBe('Successful');
    const again = await opened();
    expect(again.status).toBe('Successful');
    const resetting = new Browser(server.app);
    resetting.token = again.token;
    expect(await resetting.json('POST', '/api/auth/password/change', { password: await wire('Better!45') })).toEqual({ status: 'Successful' });
    expect((await opened()).status).toBe('Failed');
  });

  // A fresh player found the older link opening the form after a newer one was sent, and it was
  // voided then; a fresh attacker then asked for a reset a minute, each voiding the owner's link, so
  // only a link opened within a minute of its mail worked. Both stay until a password is set.
  it('keeps an older reset link when a newer one is sent, until a password is set with either', async () => {
    await signUp(server, 'ida@example.com');
    const anonymous = new Browser(server.app);
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'ida@example.com' });
    const older = lastLink(server.outboxDir, 'ida@example.com', 'reset-password').searchParams.get('password')!;
    server.clock.set(server.clock.now() + LINK_MAIL_COOLDOWN_MS);
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'ida@example.com' });
    const newer = lastLink(server.outboxDir, 'ida@example.com', 'reset-password').searchParams.get('password')!;
    expect(newer).not.toBe(older);
    const opened = async (token: string) => (await new Browser(server.app).json('POST', '/api/auth', { login: 'ida@example.com', password: await wire(token) })).status;
    expect(await opened(older)).toBe('Successful');
    const resetting = new Browser(server.app);
    resetting.token = (await new Browser(server.app).json('POST', '/api/auth', { login: 'ida@example.com', password: await wire(newer) })).token;
    expect(await resetting.json('POST', '/api/auth/password/change', { password: await wire('Better!45') })).toEqual({ status: 'Successful' });
    expect([await opened(older), await opened(newer)]).toEqual(['Failed', 'Failed']);
  });

  it('logs out by ending the session', async () => {
    const dora = await signUp(server, 'dora@example.com');
    expect((await dora.request('GET', '/api/auth')).statusCode).toBe(200);
    await dora.json('GET', '/api/auth/logout');
    expect((await dora.request('GET', '/api/auth')).statusCode).toBe(401);
  });

  it('resends the activation mail only for a right password of an inactive account', async () => {
    const browser = new Browser(server.app);
    await browser.json('POST', '/api/auth/register', { language: 'en', login: 'eve@example.com', password: await wire(PASSWORD) });
    expect(await browser.json('POST', '/api/auth/register/sendmail', { login: 'eve@example.com', password: await wire('Wrong!23') })).toEqual({ status: 'Failed' });
    const firstToken = lastLink(server.outboxDir, 'eve@example.com', 'activate-account').searchParams.get('password');
    expect(await browser.json('POST', '/api/auth/register/sendmail', { login: 'eve@example.com', password: await wire(PASSWORD) })).toEqual({ status: 'Successful' });
    expect(lastLink(server.outboxDir, 'eve@example.com', 'activate-account').searchParams.get('password')).not.toBe(firstToken);
  });

  it('deletes an account with the groups it created, and the other players keep theirs', async () => {
    const fay = await signUp(server, 'fay@example.com');
    const gus = await signUp(server, 'gus@example.com');
    const own = await fay.json('POST', '/api/groups', { name: 'Fay', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Fay' });
    const other = await gus.json('POST', '/api/groups', { name: 'Gus', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Gus' });
    await gus.json('POST', '/api/groups/accept-invitation', { groupId: own.id, playerName: 'Gus' });
    await fay.json('POST', '/api/groups/accept-invitation', { groupId: other.id, playerName: 'Fay' });
    await fay.json('DELETE', '/api/players');
    expect((await fay.request('GET', '/api/auth')).statusCode).toBe(401);
    const left = await gus.json('GET', '/api/groups');
    expect(left.map((group: { name: string }) => group.name)).toEqual(['Gus']);
    expect(left[0].players.map((player: { name: string }) => player.name)).toEqual(['Gus']);
    expect(await new Browser(server.app).json('POST', '/api/auth', { login: 'fay@example.com', password: await wire(PASSWORD) })).toEqual({ status: 'Failed' });
  });

  it('stores theme, language, notification switches and the newsletter choice', async () => {
    const hal = await signUp(server, 'hal@example.com');
    expect((await hal.json('POST', '/api/players/theme', { theme: 'Dark' })).theme).toBe('Dark');
    expect((await hal.json('POST', '/api/players/language', { language: 'de' })).language).toBe('de');
    const subscription = { endpoint: 'https://push.example.com/abc', keys: { p256dh: 'key', auth: 'auth' } };
    expect(await hal.json('POST', '/api/notification', { notify: true, subscription, language: 'de' })).toMatchObject({ notify: true });
    expect(await hal.json('POST', '/api/notification', { notifyOnGameStart: false })).toMatchObject({ notify: true, notifyOnGameStart: false });
    const row = await server.database.db.selectFrom('users').selectAll().where('login', '=', 'hal@example.com').executeTakeFirstOrThrow();
    expect(JSON.parse(row.push_subscription!)).toEqual(subscription);
    expect((await server.admin('POST', '/api/admin/newsletter', { subject: 'Before the tournament', text: 'Hello.' })).statusCode).toBe(200);
    const link = lastLink(server.outboxDir, 'hal@example.com', 'unsubscribe');
    await new Browser(server.app).json('POST', '/api/newsletter/unsubscribe', { email: link.searchParams.get('email'), token: link.searchParams.get('token') });
    const after = await server.database.db.selectFrom('users').select('newsletter').where('login', '=', 'hal@example.com').executeTakeFirstOrThrow();
    expect(after.newsletter).toBe(0);
    expect((await hal.json('GET', '/api/auth')).user).toMatchObject({ theme: 'Dark', language: 'de', notifyOnGameStart: false });
  });

  it('mails the newsletter to activated players who did not unsubscribe, with a link that unsubscribes', async () => {
    const kim = await signUp(server, 'kim@example.com');
    await kim.json('POST', '/api/players/language', { language: 'de' });
    const sent = await server.admin('POST', '/api/admin/newsletter', { subject: 'WM 2026', text: 'Die Gruppen sind bereit.\n\nViel Spaß!' });
    expect(sent.statusCode).toBe(200);
    const { readers } = sent.json();
    const link = lastLink(server.outboxDir, 'kim@example.com', 'unsubscribe');
    expect(link.searchParams.get('email')).toBe('kim@example.com');
    const mail = mailsIn(server.outboxDir).filter((text) => text.includes('To: kim@example.com')).at(-1)!;
    expect(mail).toContain('Subject: WM 2026');
    expect(mail).toContain('Viel Spa');
    expect(mail).toContain('Keine Newsletter mehr');
    // The unsubscribed hal and the never-activated late@ get nothing.
    const halMails = mailsIn(server.outboxDir).filter((text) => text.includes('To: hal@example.com') && text.includes('WM 2026'));
    expect(halMails).toEqual([]);
    await new Browser(server.app).json('POST', '/api/newsletter/unsubscribe', { email: link.searchParams.get('email'), token: link.searchParams.get('token') });
    const again = await server.admin('POST', '/api/admin/newsletter', { subject: 'WM 2026 (2)', text: 'Noch einmal.' });
    expect(again.json().readers).toBe(readers - 1);
    expect(mailsIn(server.outboxDir).some((text) => text.includes('To: kim@example.com') && text.includes('WM 2026 (2)'))).toBe(false);
    expect((await server.admin('POST', '/api/admin/newsletter', { subject: '', text: 'x' })).statusCode).toBe(400);
  });

  it('refuses an activation link after it expired', async () => {
    const browser = new Browser(server.app);
    await browser.json('POST', '/api/auth/register', { language: 'en', login: 'late@example.com', password: await wire(PASSWORD) });
    const token = lastLink(server.outboxDir, 'late@example.com', 'activate-account').searchParams.get('password');
    const now = server.clock.now();
    server.clock.set(now + 49 * 60 * 60 * 1000);
    try {
      expect(await browser.json('POST', '/api/auth/activate', { login: 'late@example.com', password: token })).toEqual({ status: 'Failed' });
    } finally {
      server.clock.set(now);
    }
  });

  it('answers in the shapes of the api-client contract', async () => {
    const ivy = await signUp(server, 'ivy@example.com');
    const { id } = await ivy.json('POST', '/api/groups', { name: 'Shapes', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ivy' });
    await ivy.json('POST', `/api/groups/invitation/${id}`);
    const checks: [keyof typeof routes, unknown][] = [
      ['version', await ivy.json('GET', '/api/version')],
      ['settings', await ivy.json('GET', '/api/settings')],
      ['groups', await ivy.json('GET', '/api/groups')],
      ['games', await ivy.json('GET', '/api/games')],
      ['auth', await ivy.json('GET', '/api/auth')],
      ['login', await ivy.json('POST', '/api/auth', { login: 'ivy@example.com', password: await wire(PASSWORD) })],
      ['checkGroup', await ivy.json('POST', '/api/groups/check', { groupId: id, groupName: 'Shapes', language: 'en' })],
      ['saveGroup', await ivy.json('POST', '/api/groups', { id, name: 'Shapes', pointConfiguration: defaultPointConfiguration(2024) })],
      ['setTheme', await ivy.json('POST', '/api/players/theme', { theme: 'Light' })],
      ['saveNotification', await ivy.json('POST', '/api/notification', { notifyOnGameChange: false })],
      ['acceptInvitation', await ivy.json('POST', '/api/groups/accept-invitation', { groupId: id, playerName: 'Ivy' })],
    ];
    for (const [name, answer] of checks) {
      const parsed = routes[name].response.safeParse(answer);
      expect({ name, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ name, issues: [] });
    }
  });

  it('answers the version with the server clock, without login', async () => {
    server.clock.set(Date.parse('2026-06-01T10:00:00Z'));
    const version = await new Browser(server.app).json('GET', '/api/version');
    expect(version).toMatchObject({ name: 'Scorecast', language: 'en', serverTime: '2026-06-01T10:00:00.000Z', year: 2026, isWorldCup: true });
    server.clock.set(Date.parse('2024-07-20T10:00:00Z'));
  });
});
