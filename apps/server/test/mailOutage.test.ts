import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { LINK_MAIL_COOLDOWN_MS } from '../src/db/tokens.js';
import { createMailer, type Mailer } from '../src/mail/mailer.js';
import { DATABASES } from './support/databases.js';
import { lastLink, linksIn, mailsIn } from './support/outbox.js';
import { Browser, PASSWORD, signUp, startTestServer, wire, type TestServer } from './support/server.js';

// The mail server out of reach (spec section 7: registration, activation mail resend, reset mail):
// a player is told to try again later, and nothing is written that would leave them stuck.

/** The outbox behind a switch: while it is down every mail and every check fails as an SMTP server out of reach does. */
function switchableMailServer(outboxDir: string) {
  const outbox = createMailer({ outboxDir, from: 'Scorecast <noreply@scorecast.test>' });
  const state: { down: boolean; whileFailing?: () => Promise<void> } = { down: true };
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' });
  const mailer: Mailer = {
    async send(mail) {
      if (!state.down) return outbox.send(mail);
      await state.whileFailing?.();
      throw refused();
    },
    async check() {
      if (state.down) throw refused();
    },
  };
  return { mailer, state };
}

const mailCount = (outboxDir: string, login: string, action: string) =>
  mailsIn(outboxDir).filter((mail) => mail.includes(`To: ${login}`) && linksIn(mail).some((link) => link.searchParams.get('action') === action)).length;

async function usersNamed(server: TestServer, login: string) {
  return server.database.db.selectFrom('users').select(['id', 'activated']).where('login', '=', login).execute();
}

