import { keepCorrectionMails, sendCorrectionMails } from '../changes/announce.js';
import { isCorrection, isPlayedAgain, isReopened, recordGameChange } from '../changes/corrections.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { findGame, updateGame, type GameChange, type StoredGame } from '../db/games.js';
import { badRequest } from '../httpError.js';

/** Who changes a game: the operator by hand (with an optional reason), or an automatic source. */
export type ChangeOrigin = { source: 'admin'; reason?: string | undefined } | { source: 'feed' | 'replay' | 'clock' };

/**
 * The one way a game's fields change after import: writes the change and announces it on the
 * event bus. A manual change is recorded per field with its reason; an automatic one skips every
 * field set by hand, so the operator's word wins over a feed. Every change is logged; a change of a
 * finished result is a correction (the operator must give a reason), shown on the game and mailed
 * to the players of its year.
 * Returns the game after the change, or undefined when it does not exist or nothing changed.
 */
export async function changeGame(context: ServerContext, id: number, change: GameChange, origin: ChangeOrigin): Promise<StoredGame | undefined> {
  // The change, its overrides, its log row, its correction mark and the other processes' notice are
  // one transaction: a process that dies after the commit has told the others all the same.
  const written = await context.db.transaction().execute(async (trx) => {
    // Two corrections at once each read the game as it was before the other: on PostgreSQL the
    // game's row is held, so each one's "before" is the last one's "after" (SQLite writes one at a time).
    if (context.dialect === 'postgres') await trx.selectFrom('games').select('id').where('id', '=', id).forUpdate().execute();
    const done = await writeChange(trx, context.clock.now(), id, change, origin);
    if (done) await noticeIn(context, trx, done);
    return done;
  });
  if (written) announceChange(context, written);
  return written?.game;
}

/** A game change as written: the game before and after it, whether it corrected a final result, and whether the other processes were told in its transaction. */
export type WrittenChange = { before: StoredGame; game: StoredGame; corrected: boolean; crossed?: true };

const eventOf = ({ before, game }: WrittenChange) => ({ game, started: before.status === 'Scheduled' && game.status !== 'Scheduled' });

/** Tells the other processes of a change within its transaction `trx` (on PostgreSQL with more than one process). */
export async function noticeIn(context: ServerContext, trx: Db, written: WrittenChange): Promise<void> {
  if (!context.crossProcess) return;
  await context.crossProcess.noticeIn(trx, eventOf(written));
  written.crossed = true;
}

/** Tells a written change to the live clients (and the other processes, unless told already) and mails a correction: once it is committed. */
export function announceChange(context: ServerContext, written: WrittenChange): void {
  context.events.emit('gameChanged', { ...eventOf(written), ...(written.crossed ? { crossed: true as const } : {}) });
  if (written.corrected) void sendCorrectionMails(context);
}

/**
 * Whether a status set by hand at `setAt` still keeps the kickoff clock and the feeds off a game:
 * not when it put the game back to Scheduled before its kickoff (an early Live or result undone),
 * which then kicks off like any other game. Held at or after its kickoff (a storm), it stays held
 * until the operator says otherwise or gives it a later kickoff.
 */
export function statusHeldByHand(game: Pick<StoredGame, 'status' | 'date'>, setAt: number): boolean {
  return game.status !== 'Scheduled' || setAt >= Date.parse(game.date);
}

/** A score is one thing: a feed that changed one side of a score set by hand would make a score nobody saw. */
const SCORE_FIELDS = ['homeGoals', 'awayGoals'];

