import type { Group } from '@scorecast/api-client';
import { isGroupCreator } from '@scorecast/rules';

/**
 * Where a visitor of /group/{id} must go instead (spec section 2): only the group's creator may edit
 * it; others go to /ranking, an unknown id to /group/create. Undefined when the visitor may stay.
 * @example creatorOnlyRedirect([{ id: 'g', creator: 'ann' }], 'g', 'bob') // '/ranking'
 */
export function creatorOnlyRedirect(groups: readonly Pick<Group, 'id' | 'creator'>[], groupId: string, login: string | undefined): '/ranking' | '/group/create' | undefined {
  if (groupId === 'create') return undefined;
  const group = groups.find((each) => each.id === groupId);
  if (!group) return '/group/create';
  return isGroupCreator(group, login) ? undefined : '/ranking';
}
