import { randomBytes } from 'node:crypto';
import { hasRoom, mayJoinAnotherGroup, nameKey, type PointConfiguration } from '@scorecast/rules';
import type { Transaction } from 'kysely';
import type { Db } from './database.js';
import type { GroupRow, Tables } from './tables.js';
import { holdUser } from './users.js';

export type StoredGroup = Omit<GroupRow, 'point_configuration' | 'name_key'> & { pointConfiguration: PointConfiguration };

/** 144 random bits, base64url: the id is the invitation link, so it must not be guessable. */
export function newGroupId(): string {
  return randomBytes(18).toString('base64url');
}

function groupOf(row: GroupRow): StoredGroup {
  const { point_configuration, name_key: _key, ...rest } = row;
  return { ...rest, pointConfiguration: JSON.parse(point_configuration) as PointConfiguration };
}

/** One group, or undefined. */
export async function findGroup(db: Db, id: string): Promise<StoredGroup | undefined> {
  const row = await db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
  return row && groupOf(row);
}

/** The groups a user plays in. */
export async function groupsOfUser(db: Db, userId: number): Promise<StoredGroup[]> {
  const rows = await db
    .selectFrom('groups')
    .innerJoin('players', 'players.group_id', 'groups.id')
    .selectAll('groups')
    .where('players.user_id', '=', userId)
    .orderBy('groups.year', 'desc')
    .orderBy('groups.name')
    .execute();
  return rows.map(groupOf);
}

/** The ids of the groups a user plays in. */
export async function groupIdsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('players').select('group_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.group_id);
}

/** The seats of some groups, in joining order: each player's user id and login, with the group's year. */
export async function seatsOf(db: Db, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('players')
    .innerJoin('groups', 'groups.id', 'players.group_id')
    .innerJoin('users', 'users.id', 'players.user_id')
    .select(['players.group_id', 'players.user_id', 'users.login', 'groups.year'])
    .where('players.group_id', 'in', groupIds)
    .orderBy('players.joined_at')
    .orderBy('players.user_id')
    .execute();
}

/** The ids of the groups of a year. */
export async function groupIdsOfYear(db: Db, year: number): Promise<string[]> {
  const rows = await db.selectFrom('groups').select('id').where('year', '=', year).execute();
  return rows.map((row) => row.id);
}

/** The players of a group with their logins, in joining order. */
export async function playersOf(db: Db, groupId: string) {
  return db
    .selectFrom('players')
    .innerJoin('users', 'users.id', 'players.user_id')
    .select(['players.user_id', 'players.name', 'users.login'])
    .where('players.group_id', '=', groupId)
    .orderBy('players.joined_at')
    .orderBy('players.user_id')
    .execute();
}

