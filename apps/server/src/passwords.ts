import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * Runs at most `width` tasks at once. The others wait by whose they are (`turn`, a client's
 * address) and go round: each turn's next task in the order the turns came, so one client's queue
 * does not hold up another's single task; one turn's own tasks keep their order.
 * @example const slots = taskSlots(1); await Promise.all([slots.run(a, 'x'), slots.run(b, 'x'), slots.run(c, 'y')]); // a, b, c
 */
export function taskSlots(width: number) {
  let running = 0;
  const waiting = new Map<string, (() => void)[]>();
  const startNext = () => {
    const next = waiting.entries().next();
    if (next.done) {
      running -= 1;
      return;
    }
    const [turn, queue] = next.value;
    // To the back of the round, if it has more.
    waiting.delete(turn);
    const start = queue.shift()!;
    if (queue.length > 0) waiting.set(turn, queue);
    start();
  };
  return {
    async run<T>(task: () => Promise<T>, turn = ''): Promise<T> {
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
 * it is (its client's address key, see clientAddress.ts), so a burst from a few addresses delays others' logins by a
 * hash per address, not by the whole burst.
 */
export function hashPassword(password: string, turn?: string): Promise<string> {
  return hashing.run(() => hash(password), turn);
}

/** Whether a password matches its argon2id hash (false for a broken hash), waiting its turn as {@link hashPassword} does. */
export function passwordMatches(passwordHash: string, password: string, turn?: string): Promise<boolean> {
  return hashing.run(() => verify(passwordHash, password).catch(() => false), turn);
}
