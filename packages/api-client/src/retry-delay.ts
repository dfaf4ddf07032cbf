/** First retry after 1 s, doubling up to 32 s (spec section 9). */
export const FIRST_RETRY_DELAY_MS = 1_000;
export const MAX_RETRY_DELAY_MS = 32_000;
/** Each delay varies by up to this share either way, so that clients cut off together do not come back in one wave. */
export const RETRY_JITTER = 0.2;

/**
 * How long to wait before retry number `attempt` (0 for the first retry): 1 s, 2 s, 4 s ... 32 s, 32 s ...,
 * each moved by up to ±20 % at random.
 *
 * @example
 * retryDelay(0, () => 0.5); // 1000
 * retryDelay(3, () => 0.5); // 8000
 * retryDelay(9, () => 1);   // 38400: 32 s plus the full jitter
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempt), MAX_RETRY_DELAY_MS);
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
}
