import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { clockOptionsOf, createClock } from './clock.js';
import { adminTokenFile, adminTokenOf, dataDirOf, isSettingError } from './config.js';
import { isPostgresUrl, openDatabase } from './db/database.js';
import { lockDataDir } from './db/dataDirLock.js';
import { demoOptionsOf, startDemo } from './demo/start.js';
import { feedConfigOf } from './feeds/config.js';
import { advisoryLeadership } from './feeds/leader.js';
import { startFeedPolling } from './feeds/poller.js';
import { importFixtureFolder } from './fixtures.js';
import { loggerOptionsOf, trustProxyOf } from './logging.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { countPool, mails } from './metrics.js';
import { paymentConfigOf } from './payments/config.js';
import { pushOptionsOf } from './push/config.js';
import { reminderOptionsOf } from './reminders/config.js';
import { startKickoffClock } from './feeds/kickoffs.js';

// dist/server.js sits one folder below the package.
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Counts every mail handed to the transport, sent or failed. */
function countedMailer(mailer: Mailer): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
        mails.inc({ outcome: 'sent' });
      } catch (error) {
        mails.inc({ outcome: 'failed' });
        throw error;
      }
    },
    check: () => mailer.check(),
  };
}

async function main(): Promise<void> {
  const env = process.env;
  const port = Number(env.PORT ?? 3000);
  const dataDir = dataDirOf(env);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  // One process per SQLite file: several need PostgreSQL.
  const unlock = isPostgresUrl(env.DATABASE_URL) ? () => undefined : lockDataDir(dataDir);
  process.on('exit', unlock);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  const clock = createClock(clockOptionsOf(env.SCORECAST_CLOCK));
  const fixturesDir = env.FIXTURES_DIR ?? join(packageDir, 'fixtures');
  const adminToken = adminTokenOf(env, dataDir);
  let log: (line: string) => void = (line) => console.log(line);
  const { app, context } = await buildApp({
    database,
    clock,
    mailer: countedMailer(
      createMailer({
        smtpUrl: env.SMTP_URL,
        outboxDir: join(dataDir, 'outbox'),
        from: env.MAIL_FROM ?? 'Scorecast <noreply@scorecast.local>',
        ...(env.SMTP_TIMEOUT_MS ? { timeoutMs: Number(env.SMTP_TIMEOUT_MS) } : {}),
        log: (line) => log(line),
      }),
    ),
    adminToken,
    publicUrl,
    webDist: env.WEB_DIST ?? resolve(packageDir, '../web/dist'),
    flagsDir: join(fixturesDir, 'flags'),
    ...(env.AUTH_RATE_LIMIT ? { authRateLimit: Number(env.AUTH_RATE_LIMIT) } : {}),
    logger: loggerOptionsOf(env),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    operations: { metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined, metricsHost: env.METRICS_HOST },
    payments: paymentConfigOf(env),
    push: pushOptionsOf(env),
    reminders: reminderOptionsOf(env),
    live: {
      ...(env.LIVE_CONNECTIONS_PER_ADDRESS ? { connectionsPerAddress: Number(env.LIVE_CONNECTIONS_PER_ADDRESS) } : {}),
      ...(database.dialect === 'postgres' && env.DATABASE_URL ? { crossProcessUrl: env.DATABASE_URL } : {}),
    },
    version: (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version,
  });
  log = (line) => app.log.info(line);
  if (database.pool) countPool(database.pool);
  const { count } = await database.db.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  if (Number(count) === 0) {
    // As the fixtures stood at the server clock: no result from its future.
    const years = await importFixtureFolder(database.db, fixturesDir, clock.now());
    if (years.length > 0) log(`imported fixtures of ${years.join(', ')}`);
  }
  const demo = demoOptionsOf(env);
  if (demo) {
    // The demo's sign-in lines are for the person at the terminal, not the log: its password is public.
    const replay = await startDemo(context, fixturesDir, demo, (line) => console.log(line), app.log);
    app.addHook('onClose', () => replay.stop());
  }
  // The demo's replay kicks its games off itself.
  if (!demo && env.KICKOFF_CLOCK !== 'off') {
    const leadership = database.dialect === 'postgres' && env.DATABASE_URL ? advisoryLeadership(env.DATABASE_URL, 'kickoffs') : undefined;
    const stopKickoffs = startKickoffClock(context, { leadership });
    app.addHook('onClose', async () => {
      await stopKickoffs();
      await leadership?.close();
    });
  }
  const feed = demo ? undefined : feedConfigOf(env, join(fixturesDir, 'feed-teams.json'));
  if (feed) {
    const leadership = database.dialect === 'postgres' && env.DATABASE_URL ? advisoryLeadership(env.DATABASE_URL, 'feed') : undefined;
    // A failed poll is logged with its stack.
    const polling = startFeedPolling(context, feed, (line, error) => (error ? app.log.error({ err: error }, line) : log(line)), leadership);
    app.addHook('onClose', () => polling.stop());
  }
  const address = await app.listen({ port, host: env.HOST ?? '0.0.0.0' });
  const actualPort = new URL(address).port;
  log(`Scorecast listening on http://localhost:${actualPort} (${database.dialect}, data in ${dataDir}, admin token in ${env.ADMIN_TOKEN ? 'ADMIN_TOKEN' : adminTokenFile(dataDir)})`);

  // SIGTERM (systemd, a deploy) and Ctrl-C: stop accepting, tell live clients to reconnect (the
  // hub's close message), let requests in flight finish within the grace time, close the database.
  const graceMs = Number(env.SHUTDOWN_GRACE_MS ?? 10_000);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, graceMs }, 'stopping');
    const cut = setTimeout(() => {
      app.log.warn('requests still running after the grace time: their connections are closed');
      app.server.closeAllConnections();
    }, graceMs);
    cut.unref();
    try {
      await app.close();
      await database.db.destroy();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(isSettingError(error) ? error.message : error);
  process.exit(1);
});
