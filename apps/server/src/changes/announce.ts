import type { Language } from '@scorecast/rules';
import type { ServerContext } from '../context.js';
import type { StoredGame } from '../db/games.js';
import { correctionMail, type Match } from './messages.js';

const queues = new WeakMap<ServerContext, Promise<void>>();

/**
 * Mails every activated member of a group of the game's year that its finished result was
 * corrected. It runs after the change is answered, one announcement after the other; a mail that
 * fails is logged and costs the others nothing.
 */
export function announceCorrection(context: ServerContext, before: StoredGame, after: StoredGame): void {
  const previous = queues.get(context) ?? Promise.resolve();
  queues.set(context, previous.then(() => mailCorrection(context, before, after)).catch((error: unknown) => context.log.error({ err: error }, 'correction mails failed')));
}

/** Resolves once every correction announced so far is mailed. */
export async function correctionsMailed(context: ServerContext): Promise<void> {
  await queues.get(context);
}

async function mailCorrection(context: ServerContext, before: StoredGame, after: StoredGame): Promise<void> {
  const { db } = context;
  const members = await db
    .selectFrom('users')
    .select(['users.id', 'users.login', 'users.language'])
    .where('users.activated', '=', 1)
    .where((eb) =>
      eb.exists(eb.selectFrom('players').innerJoin('groups', 'groups.id', 'players.group_id').select('players.user_id').whereRef('players.user_id', '=', 'users.id').where('groups.year', '=', after.year)),
    )
    .orderBy('users.id')
    .execute();
  // Each mail names the teams in its reader's language.
  const match: Match = { home: after.homeTeam, away: after.awayTeam };
  const url = `${context.publicUrl.replace(/\/$/, '')}/`;
  for (const member of members) {
    try {
      await context.mailer.send(correctionMail(context.texts, member.language as Language, member.login, match, before, after, url));
    } catch (error) {
      context.log.error({ err: error, userId: member.id }, 'correction mail failed');
    }
  }
}