describe.each(DATABASES)('the mail server out of reach, on %s', (kind) => {
  let server: TestServer;
  let mailDir: string;
  let mail: ReturnType<typeof switchableMailServer>;

  beforeAll(async () => {
    mailDir = mkdtempSync(join(tmpdir(), 'scorecast-mail-'));
    mail = switchableMailServer(mailDir);
    server = await startTestServer(kind, { mailer: mail.mailer });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('a registration whose activation mail cannot go answers 503 mailUnavailable with Retry-After and writes no account', async () => {
    mail.state.down = true;
    const browser = new Browser(server.app);
    const body = { language: 'en', login: 'hana@example.com', password: await wire(PASSWORD) };
    const answer = await browser.request('POST', '/api/auth/register', body);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ error: 'mailUnavailable' });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(await usersNamed(server, 'hana@example.com')).toEqual([]);

    // Once mail goes again the same registration succeeds, and its link activates the account.
    mail.state.down = false;
    expect(await browser.json('POST', '/api/auth/register', body)).toEqual({ status: 'Successful' });
    const token = lastLink(mailDir, 'hana@example.com', 'activate-account').searchParams.get('password');
    expect(await browser.json('POST', '/api/auth/activate', { login: 'hana@example.com', password: token })).toEqual({ status: 'Successful' });
    expect((await browser.json('POST', '/api/auth', { login: 'hana@example.com', password: await wire(PASSWORD) })).status).toBe('Successful');
  });

  // A fresh attacker: a second registration refused with 503 had already taken the pending account's password.
  it('a second registration or a reset of an address not yet activated, refused while mail is down, changes nothing', async () => {
    const owner = new Browser(server.app);
    await owner.json('POST', '/api/auth/register', { language: 'en', login: 'ivo@example.com', password: await wire(PASSWORD) });
    const link = lastLink(mailDir, 'ivo@example.com', 'activate-account').searchParams.get('password');
    server.clock.set(server.clock.now() + LINK_MAIL_COOLDOWN_MS);
    mail.state.down = true;
    const stranger = new Browser(server.app);
    expect((await stranger.request('POST', '/api/auth/register', { language: 'en', login: 'ivo@example.com', password: await wire('Stranger!23') })).statusCode).toBe(503);
    expect((await stranger.request('POST', '/api/auth/password/reset/email', { login: 'ivo@example.com' })).statusCode).toBe(503);
    mail.state.down = false;
    expect(await owner.json('POST', '/api/auth/activate', { login: 'ivo@example.com', password: link })).toEqual({ status: 'Successful' });
    expect((await owner.json('POST', '/api/auth', { login: 'ivo@example.com', password: await wire(PASSWORD) })).status).toBe('Successful');
  });

  it('the same address registering several times at once while mail is down leaves no account behind', async () => {
    mail.state.down = true;
    const body = { language: 'en', login: 'ivan@example.com', password: await wire(PASSWORD) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => new Browser(server.app).request('POST', '/api/auth/register', body)));
    // One wrote the account and took it back; the others saw it meanwhile.
    expect(answers.map((answer) => answer.statusCode).sort()).toContain(503);
    for (const answer of answers) expect([503, 200]).toContain(answer.statusCode);
    for (const answer of answers.filter((each) => each.statusCode === 200)) expect(answer.json()).toEqual({ status: 'UserAlreadyExists' });
    expect(await usersNamed(server, 'ivan@example.com')).toEqual([]);
    mail.state.down = false;
    expect(await new Browser(server.app).json('POST', '/api/auth/register', body)).toEqual({ status: 'Successful' });
  });

  it('an account activated while its mail was said to fail is kept (the mail went after all)', async () => {
    mail.state.down = true;
    mail.state.whileFailing = async () => {
      await server.database.db.updateTable('users').set({ activated: 1 }).where('login', '=', 'jade@example.com').execute();
    };
    try {
      const answer = await new Browser(server.app).request('POST', '/api/auth/register', { language: 'en', login: 'jade@example.com', password: await wire(PASSWORD) });
      expect(answer.statusCode).toBe(503);
    } finally {
      delete mail.state.whileFailing;
    }
    expect(await usersNamed(server, 'jade@example.com')).toEqual([{ id: expect.any(Number), activated: 1 }]);
  });

  it('the activation mail resend answers 503 mailUnavailable, and the next one once mail goes is sent at once', async () => {
    mail.state.down = false;
    const browser = new Browser(server.app);
    const body = { login: 'kim@example.com', password: await wire(PASSWORD) };
    await browser.json('POST', '/api/auth/register', { language: 'en', ...body });
    server.clock.set(server.clock.now() + LINK_MAIL_COOLDOWN_MS);
    mail.state.down = true;
    const failed = await browser.request('POST', '/api/auth/register/sendmail', body);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ error: 'mailUnavailable' });
    // A failed mail does not count against the cooldown: the player asks again and it goes.
    mail.state.down = false;
    expect(await browser.json('POST', '/api/auth/register/sendmail', body)).toEqual({ status: 'Successful' });
    expect(mailCount(mailDir, 'kim@example.com', 'activate-account')).toBe(2);
  });

  it('the reset mail answers 503 mailUnavailable for a known and an unknown address alike, and goes once mail does', async () => {
    await signUp({ ...server, outboxDir: mailDir }, 'lena@example.com');
    server.clock.set(server.clock.now() + LINK_MAIL_COOLDOWN_MS);
    mail.state.down = true;
    const anonymous = new Browser(server.app);
    for (const login of ['lena@example.com', 'nobody@example.com']) {
      const answer = await anonymous.request('POST', '/api/auth/password/reset/email', { login });
      expect([login, answer.statusCode, answer.json()]).toEqual([login, 503, { error: 'mailUnavailable' }]);
    }
    mail.state.down = false;
    expect(await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'lena@example.com' })).toEqual({ status: 'Successful' });
    expect(await anonymous.json('POST', '/api/auth/password/reset/email', { login: 'nobody@example.com' })).toEqual({ status: 'Successful' });
    expect(mailCount(mailDir, 'lena@example.com', 'reset-password')).toBe(1);
  });

  it.runIf(kind === 'postgres')('two servers on one database registering one address at once while mail is down leave no account', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-second-'));
    const database = await openDatabase({ databaseUrl: server.database.url, dataDir });
    const { app } = await buildApp({ database, clock: server.clock, mailer: mail.mailer, adminToken: 'second', publicUrl: 'http://scorecast.test', authRateLimit: 10_000 });
    try {
      await app.ready();
      mail.state.down = true;
      const body = { language: 'en', login: 'milo@example.com', password: await wire(PASSWORD) };
      const answers = await Promise.all([server.app, app, server.app, app].map((each) => new Browser(each).request('POST', '/api/auth/register', body)));
      expect(answers.map((answer) => answer.statusCode)).toContain(503);
      expect(await usersNamed(server, 'milo@example.com')).toEqual([]);
    } finally {
      await app.close();
      await database.db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an SMTP server out of reach', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let silentUrl: string;

  beforeAll(async () => {
    // Accepts connections and never greets: as slow to fail as a host behind a black hole.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  async function withServerMailingTo(smtpUrl: string, timeoutMs: number | undefined, run: (server: TestServer) => Promise<void>): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), 'scorecast-smtp-'));
    const mailer = createMailer({ smtpUrl, outboxDir: dir, from: 'Scorecast <noreply@scorecast.test>', ...(timeoutMs ? { timeoutMs } : {}) });
    const server = await startTestServer('sqlite', { mailer });
    try {
      await run(server);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('a port nobody listens on: registration answers 503 mailUnavailable and writes no account', async () => {
    await withServerMailingTo('smtp://127.0.0.1:1', undefined, async (server) => {
      const answer = await new Browser(server.app).request('POST', '/api/auth/register', { language: 'en', login: 'smtp1@example.com', password: await wire(PASSWORD) });
      expect([answer.statusCode, answer.json()]).toEqual([503, { error: 'mailUnavailable' }]);
      expect(await usersNamed(server, 'smtp1@example.com')).toEqual([]);
    });
  });

  it('a server that never greets holds a registration or a reset request no longer than the SMTP timeout', async () => {
    await withServerMailingTo(silentUrl, 500, async (server) => {
      const browser = new Browser(server.app);
      for (const [url, body] of [
        ['/api/auth/register', { language: 'en', login: 'smtp2@example.com', password: await wire(PASSWORD) }],
        ['/api/auth/password/reset/email', { login: 'nobody@example.com' }],
      ] as const) {
        const started = Date.now();
        const answer = await browser.request('POST', url, body);
        expect([url, answer.statusCode, answer.json()]).toEqual([url, 503, { error: 'mailUnavailable' }]);
        expect(Date.now() - started).toBeLessThan(2000);
      }
    });
  });
});
