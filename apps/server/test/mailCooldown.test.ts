import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { LINK_MAIL_COOLDOWN_MS } from '../src/db/tokens.js';
import { createMailer } from '../src/mail/mailer.js';
import { DATABASES } from './support/databases.js';
import { lastLink, linksIn, mailsIn } from './support/outbox.js';
import { Browser, PASSWORD, signUp, startTestServer, wire, type TestServer } from './support/server.js';

/** How many mails with a link of `action` went to a login, over one or more outboxes. */
function mailCount(outboxDirs: readonly string[], login: string, action: string): number {
  return outboxDirs
    .flatMap((dir) => mailsIn(dir))
    .filter((mail) => mail.includes(`To: ${login}`) && linksIn(mail).some((link) => link.searchParams.get('action') === action)).length;
}

/** The same request `times` times at once, as a flood would send it. */
async function flood(browser: Browser, times: number, url: string, body: unknown): Promise<unknown[]> {
  return Promise.all(Array.from({ length: times }, () => browser.json('POST', url, body)));
}

describe.each(DATABASES)('mails anyone can ask for, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('sends one reset mail per address per cooldown, however often it is asked for, and answers the same', async () => {
    await signUp(server, 'dave@example.com');
    const anonymous = new Browser(server.app);
    const answers = await flood(anonymous, 17, '/api/auth/password/reset/email', { login: 'dave@example.com' });
    expect(answers).toEqual(Array.from({ length: 17 }, () => ({ status: 'Successful' })));
    expect(mailCount([server.outboxDir], 'dave@example.com', 'reset-password')).toBe(1);
    // An unknown address gets the same answer.
    expect(await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'nobody@example.com' })).toEqual({ status: 'Successful' });
    // Once the cooldown has passed, the next request mails again.
    server.clock.set(server.clock.now() + LINK_MAIL_COOLDOWN_MS - 1000);
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'dave@example.com' });
    expect(mailCount([server.outboxDir], 'dave@example.com', 'reset-password')).toBe(1);
    server.clock.set(server.clock.now() + 1000);
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'dave@example.com' });
    expect(mailCount([server.outboxDir], 'dave@example.com', 'reset-password')).toBe(2);
  });

  // Found by a fresh player: a reset page reloaded (its link used) and a new link asked for at once
  // got no mail for a minute, while the page said one was on its way.
  it('mails a new link at once after the last one was used: its owner has the mailbox', async () => {
    await signUp(server, 'hugo@example.com');
    const anonymous = new Browser(server.app);
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'hugo@example.com' });
    const link = lastLink(server.outboxDir, 'hugo@example.com', 'reset-password');
    const opened = await anonymous.json('POST', '/api/auth', { login: 'hugo@example.com', password: link.searchParams.get('password'), onlyCheckCredentials: true });
    expect(opened.status).toBe('Successful');
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'hugo@example.com' });
    expect(mailCount([server.outboxDir], 'hugo@example.com', 'reset-password')).toBe(2);
    // Unused, the new link holds the cooldown again.
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'hugo@example.com' });
    expect(mailCount([server.outboxDir], 'hugo@example.com', 'reset-password')).toBe(2);
  });

  it('sends one activation mail per cooldown to a new account, through the reset form and the resend link together', async () => {
    const browser = new Browser(server.app);
    await browser.json('POST', '/api/auth/register', { language: 'en', login: 'erin@example.com', password: await wire(PASSWORD) });
    expect(mailCount([server.outboxDir], 'erin@example.com', 'activate-account')).toBe(1);
    // The first resend after registering goes: the registration mail may sit in the spam folder.
    const resends = await flood(browser, 8, '/api/auth/register/sendmail', { login: 'erin@example.com', password: await wire(PASSWORD) });
    expect(resends).toEqual(Array.from({ length: 8 }, () => ({ status: 'Successful' })));
    // (A reset before activation leaves the account no password: activationLinks.test.ts.)
    await flood(browser, 9, '/api/auth/password/reset/email', { login: 'erin@example.com' });
    expect(mailCount([server.outboxDir], 'erin@example.com', 'activate-account')).toBe(2);
  });

  it('lets mails go again when the server clock is set back', async () => {
    await signUp(server, 'fred@example.com');
    const anonymous = new Browser(server.app);
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'fred@example.com' });
    server.clock.set(server.clock.now() - 2 * 24 * 60 * 60 * 1000);
    await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'fred@example.com' });
    expect(mailCount([server.outboxDir], 'fred@example.com', 'reset-password')).toBe(2);
  });

  it.runIf(kind === 'postgres')('holds across two servers on one database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-second-'));
    const outboxDir = join(dataDir, 'outbox');
    const database = await openDatabase({ databaseUrl: server.database.url, dataDir });
    const { app } = await buildApp({
      database,
      clock: server.clock,
      mailer: createMailer({ outboxDir, from: 'Scorecast <noreply@scorecast.test>' }),
      adminToken: 'second-admin-token',
      publicUrl: 'http://scorecast.test',
      authRateLimit: 10_000,
    });
    try {
      await app.ready();
      await signUp(server, 'gina@example.com');
      server.clock.set(server.clock.now() + 10 * LINK_MAIL_COOLDOWN_MS);
      const body = { login: 'gina@example.com' };
      await Promise.all([flood(new Browser(server.app), 10, '/api/auth/password/reset/email', body), flood(new Browser(app), 10, '/api/auth/password/reset/email', body)]);
      expect(mailCount([server.outboxDir, outboxDir], 'gina@example.com', 'reset-password')).toBe(1);
    } finally {
      await app.close();
      await database.db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
