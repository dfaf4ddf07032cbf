import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureSchema, type Fixture } from '../fixtures.js';
import { scoreStepsOfGame, teamStepOfGame, type TimelineStep } from '../fixtureTimeline.js';

export { instantOfMinute } from '../fixtureTimeline.js';

/** A fixture file with its goal lists, as the replay plays it. */
export const replayFixtureSchema = fixtureSchema;
export type ReplayFixture = Fixture;

/** One moment of the replay: at a server-clock instant, a game (by fixture number) changes. */
export type ReplayStep = TimelineStep;

/** Reads `{fixturesDir}/{year}.json` with its goals. */
export function readReplayFixture(fixturesDir: string, year: number): ReplayFixture {
  return fixtureSchema.parse(JSON.parse(readFileSync(join(fixturesDir, `${year}.json`), 'utf8')));
}

/** Everything a game goes through in the replay: its score from kickoff to the end. */
export const stepsOfGame = scoreStepsOfGame;

/**
 * The whole year's replay in clock order (games kicking off together interleave by minute): the
 * scores, and each knockout game's teams when the games before it have decided them.
 */
export function stepsOfFixture(fixture: ReplayFixture): ReplayStep[] {
  const teamSteps = fixture.games.flatMap((game) => teamStepOfGame(fixture, game) ?? []);
  return [...fixture.games.flatMap(scoreStepsOfGame), ...teamSteps].sort((a, b) => a.at - b.at || a.number - b.number);
}
