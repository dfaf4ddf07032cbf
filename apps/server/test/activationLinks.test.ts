import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MAIL_COOLDOWN_MS, LINK_TOKEN_LIFETIME_MS } from '../src/db/tokens.js';
import { DATABASES } from './support/databases.js';
import { lastLink, mailsIn } from './support/outbox.js';
import { Browser, PASSWORD, signUp, startTestServer, wire, type TestServer } from './support/server.js';

/** A raw mail's subject line. */
const subjectOf = (mail: string) => /^Subject: (.*)$/m.exec(mail)?.[1];

describe.each(DATABASES)('activation links of an active account, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  const activationToken = (login: string) => lastLink(server.outboxDir, login, 'activate-account').searchParams.get('password')!;

  it('calls a wrong link invalid, as for an unknown address, and a link opened again says the account is active', async () => {
    const browser = new Browser(server.app);
    await browser.json('POST', '/api/auth/register', { language: 'en', login: 'alice@example.test', password: await wire(PASSWORD) });
    const first = activationToken('alice@example.test');
    // A second mail (the resend link): both of its links are the account's own.
    await browser.json('POST', '/api/auth/register/sendmail', { login: 'alice@example.test', password: await wire(PASSWORD) });
    const second = activationToken('alice@example.test');
    expect(second).not.toBe(first);
    expect(await browser.json('POST', '/api/auth/activate', { login: 'alice@example.test', password: second })).toEqual({ status: 'Successful' });
    const unknown = await browser.json('POST', '/api/auth/activate', { login: 'nobody@example.test', password: 'wrong' });
    expect(unknown).toEqual({ status: 'Failed' });
    expect(await browser.json('POST', '/api/auth/activate', { login: 'alice@example.test', password: 'wrong' })).toEqual(unknown);
    expect(await browser.json('POST', '/api/auth/activate', { login: 'alice@example.test', password: await wire(PASSWORD) })).toEqual(unknown);
    expect(await browser.json('POST', '/api/auth/activate', { login: 'alice@example.test', password: second })).toEqual({ status: 'UserAlreadyExists' });
    expect(await browser.json('POST', '/api/auth/activate', { login: 'alice@example.test', password: first })).toEqual({ status: 'UserAlreadyExists' });
    // The used link logs nobody in.
    expect(await browser.json('POST', '/api/auth', { login: 'alice@example.test', password: second })).toEqual({ status: 'Failed' });
    // Past the link's lifetime it is as invalid as any other.
    server.clock.set(server.clock.now() + LINK_TOKEN_LIFETIME_MS);
    expect(await browser.json('POST', '/api/auth/activate', { login: 'alice@example.test', password: second })).toEqual(unknown);
  });

  /** The owner sets a password with the link of the mail an activation sent her: her session. */
  async function setPasswordByMail(login: string, password: string): Promise<Browser> {
    const token = lastLink(server.outboxDir, login, 'reset-password').searchParams.get('password')!;
    const owner = new Browser(server.app);
    const opened = await owner.json('POST', '/api/auth', { login, password: token, onlyCheckCredentials: true });
    expect(opened.status).toBe('Successful');
    owner.token = opened.token;
    expect(await owner.json('POST', '/api/auth/password/change', { password: await wire(password) })).toEqual({ status: 'Successful' });
    return owner;
  }

  // Someone registered another's address first, with a password of their own: the owner's
  // registration was refused as existing, and the owner's click on the mailed link activated the
  // account with the stranger's password, who was then in.
  it("activates an address registered twice with neither password: the owner, who opened the link, sets hers by mail", async () => {
    const stranger = new Browser(server.app);
    expect(await stranger.json('POST', '/api/auth/register', { language: 'en', login: 'bea@example.test', password: await wire('Stranger!23') })).toEqual({ status: 'Successful' });
    const owner = new Browser(server.app);
    expect(await owner.json('POST', '/api/auth/register', { language: 'de', login: 'bea@example.test', password: await wire(PASSWORD) })).toEqual({ status: 'Successful' });
    expect(await owner.json('POST', '/api/auth/activate', { login: 'bea@example.test', password: activationToken('bea@example.test') })).toEqual({ status: 'Successful', passwordToSet: true });
    expect(await stranger.json('POST', '/api/auth', { login: 'bea@example.test', password: await wire('Stranger!23') })).toEqual({ status: 'Failed' });
    expect(await owner.json('POST', '/api/auth', { login: 'bea@example.test', password: await wire(PASSWORD) })).toEqual({ status: 'Failed' });
    await setPasswordByMail('bea@example.test', 'Owner!456');
    expect((await owner.json('POST', '/api/auth', { login: 'bea@example.test', password: await wire('Owner!456') })).status).toBe('Successful');
    // Once active, the address is the owner's: registering it again changes nothing.
    expect(await stranger.json('POST', '/api/auth/register', { language: 'en', login: 'bea@example.test', password: await wire('Stranger!23') })).toEqual({ status: 'UserAlreadyExists' });
    expect((await owner.json('POST', '/api/auth', { login: 'bea@example.test', password: await wire('Owner!456') })).status).toBe('Successful');
  });

  // The owner registered first; a stranger registered the address again: the owner's click on the
  // first mail's link activated the stranger's password, and so did her own resend and reset mails.
  it("gives a stranger who registers an address again nothing the owner's clicks activate: no password, language or invitation of his", async () => {
    const owner = new Browser(server.app);
    expect(await owner.json('POST', '/api/auth/register', { language: 'en', login: 'cid@example.test', password: await wire(PASSWORD) })).toEqual({ status: 'Successful' });
    const ownersLink = activationToken('cid@example.test');
    server.clock.set(server.clock.now() + LINK_MAIL_COOLDOWN_MS);
    const strangersGroup = (await (await signUp(server, 'mallory@example.test')).json('POST', '/api/groups', { name: 'Trap', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Mal' })).id as string;
    const stranger = new Browser(server.app);
    expect(
      await stranger.json('POST', '/api/auth/register', { language: 'de', login: 'cid@example.test', password: await wire('Stranger!23'), invitation: strangersGroup }),
    ).toEqual({ status: 'Successful' });
    const strangersLink = activationToken('cid@example.test');
    expect(strangersLink).not.toBe(ownersLink);
    expect(await owner.json('POST', '/api/auth/activate', { login: 'cid@example.test', password: ownersLink })).toEqual({ status: 'Successful', passwordToSet: true });
    expect(await stranger.json('POST', '/api/auth', { login: 'cid@example.test', password: await wire('Stranger!23') })).toEqual({ status: 'Failed' });
    // The stranger's mail, opened after, changes nothing, nor logs anyone in.
    expect(await owner.json('POST', '/api/auth/activate', { login: 'cid@example.test', password: strangersLink })).toEqual({ status: 'UserAlreadyExists' });
    expect(await stranger.json('POST', '/api/auth', { login: 'cid@example.test', password: strangersLink })).toEqual({ status: 'Failed' });
    const session = await setPasswordByMail('cid@example.test', 'Owner!456');
    expect((await session.json('GET', '/api/auth')).user.language).toBe('en');
    expect((await session.json('GET', '/api/settings')).invitation).toBeUndefined();
    expect(await stranger.json('POST', '/api/auth', { login: 'cid@example.test', password: await wire('Stranger!23') })).toEqual({ status: 'Failed' });
  });

  // A third fresh attacker: a reset asked for before activation mailed a link that activated the
  // first registration's password, the stranger's when he had registered first. A fan: the reset
  // form said a reset link was mailed, and an activation mail came, then a third mail.
  it("activates an address whose reset was asked for before activation with no password: its one reset mail lets the owner set hers", async () => {
    const stranger = new Browser(server.app);
    expect(await stranger.json('POST', '/api/auth/register', { language: 'en', login: 'dan@example.test', password: await wire('Stranger!23') })).toEqual({ status: 'Successful' });
    const strangersLink = activationToken('dan@example.test');
    server.clock.set(server.clock.now() + LINK_MAIL_COOLDOWN_MS);
    const owner = new Browser(server.app);
    const mailsBefore = mailsIn(server.outboxDir).length;
    expect(await owner.json('POST', '/api/auth/password/reset/email', { login: 'dan@example.test' })).toEqual({ status: 'Successful' });
    expect(mailsIn(server.outboxDir).slice(mailsBefore).map(subjectOf)).toEqual(['Reset your Scorecast password']);
    await setPasswordByMail('dan@example.test', 'Owner!456');
    expect((await owner.json('POST', '/api/auth', { login: 'dan@example.test', password: await wire('Owner!456') })).status).toBe('Successful');
    expect(await stranger.json('POST', '/api/auth', { login: 'dan@example.test', password: await wire('Stranger!23') })).toEqual({ status: 'Failed' });
    expect(await stranger.json('POST', '/api/auth/activate', { login: 'dan@example.test', password: strangersLink })).toEqual({ status: 'UserAlreadyExists' });
    // One who took a password over could not void the owner's way back by logging in: a reset link opens after a password login.
    server.clock.set(server.clock.now() + LINK_MAIL_COOLDOWN_MS);
    await owner.json('POST', '/api/auth/password/reset/email', { login: 'dan@example.test' });
    expect((await owner.json('POST', '/api/auth', { login: 'dan@example.test', password: await wire('Owner!456') })).status).toBe('Successful');
    await setPasswordByMail('dan@example.test', 'Owner!789');
  });

  // A fan who registered twice was told "wrong e-mail or password" for both passwords, with no way
  // to the activation mail, and the mail that followed the activation told her to ignore it.
  it('tells one who registered twice that the account awaits activation, resends its mail, then mails a link to set the password', async () => {
    const fan = new Browser(server.app);
    await fan.json('POST', '/api/auth/register', { language: 'en', login: 'fay@example.test', password: await wire(PASSWORD) });
    server.clock.set(server.clock.now() + LINK_MAIL_COOLDOWN_MS);
    await fan.json('POST', '/api/auth/register', { language: 'en', login: 'fay@example.test', password: await wire('Second!23') });
    for (const password of [PASSWORD, 'Second!23']) expect(await fan.json('POST', '/api/auth', { login: 'fay@example.test', password: await wire(password) })).toEqual({ status: 'NotActivated' });
    expect(await fan.json('POST', '/api/auth', { login: 'nobody@example.test', password: await wire(PASSWORD) })).toEqual({ status: 'Failed' });
    server.clock.set(server.clock.now() + LINK_MAIL_COOLDOWN_MS);
    const mailsBefore = mailsIn(server.outboxDir).length;
    expect(await fan.json('POST', '/api/auth/register/sendmail', { login: 'fay@example.test', password: await wire('Second!23') })).toEqual({ status: 'Successful' });
    expect(mailsIn(server.outboxDir).slice(mailsBefore).map(subjectOf)).toEqual(['Activate your Scorecast account']);
    expect(await fan.json('POST', '/api/auth/activate', { login: 'fay@example.test', password: activationToken('fay@example.test') })).toEqual({ status: 'Successful', passwordToSet: true });
    const setMail = mailsIn(server.outboxDir).at(-1)!;
    expect(subjectOf(setMail)).toBe('Set your Scorecast password');
    expect(setMail).not.toContain('ignore this mail: your password stays');
    await setPasswordByMail('fay@example.test', 'Owner!456');
    expect((await fan.json('POST', '/api/auth', { login: 'fay@example.test', password: await wire('Owner!456') })).status).toBe('Successful');
  });

  // A second fresh attacker: a registration with the invitation of a deleted group kept it, and its mail carried it on.
  it('keeps no invitation to a group that is gone, nor mails it on', async () => {
    const browser = new Browser(server.app);
    expect(await browser.json('POST', '/api/auth/register', { language: 'en', login: 'emil@example.test', password: await wire(PASSWORD), invitation: 'gone-group-0123456789ab' })).toEqual({ status: 'Successful' });
    const link = lastLink(server.outboxDir, 'emil@example.test', 'activate-account');
    expect(link.searchParams.has('invitation')).toBe(false);
    expect(await browser.json('POST', '/api/auth/activate', { login: 'emil@example.test', password: link.searchParams.get('password') })).toEqual({ status: 'Successful' });
    const session = await browser.json('POST', '/api/auth', { login: 'emil@example.test', password: await wire(PASSWORD) });
    browser.token = session.token;
    expect((await browser.json('GET', '/api/settings')).invitation).toBeUndefined();
  });
});
