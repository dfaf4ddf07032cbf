import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestPointsStillPossible, championStatusOf, defaultPointConfiguration, isCompetitionFinished, raceOf, rankPlayers, scorePlayer, scoringTableOf, type Game } from './index.js';
import { score } from '../test/arbitraries/game.js';
import { gameOf, groupAndGames } from '../test/arbitraries/group.js';

const config = defaultPointConfiguration(2024);
const values = { trend: 2, exactTrend: 3, exact: 5 };

function pointsNow(players: Parameters<typeof raceOf>[0], games: Game[]) {
  const table = scoringTableOf(games, config);
  return players.map((player) => scorePlayer(player, table).points);
}

describe('raceOf', () => {
  it("a player's maximum is never below their points", () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        const race = raceOf(players, games, config);
        const points = pointsNow(players, games);
        race.forEach((standing, index) => {
          expect(standing.points).toBe(points[index]);
          expect(standing.maxPoints).toBeGreaterThanOrEqual(standing.points);
          expect(standing.securedPoints).toBeLessThanOrEqual(standing.points);
        });
      }),
    );
  });

  // Before kickoff of the first game a player without a pick may still pick the champion: 'still
  // possible' left those points out.
  it('counts the champion points for a player without a pick while the pick is still open', () => {
    const scheduled: Game = { id: 1, stage: 'Group', status: 'Scheduled', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'es' };
    const [picked, unpicked] = raceOf([{ login: 'ann', predictions: [], championPick: 'de' }, { login: 'bob', predictions: [] }], [scheduled], config);
    expect(unpicked!.maxPoints).toBe(picked!.maxPoints);
    const started: Game = { ...scheduled, status: 'Live', homeGoals: 0, awayGoals: 0 };
    const [, late] = raceOf([{ login: 'ann', predictions: [], championPick: 'de' }, { login: 'bob', predictions: [] }], [started], config);
    // Kicked off: no pick can be made any more, and bob predicted nothing.
    expect(late!.maxPoints).toBe(0);
  });

  it('the leader is never out', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        const race = raceOf(players, games, config);
        const leaders = rankPlayers(race.map((standing, index) => ({ ...standing, name: players[index]!.name }))).filter((player) => player.rank === 1);
        for (const leader of leaders) expect(leader.out).toBe(false);
      }),
    );
  });

  it('once the tournament is finished only the winners are not out', () => {
    fc.assert(
      fc.property(groupAndGames('Finished'), ({ players, games }) => {
        expect(isCompetitionFinished(games)).toBe(true);
        const race = raceOf(players, games, config);
        const top = Math.max(...race.map((standing) => standing.points));
        for (const standing of race) {
          expect(standing.out).toBe(standing.points < top);
          expect(standing.maxPoints).toBe(standing.points);
        }
      }),
    );
  });

  it('the best rank still reachable is never worse than the rank now', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        const race = raceOf(players, games, config);
        for (const standing of race) {
          const rankNow = 1 + race.filter((other) => other.points > standing.points).length;
          expect(standing.bestRank).toBeLessThanOrEqual(rankNow);
          expect(standing.out).toBe(standing.bestRank > 1);
        }
      }),
    );
  });

  it('an out player cannot catch up even if every open game went their way and nobody else scored', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        for (const standing of raceOf(players, games, config)) {
          if (standing.out) expect(standing.maxPoints).toBeLessThan(Math.max(...raceOf(players, games, config).map((other) => other.securedPoints)));
        }
      }),
    );
  });

  it('counts the champion points while the pick is still in, and not once it is eliminated', () => {
    const semi: Game = { id: 1, stage: 'SemiFinal', status: 'Finished', date: '2024-07-09T19:00:00Z', homeTeam: 'es', awayTeam: 'fr', homeGoals: 2, awayGoals: 1 };
    const final: Game = { id: 2, stage: 'Final', status: 'Scheduled', date: '2024-07-14T19:00:00Z', homeTeam: 'es', awayTeam: 'gb-eng' };
    const [spain, france] = raceOf(
      [
        { login: 'ann', predictions: [], championPick: 'es' },
        { login: 'bob', predictions: [], championPick: 'fr' },
      ],
      [semi, final],
      config,
    );
    expect(spain).toMatchObject({ champion: 'in', maxPoints: config.finalExactPoints + config.winnerPoints });
    expect(france).toMatchObject({ champion: 'eliminated', maxPoints: config.finalExactPoints });
  });
});

