import { sql } from 'kysely';
import type { Prediction } from '@scorecast/rules';
import type { Clock } from '../clock.js';
import type { Db } from './database.js';

/**
 * Saves a prediction only while its game is Scheduled and before kickoff. The check is part of the
 * write itself (INSERT ... SELECT ... WHERE), so a result or kickoff that lands at the same moment
 * cannot slip past it. The time of the save is kept: players see it once the game has started.
 * `concurrentWriters` (PostgreSQL, several processes) makes it a transaction that waits for a status
 * change under way and refuses a save that reached kickoff while it waited; SQLite is written by
 * this process alone, one whole statement at a time, so the statement is the whole save there.
 * Returns whether it was saved.
 */
export async function savePrediction(db: Db, userId: number, prediction: Prediction, clock: Pick<Clock, 'now'>, concurrentWriters: boolean): Promise<boolean> {
  // The clock is read once the connection is ours: a save that waited for it past kickoff (SQLite
  // has one, held through a transaction) is refused, not written with an instant from before.
  if (!concurrentWriters) return db.connection().execute((connection) => insertPrediction(connection, userId, prediction, clock.now()));
  return db.transaction().execute(async (trx) => {
    // A status change written but not committed yet would not stop the insert below, which then
    // commits after the kickoff revealed the old prediction: the game's row is held first (a change
    // under way is waited for, then seen).
    await trx.selectFrom('games').select('id').where('id', '=', prediction.gameId).forShare().execute();
    if (!(await insertPrediction(trx, userId, prediction, clock.now()))) return false;
    // The write itself may have waited (another save's row lock, a busy database): if kickoff came
    // meanwhile, the save is undone rather than committed after the game became visible.
    const game = await trx.selectFrom('games').select('kickoff').where('id', '=', prediction.gameId).executeTakeFirstOrThrow();
    if (clock.now() >= Number(game.kickoff)) throw new LateSave();
    return true;
  }).catch((error: unknown) => {
    if (error instanceof LateSave) return false;
    throw error;
  });
}

/** Writes a prediction if its game is Scheduled and kicks off after `now`: whether it did. */
async function insertPrediction(db: Db, userId: number, prediction: Prediction, now: number): Promise<boolean> {
  const result = await sql`
    INSERT INTO predictions (user_id, game_id, home_goals, away_goals, changed_at)
    SELECT ${userId}, id, ${prediction.homeGoals}, ${prediction.awayGoals}, ${now} FROM games
    WHERE id = ${prediction.gameId} AND status = 'Scheduled' AND kickoff > ${now}
    ON CONFLICT (user_id, game_id) DO UPDATE SET home_goals = excluded.home_goals, away_goals = excluded.away_goals, changed_at = excluded.changed_at
  `.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Rolls back a save that reached kickoff while it was being written. */
class LateSave extends Error {}

/**
 * Saves a champion pick only if the team plays that year and no game of the year has started or
 * reached its kickoff, checked inside the write (the clock read once the connection is ours).
 * Returns whether it was saved.
 */
export async function saveChampionPick(db: Db, userId: number, year: number, team: string, clock: Pick<Clock, 'now'>, lockRows: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The year's games held first, as a prediction holds its game (see savePrediction).
    if (lockRows) await trx.selectFrom('games').select('id').where('year', '=', year).forShare().execute();
    const now = clock.now();
    const result = await sql`
      INSERT INTO champion_picks (user_id, year, team)
      SELECT ${userId}, year, id FROM teams
      WHERE year = ${year} AND id = ${team}
        AND EXISTS (SELECT 1 FROM games WHERE year = ${year})
        AND NOT EXISTS (SELECT 1 FROM games WHERE year = ${year} AND (status <> 'Scheduled' OR kickoff <= ${now}))
      ON CONFLICT (user_id, year) DO UPDATE SET team = excluded.team
    `.execute(trx);
    return Number(result.numAffectedRows ?? 0) > 0;
  });
}

/** The predictions of some users for the games of a year. */
export async function predictionsOf(db: Db, userIds: readonly number[], year: number) {
  if (userIds.length === 0) return [];
  // Read by user alone and sorted by year here: joining the games made SQLite probe every game of
  // the year for every user, about three times the work.
  const [rows, games] = await Promise.all([
    db.selectFrom('predictions').select(['user_id', 'game_id', 'home_goals', 'away_goals']).where('user_id', 'in', userIds).execute(),
    db.selectFrom('games').select('id').where('year', '=', year).execute(),
  ]);
  const ofYear = new Set(games.map((game) => game.id));
  return rows.filter((row) => ofYear.has(row.game_id));
}

/** The champion picks of some users for a year. */
export async function championPicksOf(db: Db, userIds: readonly number[], year: number) {
  if (userIds.length === 0) return [];
  return db.selectFrom('champion_picks').select(['user_id', 'team']).where('user_id', 'in', userIds).where('year', '=', year).execute();
}
