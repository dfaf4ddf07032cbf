import webpush from 'web-push';
import type { Db } from '../db/database.js';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The server's VAPID key pair, made on first start and kept in the database, so every process on
 * one database signs with the same key and browsers' subscriptions survive restarts.
 */
export async function vapidKeysOf(db: Db): Promise<VapidKeys> {
  const stored = await db.selectFrom('server_keys').select('value').where('name', '=', 'vapid').executeTakeFirst();
  if (stored) return JSON.parse(stored.value) as VapidKeys;
  const keys = webpush.generateVAPIDKeys();
  // Two processes starting together: the first insert wins and both read it back.
  await db
    .insertInto('server_keys')
    .values({ name: 'vapid', value: JSON.stringify(keys) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_keys').select('value').where('name', '=', 'vapid').executeTakeFirstOrThrow();
  return JSON.parse(row.value) as VapidKeys;
}
