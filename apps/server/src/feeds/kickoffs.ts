import { teamsKnown } from '@scorecast/rules';
import type { ServerContext } from '../context.js';
import { listGames, type StoredGame } from '../db/games.js';
import { changeGame, statusHeldByHand } from './gameChanges.js';
import type { Leadership } from './leader.js';
import { everyInterval } from '../ticker.js';
import { failureLogOf } from '../logging.js';

/**
 * Kicks off by the clock: every game still Scheduled at its kickoff goes Live 0:0, as a result feed
 * or the operator would set it, so the kickoff reveals its predictions and says the game started
 * even when neither is there (predictions close at kickoff anyway). An automatic change: a game
 * held by hand at or after its kickoff stays Scheduled (statusHeldByHand). Returns how many games
 * it started.
 */
export async function kickOffDue(context: ServerContext): Promise<number> {
  const now = context.clock.now();
  const statusSetAt = new Map(
    (await context.db.selectFrom('game_overrides').select(['game_id', 'changed_at']).where('field', '=', 'status').execute()).map((row) => [row.game_id, Number(row.changed_at)]),
  );
  const held = (game: StoredGame) => statusSetAt.has(game.id) && statusHeldByHand(game, statusSetAt.get(game.id)!);
  // A knockout game still naming placeholders (W49, 1A) waits for its teams.
  const due = (await listGames(context.db)).filter((game) => game.status === 'Scheduled' && Date.parse(game.date) <= now && teamsKnown(game) && !held(game));
  let started = 0;
  for (const game of due) if ((await changeGame(context, game.id, { status: 'Live', homeGoals: 0, awayGoals: 0 }, { source: 'clock' }))?.status === 'Live') started++;
  return started;
}

/**
 * Looks for games due every `interval` real ms (on several processes, only the one holding
 * `leadership` does, so a kickoff is told once); the returned function stops it.
 */
export function startKickoffClock(context: ServerContext, options: { leadership?: Leadership | undefined; interval?: number } = {}): () => Promise<void> {
  const tick = async () => {
    if (options.leadership && !(await options.leadership.isLeader())) return;
    await kickOffDue(context);
  };
  return everyInterval(options.interval ?? 5_000, tick, failureLogOf(context.log, 'kickoff by the clock failed'));
}
