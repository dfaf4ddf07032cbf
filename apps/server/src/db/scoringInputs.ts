import type { Db } from './database.js';
import type { PointConfiguration } from '@scorecast/rules';
import type { StoredGroup } from './groups.js';

/**
 * Some groups by id; unknown ids are left out. `rulesOf` turns the stored rules into an object:
 * given one that hands out the same object for the same text, groups with the same rules share it,
 * so what is worked out per rules (the scoring table of a goal) is worked out once for them all.
 */
export async function groupsWithIds(
  db: Db,
  ids: readonly string[],
  rulesOf = (text: string) => JSON.parse(text) as PointConfiguration,
): Promise<StoredGroup[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('groups').selectAll().where('id', 'in', ids).execute();
  return rows.map(({ point_configuration, name_key: _key, ...rest }) => ({ ...rest, pointConfiguration: rulesOf(point_configuration) }));
}

/** The players of some groups with their logins, in joining order within each group. */
export async function playersOfGroups(db: Db, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('players')
    .innerJoin('users', 'users.id', 'players.user_id')
    .select(['players.group_id', 'players.user_id', 'players.name', 'users.login'])
    .where('players.group_id', 'in', groupIds)
    .orderBy('players.joined_at')
    .orderBy('players.user_id')
    .execute();
}

/** The logins of some users. */
export async function loginsOf(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'login']).where('id', 'in', userIds).execute();
  return new Map(rows.map((row) => [row.id, row.login]));
}

/**
 * What a kickoff reveals: every prediction of the game by user, and, with `championsOfYear` (at the
 * tournament's first kickoff), every champion pick of that year by user.
 */
export async function revealedPicks(db: Db, gameId: number, championsOfYear?: number) {
  const [predictions, champions] = await Promise.all([
    db.selectFrom('predictions').select(['user_id', 'home_goals', 'away_goals']).where('game_id', '=', gameId).execute(),
    championsOfYear === undefined ? [] : db.selectFrom('champion_picks').select(['user_id', 'team']).where('year', '=', championsOfYear).execute(),
  ]);
  return { predictions: new Map(predictions.map((row) => [row.user_id, row])), champions: new Map(champions.map((row) => [row.user_id, row.team])) };
}
