/** A new group holds up to this many players. */
export const DEFAULT_MAX_PLAYERS = 10;

export const PRODUCT_IDS = [
  'tip_group_10_to_20',
  'tip_group_10_to_50',
  'tip_group_10_to_unlimited',
  'tip_group_20_to_50',
  'tip_group_20_to_unlimited',
  'tip_group_50_to_unlimited',
] as const;
export type ProductId = (typeof PRODUCT_IDS)[number];

/** A paid enlargement of a group. `maxPlayers` is absent for unlimited. `amount` is in the settings currency. */
export type UpgradeOption = { productId: ProductId; maxPlayers?: number; amount: number };

const OPTIONS_BELOW_20: UpgradeOption[] = [
  { productId: 'tip_group_10_to_20', maxPlayers: 20, amount: 5 },
  { productId: 'tip_group_10_to_50', maxPlayers: 50, amount: 10 },
  { productId: 'tip_group_10_to_unlimited', amount: 20 },
];
const OPTIONS_BELOW_50: UpgradeOption[] = [
  { productId: 'tip_group_20_to_50', maxPlayers: 50, amount: 5 },
  { productId: 'tip_group_20_to_unlimited', amount: 15 },
];
const OPTIONS_FROM_50: UpgradeOption[] = [{ productId: 'tip_group_50_to_unlimited', amount: 10 }];

/**
 * The enlargements a group with a cap can buy, smallest first (spec section 9). An unlimited group
 * (no cap) gets none.
 * @example upgradeOptions(10).map((option) => option.amount) // [5, 10, 20]
 * @example upgradeOptions(undefined) // []
 */
export function upgradeOptions(maxPlayers: number | null | undefined): UpgradeOption[] {
  if (maxPlayers == null) return [];
  const options = maxPlayers < 20 ? OPTIONS_BELOW_20 : maxPlayers < 50 ? OPTIONS_BELOW_50 : OPTIONS_FROM_50;
  return options.map((option) => ({ ...option }));
}

/** Whether a group has room for one more player. @example hasRoom(10, 10) // false */
export function hasRoom(playerCount: number, maxPlayers: number | null | undefined): boolean {
  return maxPlayers == null || playerCount < maxPlayers;
}
