import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { clockOptionsOf, createClock } from './clock.js';
import { adminTokenOf, dataDirOf } from './config.js';
import { openDatabase } from './db/database.js';
import { demoOptionsOf, startDemo } from './demo/start.js';
import { feedConfigOf } from './feeds/config.js';
import { advisoryLeadership } from './feeds/leader.js';
import { startFeedPolling } from './feeds/poller.js';
import { importFixtureFolder } from './fixtures.js';
import { createMailer } from './mail/mailer.js';
import { paymentConfigOf } from './payments/config.js';
import { pushOptionsOf } from './push/config.js';

// dist/server.js sits one folder below the package.
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const env = process.env;
  const port = Number(env.PORT ?? 3000);
  const dataDir = dataDirOf(env);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  const clock = createClock(clockOptionsOf(env.SCORECAST_CLOCK));
  const fixturesDir = env.FIXTURES_DIR ?? join(packageDir, 'fixtures');
  const { count } = await database.db.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const log = (line: string) => console.log(line);
  if (Number(count) === 0) {
    // As the fixtures stood at the server clock: no result from its future.
    const years = await importFixtureFolder(database.db, fixturesDir, clock.now());
    if (years.length > 0) log(`imported fixtures of ${years.join(', ')}`);
  }
  const { app, context } = await buildApp({
    database,
    clock,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, outboxDir: join(dataDir, 'outbox'), from: env.MAIL_FROM ?? 'Scorecast <noreply@scorecast.local>', log }),
    adminToken: adminTokenOf(env, dataDir),
    publicUrl,
    webDist: env.WEB_DIST ?? resolve(packageDir, '../web/dist'),
    flagsDir: join(fixturesDir, 'flags'),
    ...(env.AUTH_RATE_LIMIT ? { authRateLimit: Number(env.AUTH_RATE_LIMIT) } : {}),
    logger: env.LOG_LEVEL ? { level: env.LOG_LEVEL } : false,
    payments: paymentConfigOf(env),
    push: pushOptionsOf(env),
    ...(database.dialect === 'postgres' && env.DATABASE_URL ? { live: { crossProcessUrl: env.DATABASE_URL } } : {}),
    version: (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version,
  });
  const demo = demoOptionsOf(env);
  if (demo) {
    const replay = await startDemo(context, fixturesDir, demo, log);
    app.addHook('onClose', replay.stop);
  }
  const feed = demo ? undefined : feedConfigOf(env, join(fixturesDir, 'feed-teams.json'));
  if (feed) {
    const leadership = database.dialect === 'postgres' && env.DATABASE_URL ? advisoryLeadership(env.DATABASE_URL, 'feed') : undefined;
    const polling = startFeedPolling(context, feed, log, leadership);
    app.addHook('onClose', polling.stop);
  }
  const address = await app.listen({ port, host: env.HOST ?? '0.0.0.0' });
  const actualPort = new URL(address).port;
  log(`Scorecast listening on http://localhost:${actualPort} (${database.dialect}, data in ${dataDir})`);
  const stop = async () => {
    await app.close();
    await database.db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
