import fc from 'fast-check';
import { GAME_STATUSES, STAGES, type Game, type PlayerOfGroup, type Prediction } from '../../src/index.js';
import { goals, score } from './game.js';

/** Few teams, so champion picks meet the knockout games that eliminate them. */
export const TEAMS = ['de', 'es', 'fr', 'it'] as const;
const team = fc.constantFrom(...TEAMS);

/** A game of a schedule: one a day at 19:00 UTC, every stage and status; started games have goals. */
export const gameOf = (id: number, status?: Game['status']): fc.Arbitrary<Game> =>
  fc
    .record({
      stage: fc.constantFrom(...STAGES),
      status: status ? fc.constant(status) : fc.constantFrom(...GAME_STATUSES),
      teams: fc.uniqueArray(team, { minLength: 2, maxLength: 2 }),
      homeGoals: goals,
      awayGoals: goals,
      sameDay: fc.boolean(),
    })
    .map(({ stage, status, teams, homeGoals, awayGoals, sameDay }): Game => {
      const info = { id, stage, date: new Date(Date.UTC(2024, 5, 14 + Math.floor(id / (sameDay ? 2 : 1)), 19) + (id % 2) * 3_600_000).toISOString(), homeTeam: teams[0]!, awayTeam: teams[1]! };
      return status === 'Scheduled' ? { ...info, status } : { ...info, status, homeGoals, awayGoals };
    });

/** A schedule of one to ten games with ids 1, 2, ...; all of one status when given. */
export const schedule = (status?: Game['status']): fc.Arbitrary<Game[]> =>
  fc.integer({ min: 1, max: 10 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => gameOf(index + 1, status))));

/** A group of one to six players over a schedule: each predicts some games and may pick a champion. */
export const groupOver = (games: readonly Game[]): fc.Arbitrary<PlayerOfGroup[]> =>
  fc.uniqueArray(
    fc.record({
      login: fc.stringMatching(/^[a-f]{1,3}$/),
      name: fc.constantFrom('Ann', 'Bob', 'Cem', 'Dora'),
      predictions: fc.subarray(games.map((game) => game.id)).chain((ids) => fc.tuple(...ids.map((gameId) => score.map((picked): Prediction => ({ gameId, ...picked }))))),
      championPick: fc.option(team, { nil: undefined }),
    }),
    { selector: (player) => player.login, minLength: 1, maxLength: 6 },
  );

/** A schedule and a group over it. */
export const groupAndGames = (status?: Game['status']): fc.Arbitrary<{ games: Game[]; players: PlayerOfGroup[] }> =>
  schedule(status).chain((games) => groupOver(games).map((players) => ({ games, players })));