/** Writes one change of a game in `db` (a transaction of the caller's) and says what it wrote; see changeGame. */
export async function writeChange(db: Db, now: number, id: number, change: GameChange, origin: ChangeOrigin): Promise<WrittenChange | undefined> {
  const before = await findGame(db, id);
  if (!before) return undefined;
  let fields = change;
  if (origin.source === 'admin') {
    // Other teams for a finished game change who won: said why, as a changed score is.
    const otherTeams = before.status === 'Finished' && ((change.homeTeam ?? before.homeTeam) !== before.homeTeam || (change.awayTeam ?? before.awayTeam) !== before.awayTeam);
    // Another round for a started game scores its predictions with other points.
    const restaged = before.status !== 'Scheduled' && change.stage !== undefined && change.stage !== before.stage;
    if ((isCorrection(before, change, 'admin') || otherTeams || isReopened(before, { status: change.status ?? before.status }) || restaged) && !origin.reason) throw badRequest('reasonRequired', 'reason');
    // A game under way or played cannot kick off later than now: set it back to Scheduled first.
    if ((change.status ?? before.status) !== 'Scheduled' && change.date !== undefined && Date.parse(change.date) > now) throw badRequest('started', 'date');
  } else {
    const overrides = await db.selectFrom('game_overrides').select(['field', 'changed_at']).where('game_id', '=', id).execute();
    const manual = new Set(overrides.filter((row) => row.field !== 'status' || statusHeldByHand(before, Number(row.changed_at))).map((row) => row.field));
    if (SCORE_FIELDS.some((field) => manual.has(field))) for (const field of SCORE_FIELDS) manual.add(field);
    fields = Object.fromEntries(Object.entries(change).filter(([field, value]) => !manual.has(field) && !isSame(field, value, before)));
    if (Object.keys(fields).length === 0) return undefined;
  }
  // A started game has goals (0:0 at kickoff); a Finished one must have both; a Scheduled one has none.
  const stored = await db.selectFrom('games').select(['home_goals', 'away_goals']).where('id', '=', id).executeTakeFirstOrThrow();
  const status = fields.status ?? before.status;
  const homeGoals = fields.homeGoals !== undefined ? fields.homeGoals : stored.home_goals;
  const awayGoals = fields.awayGoals !== undefined ? fields.awayGoals : stored.away_goals;
  if (status === 'Scheduled' && origin.source === 'admin' && (typeof fields.homeGoals === 'number' || typeof fields.awayGoals === 'number')) {
    // Answered 200 with no score to show, such goals were kept and later mixed into a result.
    throw badRequest('notStarted', typeof fields.homeGoals === 'number' ? 'homeGoals' : 'awayGoals');
  }
  if (status === 'Finished' && (homeGoals === null || awayGoals === null)) {
    if (origin.source === 'admin') throw badRequest('resultRequired', homeGoals === null ? 'homeGoals' : 'awayGoals');
    return undefined;
  }
  if (origin.source === 'admin') {
    // Set back to Scheduled, a game has no score to keep from the feeds: an early result undone
    // would otherwise have kept its game's score off the feed for good.
    if (status === 'Scheduled') await db.deleteFrom('game_overrides').where('game_id', '=', id).where('field', 'in', SCORE_FIELDS).execute();
    for (const field of Object.keys(change)) {
      await db
        .insertInto('game_overrides')
        .values({ game_id: id, field, reason: origin.reason ?? null, changed_at: now })
        .onConflict((conflict) => conflict.columns(['game_id', 'field']).doUpdateSet({ reason: origin.reason ?? null, changed_at: now }))
        .execute();
    }
  }
  // A game set back to Scheduled loses its score, so it starts again from 0:0.
  fields = status === 'Scheduled' ? { ...fields, homeGoals: null, awayGoals: null } : { ...fields, homeGoals: homeGoals ?? 0, awayGoals: awayGoals ?? 0 };
  const game = (await updateGame(db, id, fields))!;
  // The same change sent again changes nothing: nothing to log, push or tell the other processes.
  if (JSON.stringify(game) === JSON.stringify(before)) return undefined;
  const reason = origin.source === 'admin' ? origin.reason : undefined;
  const corrected = isCorrection(before, fields, origin.source);
  const note = await recordGameChange(db, { before, after: game, source: origin.source, reason, correction: corrected, at: now });
  if (!note) return { before, game: isPlayedAgain(before, game) ? withoutCorrection(game) : game, corrected: false };
  const noted = { ...game, correction: note };
  // Mailed when a final result changed; a game under way set back to Scheduled is told under the game only.
  if (corrected) await keepCorrectionMails(db, before, noted);
  return { before, game: noted, corrected };
}

function withoutCorrection({ correction: _dropped, ...game }: StoredGame): StoredGame {
  return game;
}

/** The fields of a game set by hand, with their reasons. */
export async function manualOverridesOf(context: ServerContext, id: number): Promise<{ field: string; reason: string | null; changedAt: string }[]> {
  const rows = await context.db.selectFrom('game_overrides').selectAll().where('game_id', '=', id).orderBy('field').execute();
  return rows.map((row) => ({ field: row.field, reason: row.reason, changedAt: new Date(Number(row.changed_at)).toISOString() }));
}

function isSame(field: string, value: unknown, game: StoredGame): boolean {
  const current = (game as Record<string, unknown>)[field];
  if (field === 'date') return Date.parse(String(value)) === Date.parse(game.date);
  return value === current;
}
