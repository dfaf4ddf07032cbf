/**
 * A group as far as its roles go: who created it, and its players.
 * @example
 * const group: GroupRoles = { creator: 'ann@example.com', players: [{ login: 'ann@example.com' }] };
 * isGroupCreator(group, 'ann@example.com') // => true
 */
export type GroupRoles = { creator: string; players: readonly unknown[] };

/**
 * Whether a login is a group's creator (spec section 6): the creator may edit, delete and enlarge
 * the group; every other player may leave it. An absent login (nobody logged in) is no creator.
 * @example
 * isGroupCreator({ creator: 'ann@example.com' }, 'ann@example.com') // => true
 * isGroupCreator({ creator: 'ann@example.com' }, 'bob@example.com') // => false
 * isGroupCreator({ creator: 'ann@example.com' }, undefined) // => false
 */
export function isGroupCreator(group: Pick<GroupRoles, 'creator'>, login: string | undefined): boolean {
  return login !== undefined && group.creator === login;
}

/**
 * Whether a login created a group that other players joined: deleting that account leaves them
 * without their group's creator, so the deletion dialog warns (spec section 4).
 * @example
 * createdGroupWithOthers([{ creator: 'ann@example.com', players: ['ann', 'bob'] }], 'ann@example.com') // => true
 * createdGroupWithOthers([{ creator: 'ann@example.com', players: ['ann'] }], 'ann@example.com') // => false
 */
export function createdGroupWithOthers(groups: readonly GroupRoles[], login: string | undefined): boolean {
  return groups.some((group) => isGroupCreator(group, login) && group.players.length > 1);
}
