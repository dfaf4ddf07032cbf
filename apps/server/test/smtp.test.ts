import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createClock } from '../src/clock.js';
import { importFixture } from '../src/fixtures.js';
import { createMailer } from '../src/mail/mailer.js';
import { freshDatabase, type TestDatabase } from './support/databases.js';
import { decodeQuotedPrintable, linksIn } from './support/outbox.js';
import { Browser, PASSWORD, TINY_FIXTURE, wire } from './support/server.js';

type Received = { from: string; to: string[]; raw: string };

describe('mail through a real SMTP server', () => {
  const received: Received[] = [];
  const smtpErrors: Error[] = [];
  let smtp: SMTPServer;
  let database: TestDatabase;
  let browser: Browser;
  let close: () => Promise<void>;
  let smtpUrl: string;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    // A client hanging up is reported as an 'error' event; without a listener it would crash the run.
    smtp.on('error', (error) => smtpErrors.push(error));
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    smtpUrl = `smtp://127.0.0.1:${port}`;
    database = await freshDatabase('sqlite');
    await importFixture(database.db, TINY_FIXTURE);
    const { app } = await buildApp({
      database,
      clock: createClock({ start: Date.parse('2024-06-01T00:00:00Z'), speed: 0 }),
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: `${database.dataDir}/outbox`, from: 'Scorecast <noreply@scorecast.test>' }),
      adminToken: 'admin',
      publicUrl: 'https://scorecast.example',
    });
    browser = new Browser(app);
    close = async () => {
      await app.close();
      await database.drop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    };
  });
  afterAll(async () => close?.());

  it('delivers the activation mail over SMTP with a link that activates the account', async () => {
    await browser.json('POST', '/api/auth/register', { language: 'en', login: 'sam@example.com', password: await wire(PASSWORD) });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual(['sam@example.com']);
    expect(mail!.from).toBe('noreply@scorecast.test');
    expect(mail!.raw).toContain('Subject: Activate your Scorecast account');
    const link = linksIn(mail!.raw).find((url) => url.searchParams.get('action') === 'activate-account')!;
    expect(link.origin).toBe('https://scorecast.example');
    expect(link.searchParams.get('login')).toBe('sam@example.com');
    const token = link.searchParams.get('password')!;
    expect(await browser.json('POST', '/api/auth', { login: 'sam@example.com', password: await wire(token) })).toEqual({ status: 'NotActivated' });
    expect(await browser.json('POST', '/api/auth/activate', { login: 'sam@example.com', password: token })).toEqual({ status: 'Successful' });
    expect((await browser.json('POST', '/api/auth', { login: 'sam@example.com', password: await wire(PASSWORD) })).status).toBe('Successful');
  });

  it('delivers a German reset mail whose link opens until a password is set with it', async () => {
    await database.db.updateTable('users').set({ language: 'de' }).where('login', '=', 'sam@example.com').execute();
    await browser.json('POST', '/api/auth/password/reset/email', { login: 'sam@example.com' });
    const mail = received.at(-1)!;
    expect(mail.raw).toContain('Passwort');
    const link = linksIn(mail.raw).find((url) => url.searchParams.get('action') === 'reset-password')!;
    const token = link.searchParams.get('password')!;
    expect((await browser.json('POST', '/api/auth', { login: 'sam@example.com', password: await wire(token) })).status).toBe('Successful');
    const again = await browser.json('POST', '/api/auth', { login: 'sam@example.com', password: await wire(token) });
    expect(again.status).toBe('Successful');
    browser.token = again.token;
    expect(await browser.json('POST', '/api/auth/password/change', { password: await wire('Neues!789') })).toEqual({ status: 'Successful' });
    browser.token = undefined;
    expect((await browser.json('POST', '/api/auth', { login: 'sam@example.com', password: await wire(token) })).status).toBe('Failed');
  });

  it('sends to the one address it is given, never to a list or display name read out of it', async () => {
    const mailer = createMailer({ smtpUrl, outboxDir: `${database.dataDir}/outbox`, from: 'Scorecast <noreply@scorecast.test>' });
    const before = received.length;
    // The mail server may refuse such an address outright; what must never happen is a second recipient.
    for (const to of ['ann@example.com, eve@evil.example', '<eve@evil.example>@example.com', '"Ann" <eve@evil.example>']) {
      await mailer.send({ to, subject: 'one', text: 'one', html: '<p>one</p>', links: [] }).catch(() => undefined);
    }
    const recipients = received.slice(before).map((mail) => mail.to);
    for (const to of recipients) expect(to).toHaveLength(1);
    expect(recipients.flat()).not.toContain('eve@evil.example');
  });
});
