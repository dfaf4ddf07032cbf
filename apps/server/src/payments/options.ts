import { upgradeOptions, type Language, type ProductId, type UpgradeOption } from '@scorecast/rules';
import type { Db } from '../db/database.js';

const names: Record<Language, { capped: (players: number) => string; unlimited: string }> = {
  en: { capped: (players) => `Group of up to ${players} players`, unlimited: 'Group without a player limit' },
  de: { capped: (players) => `Gruppe mit bis zu ${players} Spielern`, unlimited: 'Gruppe ohne Spielerbegrenzung' },
};

const thanks: Record<Language, { capped: (players: number) => string; unlimited: string }> = {
  en: { capped: (players) => `Thank you! Your group can now have up to ${players} players.`, unlimited: 'Thank you! Your group now has no player limit.' },
  de: {
    capped: (players) => `Danke! Deine Gruppe kann jetzt bis zu ${players} Spieler haben.`,
    unlimited: 'Danke! Deine Gruppe hat jetzt keine Spielerbegrenzung mehr.',
  },
};

/** The name of an enlargement in a language. */
export function productNameOf(option: UpgradeOption, language: Language): string {
  return option.maxPlayers === undefined ? names[language].unlimited : names[language].capped(option.maxPlayers);
}

/** The answer after a payment raised the cap. */
export function thanksFor(option: UpgradeOption, language: Language): string {
  return option.maxPlayers === undefined ? thanks[language].unlimited : thanks[language].capped(option.maxPlayers);
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

/** Per group the user created that has a cap, the enlargements on offer, in the wire shape. */
export async function paymentOptionsOf(db: Db, userId: number, language: Language, currency: string) {
  const groups = await db.selectFrom('groups').select(['id', 'max_players']).where('creator_id', '=', userId).where('max_players', 'is not', null).execute();
  return Object.fromEntries(
    groups.map((group) => [
      group.id,
      upgradeOptions(group.max_players).map((option) => ({
        productId: option.productId,
        productName: productNameOf(option, language),
        amount: option.amount,
        currency,
        ...(option.maxPlayers === undefined ? {} : { maxPlayers: option.maxPlayers }),
      })),
    ]),
  );
}
