import { upgradeOptions, type Language, type ProductId, type UpgradeOption } from '@scorecast/rules';
import type { Db } from '../db/database.js';
import type { Texts } from '../texts.js';

/** The name of an enlargement in a language. */
export function productNameOf(texts: Texts, option: UpgradeOption, language: Language): string {
  const t = texts(language);
  return option.maxPlayers === undefined ? t('payments.productUnlimited') : t('payments.product', { players: option.maxPlayers });
}

/** The answer after a payment raised the cap. */
export function thanksFor(texts: Texts, option: UpgradeOption, language: Language): string {
  const t = texts(language);
  return option.maxPlayers === undefined ? t('payments.thanksUnlimited') : t('payments.thanks', { players: option.maxPlayers });
}

/** The enlargement a group with this cap can buy under a product id, if it is offered. */
export function offeredOption(maxPlayers: number | null, productId: ProductId): UpgradeOption | undefined {
  return upgradeOptions(maxPlayers).find((option) => option.productId === productId);
}

/** Every product's figures, whatever the cap: a capture is checked against the product it was created for. */
export function optionOfProduct(productId: ProductId): UpgradeOption | undefined {
  for (const cap of [10, 20, 50]) {
    const option = offeredOption(cap, productId);
    if (option) return option;
  }
  return undefined;
}

/** Per group of `year` (or later) the user created that has a cap, the enlargements on offer, in the wire shape. */
export async function paymentOptionsOf(db: Db, texts: Texts, userId: number, language: Language, currency: string, year: number) {
  const groups = await db
    .selectFrom('groups')
    .select(['id', 'max_players'])
    .where('creator_id', '=', userId)
    .where('max_players', 'is not', null)
    // A past tournament's group is over: nothing to buy for it.
    .where('year', '>=', year)
    .execute();
  return Object.fromEntries(
    groups.map((group) => [
      group.id,
      upgradeOptions(group.max_players).map((option) => ({
        productId: option.productId,
        productName: productNameOf(texts, option, language),
        amount: option.amount,
        currency,
        ...(option.maxPlayers === undefined ? {} : { maxPlayers: option.maxPlayers }),
      })),
    ]),
  );
}
