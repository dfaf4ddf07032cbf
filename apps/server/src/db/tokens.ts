import { createHash, randomBytes } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from './database.js';
import type { Tables } from './tables.js';
import type { StoredUser } from './users.js';

/** The mail links that log in (their token works as a one-time password). */
// autologin: the link of a reminder mail, which opens the dashboard (it expires at the last kickoff it covers).
export const LINK_PURPOSES = ['activate-account', 'reset-password', 'autologin'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];
/**
 * A newsletter's unsubscribe link: its token unsubscribes once and logs nobody in. An activation
 * link's token, once used, stays as 'activated' for the link's lifetime: it logs nobody in either.
 */
export type TokenPurpose = LinkPurpose | 'unsubscribe' | 'activated';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Mail links stay valid for two days. */
export const LINK_TOKEN_LIFETIME_MS = 2 * DAY_MS;
/** A newsletter is read late: its unsubscribe link works for 90 days. */
export const UNSUBSCRIBE_TOKEN_LIFETIME_MS = 90 * DAY_MS;
/** A session ends 365 days after the login, or after 90 days without a request, whichever comes first. */
export const SESSION_LIFETIME_MS = 365 * DAY_MS;
export const SESSION_IDLE_MS = 90 * DAY_MS;
// How stale `last_seen_at` may be before a request writes it again: a write per request would be
// a write per page view, and a day is nothing against 90.
const SEEN_RESOLUTION_MS = DAY_MS;

/** A random token of 256 bits, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256: they carry 256 random bits, so a slow hash adds nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session; returns its bearer token (only its hash is stored). The user's ended sessions are cleared away. */
export async function createSession(db: Db, userId: number, now: number): Promise<string> {
  const token = randomToken();
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('created_at', '<=', now - SESSION_LIFETIME_MS), eb('last_seen_at', '<=', now - SESSION_IDLE_MS)]))
    .execute();
  await db.insertInto('sessions').values({ token_hash: hashToken(token), user_id: userId, created_at: now, last_seen_at: now }).execute();
  return token;
}

/** A session still going on at `now`: neither {@link SESSION_LIFETIME_MS} after its login nor {@link SESSION_IDLE_MS} unused. */
function goingOnAt(now: number) {
  return (eb: ExpressionBuilder<Tables, 'sessions'>) => eb.and([eb('sessions.created_at', '>', now - SESSION_LIFETIME_MS), eb('sessions.last_seen_at', '>', now - SESSION_IDLE_MS)]);
}

/** The user of a live session, or undefined once it has ended; a use keeps it from going idle. */
export async function userOfSession(db: Db, token: string, now: number): Promise<StoredUser | undefined> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.last_seen_at as session_seen_at')
    .where('sessions.token_hash', '=', tokenHash)
    .where(goingOnAt(now))
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_seen_at: seenAt, ...user } = row;
  if (now - Number(seenAt) >= SEEN_RESOLUTION_MS) await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
  return user;
}

/** Which of some sessions (by their tokens' hashes) have not ended: neither logged out nor run out. */
export async function sessionsGoingOn(db: Db, tokenHashes: readonly string[], now: number): Promise<Set<string>> {
  const going = new Set<string>();
  // In slices: a list of thousands of parameters is more than a statement takes.
  for (let from = 0; from < tokenHashes.length; from += 500) {
    const rows = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', 'in', tokenHashes.slice(from, from + 500))
      .where(goingOnAt(now))
      .execute();
    for (const row of rows) going.add(row.token_hash);
  }
  return going;
}

/** Ends one session. */
export async function endSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Ends every session of a user but `keep`. */
export async function endOtherSessions(db: Db, userId: number, keep?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep) query = query.where('token_hash', '<>', hashToken(keep));
  await query.execute();
}

/** Voids a user's mailed links that log in (reset, reminders): a password change ends every way in but the current session. */
export async function voidLoginLinks(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('link_tokens').where('user_id', '=', userId).where('purpose', 'in', ['reset-password', 'autologin']).execute();
}

/** Anyone may ask for an address's activation or reset mail: at most one goes per minute, so nobody floods an inbox. */
export const LINK_MAIL_COOLDOWN_MS = 60 * 1000;

/**
 * Claims the next mail that a request sends to a user: true for the one caller, in any process,
 * whose mail may go now. A clock set back by more than the cooldown does not hold mails back.
 */
export async function claimLinkMail(db: Db, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ link_mail_sent_at: now })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('link_mail_sent_at', 'is', null),
        eb('link_mail_sent_at', '<=', now - LINK_MAIL_COOLDOWN_MS),
        eb('link_mail_sent_at', '>', now + LINK_MAIL_COOLDOWN_MS),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back the claim of a mail that could not go: the next request sends at once, not after the cooldown. */
export async function releaseLinkMail(db: Db, userId: number, claimedAt: number): Promise<void> {
  await db.updateTable('users').set({ link_mail_sent_at: null }).where('id', '=', userId).where('link_mail_sent_at', '=', claimedAt).execute();
}

/** Creates the one-time token of a mail link. */
export async function createLinkToken(db: Db, userId: number, purpose: TokenPurpose, now: number): Promise<string> {
  const token = randomToken();
  const lifetime = purpose === 'unsubscribe' ? UNSUBSCRIBE_TOKEN_LIFETIME_MS : LINK_TOKEN_LIFETIME_MS;
  await db
    .insertInto('link_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, purpose, expires_at: now + lifetime })
    .execute();
  return token;
}

/** The purpose of a user's unexpired login link token, without using it up; unsubscribe tokens log nobody in. */
export async function peekLinkToken(db: Db, userId: number, token: string, now: number): Promise<LinkPurpose | undefined> {
  const row = await db
    .selectFrom('link_tokens')
    .select('purpose')
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('purpose', 'in', LINK_PURPOSES)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.purpose as LinkPurpose | undefined;
}

/** Keeps the token of the activation link that was just used, so that opening the link again says the account is active. */
export async function keepUsedActivationLink(db: Db, userId: number, token: string, now: number): Promise<void> {
  await db
    .insertInto('link_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, purpose: 'activated', expires_at: now + LINK_TOKEN_LIFETIME_MS })
    .execute();
}

/** Whether a token is one of the user's links for one of `purposes`, within its lifetime (it stays). */
export async function isLinkFor(db: Db, userId: number, token: string, now: number, purposes: readonly TokenPurpose[]): Promise<boolean> {
  const row = await db
    .selectFrom('link_tokens')
    .select('purpose')
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses up a link token of a purpose: true only for the one caller that deleted it while it was valid.
 * A used link shows that its owner reads the mailbox: the next link mail may go at once (a reset page
 * reloaded, its link used, waited out the cooldown for a new one).
 */
export async function consumeLinkToken(db: Db, userId: number, token: string, now: number, purposes: readonly TokenPurpose[] = LINK_PURPOSES): Promise<boolean> {
  const result = await db
    .deleteFrom('link_tokens')
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return false;
  await liftLinkMailCooldown(db, userId);
  return true;
}

/** A link of the user's was opened: its owner reads the mailbox, and the next link mail may go at once. */
export async function liftLinkMailCooldown(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ link_mail_sent_at: null }).where('id', '=', userId).execute();
}
