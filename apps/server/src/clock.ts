import { z } from 'zod';
import { SettingError } from './config.js';

/** The server's one clock: every deadline and every `serverTime` reads it. */
export type Clock = {
  /** Epoch milliseconds. */
  now(): number;
  /** Moves the clock to an instant, keeping (or changing) its speed. */
  set(instant: number, speed?: number): void;
};

/** The year a clock is in: the current tournament's, whose groups alone take changes (spec section 6). */
export function currentYearOf(clock: Clock): number {
  return new Date(clock.now()).getUTCFullYear();
}

/** Whether a group's tournament is a past year's: kept to look back on, it takes no joins or changes. */
export function isTournamentOver(group: { year: number }, clock: Clock): boolean {
  return group.year < currentYearOf(clock);
}

/** Where a clock stops: past it, an instant is no ISO 8601 date the app reads (years 0000 to 9999). */
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A clock that starts at `start` (default: real time) and runs at `speed` times real time.
 * @example createClock({ start: Date.parse('2024-06-14T18:00:00Z'), speed: 60 }).now()
 */
export function createClock(options: { start?: number; speed?: number } = {}): Clock {
  let origin = options.start ?? Date.now();
  let realOrigin = Date.now();
  let speed = options.speed ?? 1;
  return {
    now: () => Math.min(origin + (Date.now() - realOrigin) * speed, LAST_INSTANT),
    set(instant, newSpeed) {
      origin = instant;
      realOrigin = Date.now();
      if (newSpeed !== undefined) speed = newSpeed;
    },
  };
}

/**
 * An instant as the clock is set to it (SCORECAST_CLOCK, the admin API's clock and game dates): ISO
 * 8601 with `Z` or an offset, years 0000 to 9999. Date.parse alone took `+275760-09-13T00:00:00Z`,
 * the last instant a Date holds, and every answer after it was a 500.
 */
export const instantSchema = z.iso.datetime({ offset: true });

/** The fastest a clock runs: a speed like 1e308 took the clock past any Date in a moment. */
export const MAX_CLOCK_SPEED = 100_000;

/** A clock's speed (SCORECAST_CLOCK, the admin API's clock): 0 stands still, 1 is real time. */
export const clockSpeedSchema = z.number().min(0).max(MAX_CLOCK_SPEED);

/**
 * Reads `SCORECAST_CLOCK` (`<ISO instant>` or `<ISO instant>@<speed>`), by the admin API's rule for
 * the clock; undefined when unset or empty.
 * @example clockOptionsOf('2024-06-14T18:00:00Z@60') // { start: 1718388000000, speed: 60 }
 */
export function clockOptionsOf(value: string | undefined): { start: number; speed: number } | undefined {
  if (!value) return undefined;
  const [instant = '', speedText, ...rest] = value.split('@');
  // Number('') is 0: `...Z@` would have stopped the clock.
  const speed = speedText === undefined ? 1 : speedText.trim() === '' ? Number.NaN : Number(speedText);
  if (rest.length > 0 || !instantSchema.safeParse(instant).success || !clockSpeedSchema.safeParse(speed).success) {
    throw new SettingError(`SCORECAST_CLOCK must be an ISO instant with an optional speed from 0 to ${MAX_CLOCK_SPEED}, e.g. 2024-06-14T18:55:00Z@60, not ${JSON.stringify(value)}`);
  }
  return { start: Date.parse(instant), speed };
}
