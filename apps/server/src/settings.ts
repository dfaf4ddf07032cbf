import { lookup } from 'node:dns/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { clockOptionsOf } from './clock.js';
import { dataDirOf, isSwitchedOn, portOf, SettingError, webUrlOf, wholeNumberOf } from './config.js';
import { databaseKindOf } from './db/database.js';
import { demoOptionsOf } from './demo/start.js';
import { feedConfigOf } from './feeds/config.js';
import { loggerOptionsOf, trustProxyOf } from './logging.js';
import { SMTP_TIMEOUT_MS } from './mail/mailer.js';
import { paymentConfigOf } from './payments/config.js';
import { pushOptionsOf } from './push/config.js';
import { reminderOptionsOf } from './reminders/config.js';

/** The longest a timer waits: a delay past 2^31 - 1 ms fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * SMTP_URL: an smtp:// or smtps:// URL. Nodemailer took any other text as options and failed at
 * start with a TypeError. The refusal never shows the value: it holds the mail password.
 */
function smtpUrlOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!URL.canParse(value) || !/^smtps?:$/i.test(new URL(value).protocol)) throw new SettingError('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587');
  // Nodemailer takes these from the query as they are and throws at the first mail on one that is no
  // number, from a socket's callback: the process ended.
  for (const name of SMTP_TIMEOUTS) {
    const timeout = new URL(value).searchParams.get(name);
    if (timeout !== null && timeout !== '' && !/^\d+$/.test(timeout)) throw new SettingError(`SMTP_URL must give ${name} in whole milliseconds, e.g. ?${name}=10000`);
  }
  return value;
}

/** The timeouts an SMTP_URL's query may set (nodemailer's names). */
const SMTP_TIMEOUTS = ['connectionTimeout', 'greetingTimeout', 'socketTimeout', 'dnsTimeout'];

/**
 * Every setting of the server's environment (the tables of the README), read and checked at once
 * before anything is created or opened: a wrong one is a SettingError naming the variable and what
 * it takes, never a stack from deep inside, after a database was made, or a default taken silently.
 */
export function serverSettingsOf(env: NodeJS.ProcessEnv, packageDir: string) {
  const port = portOf('PORT', env.PORT, 3000);
  const metricsPort = env.METRICS_PORT ? portOf('METRICS_PORT', env.METRICS_PORT, 0) : undefined;
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    throw new SettingError(`METRICS_PORT must be another port than PORT (${port}): the metrics listen on their own`);
  }
  const databaseUrl = databaseKindOf(env.DATABASE_URL) === 'postgres' ? env.DATABASE_URL : undefined;
  const fixturesDir = env.FIXTURES_DIR || join(packageDir, 'fixtures');
  const demo = demoOptionsOf(env);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: dataDirOf(env),
    databaseUrl,
    publicUrl: webUrlOf('PUBLIC_URL', env.PUBLIC_URL, `http://localhost:${port}`),
    smtpUrl: smtpUrlOf(env.SMTP_URL),
    smtpTimeoutMs: wholeNumberOf('SMTP_TIMEOUT_MS', env.SMTP_TIMEOUT_MS, SMTP_TIMEOUT_MS, { min: 1, max: MAX_TIMER_MS }),
    mailFrom: env.MAIL_FROM || 'Scorecast <noreply@scorecast.local>',
    clock: clockOptionsOf(env.SCORECAST_CLOCK),
    kickoffClock: isSwitchedOn('KICKOFF_CLOCK', env.KICKOFF_CLOCK),
    fixturesDir,
    webDist: env.WEB_DIST || resolve(packageDir, '../web/dist'),
    authRateLimit: wholeNumberOf('AUTH_RATE_LIMIT', env.AUTH_RATE_LIMIT, 30, { min: 1, max: Number.MAX_SAFE_INTEGER }),
    liveConnectionsPerAddress: wholeNumberOf('LIVE_CONNECTIONS_PER_ADDRESS', env.LIVE_CONNECTIONS_PER_ADDRESS, 500, { min: 1, max: Number.MAX_SAFE_INTEGER }),
    liveConnectionsMax: env.LIVE_CONNECTIONS_MAX ? wholeNumberOf('LIVE_CONNECTIONS_MAX', env.LIVE_CONNECTIONS_MAX, 0, { min: 1, max: Number.MAX_SAFE_INTEGER }) : undefined,
    logger: loggerOptionsOf(env),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    metricsPort,
    metricsHost: env.METRICS_HOST || undefined,
    shutdownGraceMs: wholeNumberOf('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 10_000, { min: 0, max: MAX_TIMER_MS }),
    payments: paymentConfigOf(env),
    push: pushOptionsOf(env),
    reminders: reminderOptionsOf(env),
    demo,
    // The demo's replay is the result feed of its run.
    feed: demo ? undefined : feedConfigOf(env, join(fixturesDir, 'feed-teams.json')),
  };
}

export type ServerSettings = ReturnType<typeof serverSettingsOf>;

/** Whether a port on a host can be listened on now: refused with a line naming the variable. */
async function checkPortFree(name: string, port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(port, host, () => probe.close(() => resolve()));
  }).catch((error: NodeJS.ErrnoException) => {
    const why = error.code === 'EADDRINUSE' ? 'another process listens there' : error.code === 'EACCES' ? 'this user may not listen there' : error.message;
    throw new SettingError(`${name} ${port} cannot be used on ${host}: ${why}`);
  });
}

/**
 * What the settings name outside the process, tried before the data folder or the database is
 * touched: HOST resolves, PORT and METRICS_PORT are free. A start that failed there had already made
 * the database and the admin token, then ended with a stack.
 */
export async function checkAddresses(settings: ServerSettings): Promise<void> {
  await lookup(settings.host).catch((error: NodeJS.ErrnoException) => {
    throw new SettingError(`HOST ${settings.host} cannot be resolved (${error.code ?? error.message}): give an address of this machine or its name`);
  });
  await checkPortFree('PORT', settings.port, settings.host);
  if (settings.metricsPort !== undefined) await checkPortFree('METRICS_PORT', settings.metricsPort, settings.metricsHost ?? '127.0.0.1');
}
