import type { FinishedGame, LiveGame, PointConfiguration, ScheduledGame } from '@scorecast/rules';
import { defaultPointConfiguration } from '@scorecast/rules';

/** Real Euro 2024 games, with team ids as the game uses them. */
export const germanyScotland: FinishedGame = { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 };
export const hungarySwitzerland: LiveGame = { id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 0, awayGoals: 2 };
export const spainCroatia: ScheduledGame = { id: 3, stage: 'Group', status: 'Scheduled', date: '2024-06-15T16:00:00Z', homeTeam: 'es', awayTeam: 'hr' };
export const italyAlbania: ScheduledGame = { id: 4, stage: 'Group', status: 'Scheduled', date: '2024-06-15T19:00:00Z', homeTeam: 'it', awayTeam: 'al' };
export const spainGermany: ScheduledGame = { id: 45, stage: 'QuarterFinal', status: 'Scheduled', date: '2024-07-05T16:00:00Z', homeTeam: 'es', awayTeam: 'de' };
export const finalSpainEngland: FinishedGame = { id: 51, stage: 'Final', status: 'Finished', date: '2024-07-14T19:00:00Z', homeTeam: 'es', awayTeam: 'gb-eng', homeGoals: 2, awayGoals: 1 };

/** World Cup 2026 opening game. */
export const mexicoSouthAfrica: ScheduledGame = { id: 101, stage: 'Group', status: 'Scheduled', date: '2026-06-11T19:00:00Z', homeTeam: 'mx', awayTeam: 'za' };

/** A moment before kickoff of the Euro 2024 games above, so scheduled games are editable. */
export const beforeEuro2024 = '2024-06-10T12:00:00Z';

export const euro2024Points: PointConfiguration = defaultPointConfiguration(2024);
export const worldCup2026Points: PointConfiguration = defaultPointConfiguration(2026);

const firstNames = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannes', 'Ida', 'Jonas', 'Klara', 'Luca', 'Mia', 'Noah', 'Olivia', 'Paul', 'Quentin', 'Rosa', 'Samuel', 'Tessa', 'Umut', 'Vera', 'Willi', 'Xenia', 'Yusuf', 'Zoe', 'Aylin', 'Bruno', 'Chiara', 'Dario', 'Elif'];

/** Player names for groups of 1 to 31 players; the first is the viewer. */
export function playerNames(count: number): { login: string; name: string }[] {
  return firstNames.slice(0, count).map((name) => ({ login: `${name.toLowerCase()}@example.com`, name }));
}

export const ownLogin = 'anna@example.com';
