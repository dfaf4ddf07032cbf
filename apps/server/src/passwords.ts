import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** How far back the tasks a client asked for count against its next. */
const WINDOW_MS = 60_000;

/**
 * Runs at most `width` tasks at once. The others wait by whose they are (`turn`, a client's
 * address): the next to start is the waiting turn that asked for the fewest in the last minute (the
 * first come of equals), so a burst from many clients holds up a client that asks once by the task
 * running, not by one of each; one turn's own tasks keep their order.
 * @example const slots = taskSlots(1); await Promise.all([slots.run(a, 'x'), slots.run(b, 'x'), slots.run(c, 'y')]); // a, c, b
 */
export function taskSlots(width: number, now: () => number = Date.now) {
  let running = 0;
  const waiting = new Map<string, (() => void)[]>();
  const asked = new Map<string, { count: number; since: number }>();
  const askedBy = (turn: string, at: number) => {
    const entry = asked.get(turn);
    return entry && at - entry.since < WINDOW_MS ? entry.count : 0;
  };
  const count = (turn: string) => {
    const at = now();
    const entry = asked.get(turn);
    if (entry && at - entry.since < WINDOW_MS) entry.count += 1;
    else asked.set(turn, { count: 1, since: at });
    // Clients of long ago are forgotten, so the map holds about a minute's clients.
    if (asked.size > 10_000) for (const [key, { since }] of asked) if (at - since >= WINDOW_MS) asked.delete(key);
  };
  const startNext = () => {
    const at = now();
    let next: [string, (() => void)[]] | undefined;
    for (const entry of waiting) if (!next || askedBy(entry[0], at) < askedBy(next[0], at)) next = entry;
    if (!next) {
      running -= 1;
      return;
    }
    const [turn, queue] = next;
    const start = queue.shift()!;
    if (queue.length === 0) waiting.delete(turn);
    start();
  };
  return {
    async run<T>(task: () => Promise<T>, turn = ''): Promise<T> {
      count(turn);
      if (running >= width) {
        await new Promise<void>((start) => {
          const queue = waiting.get(turn);
          if (queue) queue.push(start);
          else waiting.set(turn, [start]);
        });
      } else running += 1;
      try {
        return await task();
      } finally {
        startNext();
      }
    },
  };
}

// An argon2id hash keeps a core busy for tens of milliseconds. Run on every core at once, a burst
// of logins would leave the event loop none, and every page open would wait behind the hashes.
const hashing = taskSlots(Math.max(1, availableParallelism() - 1));

/**
 * The argon2id hash of a password, waiting its turn among the other hashes: `turn` is whose request
 * it is (its client's address key, see clientAddress.ts), so a burst from many addresses delays a
 * player's login by a hash or so, not by the burst.
 */
export function hashPassword(password: string, turn?: string): Promise<string> {
  return hashing.run(() => hash(password), turn);
}

/** Whether a password matches its argon2id hash (false for a broken hash), waiting its turn as {@link hashPassword} does. */
export function passwordMatches(passwordHash: string, password: string, turn?: string): Promise<boolean> {
  return hashing.run(() => verify(passwordHash, password).catch(() => false), turn);
}
