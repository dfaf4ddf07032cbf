import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockOptionsOf } from '../src/clock.js';
import { isSettingError } from '../src/config.js';
import { databaseKindOf } from '../src/db/database.js';
import { serverSettingsOf } from '../src/settings.js';
import { freshDatabase } from './support/databases.js';
import { ensureBuilt, PACKAGE_DIR, refusalOfServer, startServerProcess, stopServerProcess } from './support/process.js';

// A loaded machine starts a Node process slowly: these tests wait for whole processes.
const PROCESS_TIMEOUT = 120_000;

let place: string;
beforeAll(() => {
  ensureBuilt();
  place = mkdtempSync(join(tmpdir(), 'scorecast-config-'));
});
afterAll(() => rmSync(place, { recursive: true, force: true }));

/** A data folder that does not exist yet: a refused start must not create it. */
const freshDataDir = (name: string) => join(place, name);

describe('DATABASE_URL', () => {
  it('is SQLite when unset or empty and PostgreSQL for postgres:// or postgresql:// in any case, and refuses anything else', () => {
    expect(databaseKindOf(undefined)).toBe('sqlite');
    expect(databaseKindOf('')).toBe('sqlite');
    expect(databaseKindOf('postgres://u:p@db/scorecast')).toBe('postgres');
    expect(databaseKindOf('postgresql://u:p@db/scorecast')).toBe('postgres');
    expect(databaseKindOf('POSTGRES://u:p@db/scorecast')).toBe('postgres');
    expect(databaseKindOf('PostgreSQL://u:p@db/scorecast')).toBe('postgres');
    for (const url of ['garbage', 'mysql://x@127.0.0.1/db', ' postgres://u:p@db/scorecast', 'postgres:/db', 'sqlite://scorecast.db']) {
      expect(() => databaseKindOf(url), url).toThrow(/^DATABASE_URL must be empty \(SQLite in DATA_DIR\) or a postgres:\/\/ or postgresql:\/\/ URL/);
    }
    // A postgres URL that is no URL at all stopped the start with a stack from the driver.
    for (const url of ['postgres://u:pw@127.0.0.1:99999/db', 'postgres://u:pw@[::1/db']) {
      expect(() => databaseKindOf(url), url).toThrow(/^DATABASE_URL must be a valid URL/);
    }
  });

  it('never says the password of a URL it refuses', () => {
    expect(() => databaseKindOf('mysql://scorecast:secret@db/scorecast')).toThrow(/^[^\n]*beginning "mysql:"$/);
    expect(() => databaseKindOf('mysql://scorecast:secret@db/scorecast')).not.toThrow(/secret/);
  });

  it('refuses to start the server on one it does not recognise, in one line naming it, creating nothing', { timeout: PROCESS_TIMEOUT }, async () => {
    for (const [index, url] of ['garbage', 'mysql://x@127.0.0.1/db', ' postgres://scorecast:scorecast@127.0.0.1:5432/scorecast'].entries()) {
      const dataDir = freshDataDir(`database-${index}`);
      const { code, output, listened } = await refusalOfServer({ DATABASE_URL: url, DATA_DIR: dataDir });
      expect(listened, url).toBe(false);
      expect(code, url).toBe(1);
      expect(output.trim().split('\n'), url).toHaveLength(1);
      expect(output, url).toContain('DATABASE_URL must be empty (SQLite in DATA_DIR) or a postgres:// or postgresql:// URL');
      expect(existsSync(dataDir), url).toBe(false);
    }
  });

  it('does not back up the SQLite file when DATABASE_URL is one the server would refuse', { timeout: PROCESS_TIMEOUT }, async () => {
    const { ADMIN_URL: _url, ADMIN_TOKEN: _token, ...env } = process.env;
    const stderr = await new Promise<string>((done) => {
      execFile(process.execPath, ['dist/admin/cli.js', 'backup', join(place, 'backup.db')], { cwd: PACKAGE_DIR, env: { ...env, DATABASE_URL: 'mysql://x@127.0.0.1/db', DATA_DIR: freshDataDir('cli') } }, (_error, _stdout, text) => done(text));
    });
    expect(stderr.trim()).toBe('DATABASE_URL must be empty (SQLite in DATA_DIR) or a postgres:// or postgresql:// URL, not one beginning "mysql:"');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('starts on PostgreSQL with the scheme in capitals', { timeout: PROCESS_TIMEOUT }, async () => {
    const database = await freshDatabase('postgres');
    const server = await startServerProcess({ DATABASE_URL: database.url!.replace(/^postgres(ql)?:/, 'POSTGRES:'), DATA_DIR: freshDataDir('capitals'), PUSH: 'off' });
    try {
      expect(await (await fetch(`${server.url}/readyz`)).json()).toMatchObject({ status: 'ready', database: 'postgres' });
    } finally {
      await stopServerProcess(server);
      await database.drop();
    }
  });
});

describe('SCORECAST_CLOCK', () => {
  it('takes an ISO instant of years 0000 to 9999 and a speed from 0 to 100000, as the admin clock does', () => {
    expect(clockOptionsOf('2026-06-10T12:00:00Z@100000')).toEqual({ start: Date.parse('2026-06-10T12:00:00Z'), speed: 100_000 });
    expect(clockOptionsOf('2026-06-10T14:00:00+02:00@0')).toEqual({ start: Date.parse('2026-06-10T12:00:00Z'), speed: 0 });
    expect(clockOptionsOf('')).toBeUndefined();
    for (const value of ['2026-06-10T12:00:00Z@1e308', '2026-06-10T12:00:00Z@100001', '+275760-09-13T00:00:00Z', '2026-06-10T12:00:00Z@', '2026-06-10T12:00:00Z@-1', '2026-06-10T12:00:00Z@1@2', 'yesterday']) {
      expect(() => clockOptionsOf(value), value).toThrow(/^SCORECAST_CLOCK must be an ISO instant with an optional speed from 0 to 100000/);
    }
  });

  it('refuses to start the server on a clock that would break its answers, in one line naming it', { timeout: PROCESS_TIMEOUT }, async () => {
    for (const [index, value] of ['2026-06-10T12:00:00Z@1e308', '+275760-09-13T00:00:00Z'].entries()) {
      const dataDir = freshDataDir(`clock-${index}`);
      const { code, output, listened } = await refusalOfServer({ SCORECAST_CLOCK: value, DATA_DIR: dataDir });
      expect(listened, value).toBe(false);
      expect(code, value).toBe(1);
      expect(output.trim(), value).toBe(`SCORECAST_CLOCK must be an ISO instant with an optional speed from 0 to 100000, e.g. 2024-06-14T18:55:00Z@60, not ${JSON.stringify(value)}`);
    }
  });
});

describe('the settings of the environment', () => {
  // Each was taken as it came and failed later (a stack not naming it, a NaN port, pino's own
  // error), or was silently read as the default.
  const REFUSED: [string, string][] = [
    ['PORT', 'abc'], ['PORT', '99999'], ['PORT', '-1'], ['PORT', '4610.5'], ['PORT', ' 3000'],
    ['METRICS_PORT', '70000'],
    ['LOG_LEVEL', 'verbose'], ['LOG_FORMAT', 'xml'],
    ['TRUST_PROXY', 'garbage'], ['TRUST_PROXY', '-1'], ['TRUST_PROXY', '127.0.0.1,nginx'], ['TRUST_PROXY', '10.0.0.0/33'],
    ['SMTP_URL', 'garbage'], ['SMTP_URL', 'http://mail.example.com'],
    // Nodemailer took these and threw at the first mail, from a socket callback: the process ended.
    ['SMTP_URL', 'smtp://mail.example.com?socketTimeout=30s'], ['SMTP_URL', 'smtp://mail.example.com?connectionTimeout=abc'], ['SMTP_URL', 'smtp://mail.example.com?greetingTimeout=10s'],
    ['PUBLIC_URL', 'scorecast.example.org'],
    ['AUTH_RATE_LIMIT', '0'], ['AUTH_RATE_LIMIT', 'many'], ['AUTH_RATE_LIMIT', '2.5'],
    ['SHUTDOWN_GRACE_MS', '-5'], ['SHUTDOWN_GRACE_MS', '10s'], ['SHUTDOWN_GRACE_MS', '3000000000'],
    ['KICKOFF_CLOCK', 'false'], ['PUSH', 'no'], ['REMINDER_MAILS', 'disabled'],
    ['PUSH_REMINDER_MINUTES', 'soon'], ['VAPID_SUBJECT', 'admin@example.org'],
    ['REMINDER_MAIL_HOURS', '0'], ['REMINDER_TIME_ZONE', 'Mars/Olympus'],
    ['PAYMENT_CURRENCY', 'euro'], ['GOOGLE_SERVICE_ACCOUNT', '{not json'],
    ['DEMO_YEAR', 'next'], ['DEMO_SPEED', '1e308'],
  ];

  it.each(REFUSED)('refuses %s=%j naming it', (name, value) => {
    const env: NodeJS.ProcessEnv = { [name]: value, ...(name === 'GOOGLE_SERVICE_ACCOUNT' ? { GOOGLE_PLAY_PACKAGE: 'org.scorecast' } : {}), ...(name === 'DEMO_SPEED' ? { DEMO_YEAR: '2024' } : {}) };
    let refusal: unknown;
    try {
      serverSettingsOf(env, PACKAGE_DIR);
    } catch (error) {
      refusal = error;
    }
    expect(isSettingError(refusal)).toBe(true);
    expect((refusal as Error).message).toMatch(new RegExp(`^${name} must `));
    expect((refusal as Error).message).not.toContain('\n');
  });

  // The metrics listened first, then the app's own listen failed with a stack after the database
  // and the admin token were made.
  it('refuses a METRICS_PORT that is the PORT, naming both', () => {
    expect(() => serverSettingsOf({ PORT: '7103', METRICS_PORT: '7103' }, PACKAGE_DIR)).toThrow(/^METRICS_PORT must be another port than PORT \(7103\)/);
    expect(() => serverSettingsOf({ METRICS_PORT: '3000' }, PACKAGE_DIR)).toThrow(/^METRICS_PORT must be another port than PORT \(3000\)/);
    expect(serverSettingsOf({ PORT: '0', METRICS_PORT: '0' }, PACKAGE_DIR).metricsPort).toBe(0);
  });

  it.each(['FEED_LIVE_INTERVAL', 'FEED_IDLE_INTERVAL'])('refuses %s that is no number of seconds, with a feed', (name) => {
    expect(() => serverSettingsOf({ FEED: 'openligadb', [name]: 'often' }, PACKAGE_DIR)).toThrow(new RegExp(`^${name} must be a number above 0`));
  });

  // An empty DATA_DIR= in a unit file put the database among the source files of the folder the
  // server ran in; the next start without it opened an empty one.
  it('takes an empty or blank DATA_DIR as unset', () => {
    const unset = serverSettingsOf({}, PACKAGE_DIR).dataDir;
    expect(serverSettingsOf({ DATA_DIR: '' }, PACKAGE_DIR).dataDir).toBe(unset);
    expect(serverSettingsOf({ DATA_DIR: '  ' }, PACKAGE_DIR).dataDir).toBe(unset);
  });

  // An operator typed DATA_DIR=apps/server/data/demo npm run admin at the repository's root, as the
  // README names the demo's folder, and the CLI looked in apps/server/apps/server/data/demo.
  it('takes a relative DATA_DIR from the folder the npm command was typed in', () => {
    expect(serverSettingsOf({ DATA_DIR: 'apps/server/data/demo', INIT_CWD: '/srv/scorecast' }, PACKAGE_DIR).dataDir).toBe('/srv/scorecast/apps/server/data/demo');
    expect(serverSettingsOf({ DATA_DIR: '/var/lib/scorecast', INIT_CWD: '/srv/scorecast' }, PACKAGE_DIR).dataDir).toBe('/var/lib/scorecast');
  });

  it('takes the documented values', () => {
    const settings = serverSettingsOf({ PORT: '0', LOG_FORMAT: 'json', LOG_LEVEL: 'debug', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback', SMTP_URL: 'smtps://u:p@mail.example.com?connectionTimeout=20000', AUTH_RATE_LIMIT: '1000000', SHUTDOWN_GRACE_MS: '0', KICKOFF_CLOCK: 'off', PUSH: 'on', METRICS_PORT: '9100' }, PACKAGE_DIR);
    expect(settings).toMatchObject({ port: 0, publicUrl: 'http://localhost:0', authRateLimit: 1_000_000, shutdownGraceMs: 0, kickoffClock: false, metricsPort: 9100, smtpUrl: 'smtps://u:p@mail.example.com?connectionTimeout=20000' });
    expect(serverSettingsOf({}, PACKAGE_DIR)).toMatchObject({ port: 3000, authRateLimit: 30, shutdownGraceMs: 10_000, kickoffClock: true, metricsPort: undefined, smtpUrl: undefined });
  });

  it('never shows the mail password of an SMTP_URL it refuses', () => {
    expect(() => serverSettingsOf({ SMTP_URL: 'mail.example.com user:secret' }, PACKAGE_DIR)).toThrow(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL, e.g. smtp:\/\/user:pass@mail.example.com:587$/);
  });

  it('refuses to start the server on a bad setting in one line naming it, before a data folder or database is made', { timeout: PROCESS_TIMEOUT * 2 }, async () => {
    const cases: Record<string, string>[] = [
      { PORT: 'abc' }, { PORT: '99999', PUBLIC_URL: 'http://scorecast.test' }, { PORT: '-1' }, { PORT: '4610.5', PUBLIC_URL: 'http://scorecast.test' },
      { LOG_LEVEL: 'verbose' }, { LOG_FORMAT: 'xml' }, { TRUST_PROXY: 'garbage' }, { TRUST_PROXY: '-1' }, { SMTP_URL: 'garbage' }, { SHUTDOWN_GRACE_MS: 'soon' },
    ];
    for (const [index, setting] of cases.entries()) {
      const name = Object.keys(setting)[0]!;
      const dataDir = freshDataDir(`setting-${index}`);
      const { code, output, listened } = await refusalOfServer({ ...setting, DATA_DIR: dataDir });
      expect(listened, name).toBe(false);
      expect(code, name).toBe(1);
      expect(output.trim().split('\n'), output).toHaveLength(1);
      expect(output, name).toMatch(new RegExp(`^${name} must `));
      expect(existsSync(dataDir), name).toBe(false);
    }
  });

  // Node's recursive mkdir never returned for a folder under /proc: the server hung before a word.
  it('refuses a DATA_DIR it cannot make in one line naming it', { timeout: PROCESS_TIMEOUT * 2 }, async () => {
    for (const dataDir of ['/proc/scorecast-nope/data', '/dev/null/data']) {
      const { code, output, listened } = await refusalOfServer({ DATA_DIR: dataDir });
      expect(listened, dataDir).toBe(false);
      expect(code, dataDir).toBe(1);
      expect(output.trim().split('\n'), output).toHaveLength(1);
      expect(output, dataDir).toMatch(new RegExp(`^DATA_DIR ${dataDir} cannot be made: `));
    }
  });

  // Found by a fresh attacker: each of these made the database and the admin token first, then
  // ended with a stack (an address that does not resolve, a port another process has).
  it('refuses a HOST it cannot resolve and a PORT or METRICS_PORT in use in one line, before a data folder is made', { timeout: PROCESS_TIMEOUT * 2 }, async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = String((taken.address() as AddressInfo).port);
    try {
      const cases: [Record<string, string>, RegExp][] = [
        [{ HOST: '999.1.1.1' }, /^HOST 999\.1\.1\.1 /],
        [{ PORT: port, PUBLIC_URL: 'http://scorecast.test' }, new RegExp(`^PORT ${port} `)],
        [{ METRICS_PORT: port }, new RegExp(`^METRICS_PORT ${port} `)],
      ];
      for (const [index, [setting, line]] of cases.entries()) {
        const dataDir = freshDataDir(`place-${index}`);
        const { code, output, listened } = await refusalOfServer({ ...setting, DATA_DIR: dataDir });
        expect(listened, output).toBe(false);
        expect(code, output).toBe(1);
        expect(output.trim().split('\n'), output).toHaveLength(1);
        expect(output).toMatch(line);
        expect(existsSync(dataDir), output).toBe(false);
      }
    } finally {
      taken.close();
    }
  });

  it('refuses a DATA_DIR that is a file in one line naming it', { timeout: PROCESS_TIMEOUT }, async () => {
    const file = freshDataDir('a-file');
    writeFileSync(file, '');
    const { code, output } = await refusalOfServer({ DATA_DIR: file });
    expect(code, output).toBe(1);
    expect(output.trim().split('\n'), output).toHaveLength(1);
    expect(output).toMatch(new RegExp(`^DATA_DIR ${file} is a file, not a folder`));
  });

  it.runIf(process.env.TEST_DATABASE_URL)('refuses a DATABASE_URL whose PostgreSQL cannot be used in one line naming it, never showing the password', { timeout: PROCESS_TIMEOUT * 2 }, async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const wrongPassword = new URL(url);
    wrongPassword.password = 'not-the-password';
    const noDatabase = new URL(url);
    noDatabase.pathname = '/scorecast_no_such_database';
    const nothingListens = new URL(url);
    nothingListens.port = '1';
    for (const databaseUrl of [wrongPassword, noDatabase, nothingListens].map(String)) {
      const { code, output } = await refusalOfServer({ DATABASE_URL: databaseUrl, DATA_DIR: freshDataDir('pg-refused') });
      expect(code, output).toBe(1);
      expect(output.trim().split('\n'), output).toHaveLength(1);
      expect(output).toMatch(/^DATABASE_URL names a PostgreSQL that cannot be used: /);
      expect(output).not.toContain('not-the-password');
    }
  });
});