describe('championStatusOf', () => {
  it('a team that lost a Finished knockout game is eliminated, and the Final winner is champion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }).chain((id) => gameOf(id, 'Finished')), (game) => {
        const knockout = game.stage !== 'Group' && game.homeGoals !== game.awayGoals;
        const loser = game.homeGoals! > game.awayGoals! ? game.awayTeam : game.homeTeam;
        const winner = loser === game.homeTeam ? game.awayTeam : game.homeTeam;
        expect(championStatusOf(loser, [game])).toBe(knockout ? 'eliminated' : 'in');
        expect(championStatusOf(winner, [game])).toBe(knockout && game.stage === 'Final' ? 'champion' : 'in');
      }),
    );
  });
});

describe('championStatusOf after the group stage', () => {
  // Czech Republic and Hungary went out in the 2024 group stage and stayed 'still in', their 40
  // champion points in every maximum, until the Final.
  const group = (id: number, homeTeam: string, awayTeam: string): Game => ({ id, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam, awayTeam, homeGoals: 1, awayGoals: 0 });
  const last16 = (id: number, homeTeam: string, awayTeam: string): Game => ({ id, stage: 'Last16', status: 'Scheduled', date: '2024-06-29T19:00:00Z', homeTeam, awayTeam });
  const groups = [group(1, 'de', 'cz'), group(2, 'es', 'hu'), group(3, 'de', 'es'), group(4, 'cz', 'hu')];

  it('is eliminated once every game of the first knockout round names its teams without it', () => {
    const drawn = [...groups, last16(5, 'de', 'es'), last16(6, 'fr', 'it')];
    expect(['de', 'es', 'fr', 'it', 'cz', 'hu'].map((team) => championStatusOf(team, drawn))).toEqual(['in', 'in', 'in', 'in', 'eliminated', 'eliminated']);
    const [withCzech] = raceOf([{ login: 'ben', predictions: [], championPick: 'cz' }], drawn, config);
    expect(withCzech).toMatchObject({ champion: 'eliminated', maxPoints: 2 * config.last16ExactPoints });
  });

  it('is still in while a game of that round names a placeholder, or when the list holds no group games', () => {
    expect(championStatusOf('cz', [...groups, last16(5, 'de', 'es'), last16(6, '3A/D/E/F', 'it')])).toBe('in');
    expect(championStatusOf('cz', [last16(5, 'de', 'es'), last16(6, 'fr', 'it')])).toBe('in');
  });
});

describe('bestPointsStillPossible', () => {
  const live = (now: { homeGoals: number; awayGoals: number }): Game => ({ id: 1, stage: 'Group', status: 'Live', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'es', ...now });
  it('is never below what the prediction earns on the current score of a Live game', () => {
    fc.assert(
      fc.property(score, score, (prediction, now) => {
        const earned = scorePlayer({ predictions: [{ gameId: 1, ...prediction }] }, scoringTableOf([live(now)], config)).points;
        expect(bestPointsStillPossible(prediction, live(now), pointsOfGroup())).toBeGreaterThanOrEqual(earned);
      }),
    );
  });
  it('is the exact points only while the predicted score is still reachable', () => {
    fc.assert(
      fc.property(score, score, (prediction, now) => {
        const reachable = prediction.homeGoals >= now.homeGoals && prediction.awayGoals >= now.awayGoals;
        expect(bestPointsStillPossible(prediction, live(now), values) === values.exact).toBe(reachable);
      }),
    );
  });
  it('is the exact points on a Scheduled game, with or without a prediction', () => {
    const scheduled: Game = { id: 1, stage: 'Group', status: 'Scheduled', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'es' };
    expect(bestPointsStillPossible(undefined, scheduled, values)).toBe(5);
    expect(bestPointsStillPossible({ homeGoals: 1, awayGoals: 0 }, scheduled, values)).toBe(5);
  });
});

function pointsOfGroup() {
  return { trend: config.groupStageTrendPoints, exactTrend: config.groupStageExactTrendPoints, exact: config.groupStageExactPoints };
}
