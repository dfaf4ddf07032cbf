import { createHash } from 'node:crypto';
import type { ProductId } from '@scorecast/rules';
import type { Db } from '../db/database.js';

export type Provider = 'paypal' | 'google';

/** Provider ids can be long (Play purchase tokens): the unique key is their hash. */
const keyOf = (provider: Provider, providerId: string) => createHash('sha256').update(`${provider}:${providerId}`).digest('hex');

/** Records an order or purchase as created; false when the provider id is already recorded. */
export async function recordPurchase(
  db: Db,
  purchase: { provider: Provider; providerId: string; groupId: string; userId: number; productId: ProductId; amountCents: number; currency: string; now: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('purchases')
    .values({
      key: keyOf(purchase.provider, purchase.providerId),
      provider: purchase.provider,
      provider_id: purchase.providerId,
      group_id: purchase.groupId,
      user_id: purchase.userId,
      product_id: purchase.productId,
      amount_cents: purchase.amountCents,
      currency: purchase.currency,
      status: 'created',
      created_at: purchase.now,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A recorded purchase. */
export async function findPurchase(db: Db, provider: Provider, providerId: string) {
  return db.selectFrom('purchases').selectAll().where('key', '=', keyOf(provider, providerId)).executeTakeFirst();
}

/**
 * Completes a created purchase and raises its group's cap, in one transaction; false when it was
 * completed before (a replay), so the cap is raised once whatever arrives twice.
 */
export async function completePurchase(
  db: Db,
  purchase: { provider: Provider; providerId: string; transactionId: string; groupId: string; maxPlayers: number | undefined; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('purchases')
      .set({ status: 'completed', transaction_id: purchase.transactionId, completed_at: purchase.now })
      .where('key', '=', keyOf(purchase.provider, purchase.providerId))
      .where('status', '=', 'created')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const raise = trx.updateTable('groups').set({ max_players: purchase.maxPlayers ?? null }).where('id', '=', purchase.groupId);
    // Never lower a cap: an older, smaller product completing late leaves a bigger cap alone.
    await (purchase.maxPlayers === undefined ? raise : raise.where('max_players', '<', purchase.maxPlayers)).where('max_players', 'is not', null).execute();
    return true;
  });
}

/**
 * Records why a capture failed. The purchase stays open: after a declined card PayPal lets the buyer
 * choose another way to pay for the same order.
 */
export async function noteFailure(db: Db, provider: Provider, providerId: string, reason: string): Promise<void> {
  await db
    .updateTable('purchases')
    .set({ failure: reason.slice(0, 200) })
    .where('key', '=', keyOf(provider, providerId))
    .where('status', '=', 'created')
    .execute();
}
