import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { createClock } from './clock.js';
import { adminTokenFile, adminTokenOf, isSettingError } from './config.js';
import { openDatabase } from './db/database.js';
import { lockDataDir } from './db/dataDirLock.js';
import { startDemo } from './demo/start.js';
import { advisoryLeadership } from './feeds/leader.js';
import { startFeedPolling } from './feeds/poller.js';
import { importOnFirstStart } from './fixtures.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { countPool, mails } from './metrics.js';
import { startKickoffClock } from './feeds/kickoffs.js';
import { checkAddresses, serverSettingsOf } from './settings.js';

// dist/server.js sits one folder below the package.
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** How long the stop waits, once the grace time cut the last requests' connections, for them to let go of the database. */
const AFTER_CUT_MS = 1_000;

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
  // Every setting is checked before the data folder, the database or a port is touched.
  const settings = serverSettingsOf(env, packageDir);
  await checkAddresses(settings);
  const { dataDir, databaseUrl, fixturesDir, demo } = settings;
  // One process per SQLite file: several need PostgreSQL.
  const unlock = databaseUrl ? () => undefined : lockDataDir(dataDir);
  process.on('exit', unlock);
  const database = await openDatabase({ databaseUrl, dataDir });
  const clock = createClock(settings.clock);
  const adminToken = adminTokenOf(env, dataDir);
  let log: (line: string) => void = (line) => console.log(line);
  const { app, context } = await buildApp({
    database,
    clock,
    mailer: countedMailer(
      createMailer({ smtpUrl: settings.smtpUrl, outboxDir: join(dataDir, 'outbox'), from: settings.mailFrom, timeoutMs: settings.smtpTimeoutMs, log: (line) => log(line) }),
    ),
    adminToken,
    publicUrl: settings.publicUrl,
    webDist: settings.webDist,
    flagsDir: join(fixturesDir, 'flags'),
    authRateLimit: settings.authRateLimit,
    logger: settings.logger,
    trustProxy: settings.trustProxy,
    operations: { metricsPort: settings.metricsPort, metricsHost: settings.metricsHost },
    payments: settings.payments,
    push: settings.push,
    reminders: settings.reminders,
    live: {
      connectionsPerAddress: settings.liveConnectionsPerAddress,
      ...(settings.liveConnectionsMax ? { connectionsMax: settings.liveConnectionsMax } : {}),
      ...(databaseUrl ? { crossProcessUrl: databaseUrl } : {}),
    },
    version: (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version,
  });
  log = (line) => app.log.info(line);
  // The made token has 43 characters; the admin API is on the public port.
  if (adminToken.length < 16) app.log.warn('ADMIN_TOKEN has fewer than 16 characters: it can be guessed (make a long one, e.g. openssl rand -hex 24, the same for every process; or leave it unset on a single process for a random one)');
  if (database.pool) countPool(database.pool);
  // As the fixtures stood at the server clock: no result from its future.
  const years = await importOnFirstStart(database.db, database.dialect, fixturesDir, clock.now());
  if (years) {
    if (years.length > 0) log(`imported fixtures of ${years.join(', ')}`);
    // A mistyped FIXTURES_DIR started a server without games and without a word.
    else app.log.warn({ fixturesDir }, 'no games: no {year}.json in FIXTURES_DIR to import (import one with the admin CLI)');
  }
  if (demo) {
    // The demo's sign-in lines are for the person at the terminal, not the log: its password is public.
    const replay = await startDemo(context, fixturesDir, demo, (line) => console.log(line), app.log);
    app.addHook('onClose', () => replay.stop());
  }
  // The demo's replay kicks its games off itself.
  if (!demo && settings.kickoffClock) {
    const leadership = databaseUrl ? advisoryLeadership(databaseUrl, 'kickoffs') : undefined;
    const stopKickoffs = startKickoffClock(context, { leadership });
    app.addHook('onClose', async () => {
      await stopKickoffs();
      await leadership?.close();
    });
  }
  const { feed } = settings;
  if (feed) {
    const leadership = databaseUrl ? advisoryLeadership(databaseUrl, 'feed') : undefined;
    // A failed poll is logged with its stack.
    const polling = startFeedPolling(context, feed, (line, error) => (error ? app.log.error({ err: error }, line) : log(line)), leadership);
    app.addHook('onClose', () => polling.stop());
  }
  const address = await app.listen({ port: settings.port, host: settings.host });
  const actualPort = new URL(address).port;
  log(`Scorecast listening on http://localhost:${actualPort} (${database.dialect}, data in ${dataDir}, admin token in ${env.ADMIN_TOKEN ? 'ADMIN_TOKEN' : adminTokenFile(dataDir)})`);

  // SIGTERM (systemd, a deploy) and Ctrl-C: stop accepting, tell live clients to reconnect (the
  // hub's close message), let requests in flight finish within the grace time, close the database.
  const graceMs = settings.shutdownGraceMs;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, graceMs }, 'stopping');
    const cut = setTimeout(() => {
      app.log.warn('requests still running after the grace time: their connections are closed');
      app.server.closeAllConnections();
      // Their database work is not waited for (a statement on a locked table runs to its timeout):
      // PostgreSQL rolls back what the process leaves open, and a SQLite statement never waits here.
      setTimeout(() => {
        app.log.warn('database work still running after the grace time: stopped without it');
        process.exit(1);
      }, AFTER_CUT_MS).unref();
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
