import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from '../src/metrics.js';

/** The samples of a text exposition, each line's labels sorted: the format leaves their order free. */
function samples(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.replace(/\{(.*)\}/, (_, labels: string) => `{${labels.split(',').sort().join(',')}}`))
    .sort();
}

describe('the request durations histogram', () => {
  const answers: [string, string, number, number][] = [
    ['GET', '/api/games', 304, 0.00002],
    ['GET', '/api/games', 304, 0.004],
    ['GET', '/api/games', 200, 0.01],
    ['POST', '/api/prediction/:gameId', 200, 0.3],
    ['POST', '/api/prediction/:gameId', 400, 12],
    ['GET', 'none', 404, 0.001],
  ];

  it('writes what prom-client writes for the same answers', async () => {
    const durations = new RequestDurations();
    const registry = new Registry();
    const histogram = new Histogram({
      name: RequestDurations.NAME,
      help: 'Time from a request arriving to its answer, per route and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: RequestDurations.BUCKETS,
      registers: [registry],
    });
    for (const [method, route, status, seconds] of answers) {
      durations.record(method, route, status, seconds);
      histogram.observe({ method, route, status: String(status) }, seconds);
    }
    expect(samples(durations.text())).toEqual(samples(await registry.metrics()));
    expect(durations.text()).toContain(`# TYPE ${RequestDurations.NAME} histogram\n`);
  });

  it('escapes a label value as the text format asks', () => {
    const durations = new RequestDurations();
    durations.record('GET', 'a "b"\\c\nd', 200, 0.001);
    expect(durations.text()).toContain('route="a \\"b\\"\\\\c\\nd"');
  });
});
