import { defaultPointConfiguration } from '@scorecast/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { correctionsMailed, sendCorrectionMails } from '../src/changes/announce.js';
import { writeChange } from '../src/feeds/gameChanges.js';
import { createMailer } from '../src/mail/mailer.js';
import { DATABASES } from './support/databases.js';
import { mailsIn } from './support/outbox.js';
import { ADMIN_TOKEN, gameIdOf, signUp, startTestServer, type TestServer } from './support/server.js';

const SUBJECT = 'Subject: Result corrected: Germany - Scotland';

describe.each(DATABASES)('correction mails kept in the database, on %s', (kind) => {
  let server: TestServer;
  let opener: number;

  const correctionsTo = (login: string) => mailsIn(server.outboxDir).filter((mail) => mail.includes(`To: ${login}`) && mail.includes(SUBJECT));

  /** A correction committed by a process that stopped before it announced anything. */
  const correctSilently = async (homeGoals: number) => {
    await server.database.db.transaction().execute((trx) => writeChange(trx, server.clock.now(), opener, { homeGoals }, { source: 'admin', reason: 'own goal credited late' }));
  };

  /** A second server process on the same database and outbox: it starts as a restarted one would. */
  const startAnother = async () => {
    const mailer = createMailer({ outboxDir: server.outboxDir, from: 'Scorecast <noreply@scorecast.test>' });
    const { app, context } = await buildApp({ database: server.database, clock: server.clock, mailer, adminToken: ADMIN_TOKEN, publicUrl: 'http://scorecast.test', push: false });
    await app.ready();
    return { app, context };
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { push: false });
    const ann = await signUp(server, 'ann@example.com');
    const bob = await signUp(server, 'bob@example.com');
    const groupId = (await ann.json('POST', '/api/groups', { name: 'Office', pointConfiguration: defaultPointConfiguration(2024), playerName: 'Ann' })).id;
    await bob.json('POST', '/api/groups/accept-invitation', { groupId, playerName: 'Bob' });
    opener = await gameIdOf(server, 1);
    server.clock.set(Date.parse('2024-06-15T08:00:00Z'));
    expect((await server.admin('POST', `/api/admin/games/${opener}`, { status: 'Finished', homeGoals: 1, awayGoals: 0 })).statusCode).toBe(200);
  });
  afterAll(async () => server?.close());

  it('sends the mails of a correction whose process stopped right after it, when a server starts', async () => {
    await correctSilently(2);
    await correctionsMailed(server.context);
    expect(correctionsTo('ann@example.com')).toHaveLength(0);

    const restarted = await startAnother();
    try {
      await correctionsMailed(restarted.context);
      for (const login of ['ann@example.com', 'bob@example.com']) {
        expect(correctionsTo(login)).toHaveLength(1);
        expect(correctionsTo(login)[0]).toContain('was corrected from 1:0 to 2:0');
        expect(correctionsTo(login)[0]).toContain('Reason: own goal credited late');
      }
      // Sent once: the next run finds nothing left.
      await sendCorrectionMails(restarted.context);
      await sendCorrectionMails(server.context);
      expect(correctionsTo('ann@example.com')).toHaveLength(1);
    } finally {
      await restarted.app.close();
    }
  });

  it('sends each mail once when two processes look for kept corrections at the same time', async () => {
    await correctSilently(3);
    const other = await startAnother();
    try {
      await Promise.all([sendCorrectionMails(server.context), sendCorrectionMails(other.context), correctionsMailed(other.context)]);
      for (const login of ['ann@example.com', 'bob@example.com']) {
        expect(correctionsTo(login).filter((mail) => mail.includes('from 2:0 to 3:0'))).toHaveLength(1);
      }
    } finally {
      await other.app.close();
    }
  });

  it('goes on after the last mail a stopped process sent', async () => {
    await correctSilently(4);
    const ann = await server.database.db.selectFrom('users').select('id').where('login', '=', 'ann@example.com').executeTakeFirstOrThrow();
    // As a process leaves it that stopped after its mail to Ann.
    await server.database.db.updateTable('correction_mails').set({ next_user_id: ann.id }).execute();
    await sendCorrectionMails(server.context);
    expect(correctionsTo('ann@example.com').filter((mail) => mail.includes('from 3:0 to 4:0'))).toHaveLength(0);
    expect(correctionsTo('bob@example.com').filter((mail) => mail.includes('from 3:0 to 4:0'))).toHaveLength(1);
    expect(await server.database.db.selectFrom('correction_mails').select('id').execute()).toEqual([]);
  });

  // A fresh attacker killed the server during a correction: its mails went out a minute and a half
  // later, after those of a newer correction, so every player's last mail named a result no longer true.
  it('drops the mails of a correction a newer one overtook before they went out', async () => {
    await correctSilently(5);
    await correctSilently(6);
    await sendCorrectionMails(server.context);
    for (const login of ['ann@example.com', 'bob@example.com']) {
      expect(correctionsTo(login).filter((mail) => mail.includes('from 4:0 to 5:0'))).toHaveLength(0);
      expect(correctionsTo(login).filter((mail) => mail.includes('from 5:0 to 6:0'))).toHaveLength(1);
    }
    expect(await server.database.db.selectFrom('correction_mails').select('id').execute()).toEqual([]);
  });

  // On SQLite one process has the data folder: what a killed one held claimed is nobody's any more.
  it.runIf(kind === 'sqlite')('sends at once, on a restart, the mails a killed process held claimed', async () => {
    await correctSilently(7);
    await server.database.db.updateTable('correction_mails').set({ claimed_until: Date.now() + 60_000 }).execute();
    const restarted = await startAnother();
    try {
      await correctionsMailed(restarted.context);
      for (const login of ['ann@example.com', 'bob@example.com']) expect(correctionsTo(login).filter((mail) => mail.includes('from 6:0 to 7:0'))).toHaveLength(1);
    } finally {
      await restarted.app.close();
    }
  });
});

