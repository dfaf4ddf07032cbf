import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { mailsIn } from './support/outbox.js';
import { Browser, PASSWORD, signUp, startTestServer, wire, type TestServer } from './support/server.js';

// A fresh attacker registered 'twin@ｅxample.com' (a full-width e) and 'twin@exаmple.com' (a
// Cyrillic a) beside 'twin@example.com': accounts of their own whose mails reached the first one's
// mailbox, one click from being activated by its owner.
describe('an address written another way', () => {
  let server: TestServer | undefined;
  afterAll(async () => server?.close());

  it('is the same login: registered again it is refused as taken, and it logs in to the one account', async () => {
    server = await startTestServer('sqlite');
    const twin = await signUp(server, 'twin@example.com');
    const idn = await signUp(server, 'jörg@müller.de');
    const stranger = new Browser(server.app);
    const mails = mailsIn(server.outboxDir).length;
    for (const login of ['twin@\uff45xample.com', '\uff54win@example.com', 'TWIN@example.com']) {
      expect(await stranger.json('POST', '/api/auth/register', { language: 'en', login, password: await wire(PASSWORD) }), login).toEqual({ status: 'UserAlreadyExists' });
      expect((await stranger.json('POST', '/api/auth', { login, password: await wire(PASSWORD) })).user.login, login).toBe('twin@example.com');
    }
    expect(await stranger.json('POST', '/api/auth/register', { language: 'en', login: 'j\u00f6rg@xn--mller-kva.de', password: await wire(PASSWORD) })).toEqual({ status: 'UserAlreadyExists' });
    expect(mailsIn(server.outboxDir)).toHaveLength(mails);
    expect((await idn.json('GET', '/api/auth')).user.login).toBe('jörg@xn--mller-kva.de');
    expect(twin.token).toBeDefined();
  });
});

// Logins stored before they were written in one form keep their way in.
it('writes the logins of an older database in the one form, the older account keeping a form two share', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scorecast-login-forms-'));
  try {
    const opened = await openDatabase({ dataDir });
    await opened.db.destroy();
    const file = new Database(join(dataDir, 'scorecast.db'));
    file.exec(`
      DROP INDEX link_tokens_user;
      DELETE FROM kysely_migration WHERE name >= '2026-11-28T0900_logins_in_one_form';
      INSERT INTO users (id, login, password_hash, activated, created_at) VALUES
        (1, 'jörg@müller.de', 'x', 1, 0), (2, 'twin@example.com', 'x', 1, 0), (3, 'twin@\uff45xample.com', 'x', 0, 0), (4, 'ann@example.com', 'x', 1, 0);
    `);
    file.close();
    const migrated = await openDatabase({ dataDir });
    try {
      expect(await migrated.db.selectFrom('users').select(['id', 'login']).orderBy('id').execute()).toEqual([
        { id: 1, login: 'jörg@xn--mller-kva.de' },
        { id: 2, login: 'twin@example.com' },
        { id: 3, login: 'twin@\uff45xample.com' },
        { id: 4, login: 'ann@example.com' },
      ]);
    } finally {
      await migrated.db.destroy();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
