import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics in the Prometheus text format (GET /metrics). One registry per process:
 * the counters are module values so that any part of the server can count without being handed
 * the app (the live core counts its pushes through {@link liveMetrics}).
 */
export const registry = new Registry();

/** How many answers of one method, route and status took up to each bucket's bound, and in all. */
type Durations = { counts: number[]; sum: number; count: number };

/**
 * The time from a request arriving to its answer, per method, route and status: the histogram
 * `scorecast_http_request_duration_seconds`. Kept here rather than in prom-client's Histogram,
 * whose `observe` works a request's labels out anew each time (a label object checked, sorted and
 * joined, each bucket found by a number as a property name): that took a tenth of the time of the
 * hottest answers, the games list's 304 and the settings.
 */
export class RequestDurations {
  static readonly NAME = 'scorecast_http_request_duration_seconds';
  static readonly BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  /** By route, then method, then status. */
  readonly #routes = new Map<string, Map<string, Map<number, Durations>>>();

  record(method: string, route: string, status: number, seconds: number): void {
    let methods = this.#routes.get(route);
    if (!methods) this.#routes.set(route, (methods = new Map<string, Map<number, Durations>>()));
    let statuses = methods.get(method);
    if (!statuses) methods.set(method, (statuses = new Map<number, Durations>()));
    let durations = statuses.get(status);
    if (!durations) statuses.set(status, (durations = { counts: RequestDurations.BUCKETS.map(() => 0), sum: 0, count: 0 }));
    let bucket = 0;
    while (bucket < RequestDurations.BUCKETS.length && seconds > RequestDurations.BUCKETS[bucket]!) bucket += 1;
    if (bucket < durations.counts.length) durations.counts[bucket]! += 1;
    durations.sum += seconds;
    durations.count += 1;
  }

  /** The histogram in the Prometheus text format (buckets cumulative, as the format has them). */
  text(): string {
    const name = RequestDurations.NAME;
    const lines = [`# HELP ${name} Time from a request arriving to its answer, per route and status.`, `# TYPE ${name} histogram`];
    for (const [route, methods] of this.#routes) {
      for (const [method, statuses] of methods) {
        for (const [status, { counts, sum, count }] of statuses) {
          const labels = `method="${labelValue(method)}",route="${labelValue(route)}",status="${status}"`;
          let upTo = 0;
          RequestDurations.BUCKETS.forEach((bound, index) => {
            upTo += counts[index]!;
            lines.push(`${name}_bucket{${labels},le="${bound}"} ${upTo}`);
          });
          lines.push(`${name}_bucket{${labels},le="+Inf"} ${count}`, `${name}_sum{${labels}} ${sum}`, `${name}_count{${labels}} ${count}`);
        }
      }
    }
    return `${lines.join('\n')}\n`;
  }
}

/** A label value as the text format writes it: backslash, double quote and line feed escaped. */
function labelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (character) => (character === '\n' ? '\\n' : `\\${character}`));
}

export const requestDurations = new RequestDurations();

/** Every metric of the process, in the Prometheus text format. */
export async function metricsText(): Promise<string> {
  return (await registry.metrics()) + requestDurations.text();
}

/** Sources of the open hub connections (one per app in a process; tests build many). */
const hubSources = new Set<() => number>();

/** Adds a hub whose open connections the gauge reports; returns a function that removes it. */
export function countHubConnections(source: () => number): () => void {
  hubSources.add(source);
  return () => hubSources.delete(source);
}

/** Open live connections of every hub in the process. */
export function openHubConnections(): number {
  let open = 0;
  for (const source of hubSources) open += source();
  return open;
}

new Gauge({
  name: 'scorecast_hub_connections',
  help: 'Open live connections (/notify) with a finished handshake.',
  registers: [registry],
  collect() {
    this.set(openHubConnections());
  },
});

export const hubConnects = new Counter({ name: 'scorecast_hub_connects_total', help: 'Live connections opened (upgrade requests to /notify).', registers: [registry] });

/** The live core's own measures: it calls these where it pushes. */
export const liveMetrics = {
  /** Items (games, groups) handed to connections, counted once per item and connection. */
  itemsPushed: new Counter({ name: 'scorecast_live_items_pushed_total', help: 'Live items pushed to clients.', registers: [registry] }),
  /** From a game's change being written to its push leaving the process, in seconds. */
  changeToPush: new Histogram({
    name: 'scorecast_live_change_to_push_seconds',
    help: 'Time from a game change to its push.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
};

/** Pools whose use the gauge reports (PostgreSQL; the embedded SQLite has no pool). */
const pools = new Set<{ totalCount: number; idleCount: number; waitingCount: number }>();

/** Adds a database pool to the pool gauge; returns a function that removes it. */
export function countPool(pool: { totalCount: number; idleCount: number; waitingCount: number }): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

new Gauge({
  name: 'scorecast_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting clients).',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const sum = (read: (pool: { totalCount: number; idleCount: number; waitingCount: number }) => number) => [...pools].reduce((total, pool) => total + read(pool), 0);
    this.set({ state: 'total' }, sum((pool) => pool.totalCount));
    this.set({ state: 'idle' }, sum((pool) => pool.idleCount));
    this.set({ state: 'waiting' }, sum((pool) => pool.waitingCount));
  },
});

export const mails = new Counter({ name: 'scorecast_mails_total', help: 'Mails handed to the mail transport, by outcome.', labelNames: ['outcome'] as const, registers: [registry] });
export const pushes = new Counter({ name: 'scorecast_push_sends_total', help: 'Web pushes posted to push services, by outcome.', labelNames: ['outcome'] as const, registers: [registry] });
export const feedPolls = new Counter({ name: 'scorecast_feed_polls_total', help: 'Result feed polls, by outcome.', labelNames: ['feed', 'outcome'] as const, registers: [registry] });
