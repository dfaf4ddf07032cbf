import type { Instant } from './types.js';

/**
 * Whole days, hours and minutes left (see {@link countdownTo}).
 * @example
 * const left: Countdown = { days: 0, hours: 2, minutes: 5 };
 * left.hours * 60 + left.minutes // => 125
 */
export type Countdown = { days: number; hours: number; minutes: number };

/**
 * The time left until an instant in whole days, hours and minutes, or undefined once it is reached.
 * @example
 * countdownTo('2024-06-14T19:00:00Z', '2024-06-13T17:29:30Z') // => { days: 1, hours: 1, minutes: 30 }
 * countdownTo('2024-06-14T19:00:00Z', '2024-06-14T19:00:00Z') // => undefined
 */
export function countdownTo(target: Instant, now: Instant): Countdown | undefined {
  const left = new Date(target).getTime() - new Date(now).getTime();
  if (!(left > 0)) return undefined;
  const totalMinutes = Math.floor(left / 60_000);
  return { days: Math.floor(totalMinutes / 1440), hours: Math.floor(totalMinutes / 60) % 24, minutes: totalMinutes % 60 };
}
