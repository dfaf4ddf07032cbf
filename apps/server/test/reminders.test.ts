import type { AddressInfo } from 'node:net';
import { defaultPointConfiguration } from '@scorecast/rules';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createClock } from '../src/clock.js';
import { importFixture } from '../src/fixtures.js';
import { createMailer } from '../src/mail/mailer.js';
import { reminderOptionsOf } from '../src/reminders/config.js';
import { dueGameDays, gameDayOf } from '../src/reminders/gameDays.js';
import { sendDueReminders } from '../src/reminders/run.js';
import { DATABASES, freshDatabase } from './support/databases.js';
import { decodeQuotedPrintable, linksIn, mailsIn } from './support/outbox.js';
import { Browser, gameIdOf, signUp, startTestServer, TINY_FIXTURE, wire, type TestServer } from './support/server.js';

const HOUR = 60 * 60 * 1000;
const reminders = (outbox: string, from: number) => mailsIn(outbox).slice(from).filter((mail) => mail.includes('action=autologin'));
const to = (mails: string[], login: string) => mails.filter((mail) => mail.includes(`To: ${login}`));

describe('game days', () => {
  it('are calendar days in the reminder time zone', () => {
    expect(gameDayOf(Date.parse('2024-06-14T21:30:00Z'), 'Europe/Berlin')).toBe('2024-06-14');
    expect(gameDayOf(Date.parse('2024-06-14T22:30:00Z'), 'Europe/Berlin')).toBe('2024-06-15');
    expect(gameDayOf(Date.parse('2024-06-14T22:30:00Z'), 'UTC')).toBe('2024-06-14');
  });

  it('are due from the lead time before their first kickoff until that kickoff, with the games still open', () => {
    const game = (id: number, date: string, status = 'Scheduled', homeTeam = 'de') => ({ id, year: 2024, number: id, status, date, stage: 'Group', homeTeam, awayTeam: 'gb-sct' }) as never;
    const games = [game(1, '2024-06-19T16:00:00Z'), game(2, '2024-06-19T19:00:00Z'), game(3, '2024-06-19T13:00:00Z', 'Finished'), game(4, '2024-06-19T17:00:00Z', 'Scheduled', 'W49')];
    // The day's first kickoff is 13:00, even though that game is over: the reminder time is 10:00.
    expect(dueGameDays(games, Date.parse('2024-06-19T09:59:00Z'), 3 * HOUR, 'UTC')).toEqual([]);
    const [due] = dueGameDays(games, Date.parse('2024-06-19T10:00:00Z'), 3 * HOUR, 'UTC');
    // A game whose teams are not known yet cannot be predicted, so it is not asked for.
    expect(due!.games.map((each: { id: number }) => each.id)).toEqual([1, 2]);
    expect(dueGameDays(games, Date.parse('2024-06-19T13:00:00Z'), 3 * HOUR, 'UTC')).toEqual([]);
  });

  it('come from the operator: REMINDER_MAIL_HOURS, REMINDER_TIME_ZONE, REMINDER_MAILS=off', () => {
    expect(reminderOptionsOf({})).toEqual({ lead: 3 * HOUR, timeZone: 'Europe/Berlin' });
    expect(reminderOptionsOf({ REMINDER_MAIL_HOURS: '1.5', REMINDER_TIME_ZONE: 'America/New_York' })).toEqual({ lead: 1.5 * HOUR, timeZone: 'America/New_York' });
    expect(reminderOptionsOf({ REMINDER_MAILS: 'off' })).toBe(false);
    expect(() => reminderOptionsOf({ REMINDER_MAIL_HOURS: 'soon' })).toThrow(/REMINDER_MAIL_HOURS/);
    expect(() => reminderOptionsOf({ REMINDER_TIME_ZONE: 'Mars/Olympus' })).toThrow();
  });
});

