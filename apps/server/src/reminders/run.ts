import type { Language } from '@scorecast/rules';
import type { ServerContext } from '../context.js';
import { listGames, type StoredGame } from '../db/games.js';
import { hashToken, randomToken } from '../db/tokens.js';
import { dueGameDays, type GameDay } from './gameDays.js';
import { reminderMail } from './messages.js';
import { offLink, offLinkSecret } from './offLink.js';
import { wantsReminderMails } from './recipients.js';
import { everyInterval } from '../ticker.js';
import { failureLogOf } from '../logging.js';

export type ReminderOptions = {
  /** How long before a game day's first kickoff its reminder goes out (server-clock ms, default 3 h). */
  lead?: number;
  /** The time zone whose calendar days are game days and whose clock the mails show (default Europe/Berlin). */
  timeZone?: string;
  /** How often, in real ms, the clock is checked (default 30 s). */
  tickInterval?: number;
};

export const DEFAULT_REMINDER_LEAD = 3 * 60 * 60 * 1000;
export const DEFAULT_REMINDER_TIME_ZONE = 'Europe/Berlin';

// Rows per insert: well below SQLite's and PostgreSQL's limits on bound values.
const BATCH = 500;
const MAILS_IN_FLIGHT = 8;

type Recipient = { id: number; login: string; language: string; missing: StoredGame[] };

/** Sends every reminder mail due at the server clock's now; returns how many went out. */
export async function sendDueReminders(context: ServerContext, options: ReminderOptions = {}): Promise<number> {
  const now = context.clock.now();
  const timeZone = options.timeZone ?? DEFAULT_REMINDER_TIME_ZONE;
  const days = dueGameDays(await listGames(context.db), now, options.lead ?? DEFAULT_REMINDER_LEAD, timeZone);
  let sent = 0;
  for (const day of days) sent += await remindGameDay(context, day, now, timeZone);
  return sent;
}

/**
 * One game day's reminders: every player of its year who wants reminder mails, was not reminded
 * of this day yet and has not predicted one of its games. Each player is claimed in the database
 * before the mail goes out, so no two runs (or processes) send it twice.
 */
async function remindGameDay(context: ServerContext, day: GameDay, now: number, timeZone: string): Promise<number> {
  const recipients = await recipientsOf(context, day);
  if (recipients.length === 0) return 0;
  const secret = await offLinkSecret(context.db);
  const base = context.publicUrl.replace(/\/$/, '');
  let sent = 0;
  for (let start = 0; start < recipients.length; start += BATCH) {
    const claimed = await claim(context, recipients.slice(start, start + BATCH), day.day, now);
    const send = async ({ recipient, token }: { recipient: Recipient; token: string }) => {
      const first = recipient.missing[0]!;
      const predict = `${base}/login?${new URLSearchParams({ action: 'autologin', login: recipient.login, password: token, game: String(first.id) }).toString()}`;
      const games = recipient.missing.map((game) => ({ home: game.homeTeam, away: game.awayTeam, kickoff: game.date }));
      const mail = reminderMail(context.texts, recipient.language as Language, recipient.login, games, { predict, off: offLink(context.publicUrl, secret, recipient.login) }, timeZone);
      try {
        await context.mailer.send(mail);
        sent += 1;
      } catch (error) {
        context.log.error({ err: error, userId: recipient.id }, 'reminder mail failed');
      }
    };
    // A few mails in flight: an SMTP server's round trips overlap, and the outbox writer's too.
    let next = 0;
    await Promise.all(
      Array.from({ length: MAILS_IN_FLIGHT }, async () => {
        while (next < claimed.length) await send(claimed[next++]!);
      }),
    );
  }
  return sent;
}

async function recipientsOf(context: ServerContext, day: GameDay): Promise<Recipient[]> {
  const { db } = context;
  const year = day.games[0]!.year;
  const users = await db
    .selectFrom('users')
    .select(['users.id', 'users.login', 'users.language'])
    .where('users.activated', '=', 1)
    .where(wantsReminderMails)
    .where((eb) =>
      eb.exists(eb.selectFrom('players').innerJoin('groups', 'groups.id', 'players.group_id').select('players.user_id').whereRef('players.user_id', '=', 'users.id').where('groups.year', '=', year)),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('reminder_mails').select('reminder_mails.user_id').whereRef('reminder_mails.user_id', '=', 'users.id').where('reminder_mails.day', '=', day.day))))
    .orderBy('users.id')
    .execute();
  const predicted = new Map<number, Set<number>>();
  const rows = await db.selectFrom('predictions').select(['user_id', 'game_id']).where('game_id', 'in', day.games.map((game) => game.id)).execute();
  for (const row of rows) {
    let games = predicted.get(row.user_id);
    if (!games) predicted.set(row.user_id, (games = new Set()));
    games.add(row.game_id);
  }
  const recipients: Recipient[] = [];
  for (const user of users) {
    const done = predicted.get(user.id);
    const missing = done ? day.games.filter((game) => !done.has(game.id)) : day.games;
    if (missing.length > 0) recipients.push({ ...user, missing });
  }
  return recipients;
}

/** Claims a batch of recipients for a day and makes each claimed one an autologin token that expires at the last kickoff it covers. */
async function claim(context: ServerContext, batch: Recipient[], day: string, now: number): Promise<{ recipient: Recipient; token: string }[]> {
  return context.db.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto('reminder_mails')
      .values(batch.map((recipient) => ({ user_id: recipient.id, day, sent_at: now })))
      .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
      .returning('user_id')
      .execute();
    const ids = new Set(rows.map((row) => row.user_id));
    const claimed = batch.filter((recipient) => ids.has(recipient.id)).map((recipient) => ({ recipient, token: randomToken() }));
    if (claimed.length > 0) {
      await trx
        .insertInto('link_tokens')
        .values(
          claimed.map(({ recipient, token }) => ({
            token_hash: hashToken(token),
            user_id: recipient.id,
            purpose: 'autologin',
            expires_at: Math.max(...recipient.missing.map((game) => Date.parse(game.date))),
          })),
        )
        .execute();
    }
    return claimed;
  });
}

/** Checks the clock every tick and sends what is due, one run at a time. Returns a stop function. */
export function startReminderMails(context: ServerContext, options: ReminderOptions = {}): () => Promise<void> {
  return everyInterval(options.tickInterval ?? 30_000, () => sendDueReminders(context, options), failureLogOf(context.log, 'reminder mails failed'));
}
