/** The server's one clock: every deadline and every `serverTime` reads it. */
export type Clock = {
  /** Epoch milliseconds. */
  now(): number;
  /** Moves the clock to an instant, keeping (or changing) its speed. */
  set(instant: number, speed?: number): void;
};

/**
 * A clock that starts at `start` (default: real time) and runs at `speed` times real time.
 * @example createClock({ start: Date.parse('2024-06-14T18:00:00Z'), speed: 60 }).now()
 */
export function createClock(options: { start?: number; speed?: number } = {}): Clock {
  let origin = options.start ?? Date.now();
  let realOrigin = Date.now();
  let speed = options.speed ?? 1;
  return {
    now: () => origin + (Date.now() - realOrigin) * speed,
    set(instant, newSpeed) {
      origin = instant;
      realOrigin = Date.now();
      if (newSpeed !== undefined) speed = newSpeed;
    },
  };
}

/**
 * Reads `SCORECAST_CLOCK` (`<ISO instant>` or `<ISO instant>@<speed>`); undefined when unset.
 * @example clockOptionsOf('2024-06-14T18:00:00Z@60') // { start: 1718388000000, speed: 60 }
 */
export function clockOptionsOf(value: string | undefined): { start: number; speed: number } | undefined {
  if (!value) return undefined;
  const [instant = '', speedText] = value.split('@');
  const start = Date.parse(instant);
  const speed = speedText === undefined ? 1 : Number(speedText);
  if (Number.isNaN(start) || !Number.isFinite(speed) || speed < 0) throw new Error(`SCORECAST_CLOCK is not <ISO instant>[@speed]: ${value}`);
  return { start, speed };
}
