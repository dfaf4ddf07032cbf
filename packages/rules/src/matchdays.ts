import { accuracyOf } from './accuracy.js';
import { sortGames } from './competition.js';
import { pointsFor, stagePoints, type PointConfiguration } from './points.js';
import { resultOf, type PlayerPicks } from './scoring.js';
import type { Game } from './types.js';

/**
 * The day of a kickoff as `YYYY-MM-DD`: in UTC, or in the given IANA time zone (a player's days are
 * their own, as the dashboard groups games by date).
 * @example
 * dayOf('2024-06-14T19:00:00Z') // => '2024-06-14'
 * dayOf('2024-06-14T23:30:00Z', 'Europe/Berlin') // => '2024-06-15'
 */
export function dayOf(date: string, timeZone?: string): string {
  const instant = new Date(date);
  if (timeZone === undefined) return instant.toISOString().slice(0, 10);
  return dayFormat(timeZone).format(instant);
}

/** 'en-CA' writes dates as YYYY-MM-DD. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
}

/**
 * {@link dayOf} for many kickoffs in one time zone (its Intl formatter is made once).
 * @example
 * const day = daysIn('America/New_York');
 * day('2026-06-12T01:00:00Z') // => '2026-06-11'
 */
export function daysIn(timeZone: string | undefined): (date: string) => string {
  if (timeZone === undefined) return (date) => dayOf(date);
  const format = dayFormat(timeZone);
  return (date) => format.format(new Date(date));
}

/**
 * A player as matchday winners need them.
 * @example
 * const player: MatchdayPlayer = { login: 'ann', predictions: [{ gameId: 1, homeGoals: 5, awayGoals: 1 }] };
 * matchdayWinners([player], [{ id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 }], defaultPointConfiguration(2024))[0]!.winners // => ['ann']
 */
export type MatchdayPlayer = PlayerPicks & { login: string };

/**
 * One day whose games are all Finished: what each player who predicted them scored, and who won it.
 * @example
 * const day: Matchday = { day: '2024-06-14', gameIds: [1], points: { ann: 5, bob: 2 }, winners: ['ann'] };
 * matchdayWins([day]) // => { ann: 1 }
 */
export type Matchday = {
  /** `YYYY-MM-DD` (see {@link dayOf}). */
  day: string;
  /** The day's Finished games, in the order played. */
  gameIds: number[];
  /** Points of the day by login, for every player with a prediction for one of its Finished games. */
  points: Record<string, number>;
  /** The logins with the most points of the day (ties all win), in the order of `players`. */
  winners: string[];
};

/**
 * The matchday winners: for every day whose games are all Finished (in order), the players with the
 * most points from that day's games. Only players who predicted one of them take part, and
 * only points win: a day nobody predicted, or on which every prediction scored nothing, has no
 * winner. Champion points belong to no day.
 * @example
 * const config = defaultPointConfiguration(2024);
 * const games: Game[] = [
 *   { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'de', awayTeam: 'gb-sct', homeGoals: 5, awayGoals: 1 },
 *   { id: 2, stage: 'Group', status: 'Finished', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 1, awayGoals: 3 },
 * ];
 * const days = matchdayWinners([
 *   { login: 'ann', predictions: [{ gameId: 1, homeGoals: 2, awayGoals: 0 }, { gameId: 2, homeGoals: 0, awayGoals: 2 }] },
 *   { login: 'bob', predictions: [{ gameId: 1, homeGoals: 3, awayGoals: 0 }] },
 * ], games, config);
 * days.map((matchday) => [matchday.day, matchday.winners]) // => [['2024-06-14', ['ann', 'bob']], ['2024-06-15', ['ann']]]
 */
export function matchdayWinners(players: readonly MatchdayPlayer[], games: readonly Game[], config: PointConfiguration, options: { timeZone?: string } = {}): Matchday[] {
  const day = daysIn(options.timeZone);
  const isOver = (game: Game) => game.status === 'Finished' && resultOf(game) !== undefined;
  // A day still being played has no winner yet: its last game could change it.
  const unfinished = new Set(games.filter((game) => !isOver(game)).map((game) => day(game.date)));
  const dayOfGame = new Map<number, Matchday>();
  const matchdays: Matchday[] = [];
  for (const game of sortGames(games)) {
    const key = day(game.date);
    if (unfinished.has(key)) continue;
    let matchday = matchdays.at(-1);
    if (matchday?.day !== key) matchdays.push((matchday = { day: key, gameIds: [], points: {}, winners: [] }));
    matchday.gameIds.push(game.id);
    dayOfGame.set(game.id, matchday);
  }
  const gameOf = new Map(games.map((game) => [game.id, game]));
  for (const player of players) {
    for (const prediction of player.predictions) {
      const matchday = dayOfGame.get(prediction.gameId);
      if (!matchday) continue;
      const game = gameOf.get(prediction.gameId)!;
      const points = pointsFor(accuracyOf(prediction, resultOf(game)!), stagePoints(game.stage, config));
      matchday.points[player.login] = (matchday.points[player.login] ?? 0) + points;
    }
  }
  for (const matchday of matchdays) {
    // A day on which nobody scored is won by nobody.
    const best = Math.max(0, ...Object.values(matchday.points));
    matchday.winners = best > 0 ? players.filter((player) => matchday.points[player.login] === best).map((player) => player.login) : [];
  }
  return matchdays;
}

/**
 * How many matchdays each player won, by login (players who won none are absent).
 * @example
 * matchdayWins([{ day: '2024-06-14', gameIds: [1], points: { ann: 5, bob: 5 }, winners: ['ann', 'bob'] }, { day: '2024-06-15', gameIds: [2], points: { ann: 3 }, winners: ['ann'] }]) // => { ann: 2, bob: 1 }
 */
export function matchdayWins(matchdays: readonly Matchday[]): Record<string, number> {
  const wins: Record<string, number> = {};
  for (const matchday of matchdays) for (const login of matchday.winners) wins[login] = (wins[login] ?? 0) + 1;
  return wins;
}
