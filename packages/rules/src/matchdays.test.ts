import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayOf, daysIn, resultOf, defaultPointConfiguration, matchdayWinners, matchdayWins } from './index.js';
import { groupAndGames } from '../test/arbitraries/group.js';

const config = defaultPointConfiguration(2024);

describe('matchdayWinners', () => {
  it('a day with a Finished game has a winner exactly when somebody scored on it', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        for (const matchday of matchdayWinners(players, games, config)) {
          expect(matchday.winners.length > 0).toBe(Object.values(matchday.points).some((points) => points > 0));
        }
      }),
    );
  });

  it('gives no win for a day on which every prediction scored nothing', () => {
    const draw = { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 1, awayGoals: 1 } as const;
    const players = [
      { login: 'ann', predictions: [{ gameId: 1, homeGoals: 2, awayGoals: 0 }] },
      { login: 'bob', predictions: [{ gameId: 1, homeGoals: 0, awayGoals: 3 }] },
    ];
    const [day] = matchdayWinners(players, [draw], config);
    expect(day).toMatchObject({ points: { ann: 0, bob: 0 }, winners: [] });
    expect(matchdayWins([day!])).toEqual({});
  });

  it('has one matchday per day whose games are all Finished, in order', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        const over = (day: string) => games.every((game) => dayOf(game.date) !== day || (game.status === 'Finished' && resultOf(game)));
        const days = [...new Set(games.map((game) => dayOf(game.date)))].filter(over).sort();
        expect(matchdayWinners(players, games, config).map((matchday) => matchday.day)).toEqual(days);
      }),
    );
  });

  it('the winners have the most points of the day, and ties all win, when that is more than none', () => {
    fc.assert(
      fc.property(groupAndGames(), ({ players, games }) => {
        for (const matchday of matchdayWinners(players, games, config)) {
          const best = Math.max(...Object.values(matchday.points));
          expect(matchday.winners).toEqual(best > 0 ? players.map((player) => player.login).filter((login) => matchday.points[login] === best) : []);
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

  it('names no winner of a day while one of its games is still to be played', () => {
    const opener = { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 1, awayGoals: 3 } as const;
    const evening = { id: 2, stage: 'Group', status: 'Scheduled', date: '2024-06-15T19:00:00Z', homeTeam: 'it', awayTeam: 'al' } as const;
    const players = [{ login: 'ann', predictions: [{ gameId: 1, homeGoals: 1, awayGoals: 3 }] }];
    expect(matchdayWinners(players, [opener, evening], config)).toEqual([]);
    expect(matchdayWinners(players, [opener, { ...evening, status: 'Live', homeGoals: 0, awayGoals: 0 }], config)).toEqual([]);
    expect(matchdayWinners(players, [opener, { ...evening, status: 'Finished', homeGoals: 2, awayGoals: 1 }], config)[0]).toMatchObject({ day: '2024-06-15', winners: ['ann'] });
  });

  it("counts a kickoff on the day of the player's time zone", () => {
    const late = { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T23:30:00Z', homeTeam: 'de', awayTeam: 'es', homeGoals: 1, awayGoals: 0 } as const;
    expect(matchdayWinners([], [late], config, { timeZone: 'Europe/Berlin' })[0]?.day).toBe('2024-06-15');
    expect(matchdayWinners([], [late], config)[0]?.day).toBe('2024-06-14');
    expect(daysIn('Europe/Berlin')(late.date)).toBe(dayOf(late.date, 'Europe/Berlin'));
  });
});
