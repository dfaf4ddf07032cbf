import fc from 'fast-check';
import { STAGES, type Game, type Score } from '../../src/index.js';

export const goals = fc.integer({ min: 0, max: 9 });
export const score: fc.Arbitrary<Score> = fc.record({ homeGoals: goals, awayGoals: goals });
export const stage = fc.constantFrom(...STAGES);

export const finishedGame = (id: number): fc.Arbitrary<Game> =>
  fc.record({
    id: fc.constant(id),
    status: fc.constant('Finished' as const),
    date: fc.constant(new Date(Date.UTC(2024, 5, 14) + id * 3_600_000).toISOString()),
    stage,
    homeTeam: fc.constant('Germany'),
    awayTeam: fc.constant('Scotland'),
    homeGoals: goals,
    awayGoals: goals,
  });

export const rankable = fc.uniqueArray(
  fc.record({ login: fc.uuid(), name: fc.string({ maxLength: 6 }), points: fc.integer({ min: 0, max: 40 }) }),
  { selector: (player) => player.login, minLength: 1, maxLength: 40 },
);
