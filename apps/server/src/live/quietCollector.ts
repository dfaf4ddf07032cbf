import { getHeapSpaceStatistics } from 'node:v8';

/** The bytes in use in the old generation: what only a full collection frees. */
export function oldGenerationBytes(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) if (space.space_name === 'old_space' || space.space_name === 'large_object_space') used += space.space_used_size;
  return used;
}

export type QuietCollectorOptions = {
  /** A full garbage collection (`gc` of node --expose-gc). Null or, by default, no `gc`: V8 alone decides when. */
  collect?: (() => void) | null;
  /** The bytes a full collection may free some of. */
  heapBytes?: () => number;
  /** How long nothing must happen before collecting. */
  quietMs?: number;
  /** How much the heap must have grown since the last collection here for the next one to be worth it. */
  growthBytes?: number;
};

/**
 * Full garbage collections at quiet moments. Every goal leaves tens of megabytes of the last
 * rankings in the old generation, and members connecting at once far more. Left to itself, V8
 * collects them when a limit is crossed, which after a quiet spell is set just above what is
 * live: in the middle of the next goal's push, whose marking then shares two cores with it (a
 * push of 0.9 s took 1.2 to 1.5 s). Collected after a push, once nothing has happened for a
 * moment, the same work keeps nobody waiting.
 */
export class QuietCollector {
  private readonly collect: (() => void) | null | undefined;
  private readonly heapBytes: () => number;
  private readonly quietMs: number;
  private readonly growthBytes: number;
  private timer: NodeJS.Timeout | undefined;
  /** Work under way. */
  private working = 0;
  /** The heap's size after the last collection here. */
  private collectedAt: number;

  constructor({ collect = globalThis.gc, heapBytes = oldGenerationBytes, quietMs = 250, growthBytes = 24e6 }: QuietCollectorOptions = {}) {
    this.collect = collect;
    this.heapBytes = heapBytes;
    this.quietMs = quietMs;
    this.growthBytes = growthBytes;
    this.collectedAt = heapBytes();
  }

  /** Work started: no collection until it and all other work have ended. */
  begin(): void {
    this.working++;
    this.cancel();
  }

  /** Work ended: once nothing else starts for a moment, collect if the heap grew enough since the last time. */
  end(): void {
    this.working = Math.max(0, this.working - 1);
    this.cancel();
    if (!this.collect || this.working > 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.heapBytes() - this.collectedAt < this.growthBytes) return;
      this.collect!();
      this.collectedAt = this.heapBytes();
    }, this.quietMs);
    // A pending collection never keeps the process alive.
    this.timer.unref();
  }

  /** No collection from now on but after the next work. */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
