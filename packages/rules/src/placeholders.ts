import type { Game } from './types.js';

/**
 * A team not known yet, as organisers write it in a knockout draw: a group position (`1A` winner
 * of group A, `2B` runner-up of group B, `3A/B/C/D/F` a third-placed team of one of those groups)
 * or the winner or loser of an earlier match by the organiser's match number (`W74`, `L101`).
 * @example
 * const placeholder: Placeholder | undefined = placeholderOf('L101');
 * placeholder // => { kind: 'loser', match: 101 }
 */
export type Placeholder =
  | { kind: 'group'; position: 1 | 2 | 3; groups: string[] }
  | { kind: 'winner' | 'loser'; match: number };

const GROUP_POSITION = /^([123])([A-L](?:\/[A-L])*)$/;
const MATCH_RESULT = /^([WL])([1-9]\d{0,2})$/;

/**
 * Reads a placeholder; undefined for a real team id (team ids are lower case, placeholders start
 * with a digit or an upper-case W or L followed by digits).
 * @example
 * placeholderOf('2B') // => { kind: 'group', position: 2, groups: ['B'] }
 * placeholderOf('W74') // => { kind: 'winner', match: 74 }
 * placeholderOf('de') // => undefined
 */
export function placeholderOf(team: string): Placeholder | undefined {
  const group = GROUP_POSITION.exec(team);
  if (group) return { kind: 'group', position: Number(group[1]) as 1 | 2 | 3, groups: group[2]!.split('/') };
  const match = MATCH_RESULT.exec(team);
  if (match) return { kind: match[1] === 'W' ? 'winner' : 'loser', match: Number(match[2]) };
  return undefined;
}

/**
 * Whether a team is a placeholder (see {@link placeholderOf}).
 * @example
 * isPlaceholderTeam('3A/B/C/D/F') // => true
 * isPlaceholderTeam('es') // => false
 */
export function isPlaceholderTeam(team: string): boolean {
  return placeholderOf(team) !== undefined;
}

/**
 * Whether both teams of a game are known: predictions on a game are taken only then.
 * @example
 * teamsKnown({ homeTeam: 'W49', awayTeam: 'de' }) // => false
 * teamsKnown({ homeTeam: 'es', awayTeam: 'de' }) // => true
 */
export function teamsKnown(game: Pick<Game, 'homeTeam' | 'awayTeam'>): boolean {
  return !isPlaceholderTeam(game.homeTeam) && !isPlaceholderTeam(game.awayTeam);
}
