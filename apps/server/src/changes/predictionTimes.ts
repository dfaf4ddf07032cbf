import type { PredictionTime } from '@scorecast/api-client';
import type { Db } from '../db/database.js';

/**
 * When the members of a group last changed their predictions of the year's started games. A game
 * that has not started reveals nothing: not even that a prediction was changed.
 */
export async function predictionTimesOf(db: Db, groupId: string, year: number): Promise<PredictionTime[]> {
  const rows = await db
    .selectFrom('predictions')
    .innerJoin('games', 'games.id', 'predictions.game_id')
    .innerJoin('players', 'players.user_id', 'predictions.user_id')
    .innerJoin('users', 'users.id', 'predictions.user_id')
    .select(['predictions.game_id', 'users.login', 'predictions.changed_at'])
    .where('players.group_id', '=', groupId)
    .where('games.year', '=', year)
    .where('games.status', '<>', 'Scheduled')
    .where('predictions.changed_at', 'is not', null)
    .orderBy('predictions.game_id')
    .orderBy('users.login')
    .execute();
  return rows.map((row) => ({ gameId: row.game_id, login: row.login, changedAt: new Date(Number(row.changed_at)).toISOString() }));
}

/** Every prediction of a game with its last change, for the operator's log. */
export async function predictionTimesOfGame(db: Db, gameId: number): Promise<{ login: string; changedAt: string | null }[]> {
  const rows = await db
    .selectFrom('predictions')
    .innerJoin('users', 'users.id', 'predictions.user_id')
    .select(['users.login', 'predictions.changed_at'])
    .where('predictions.game_id', '=', gameId)
    .orderBy('users.login')
    .execute();
  return rows.map((row) => ({ login: row.login, changedAt: row.changed_at === null ? null : new Date(Number(row.changed_at)).toISOString() }));
}
