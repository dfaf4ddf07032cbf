import type { Language } from '@scorecast/rules';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { StoredGame } from '../db/games.js';
import { correctionMail, type Match } from './messages.js';
import { failureLogOf } from '../logging.js';

// A process that stopped while mailing leaves the rest to another run after this long (real time).
const CLAIM_MS = 60_000;
const MEMBERS_PER_READ = 200;

/** What each correction mail of a game says, kept until they are all out. */
type CorrectionMail = { match: Match; before: Pick<StoredGame, 'status' | 'homeGoals' | 'awayGoals'>; after: Pick<StoredGame, 'status' | 'homeGoals' | 'awayGoals' | 'correction'> };

/**
 * Keeps the mails of a corrected result to send, in `db`: the transaction of the correction, so a
 * correction is never kept without its mails. {@link sendCorrectionMails} sends them.
 */
export async function keepCorrectionMails(db: Db, before: StoredGame, after: StoredGame): Promise<void> {
  const mail: CorrectionMail = {
    match: { home: after.homeTeam, away: after.awayTeam },
    before: { status: before.status, homeGoals: before.homeGoals, awayGoals: before.awayGoals },
    after: { status: after.status, homeGoals: after.homeGoals, awayGoals: after.awayGoals, correction: after.correction },
  };
  await db.insertInto('correction_mails').values({ game_id: after.id, year: after.year, mail: JSON.stringify(mail), next_user_id: 0, claimed_until: 0 }).execute();
}

const queues = new WeakMap<ServerContext, Promise<void>>();
const failureLogs = new WeakMap<ServerContext, (error: unknown) => void>();

/**
 * Mails every kept correction to every activated member of a group of the game's year, one
 * correction after the other; a mail that fails is logged and costs the others nothing. Each
 * correction is claimed first, so two processes never send it both; what a stopped process left is
 * sent by the next run (at start, on the next correction, or every half minute: see startCorrectionMails).
 */
export function sendCorrectionMails(context: ServerContext, takeOverClaims = false): Promise<void> {
  const previous = queues.get(context) ?? Promise.resolve();
  const failed = failureLogs.get(context) ?? failureLogOf(context.log, 'correction mails failed');
  failureLogs.set(context, failed);
  const next = previous
    .then(async () => {
      if (takeOverClaims) await context.db.updateTable('correction_mails').set({ claimed_until: 0 }).execute();
      await mailKept(context);
    })
    .catch(failed);
  queues.set(context, next);
  return next;
}

/** Resolves once every correction announced so far is mailed. */
export async function correctionsMailed(context: ServerContext): Promise<void> {
  await queues.get(context);
}

/**
 * Sends what is kept now and every `interval` ms; the returned function stops it. On SQLite this is
 * the one process of its data folder: what a killed one held claimed goes out now, not a minute later.
 */
export function startCorrectionMails(context: ServerContext, interval = 30_000): () => Promise<void> {
  void sendCorrectionMails(context, context.dialect === 'sqlite');
  const timer = setInterval(() => void sendCorrectionMails(context), interval);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await correctionsMailed(context);
  };
}

async function mailKept(context: ServerContext): Promise<void> {
  const kept = await context.db.selectFrom('correction_mails').select('id').where('claimed_until', '<=', Date.now()).orderBy('id').execute();
  for (const { id } of kept) if (await claim(context.db, id)) await mailCorrection(context, id);
}

/** Holds a correction's mails for this process for a while; false when another process holds them or they are out. */
async function claim(db: Db, id: number, next?: number): Promise<boolean> {
  let update = db.updateTable('correction_mails').set({ claimed_until: Date.now() + CLAIM_MS, ...(next === undefined ? {} : { next_user_id: next }) }).where('id', '=', id);
  if (next === undefined) update = update.where('claimed_until', '<=', Date.now());
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
}

async function mailCorrection(context: ServerContext, id: number): Promise<void> {
  const { db } = context;
  const row = await db.selectFrom('correction_mails').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return;
  const { match, before, after } = JSON.parse(row.mail) as CorrectionMail;
  const url = `${context.publicUrl.replace(/\/$/, '')}/`;
  let next = row.next_user_id;
  for (;;) {
    // Overtaken by a newer change of the game (whose own mails say the result now): sent late, after
    // them, it would leave every player with a result no longer true.
    if (!(await stillTrue(db, row.game_id, after))) break;
    const members = await db
      .selectFrom('users')
      .select(['users.id', 'users.login', 'users.language'])
      .where('users.activated', '=', 1)
      .where('users.id', '>', next)
      .where((eb) =>
        eb.exists(eb.selectFrom('players').innerJoin('groups', 'groups.id', 'players.group_id').select('players.user_id').whereRef('players.user_id', '=', 'users.id').where('groups.year', '=', row.year)),
      )
      .orderBy('users.id')
      .limit(MEMBERS_PER_READ)
      .execute();
    if (members.length === 0) break;
    for (const member of members) {
      try {
        // Each mail names the teams in its reader's language.
        await context.mailer.send(correctionMail(context.texts, member.language as Language, member.login, match, before, after, url));
      } catch (error) {
        context.log.error({ err: error, userId: member.id }, 'correction mail failed');
      }
      next = member.id;
      // Where a stopped process got to: the next run starts after the last mail out.
      await claim(db, id, next);
    }
  }
  await db.deleteFrom('correction_mails').where('id', '=', id).execute();
}

/** Whether a game still stands as a correction left it. */
async function stillTrue(db: Db, gameId: number, after: CorrectionMail['after']): Promise<boolean> {
  const game = await db.selectFrom('games').select(['status', 'home_goals', 'away_goals']).where('id', '=', gameId).executeTakeFirst();
  return game !== undefined && game.status === after.status && game.home_goals === after.homeGoals && game.away_goals === after.awayGoals;
}
