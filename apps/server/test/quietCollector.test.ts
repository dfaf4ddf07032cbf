import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuietCollector, oldGenerationBytes } from '../src/live/quietCollector.js';

/** A collector over a heap that grows when told and shrinks to `live` when collected. */
function collectorOn(heap: { used: number; live: number }) {
  const collections: number[] = [];
  const collector = new QuietCollector({
    collect: () => {
      collections.push(heap.used);
      heap.used = heap.live;
    },
    heapBytes: () => heap.used,
    quietMs: 250,
    growthBytes: 24e6,
  });
  /** A push: work that begins and ends. */
  const push = () => {
    collector.begin();
    collector.end();
  };
  return { collector, collections, push };
}

describe('collections at quiet moments', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('collects once nothing has happened for a moment after work that grew the heap', () => {
    const heap = { used: 300e6, live: 300e6 };
    const { collector, collections, push } = collectorOn(heap);
    collector.begin();
    heap.used += 40e6;
    collector.end();
    vi.advanceTimersByTime(249);
    expect(collections).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(collections).toEqual([340e6]);
    // Nothing grew since: the next quiet moment leaves the heap alone.
    push();
    vi.advanceTimersByTime(1_000);
    expect(collections).toEqual([340e6]);
  });

  it('waits for all work under way, and starts waiting again when work starts meanwhile', () => {
    const heap = { used: 300e6, live: 300e6 };
    const { collector, collections } = collectorOn(heap);
    collector.begin();
    collector.begin();
    heap.used += 40e6;
    collector.end();
    vi.advanceTimersByTime(1_000);
    expect(collections).toEqual([]);
    collector.end();
    vi.advanceTimersByTime(200);
    // A goal comes in before the quiet moment has passed: its push goes first.
    collector.begin();
    vi.advanceTimersByTime(1_000);
    expect(collections).toEqual([]);
    heap.used += 30e6;
    collector.end();
    vi.advanceTimersByTime(250);
    expect(collections).toEqual([370e6]);
  });

  it('counts growth from what was left after its last collection, and lets small growth be', () => {
    const heap = { used: 300e6, live: 310e6 };
    const { collections, push } = collectorOn(heap);
    heap.used += 20e6;
    push();
    vi.advanceTimersByTime(1_000);
    expect(collections).toEqual([]);
    heap.used += 10e6;
    push();
    vi.advanceTimersByTime(1_000);
    expect(collections).toEqual([330e6]);
    // 310 MB were live: 24 MB more than that, not than 300 MB, make the next collection worth it.
    heap.used = 330e6;
    push();
    vi.advanceTimersByTime(1_000);
    expect(collections).toEqual([330e6]);
    heap.used = 334e6;
    push();
    vi.advanceTimersByTime(1_000);
    expect(collections).toEqual([330e6, 334e6]);
  });

  it('cancelled, collects nothing until work has ended again', () => {
    const heap = { used: 300e6, live: 300e6 };
    const { collector, collections } = collectorOn(heap);
    collector.begin();
    heap.used += 40e6;
    collector.end();
    collector.cancel();
    vi.advanceTimersByTime(1_000);
    expect(collections).toEqual([]);
  });

  it('does nothing without a way to collect (a server started without --expose-gc)', () => {
    const collector = new QuietCollector({ collect: null, heapBytes: () => 0 });
    collector.begin();
    collector.end();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('measures the old generation of this process', () => {
    expect(oldGenerationBytes()).toBeGreaterThan(0);
  });
});
