import { describe, expect, it } from 'vitest';
import { retryDelay } from './retry-delay.js';

const middle = () => 0.5;

describe('retryDelay', () => {
  it('starts at 1 s and doubles up to 32 s, then stays there', () => {
    expect(Array.from({ length: 9 }, (_, attempt) => retryDelay(attempt, middle))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 32000, 32000, 32000,
    ]);
  });

  it('moves each delay by at most 20 % either way', () => {
    expect([retryDelay(0, () => 0), retryDelay(0, () => 1), retryDelay(20, () => 0), retryDelay(20, () => 1)]).toEqual([800, 1200, 25600, 38400]);
  });

  it('spreads clients that retry together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelay(5)));
    expect(delays.size).toBeGreaterThan(40);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(25600);
    expect(Math.max(...delays)).toBeLessThanOrEqual(38400);
  });

  it('treats a negative attempt as the first', () => {
    expect(retryDelay(-3, middle)).toBe(1000);
  });
});