/** Whether a name is already used by another group of the user's in that year. */
export async function isGroupNameTaken(db: Db, userId: number, year: number, name: string, exceptGroupId?: string): Promise<boolean> {
  let query = db
    .selectFrom('groups')
    .innerJoin('players', 'players.group_id', 'groups.id')
    .select('groups.id')
    .where('players.user_id', '=', userId)
    .where('groups.year', '=', year)
    .where('groups.name_key', '=', nameKey(name));
  if (exceptGroupId) query = query.where('groups.id', '<>', exceptGroupId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Whether a user plays in a group. */
export async function isPlayerOf(db: Db, groupId: string, userId: number): Promise<boolean> {
  const row = await db.selectFrom('players').select('user_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Whether a player name is already used in a group by someone else. */
export async function isPlayerNameTaken(db: Db, groupId: string, name: string, exceptUserId?: number): Promise<boolean> {
  let query = db
    .selectFrom('players')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('name_key', '=', nameKey(name));
  if (exceptUserId !== undefined) query = query.where('user_id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Creates a group with its creator as the first player; 'groupNameTaken' when the creator has a
 * group of the name in the year, 'tooManyGroups' when they play in the most groups of the year.
 * Both are checked inside the write, with the creator's row held (see holdUser).
 */
export async function createGroup(
  db: Db,
  group: { name: string; creatorId: number; year: number; maxPlayers: number | null; pointConfiguration: PointConfiguration; playerName: string; now: number; lockRows: boolean },
): Promise<{ id: string } | 'groupNameTaken' | 'tooManyGroups'> {
  const id = newGroupId();
  return db.transaction().execute(async (trx) => {
    await holdUser(trx, group.creatorId, group.lockRows);
    if (await isGroupNameTaken(trx, group.creatorId, group.year, group.name)) return 'groupNameTaken';
    if (!(await hasRoomForAnotherGroup(trx, group.creatorId, group.year))) return 'tooManyGroups';
    await trx
      .insertInto('groups')
      .values({
        id,
        name: group.name,
        name_key: nameKey(group.name),
        creator_id: group.creatorId,
        year: group.year,
        max_players: group.maxPlayers,
        point_configuration: JSON.stringify(group.pointConfiguration),
        created_at: group.now,
      })
      .execute();
    await trx.insertInto('players').values({ group_id: id, user_id: group.creatorId, name: group.playerName, name_key: nameKey(group.playerName), joined_at: group.now }).execute();
    return { id };
  });
}

/** Whether a user may play in one more group of `year`; counted inside the write, after holdUser. */
async function hasRoomForAnotherGroup(trx: Transaction<Tables>, userId: number, year: number): Promise<boolean> {
  const { count } = await trx
    .selectFrom('players')
    .innerJoin('groups', 'groups.id', 'players.group_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('players.user_id', '=', userId)
    .where('groups.year', '=', year)
    .executeTakeFirstOrThrow();
  return mayJoinAnotherGroup(Number(count));
}

/** Changes a group's name and point rules. */
export async function updateGroup(db: Db, id: string, values: { name: string; pointConfiguration: PointConfiguration }): Promise<void> {
  await db
    .updateTable('groups')
    .set({ name: values.name, name_key: nameKey(values.name), point_configuration: JSON.stringify(values.pointConfiguration) })
    .where('id', '=', id)
    .execute();
}

/** Deletes a group and its player list: whether there was the group to delete. */
export async function deleteGroup(db: Db, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('players').where('group_id', '=', id).execute();
    const deleted = await trx.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  });
}

/** Removes a player from a group. */
export async function removePlayer(db: Db, groupId: string, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('players').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a write failed on the unique player name of a group (index players_group_name, case aside). */
export function isPlayerNameConflict(error: unknown): boolean {
  const failure = error as { code?: string; constraint?: string; message?: string };
  if (failure?.code === '23505') return failure.constraint === 'players_group_name_key';
  return typeof failure?.message === 'string' && failure.message.startsWith('UNIQUE constraint failed: players.group_id, players.name_key');
}

/** Whether a write failed because the user already plays in the group (primary key of players). */
function isSamePlayerConflict(error: unknown): boolean {
  const failure = error as { code?: string; constraint?: string; message?: string };
  if (failure?.code === '23505') return failure.constraint === 'players_pk';
  return typeof failure?.message === 'string' && failure.message.startsWith('UNIQUE constraint failed: players.group_id, players.user_id');
}

/**
 * Renames a player in a group: 'renamed', 'notAPlayer' when the user does not play in it, or
 * 'nameTaken' when another player of the group has the name (the database's unique index decides,
 * so two renames to one name cannot both succeed).
 */
export async function renamePlayer(db: Db, groupId: string, userId: number, name: string): Promise<'renamed' | 'notAPlayer' | 'nameTaken'> {
  try {
    const result = await db.updateTable('players').set({ name, name_key: nameKey(name) }).where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? 'renamed' : 'notAPlayer';
  } catch (error) {
    if (isPlayerNameConflict(error)) return 'nameTaken';
    throw error;
  }
}

/**
 * Adds a player only while the group has room and the user may play in one more group of its year,
 * both checked inside the write so two last-seat joins cannot both succeed. Returns 'joined' (also
 * when the user raced in already), 'full', 'tooManyGroups', 'unknownGroup' (deleted meanwhile), or
 * 'nameTaken' when another player of the group has the name (the unique index decides).
 */
export async function addPlayerIfRoom(
  db: Db,
  join: { groupId: string; userId: number; name: string; now: number; lockRows: boolean },
): Promise<'joined' | 'full' | 'tooManyGroups' | 'unknownGroup' | 'nameTaken'> {
  try {
    return await addPlayerInTransaction(db, join);
  } catch (error) {
    if (isPlayerNameConflict(error)) return 'nameTaken';
    if (isSamePlayerConflict(error)) return 'joined';
    throw error;
  }
}

async function addPlayerInTransaction(
  db: Db,
  join: { groupId: string; userId: number; name: string; now: number; lockRows: boolean },
): Promise<'joined' | 'full' | 'tooManyGroups' | 'unknownGroup'> {
  const { groupId, userId, name, now } = join;
  return db.transaction().execute(async (trx) => {
    // PostgreSQL needs the row lock; SQLite runs one write transaction at a time anyway.
    const group = await trx
      .selectFrom('groups')
      .select(['max_players', 'year'])
      .where('id', '=', groupId)
      .$if(join.lockRows, (query) => query.forUpdate())
      .executeTakeFirst();
    // Deleted since the route found it.
    if (!group) return 'unknownGroup';
    const { count } = await trx
      .selectFrom('players')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    if (!hasRoom(Number(count), group.max_players)) return 'full';
    await holdUser(trx, userId, join.lockRows);
    if (!(await hasRoomForAnotherGroup(trx, userId, group.year))) return 'tooManyGroups';
    await trx.insertInto('players').values({ group_id: groupId, user_id: userId, name, name_key: nameKey(name), joined_at: now }).execute();
    return 'joined';
  });
}
