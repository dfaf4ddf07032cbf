import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';

const KEY_NAME = 'reminder-off-secret';

/** The server's secret for off links, made on first use and shared by every process on the database. */
export async function offLinkSecret(db: Db): Promise<string> {
  await db
    .insertInto('server_keys')
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return (await db.selectFrom('server_keys').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow()).value;
}

/** The key of a login's off link: it works without a session, as often as it is opened, and for nothing else. */
export function offLinkKey(secret: string, login: string): string {
  return createHmac('sha256', secret).update(`reminder-off:${login}`).digest('base64url');
}

/** Whether a key is the off link key of a login. */
export function isOffLinkKey(secret: string, login: string, key: string): boolean {
  const expected = Buffer.from(offLinkKey(secret, login));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The one-click link that switches a player's reminder mails off. */
export function offLink(publicUrl: string, secret: string, login: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api/reminders/off?${new URLSearchParams({ login, key: offLinkKey(secret, login) }).toString()}`;
}
