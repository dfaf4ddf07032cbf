import type { Group } from '@scorecast/api-client';

/**
 * The selected group after a load (spec section 4): the stored one if it still exists, otherwise the
 * first group of the current year, otherwise the first group.
 * @example selectGroupId([{ id: 'a', competitionYear: 2026 }], 'gone', 2026) // 'a'
 */
export function selectGroupId(groups: readonly Pick<Group, 'id' | 'competitionYear'>[], storedId: string | null | undefined, currentYear: number): string | undefined {
  if (storedId && groups.some((group) => group.id === storedId)) return storedId;
  return (groups.find((group) => group.competitionYear === currentYear) ?? groups[0])?.id;
}
