/** Whole days, hours and minutes left. */
export type Countdown = { days: number; hours: number; minutes: number };

/**
 * The time left until an instant in whole days, hours and minutes, or undefined once it is reached.
 * @example countdownTo('2024-06-14T19:00:00Z', '2024-06-13T17:29:30Z') // { days: 1, hours: 1, minutes: 30 }
 */
export function countdownTo(target: Date | string | number, now: Date | string | number): Countdown | undefined {
  const left = new Date(target).getTime() - new Date(now).getTime();
  if (!(left > 0)) return undefined;
  const totalMinutes = Math.floor(left / 60_000);
  return { days: Math.floor(totalMinutes / 1440), hours: Math.floor(totalMinutes / 60) % 24, minutes: totalMinutes % 60 };
}
