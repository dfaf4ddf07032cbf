import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * Runs at most `width` tasks at once; the others wait their turn in order.
 * @example const slots = taskSlots(1); await Promise.all([slots.run(a), slots.run(b)]); // b starts once a ends
 */
export function taskSlots(width: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= width) await new Promise<void>((start) => waiting.push(start));
      else running += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

// An argon2id hash keeps a core busy for tens of milliseconds. Run on every core at once, a burst
// of logins would leave the event loop none, and every page open would wait behind the hashes.
const hashing = taskSlots(Math.max(1, availableParallelism() - 1));

/** The argon2id hash of a password, taking its turn among the other hashes. */
export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password));
}

/** Whether a password matches its argon2id hash (false for a broken hash), taking its turn. */
export function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  return hashing.run(() => verify(passwordHash, password).catch(() => false));
}
