import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countedScore } from '@scorecast/rules';
import { z } from 'zod';
import type { GameChange } from '../db/games.js';
import { fixtureSchema } from '../fixtures.js';

const MINUTE = 60_000;

/** A fixture file with its goal lists (the server's import ignores them; the replay plays them). */
export const replayFixtureSchema = fixtureSchema.extend({
  games: z.array(
    fixtureSchema.shape.games.element.extend({
      goals: z.array(z.object({ minute: z.number().int().min(0), side: z.enum(['home', 'away']) })).optional(),
    }),
  ),
});
export type ReplayFixture = z.infer<typeof replayFixtureSchema>;
type FixtureGame = ReplayFixture['games'][number];

/** One moment of the replay: at a server-clock instant, a game (by fixture number) changes. */
export type ReplayStep = { at: number; number: number; change: GameChange };

/** Reads `{fixturesDir}/{year}.json` with its goals. */
export function readReplayFixture(fixturesDir: string, year: number): ReplayFixture {
  return replayFixtureSchema.parse(JSON.parse(readFileSync(join(fixturesDir, `${year}.json`), 'utf8')));
}

/**
 * When a minute of play happens on the clock: 15 minutes of half-time after the 45th, 5 minutes
 * before extra time. Stoppage time is folded into the minute its period ended, as in the fixtures.
 */
export function instantOfMinute(kickoff: number, minute: number): number {
  const breaks = minute > 90 ? 20 : minute > 45 ? 15 : 0;
  return kickoff + (minute + breaks) * MINUTE;
}

/**
 * Everything a game goes through: Live 0:0 at kickoff, each goal at its minute (or, without a goal
 * list, the score after 90 and after 120 minutes), Finished with the counted score at the end.
 */
export function stepsOfGame(game: FixtureGame): ReplayStep[] {
  const kickoff = Date.parse(game.date);
  const result = game.result;
  const steps: ReplayStep[] = [{ at: kickoff, number: game.number, change: { status: 'Live', homeGoals: 0, awayGoals: 0 } }];
  if (!result) return steps;
  const score = { homeGoals: 0, awayGoals: 0 };
  if (game.goals) {
    for (const goal of game.goals) {
      if (goal.minute > 90 && !result.extraTime) continue;
      if (goal.side === 'home') score.homeGoals += 1;
      else score.awayGoals += 1;
      steps.push({ at: instantOfMinute(kickoff, Math.max(1, goal.minute)), number: game.number, change: { ...score } });
    }
  } else {
    steps.push({ at: instantOfMinute(kickoff, 90), number: game.number, change: { ...result.fullTime } });
    if (result.extraTime) steps.push({ at: instantOfMinute(kickoff, 120), number: game.number, change: { ...result.extraTime } });
  }
  const end = instantOfMinute(kickoff, result.extraTime ? 120 : 90) + (result.penalties ? 15 : 3) * MINUTE;
  steps.push({ at: end, number: game.number, change: { status: 'Finished', ...countedScore(result) } });
  return steps;
}

/** The whole year's replay in clock order (games kicking off together interleave by minute). */
export function stepsOfFixture(fixture: ReplayFixture): ReplayStep[] {
  return fixture.games.flatMap(stepsOfGame).sort((a, b) => a.at - b.at || a.number - b.number);
}
