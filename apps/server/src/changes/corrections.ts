import type { GameCorrection } from '@scorecast/api-client';
import type { Db } from '../db/database.js';
import type { GameChange, StoredGame } from '../db/games.js';

/** Who changed a game: the operator by hand, a result feed, or the tournament replay. */
export type ChangeSource = 'admin' | 'feed' | 'replay' | 'clock';

const RESULT_FIELDS = ['status', 'homeGoals', 'awayGoals'] as const;

/**
 * Whether a change corrects a finished result: the game was Finished and its status or score
 * moves. A replay rewinds games on purpose and never corrects.
 * @example isCorrection({ ...finished, homeGoals: 1 }, { homeGoals: 2 }, 'admin') // true
 */
export function isCorrection(before: StoredGame, change: GameChange, source: ChangeSource): boolean {
  if (source === 'replay' || source === 'clock' || before.status !== 'Finished') return false;
  return RESULT_FIELDS.some((field) => change[field] !== undefined && change[field] !== (before[field] ?? null));
}

/**
 * Whether a started game is set back to Scheduled: it takes predictions again after everyone saw
 * everyone's, and its players are told why under the game as for a correction. Only the operator
 * does that (a feed's status never goes back).
 */
export function isReopened(before: StoredGame, after: Pick<StoredGame, 'status'>): boolean {
  return before.status !== 'Scheduled' && after.status === 'Scheduled';
}

/**
 * Whether a game starts or gets a result from Scheduled: the note of a result undone before (set
 * back to Scheduled, with its reason) is old news then, and is dropped.
 */
export function isPlayedAgain(before: StoredGame, after: StoredGame): boolean {
  return before.status === 'Scheduled' && after.status !== 'Scheduled';
}

/** The fields that differ between two states of a game, as they were and as they are. */
export function changedFields(before: StoredGame, after: StoredGame): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const field of ['status', 'homeGoals', 'awayGoals', 'date', 'homeTeam', 'awayTeam', 'stage'] as const) {
    if ((before[field] ?? null) !== (after[field] ?? null)) {
      was[field] = before[field] ?? null;
      is[field] = after[field] ?? null;
    }
  }
  return { before: was, after: is };
}

/**
 * Writes one change of a game to its log, and for a correction or a reopened game puts its reason
 * on the game row too, so that every read of the game (and its live item) shows it. Returns that
 * note, if any.
 */
export async function recordGameChange(
  db: Db,
  change: { before: StoredGame; after: StoredGame; source: ChangeSource; reason: string | undefined; correction: boolean; at: number },
): Promise<GameCorrection | undefined> {
  const fields = changedFields(change.before, change.after);
  if (Object.keys(fields.after).length === 0) return undefined;
  const reason = change.reason ?? null;
  await db
    .insertInto('game_log')
    .values({
      game_id: change.after.id,
      at: change.at,
      source: change.source,
      reason,
      correction: change.correction ? 1 : 0,
      before: JSON.stringify(fields.before),
      after: JSON.stringify(fields.after),
    })
    .execute();
  if (isPlayedAgain(change.before, change.after) && change.after.correction) {
    await db.updateTable('games').set({ corrected_at: null, correction_reason: null, correction_source: null }).where('id', '=', change.after.id).execute();
  }
  if (!(change.correction || isReopened(change.before, change.after)) || change.source === 'replay' || change.source === 'clock') return undefined;
  await db
    .updateTable('games')
    .set({ corrected_at: change.at, correction_reason: reason, correction_source: change.source })
    .where('id', '=', change.after.id)
    .execute();
  return { at: new Date(change.at).toISOString(), source: change.source, reason };
}

export type GameLogEntry = {
  at: string;
  source: string;
  reason: string | null;
  correction: boolean;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

/** A game's whole log, oldest first. */
export async function gameLogOf(db: Db, gameId: number): Promise<GameLogEntry[]> {
  const rows = await db.selectFrom('game_log').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
  return rows.map((row) => ({
    at: new Date(Number(row.at)).toISOString(),
    source: row.source,
    reason: row.reason,
    correction: row.correction === 1,
    before: JSON.parse(row.before) as Record<string, unknown>,
    after: JSON.parse(row.after) as Record<string, unknown>,
  }));
}
