import { MAX_CLOCK_SPEED } from '../clock.js';
import { positiveNumberOf, wholeNumberOf } from '../config.js';
import type { ErrorLogger } from '../logging.js';
import { startReplay, type Replay } from './replay.js';
import { prepareDemo } from './setup.js';
import { readReplayFixture, stepsOfFixture } from './timeline.js';

/** The demo options of the environment: DEMO_YEAR (on when set), DEMO_SPEED (default 60). */
export function demoOptionsOf(env: NodeJS.ProcessEnv): { year: number; speed: number } | undefined {
  if (!env.DEMO_YEAR) return undefined;
  const year = wholeNumberOf('DEMO_YEAR', env.DEMO_YEAR, 0, { min: 1930, max: 9999 });
  // The replay runs the server clock at this speed: the clock's own limit holds.
  const speed = positiveNumberOf('DEMO_SPEED', env.DEMO_SPEED, 60, MAX_CLOCK_SPEED);
  return { year, speed };
}

/**
 * Starts the tournament replay of a year: demo players and group, the clock six real minutes before the
 * first kickoff at the chosen speed, the year's real results on that clock. Tells how to sign in
 * (`say`, for the person at the terminal); a failed step goes to `log`.
 */
export async function startDemo(context: Parameters<typeof prepareDemo>[0], fixturesDir: string, options: { year: number; speed: number }, say: (line: string) => void, log: ErrorLogger): Promise<Replay> {
  const fixture = readReplayFixture(fixturesDir, options.year);
  const setup = await prepareDemo(context, fixture, { speed: options.speed });
  const steps = stepsOfFixture(fixture);
  say(`demo: replaying ${options.year} (${fixture.games.length} games) at ${options.speed}x from ${new Date(setup.startAt).toISOString()}`);
  say(`demo: sign in as ${setup.logins.join(', ')} with the password ${setup.password}`);
  return startReplay(context, options.year, steps, log);
}
