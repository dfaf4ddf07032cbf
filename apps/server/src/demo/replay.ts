import type { ServerContext } from '../context.js';
import type { ErrorLogger } from '../logging.js';
import { changeGame } from '../feeds/gameChanges.js';
import type { ReplayStep } from './timeline.js';

export type Replay = {
  /** Plays every step the server clock has reached; the timer calls it, tests may too. */
  tick(): Promise<void>;
  /** How many steps have been played. */
  readonly played: number;
  stop(): Promise<void>;
};

/**
 * Replays a year's real results on the server clock: each step is applied when the clock reaches
 * it, through the same change path as the admin API and the feeds (scores invalidated, events
 * emitted, fields set by hand left alone). A fast clock plays a tournament in minutes. A failed
 * step is logged with its stack and tried again at the next tick.
 */
export function startReplay(context: ServerContext, year: number, steps: readonly ReplayStep[], log: ErrorLogger, options: { tickInterval?: number } = {}): Replay {
  let next = 0;
  let running: Promise<void> | undefined;
  const ids = new Map<number, number>();

  async function idOf(number: number): Promise<number | undefined> {
    if (!ids.has(number)) {
      const row = await context.db.selectFrom('games').select('id').where('year', '=', year).where('number', '=', number).executeTakeFirst();
      if (!row) return undefined;
      ids.set(number, row.id);
    }
    return ids.get(number);
  }

  async function play() {
    const now = context.clock.now();
    while (next < steps.length && steps[next]!.at <= now) {
      const step = steps[next]!;
      const id = await idOf(step.number);
      if (id !== undefined) await changeGame(context, id, step.change, { source: 'replay' });
      next += 1;
    }
  }

  // One pass at a time: a slow database must not let two passes apply a step twice.
  const tick = () => {
    running ??= play().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => void tick().catch((error: unknown) => log.error({ err: error }, 'replay step failed')), options.tickInterval ?? 250);
  timer.unref();
  return {
    tick,
    get played() {
      return next;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
