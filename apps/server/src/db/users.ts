import type { Language, Theme } from '@scorecast/rules';
import type { Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from './database.js';
import { mailRemindersOn } from '../reminders/recipients.js';
import type { Tables, UserRow } from './tables.js';

export type StoredUser = Selectable<UserRow>;

/** The user as the wire shows it (spec section 3). */
export type PublicUser = {
  login: string;
  name?: string;
  language: Language;
  theme: Theme;
  championPredictions: { year: number; team: string }[];
  notify: boolean;
  notifyOnMissingPrediction: boolean;
  notifyOnGameStart: boolean;
  notifyOnGameFinished: boolean;
  notifyOnGameChange: boolean;
  notifyByMail: boolean;
};

/** The user by login, or undefined. */
export async function findUserByLogin(db: Db, login: string): Promise<StoredUser | undefined> {
  return db.selectFrom('users').selectAll().where('login', '=', login).executeTakeFirst();
}

/** The user by id, or undefined. */
export async function findUserById(db: Db, id: number): Promise<StoredUser | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates a user that still has to activate the account; undefined when the login is taken. */
export async function createUser(
  db: Db,
  user: { login: string; passwordHash: string; language: Language; invitation?: string | undefined; now: number },
): Promise<StoredUser | undefined> {
  const inserted = await db
    .insertInto('users')
    .values({
      login: user.login,
      password_hash: user.passwordHash,
      language: user.language,
      invitation_group_id: user.invitation ?? null,
      created_at: user.now,
    })
    .onConflict((conflict) => conflict.column('login').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted;
}

/** A password hash no password matches: the account has no password until its owner sets one. */
export const NO_PASSWORD = '!';

/**
 * An address not yet activated was registered again, or a reset was asked for it: whose password
 * the account holds cannot be known (anyone may register any address), so it keeps none, and no
 * invitation. Its activation then mails the address's owner a link to set one. Undefined when the
 * account is active (or gone), which this changes nothing of.
 */
export async function contestRegistration(db: Db, login: string): Promise<StoredUser | undefined> {
  return db
    .updateTable('users')
    .set({ password_hash: NO_PASSWORD, invitation_group_id: null })
    .where('login', '=', login)
    .where('activated', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

/** Activates an account: the user as it now is, undefined when it is gone. */
export async function activateUser(db: Db, id: number): Promise<StoredUser | undefined> {
  return db.updateTable('users').set({ activated: 1 }).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Takes back a registration whose activation mail could not go, so that the address registers again
 * once mail goes. An account activated meanwhile (the mail went after all) stays; the tokens go with
 * the row (ON DELETE CASCADE). One statement, so a concurrent activation is either before or after it.
 */
export async function withdrawRegistration(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).where('activated', '=', 0).execute();
}

/** Changes stored fields of a user. */
export async function updateUser(db: Db, id: number, values: Updateable<UserRow>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/**
 * Deletes an account with everything that hangs on it: sessions, tokens, predictions, picks, its
 * places in groups and the groups it created.
 */
export async function deleteUser(db: Db, id: number, lockRows: boolean): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    // The user's row first, as every other write of their groups takes it: taken last, it deadlocked
    // with a group edit of theirs (which holds it and waits for the group's rows).
    await holdUser(trx, id, lockRows);
    const created = await trx.selectFrom('groups').select('id').where('creator_id', '=', id).execute();
    const ids = created.map((group) => group.id);
    if (ids.length > 0) {
      await trx.deleteFrom('players').where('group_id', 'in', ids).execute();
      await trx.deleteFrom('groups').where('id', 'in', ids).execute();
    }
    for (const table of ['players', 'predictions', 'champion_picks', 'sessions', 'link_tokens'] as const) {
      await trx.deleteFrom(table).where('user_id', '=', id).execute();
    }
    await trx.deleteFrom('users').where('id', '=', id).execute();
    return ids;
  });
}

/** The wire user, with the champion picks of every year. */
export async function publicUserOf(db: Db, user: StoredUser): Promise<PublicUser> {
  const picks = await db.selectFrom('champion_picks').select(['year', 'team']).where('user_id', '=', user.id).orderBy('year').execute();
  return {
    login: user.login,
    ...(user.name ? { name: user.name } : {}),
    language: user.language as Language,
    theme: user.theme as Theme,
    championPredictions: picks,
    notify: user.notify === 1,
    notifyOnMissingPrediction: user.notify_on_missing_prediction === 1,
    notifyOnGameStart: user.notify_on_game_start === 1,
    notifyOnGameFinished: user.notify_on_game_finished === 1,
    notifyOnGameChange: user.notify_on_game_change === 1,
    notifyByMail: mailRemindersOn(user),
  };
}

/**
 * Holds a user's row until the end of the transaction `trx` on PostgreSQL (`lockRows`), so that
 * their group writes checked against each other (the number of their groups, the names of the
 * groups they made) and the deletion of their account happen one at a time, each taking this row
 * first. SQLite runs one write transaction at a time anyway.
 */
export async function holdUser(trx: Transaction<Tables>, userId: number, lockRows: boolean): Promise<void> {
  if (lockRows) await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
