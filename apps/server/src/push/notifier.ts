import type { Language } from '@scorecast/rules';
import type { ServerContext } from '../context.js';
import type { Match } from '../changes/messages.js';
import { listGames, type StoredGame } from '../db/games.js';
import { groupFor } from '../scoring/groups.js';
import { gameChangedMessage, gameFinishedMessage, gameStartedMessage, missingPredictionMessage, type GroupPoints, type PushMessage } from './messages.js';
import type { PushEndpointPolicy } from './endpoint.js';
import { sendPush } from './sender.js';
import { pushes } from '../metrics.js';
import type { VapidKeys } from './vapid.js';
import { failureLogOf, type ErrorLogger } from '../logging.js';

export type PushOptions = {
  /** How long before kickoff a missing prediction is pushed (server-clock ms, default 1 h). */
  missingPredictionLead?: number;
  /** How often, in real ms, the clock is checked for games nearing kickoff (default 2 s). */
  tickInterval?: number;
  /** The VAPID subject: a mailto: or https: address of the operator. */
  subject?: string;
  /** Which push services subscriptions may point at (public https by default). */
  endpoints?: PushEndpointPolicy;
};

type Switch = 'notify_on_missing_prediction' | 'notify_on_game_start' | 'notify_on_game_finished' | 'notify_on_game_change';
type Recipient = { id: number; login: string; language: string; push_subscription: string };
type Seen = Pick<StoredGame, 'status' | 'date' | 'homeTeam' | 'awayTeam'>;

/**
 * Sends the four pushes of the spec, each only to users whose master switch and specific switch
 * are on, in their language: missing prediction (driven by the server clock, once per game), game
 * started, finished and changed (driven by the game events). A failure is logged with its stack.
 * Returns a stop function.
 */
export async function startPushNotifier(context: ServerContext, vapid: VapidKeys, log: ErrorLogger, options: PushOptions = {}): Promise<() => Promise<void>> {
  const { db } = context;
  const lead = options.missingPredictionLead ?? 60 * 60 * 1000;
  const keys = { ...vapid, subject: options.subject ?? 'mailto:noreply@scorecast.local' };
  const url = `${context.publicUrl}/`;
  const seen = new Map<number, Seen>();
  for (const game of await listGames(db)) seen.set(game.id, game);

  // One change at a time, in the order they happened: a start must not overtake its finish.
  let queue: Promise<void> = Promise.resolve();
  const failed = failureLogOf(log, 'push failed');
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch(failed);
    return queue;
  };

  async function recipients(year: number, flag: Switch, lackingGameId?: number): Promise<Recipient[]> {
    let query = db
      .selectFrom('users')
      .select(['users.id', 'users.login', 'users.language', 'users.push_subscription'])
      .where('users.notify', '=', 1)
      .where(`users.${flag}`, '=', 1)
      .where('users.push_subscription', 'is not', null)
      .where((eb) =>
        eb.exists(eb.selectFrom('players').innerJoin('groups', 'groups.id', 'players.group_id').select('players.user_id').whereRef('players.user_id', '=', 'users.id').where('groups.year', '=', year)),
      );
    if (lackingGameId !== undefined) {
      query = query.where((eb) =>
        eb.not(eb.exists(eb.selectFrom('predictions').select('predictions.user_id').whereRef('predictions.user_id', '=', 'users.id').where('predictions.game_id', '=', lackingGameId))),
      );
    }
    return (await query.orderBy('users.id').execute()) as Recipient[];
  }

  // Each push names the teams in its reader's language.
  const matchOf = (game: StoredGame): Match => ({ home: game.homeTeam, away: game.awayTeam });

  async function sendAll(targets: Recipient[], messageOf: (target: Recipient) => Promise<PushMessage> | PushMessage) {
    await Promise.all(
      targets.map(async (target) => {
        const status = await sendPush(db, keys, target, await messageOf(target), options.endpoints);
        pushes.inc({ outcome: status >= 200 && status < 300 ? 'sent' : 'failed' });
      }),
    );
  }

  async function pointsOf(target: Recipient, game: StoredGame): Promise<GroupPoints[]> {
    const groups = await db
      .selectFrom('players')
      .innerJoin('groups', 'groups.id', 'players.group_id')
      .select(['groups.id', 'groups.name'])
      .where('players.user_id', '=', target.id)
      .where('groups.year', '=', game.year)
      .orderBy('groups.name')
      .execute();
    const result: GroupPoints[] = [];
    for (const group of groups) {
      const scored = await groupFor(db, group.id, target.login);
      const player = scored?.players.find((candidate) => candidate.login === target.login);
      if (!player) continue;
      const points = player.predictions.find((prediction) => prediction.gameId === game.id)?.points ?? 0;
      result.push({ groupName: group.name, points, total: player.points, rank: player.rank });
    }
    return result;
  }

  async function onGame(game: StoredGame, deleted: boolean) {
    const before = seen.get(game.id);
    if (deleted) {
      seen.delete(game.id);
      return;
    }
    seen.set(game.id, game);
    if (!before) return;
    const match = matchOf(game);
    if (game.status === 'Live' && before.status === 'Scheduled') {
      await sendAll(await recipients(game.year, 'notify_on_game_start'), (target) => gameStartedMessage(context.texts, target.language as Language, match, url));
    }
    if (game.status === 'Finished' && before.status !== 'Finished') {
      await sendAll(await recipients(game.year, 'notify_on_game_finished'), async (target) =>
        gameFinishedMessage(context.texts, target.language as Language, match, game.homeGoals ?? null, game.awayGoals ?? null, await pointsOf(target, game), url),
      );
    }
    const moved = Date.parse(before.date) !== Date.parse(game.date);
    // A new kickoff deserves a new reminder.
    if (moved) await db.deleteFrom('push_reminders').where('game_id', '=', game.id).execute();
    if (moved || before.homeTeam !== game.homeTeam || before.awayTeam !== game.awayTeam) {
      await sendAll(await recipients(game.year, 'notify_on_game_change'), (target) => gameChangedMessage(context.texts, target.language as Language, match, game.date, url));
    }
  }

  async function remindMissing() {
    const now = context.clock.now();
    const soon = await db.selectFrom('games').selectAll().where('status', '=', 'Scheduled').where('kickoff', '>', now).where('kickoff', '<=', now + lead)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('push_reminders').select('push_reminders.game_id').whereRef('push_reminders.game_id', '=', 'games.id'))))
      .execute();
    for (const row of soon) {
      // The insert is the claim: with several processes only one sends the reminder.
      const claimed = await db.insertInto('push_reminders').values({ game_id: row.id, sent_at: now }).onConflict((conflict) => conflict.column('game_id').doNothing()).executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      const game = (await listGames(db, row.year)).find((candidate) => candidate.id === row.id)!;
      const match = matchOf(game);
      const minutes = Math.max(1, Math.round((Number(row.kickoff) - now) / 60_000));
      await sendAll(await recipients(row.year, 'notify_on_missing_prediction', row.id), (target) => missingPredictionMessage(context.texts, target.language as Language, match, minutes, url));
    }
  }

  const listener = ({ game, action }: { game: StoredGame | (StoredGame & object); action?: 'DELETE' }) => {
    void enqueue(() => onGame(game, action === 'DELETE'));
  };
  context.events.on('gameChanged', listener as never);
  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    void enqueue(remindMissing).finally(() => {
      ticking = false;
    });
  }, options.tickInterval ?? 2000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    context.events.off('gameChanged', listener as never);
    await queue;
  };
}
