import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './database.js';
import type { StoredUser } from './users.js';

export const LINK_PURPOSES = ['activate-account', 'reset-password'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** Mail links stay valid for two days. */
export const LINK_TOKEN_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** A random token of 256 bits, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256: they carry 256 random bits, so a slow hash adds nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session; returns its bearer token (only its hash is stored). */
export async function createSession(db: Db, userId: number, now: number): Promise<string> {
  const token = randomToken();
  await db.insertInto('sessions').values({ token_hash: hashToken(token), user_id: userId, created_at: now }).execute();
  return token;
}

/** The user of a live session, or undefined. */
export async function userOfSession(db: Db, token: string): Promise<StoredUser | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
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

/** Creates the one-time token of a mail link. */
export async function createLinkToken(db: Db, userId: number, purpose: LinkPurpose, now: number): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('link_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, purpose, expires_at: now + LINK_TOKEN_LIFETIME_MS })
    .execute();
  return token;
}

/** The purpose of a user's unexpired link token, without using it up. */
export async function peekLinkToken(db: Db, userId: number, token: string, now: number): Promise<LinkPurpose | undefined> {
  const row = await db
    .selectFrom('link_tokens')
    .select('purpose')
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.purpose as LinkPurpose | undefined;
}

/** Uses up a link token: true only for the one caller that deleted it while it was valid. */
export async function consumeLinkToken(db: Db, userId: number, token: string, now: number): Promise<boolean> {
  const result = await db
    .deleteFrom('link_tokens')
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
