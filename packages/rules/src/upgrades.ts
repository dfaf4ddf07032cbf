// Group sizes and their prices are rules of the game (spec section 9); the product ids are the
// store's names for them, kept beside the prices they name so that the two never drift apart.

/**
 * A new group holds up to this many players.
 * @example
 * hasRoom(DEFAULT_MAX_PLAYERS - 1, DEFAULT_MAX_PLAYERS) // => true
 */
export const DEFAULT_MAX_PLAYERS = 10;

/**
 * The store's ids of the group enlargements.
 * @example
 * PRODUCT_IDS.includes('tip_group_10_to_20') // => true
 */
export const PRODUCT_IDS = Object.freeze([
  'tip_group_10_to_20',
  'tip_group_10_to_50',
  'tip_group_10_to_unlimited',
  'tip_group_20_to_50',
  'tip_group_20_to_unlimited',
  'tip_group_50_to_unlimited',
] as const);
/**
 * One of {@link PRODUCT_IDS}.
 * @example
 * const productId: ProductId = upgradeOptions(20)[0]!.productId;
 * productId // => 'tip_group_20_to_50'
 */
export type ProductId = (typeof PRODUCT_IDS)[number];

/**
 * A paid enlargement of a group. `maxPlayers` is absent for unlimited. `amount` is in the settings currency.
 * @example
 * const option: UpgradeOption = { productId: 'tip_group_10_to_unlimited', amount: 20 };
 * option.maxPlayers // => undefined
 */
export type UpgradeOption = { productId: ProductId; maxPlayers?: number; amount: number };

/**
 * The enlargements a group with a cap can buy, smallest first (spec section 9). An unlimited group
 * (no cap) gets none.
 * @example
 * upgradeOptions(10).map((option) => option.amount) // => [5, 10, 20]
 * upgradeOptions(50) // => [{ productId: 'tip_group_50_to_unlimited', amount: 10 }]
 * upgradeOptions(undefined) // => []
 */
export function upgradeOptions(maxPlayers: number | null | undefined): UpgradeOption[] {
  if (maxPlayers == null) return [];
  if (maxPlayers < 20)
    return [
      { productId: 'tip_group_10_to_20', maxPlayers: 20, amount: 5 },
      { productId: 'tip_group_10_to_50', maxPlayers: 50, amount: 10 },
      { productId: 'tip_group_10_to_unlimited', amount: 20 },
    ];
  if (maxPlayers < 50)
    return [
      { productId: 'tip_group_20_to_50', maxPlayers: 50, amount: 5 },
      { productId: 'tip_group_20_to_unlimited', amount: 15 },
    ];
  return [{ productId: 'tip_group_50_to_unlimited', amount: 10 }];
}

/**
 * Whether a group has room for one more player; a group without a cap always has.
 * @example
 * hasRoom(10, 10) // => false
 * hasRoom(500, undefined) // => true
 */
export function hasRoom(playerCount: number, maxPlayers: number | null | undefined): boolean {
  return maxPlayers == null || playerCount < maxPlayers;
}

/**
 * A player plays in at most this many groups of one tournament, created or joined: more is no game
 * among friends but a way to fill the server.
 * @example
 * mayJoinAnotherGroup(MAX_GROUPS_PER_PLAYER) // => false
 */
export const MAX_GROUPS_PER_PLAYER = 50;

/**
 * Whether a player in `groupCount` groups of a tournament may create or join one more.
 * @example
 * mayJoinAnotherGroup(49) // => true
 * mayJoinAnotherGroup(50) // => false
 */
export function mayJoinAnotherGroup(groupCount: number): boolean {
  return groupCount < MAX_GROUPS_PER_PLAYER;
}