describe.each(DATABASES)('reminder mails on %s', (kind) => {
  let server: TestServer;
  let ann: Browser;
  let bob: Browser;
  let pia: Browser;
  let groupId: string;
  const options = { lead: 3 * HOUR, timeZone: 'Europe/Berlin' };

  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
    ann = await signUp(server, 'ann@example.com');
    bob = await signUp(server, 'bob@example.com', 'de');
    pia = await signUp(server, 'pia@example.com');
    await signUp(server, 'sue@example.com');
    groupId = (await ann.json('POST', '/api/groups', { name: 'Office', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' })).id;
    await bob.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bob' });
    await pia.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Pia' });
    // Pia gets pushes: no mail unless she asks for it.
    await server.database.db.updateTable('users').set({ notify: 1, push_subscription: '{"endpoint":"https://push.example/1"}' }).where('login', '=', 'pia@example.com').execute();
  });
  afterAll(async () => server?.close());

  it('sends nothing before the lead time of the first kickoff of a day', async () => {
    server.clock.set(Date.parse('2024-06-14T15:59:00Z'));
    expect(await sendDueReminders(server.context, options)).toBe(0);
  });

  it('mails players without push the day\'s unpredicted games once, in their language, with a link that logs in once', async () => {
    const opener = await gameIdOf(server, 1);
    const count = mailsIn(server.outboxDir).length;
    server.clock.set(Date.parse('2024-06-14T16:00:00Z'));
    expect(await sendDueReminders(server.context, options)).toBe(2);
    const mails = reminders(server.outboxDir, count);
    const [toAnn] = to(mails, 'ann@example.com');
    expect(toAnn).toContain('Subject: A game today still lacks your prediction');
    expect(toAnn).toContain('21:00 GMT+2  Germany - Scotland');
    const [toBob] = to(mails, 'bob@example.com');
    expect(toBob).toContain('Jetzt tippen');
    expect(toBob).toContain('Deutschland - Schottland');
    expect(toBob).not.toContain('Germany');
    expect(to(mails, 'pia@example.com')).toEqual([]);
    expect(to(mails, 'sue@example.com')).toEqual([]);

    const link = linksIn(toAnn!).find((url) => url.searchParams.get('action') === 'autologin')!;
    expect(link.origin).toBe('http://scorecast.test');
    expect(link.searchParams.get('login')).toBe('ann@example.com');
    expect(link.searchParams.get('game')).toBe(String(opener));
    const token = link.searchParams.get('password')!;
    const browser = new Browser(server.app);
    expect((await browser.json('POST', '/api/auth', { login: 'ann@example.com', password: await wire(token) })).status).toBe('Successful');
    expect((await browser.json('POST', '/api/auth', { login: 'ann@example.com', password: await wire(token) })).status).toBe('Failed');

    // Never twice for the same day.
    server.clock.set(Date.parse('2024-06-14T17:00:00Z'));
    expect(await sendDueReminders(server.context, options)).toBe(0);
  });

  it('lets the link expire at the last kickoff it covers', async () => {
    const count = mailsIn(server.outboxDir).length;
    server.clock.set(Date.parse('2024-06-15T13:00:00Z'));
    expect(await sendDueReminders(server.context, options)).toBe(2);
    const link = linksIn(to(reminders(server.outboxDir, count), 'bob@example.com')[0]!).find((url) => url.searchParams.get('action') === 'autologin')!;
    server.clock.set(Date.parse('2024-06-15T16:00:00Z'));
    const browser = new Browser(server.app);
    expect((await browser.json('POST', '/api/auth', { login: 'bob@example.com', password: await wire(link.searchParams.get('password')!) })).status).toBe('Failed');
  });

  it('asks only for the games not predicted, and not at all when every game of the day is predicted', async () => {
    const [late, early] = [await gameIdOf(server, 3), await gameIdOf(server, 4)];
    server.clock.set(Date.parse('2024-06-18T10:00:00Z'));
    await ann.json('POST', `/api/prediction/${early}`, { homeGoals: 1, awayGoals: 1 });
    await bob.json('POST', `/api/prediction/${early}`, { homeGoals: 1, awayGoals: 1 });
    await bob.json('POST', `/api/prediction/${late}`, { homeGoals: 2, awayGoals: 1 });
    const count = mailsIn(server.outboxDir).length;
    server.clock.set(Date.parse('2024-06-19T13:00:00Z'));
    expect(await sendDueReminders(server.context, options)).toBe(1);
    const [toAnn] = to(reminders(server.outboxDir, count), 'ann@example.com');
    expect(toAnn).toContain('Germany - Croatia');
    expect(toAnn).not.toContain('Spain - Scotland');
    expect(linksIn(toAnn!)[0]!.searchParams.get('game')).toBe(String(late));
  });

  it('mails a player with push who chose mail, and never one who switched it off in the settings', async () => {
    expect((await pia.json('POST', '/api/notification/mail', { notifyByMail: true })).notifyByMail).toBe(true);
    expect((await ann.json('GET', '/api/auth')).user.notifyByMail).toBe(true);
    expect((await ann.json('POST', '/api/notification/mail', { notifyByMail: false })).notifyByMail).toBe(false);
    expect((await ann.request('POST', '/api/notification/mail', { notifyByMail: 'yes' })).json()).toMatchObject({ field: 'notifyByMail' });
    const count = mailsIn(server.outboxDir).length;
    server.clock.set(Date.parse('2024-07-14T16:00:00Z'));
    expect(await sendDueReminders(server.context, options)).toBe(2);
    const mails = reminders(server.outboxDir, count);
    expect(mails.map((mail) => /To: (\S+)/.exec(mail)![1]).sort()).toEqual(['bob@example.com', 'pia@example.com']);
  });

  it('switches reminder mails off with the one-click link of the mail, and refuses a forged one', async () => {
    const mail = to(mailsIn(server.outboxDir), 'bob@example.com').at(-1)!;
    const off = new URL(/http:\/\/scorecast\.test\/api\/reminders\/off\?[^\s"<]+/.exec(mail)![0].replace(/&amp;/g, '&'));
    const forged = await server.app.inject({ method: 'GET', url: `/api/reminders/off?login=ann@example.com&key=${off.searchParams.get('key')}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'invalidLink', field: 'key' });
    // Opened in a browser (a fan's, after deleting the account), a page says so, not bare JSON.
    for (const [query, language, title] of [
      [`login=ann@example.com&key=${off.searchParams.get('key')}`, 'en-US,en;q=0.9', 'This link does not work'],
      [`login=gone@example.com&key=${off.searchParams.get('key')}`, 'de-DE,de;q=0.9', 'Dieser Link funktioniert nicht'],
      ['login=gone@example.com', 'en-GB', 'This link does not work'],
    ] as const) {
      const shown = await server.app.inject({ method: 'GET', url: `/api/reminders/off?${query}`, headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': language } });
      expect(shown.statusCode, query).toBe(400);
      expect(shown.headers['content-type'], query).toBe('text/html; charset=utf-8');
      expect(shown.body, query).toContain(`<h1>${title}</h1>`);
      expect(shown.body, query).toContain('href="http://scorecast.test/settings"');
    }
    // A link checker's HEAD (a mail program's, a scanner's) switches nothing off.
    expect((await server.app.inject({ method: 'HEAD', url: `${off.pathname}${off.search}` })).statusCode).toBe(404);
    expect((await bob.json('GET', '/api/auth')).user.notifyByMail).toBe(true);
    const page = await server.app.inject({ method: 'GET', url: `${off.pathname}${off.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Erinnerungen per Mail sind aus');
    // Found by a fresh player: a bare page in the browser's serif, white in a dark theme.
    expect(page.body).toContain('<meta name="color-scheme" content="light dark">');
    expect(page.body).toMatch(/<style>[^<]*prefers-color-scheme:dark/);
    expect(page.body).toContain('>Zu den Einstellungen</a>');
    expect((await bob.json('GET', '/api/auth')).user.notifyByMail).toBe(false);
  });
});

describe('reminder mails through a real SMTP server, on the server clock', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let close: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')) });
          callback();
        });
      },
    });
    smtp.on('error', () => undefined);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const database = await freshDatabase('sqlite');
    await importFixture(database.db, TINY_FIXTURE);
    const clock = createClock({ start: Date.parse('2024-06-14T15:00:00Z'), speed: 0 });
    ({ app } = await buildApp({
      database,
      clock,
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: `${database.dataDir}/outbox`, from: 'Scorecast <noreply@scorecast.test>' }),
      adminToken: 'admin',
      publicUrl: 'https://scorecast.example',
      push: false,
      reminders: { lead: 3 * HOUR, timeZone: 'Europe/Berlin', tickInterval: 50 },
    }));
    const user = await database.db
      .insertInto('users')
      .values({ login: 'max@example.com', password_hash: 'x', activated: 1, language: 'de', created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('groups').values({ id: 'AAAAAAAAAAAAAAAAAAAAAA', name: 'Club', creator_id: user.id, year: 2024, max_players: null, point_configuration: JSON.stringify(defaultPointConfiguration(2024)), created_at: 0 }).execute();
    await database.db.insertInto('players').values({ group_id: 'AAAAAAAAAAAAAAAAAAAAAA', user_id: user.id, name: 'Max', joined_at: 0 }).execute();
    clock.set(Date.parse('2024-06-14T16:30:00Z'), 0);
    close = async () => {
      await app.close();
      await database.drop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    };
  });
  afterAll(async () => close?.());

  it('delivers the due reminder once, by itself', async () => {
    for (let waited = 0; received.length === 0 && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['max@example.com']);
    expect(received[0]!.raw).toContain('Jetzt tippen');
    expect(received[0]!.raw).toContain('21:00 MESZ  Deutschland - Schottland');
    expect(received[0]!.raw).toContain('https://scorecast.example/login?action=autologin');
  });
});
