import { COMPETITIONS, STAGES, type Competition, type Game, type KnockoutStage, type Stage } from './types.js';

/**
 * The competition played in a calendar year. Throws a `RangeError` for a year that is not an
 * integer (there is no competition in year 2024.5).
 * @example
 * competitionOf(2024) // => 'EuropeanChampionship'
 * competitionOf(2026) // => 'WorldCup'
 */
export function competitionOf(year: number): Competition {
  if (!Number.isInteger(year)) throw new RangeError(`a year is an integer, not ${year}`);
  return COMPETITIONS[((year % 4) + 4) % 4]!;
}

/**
 * Whether the year's competition is a women's tournament.
 * @example
 * isWomenCompetition(2025) // => true
 */
export function isWomenCompetition(year: number): boolean {
  const competition = competitionOf(year);
  return competition === 'WomensEuropeanChampionship' || competition === 'WomensWorldCup';
}

/**
 * Whether the year's competition is a World Cup (men's or women's).
 * @example
 * isWorldCup(2026) // => true
 */
export function isWorldCup(year: number): boolean {
  const competition = competitionOf(year);
  return competition === 'WorldCup' || competition === 'WomensWorldCup';
}

/** The first knockout round of a year's tournament, from the number of teams in its format. */
function firstKnockoutRoundOf(year: number): KnockoutStage {
  switch (competitionOf(year)) {
    case 'WorldCup':
      return year >= 2026 ? 'Last32' : 'Last16';
    case 'WomensWorldCup':
      return year >= 2031 ? 'Last32' : 'Last16';
    case 'EuropeanChampionship':
      return year >= 2016 ? 'Last16' : 'QuarterFinal';
    case 'WomensEuropeanChampionship':
      return 'QuarterFinal';
  }
}

/**
 * The knockout rows the group form shows for a year, in stage order. The small final never has a
 * row of its own: it is scored with the semi-final values.
 * @example
 * knockoutRoundsOf(2024) // => ['Last16', 'QuarterFinal', 'SemiFinal', 'Final']
 * knockoutRoundsOf(2026) // => ['Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'Final']
 */
export function knockoutRoundsOf(year: number): KnockoutStage[] {
  const rounds: KnockoutStage[] = ['Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'Final'];
  return rounds.slice(rounds.indexOf(firstKnockoutRoundOf(year)));
}

/**
 * Orders stages as they are played, for `Array.prototype.sort`.
 * @example
 * compareStages('Final', 'Group') > 0 // => true
 * (['Final', 'Group', 'Last16'] as Stage[]).sort(compareStages) // => ['Group', 'Last16', 'Final']
 */
export function compareStages(a: Stage, b: Stage): number {
  return STAGES.indexOf(a) - STAGES.indexOf(b);
}

/**
 * Games in the order they are played: by kickoff, then stage, then id. Returns a new array.
 * @example
 * const games = [
 *   { id: 2, stage: 'Group', date: '2024-06-15T13:00:00Z' },
 *   { id: 1, stage: 'Group', date: '2024-06-14T19:00:00Z' },
 * ] as const;
 * sortGames(games).map((game) => game.id) // => [1, 2]
 */
export function sortGames<T extends Pick<Game, 'id' | 'date' | 'stage'>>(games: readonly T[]): T[] {
  return [...games].sort(
    (a, b) => Date.parse(a.date) - Date.parse(b.date) || compareStages(a.stage, b.stage) || a.id - b.id,
  );
}

/**
 * The year a game belongs to (UTC year of its kickoff).
 * @example
 * yearOf({ date: '2024-06-14T19:00:00Z' }) // => 2024
 */
export function yearOf(game: Pick<Game, 'date'>): number {
  return new Date(game.date).getUTCFullYear();
}
