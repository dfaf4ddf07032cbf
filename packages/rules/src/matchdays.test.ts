import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayOf, daysIn, resultOf, defaultPointConfiguration, matchdayWinners, matchdayWins } from './index.js';
import { groupAndGames } from '../test/arbitraries/group.js';

const config = defaultPointConfiguration(2024);

describe('matchdayWinners', () => {
  it('every day with a Finished game has at least one winner when the group has a prediction for it', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        for (const matchday of matchdayWinners(players, games, config)) {
          const predicted = players.some((player) => player.predictions.some((prediction) => matchday.gameIds.includes(prediction.gameId)));
          expect(matchday.winners.length > 0).toBe(predicted);
        }
      }),
    );
  });

  it('has one matchday per day with a Finished game, in order', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        const days = [...new Set(games.filter((game) => game.status === 'Finished' && resultOf(game)).map((game) => dayOf(game.date)))].sort();
        expect(matchdayWinners(players, games, config).map((matchday) => matchday.day)).toEqual(days);
      }),
    );
  });

  it('the winners have the most points of the day, and ties all win', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        for (const matchday of matchdayWinners(players, games, config)) {
          const best = Math.max(...Object.values(matchday.points));
          expect(matchday.winners).toEqual(players.map((player) => player.login).filter((login) => matchday.points[login] === best));
        }
      }),
    );
  });

  it('the tally sums to the number of (day, winner) pairs', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        const matchdays = matchdayWinners(players, games, config);
        const tally = Object.values(matchdayWins(matchdays)).reduce((sum, wins) => sum + wins, 0);
        expect(tally).toBe(matchdays.reduce((sum, matchday) => sum + matchday.winners.length, 0));
      }),
    );
  });

  it("counts a kickoff on the day of the player's time zone", () => {
    const late = { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T23:30:00Z', homeTeam: 'de', awayTeam: 'es', homeGoals: 1, awayGoals: 0 } as const;
    expect(matchdayWinners([], [late], config, { timeZone: 'Europe/Berlin' })[0]?.day).toBe('2024-06-15');
    expect(matchdayWinners([], [late], config)[0]?.day).toBe('2024-06-14');
    expect(daysIn('Europe/Berlin')(late.date)).toBe(dayOf(late.date, 'Europe/Berlin'));
  });
});
