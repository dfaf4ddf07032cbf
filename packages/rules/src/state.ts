import { sortGames } from './competition.js';
import { teamsKnown } from './placeholders.js';
import { POINT_ROUNDS, pointFieldsOf, type PointConfiguration } from './points.js';
import type { Game, GameRecord, Instant } from './types.js';

function millisOf(instant: Instant): number {
  return instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
}

/**
 * Whether a game has kicked off (it is Live or Finished). On a {@link Game} it narrows the type to
 * a {@link StartedGame}, whose goals are numbers.
 * @example
 * hasStarted({ status: 'Live' }) // => true
 * hasStarted({ status: 'Scheduled' }) // => false
 * const game: Game = { id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 0, awayGoals: 1 };
 * hasStarted(game) ? game.homeGoals + game.awayGoals : 0 // => 1
 */
export function hasStarted<T extends Pick<Game, 'status'>>(game: T): game is T & { status: 'Live' | 'Finished' } {
  return game.status !== 'Scheduled';
}

/**
 * A {@link GameRecord} of any source as a {@link Game}, its other fields kept: a Scheduled game's
 * goals become `null`, a Live game's missing goals 0 (it kicked off 0:0). A Finished record without
 * both goals has no result and gives `undefined`. Returns a new object; the record is not changed.
 * @example
 * gameOf({ id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch' })
 * // => { id: 2, stage: 'Group', status: 'Live', date: '2024-06-15T13:00:00Z', homeTeam: 'hu', awayTeam: 'ch', homeGoals: 0, awayGoals: 0 }
 * gameOf({ id: 3, stage: 'Group', status: 'Scheduled', date: '2024-06-15T16:00:00Z', homeTeam: 'es', awayTeam: 'hr', homeGoals: 1, awayGoals: 0 })?.homeGoals // => null
 * gameOf({ id: 4, stage: 'Group', status: 'Finished', date: '2024-06-15T19:00:00Z', homeTeam: 'it', awayTeam: 'al', homeGoals: null }) // => undefined
 */
export function gameOf<T extends GameRecord>(record: T): (Omit<T, 'status' | 'homeGoals' | 'awayGoals'> & Game) | undefined {
  const { status, homeGoals, awayGoals, ...rest } = record;
  if (status === 'Scheduled') return { ...rest, status, homeGoals: null, awayGoals: null };
  if (status === 'Live') return { ...rest, status, homeGoals: homeGoals ?? 0, awayGoals: awayGoals ?? 0 };
  if (homeGoals === null || homeGoals === undefined || awayGoals === null || awayGoals === undefined) return undefined;
  return { ...rest, status, homeGoals, awayGoals };
}

/**
 * The competition has started once any of its games is no longer Scheduled.
 * @example
 * isCompetitionStarted([{ status: 'Finished' }, { status: 'Scheduled' }]) // => true
 * isCompetitionStarted([]) // => false
 */
export function isCompetitionStarted(games: readonly Pick<Game, 'status'>[]): boolean {
  return games.some(hasStarted);
}

/**
 * The competition is finished when it has games and all of them are Finished.
 * @example
 * isCompetitionFinished([{ status: 'Finished' }, { status: 'Live' }]) // => false
 * isCompetitionFinished([{ status: 'Finished' }]) // => true
 */
export function isCompetitionFinished(games: readonly Pick<Game, 'status'>[]): boolean {
  return games.length > 0 && games.every((game) => game.status === 'Finished');
}

/**
 * The group stage is finished when it has games and all of them are Finished.
 * @example
 * isGroupStageFinished([{ stage: 'Group', status: 'Finished' }, { stage: 'Final', status: 'Scheduled' }]) // => true
 */
export function isGroupStageFinished(games: readonly Pick<Game, 'status' | 'stage'>[]): boolean {
  const groupGames = games.filter((game) => game.stage === 'Group');
  return groupGames.length > 0 && groupGames.every((game) => game.status === 'Finished');
}

/**
 * The game the dashboard scrolls to and whose predictions bigger groups may see: the last Live game,
 * otherwise the last Finished one (in the order played), or undefined before the first kickoff.
 * @example
 * const games: Game[] = [
 *   { id: 1, stage: 'Group', status: 'Finished', date: '2024-06-14T19:00:00Z', homeTeam: 'Germany', awayTeam: 'Scotland', homeGoals: 5, awayGoals: 1 },
 *   { id: 2, stage: 'Group', status: 'Finished', date: '2024-06-15T13:00:00Z', homeTeam: 'Hungary', awayTeam: 'Switzerland', homeGoals: 1, awayGoals: 3 },
 *   { id: 3, stage: 'Group', status: 'Scheduled', date: '2024-06-15T16:00:00Z', homeTeam: 'Spain', awayTeam: 'Croatia' },
 * ];
 * currentGame(games)?.id // => 2
 */
export function currentGame<T extends Pick<Game, 'id' | 'date' | 'stage' | 'status'>>(games: readonly T[]): T | undefined {
  const played = sortGames(games);
  return played.findLast((game) => game.status === 'Live') ?? played.findLast((game) => game.status === 'Finished');
}

/**
 * Whether a prediction for a game may still be saved at an instant: only while it is Scheduled,
 * before its kickoff and, when its teams are given, once both are known (no placeholder).
 * @example
 * canEditPrediction({ status: 'Scheduled', date: '2024-06-14T19:00:00Z' }, '2024-06-14T18:59:59Z') // => true
 * canEditPrediction({ status: 'Scheduled', date: '2024-06-14T19:00:00Z' }, '2024-06-14T19:00:00Z') // => false
 * canEditPrediction({ status: 'Scheduled', date: '2026-07-19T19:00:00Z', homeTeam: 'W101', awayTeam: 'W102' }, '2026-07-01T00:00:00Z') // => false
 */
export function canEditPrediction(game: Pick<Game, 'status' | 'date'> & Partial<Pick<Game, 'homeTeam' | 'awayTeam'>>, now: Instant): boolean {
  if (game.homeTeam !== undefined && game.awayTeam !== undefined && !teamsKnown({ homeTeam: game.homeTeam, awayTeam: game.awayTeam })) return false;
  return game.status === 'Scheduled' && millisOf(now) < Date.parse(game.date);
}

/**
 * Whether the champion can still be picked: before the competition has started and before its first
 * kickoff.
 * @example
 * canPickChampion([{ status: 'Scheduled', date: '2024-06-14T19:00:00Z' }], '2024-06-01T00:00:00Z') // => true
 * canPickChampion([{ status: 'Live', date: '2024-06-14T19:00:00Z' }], '2024-06-01T00:00:00Z') // => false
 */
export function canPickChampion(games: readonly Pick<Game, 'status' | 'date'>[], now: Instant): boolean {
  if (isCompetitionStarted(games)) return false;
  const firstKickoff = Math.min(...games.map((game) => Date.parse(game.date)));
  return millisOf(now) < firstKickoff;
}

/**
 * The first kickoff of a year's games, or undefined without games.
 * @example
 * firstKickoff([{ date: '2024-06-15T13:00:00Z' }, { date: '2024-06-14T19:00:00Z' }]) // => '2024-06-14T19:00:00Z'
 * firstKickoff([]) // => undefined
 */
export function firstKickoff(games: readonly Pick<Game, 'date'>[]): string | undefined {
  let first: string | undefined;
  for (const game of games) if (first === undefined || Date.parse(game.date) < Date.parse(first)) first = game.date;
  return first;
}

/**
 * Which parts of a group's point rules can no longer change (see {@link pointLocksOf}).
 * @example
 * const locks: PointLocks = { groupStage: true, knockout: false };
 * isPointFieldLocked('finalExactPoints', locks) // => false
 */
export type PointLocks = {
  /** Group-stage values and champion points: locked once the competition has started. */
  groupStage: boolean;
  /** Knockout values and the same-or-different choice: locked once the group stage is finished. */
  knockout: boolean;
};

/**
 * The locks on a group's point rules, given the games of its year.
 * @example
 * pointLocksOf([{ stage: 'Group', status: 'Live' }, { stage: 'Final', status: 'Scheduled' }]) // => { groupStage: true, knockout: false }
 */
export function pointLocksOf(games: readonly Pick<Game, 'status' | 'stage'>[]): PointLocks {
  return { groupStage: isCompetitionStarted(games), knockout: isGroupStageFinished(games) };
}

/**
 * Whether a field of the point rules is locked: champion and group-stage fields by the group-stage
 * lock, every other field (and the same-or-different choice) by the knockout lock.
 * @example
 * isPointFieldLocked('winnerPoints', { groupStage: true, knockout: false }) // => true
 */
export function isPointFieldLocked(field: keyof PointConfiguration, locks: PointLocks): boolean {
  if (field === 'winnerPoints' || field.startsWith('groupStage')) return locks.groupStage;
  return locks.knockout;
}

/**
 * The locked fields whose value differs between two point rules: an edit that changes any is refused.
 * @example
 * const before = defaultPointConfiguration(2024);
 * changedLockedFields(before, { ...before, winnerPoints: 50, finalExactPoints: 30 }, { groupStage: true, knockout: false }) // => ['winnerPoints']
 */
export function changedLockedFields(
  before: PointConfiguration,
  after: PointConfiguration,
  locks: PointLocks,
): (keyof PointConfiguration)[] {
  const fields: (keyof PointConfiguration)[] = [
    'useDifferentPointsForKnockoutRound',
    'winnerPoints',
    ...POINT_ROUNDS.flatMap((round) => pointFieldsOf(round)),
  ];
  return fields.filter((field) => before[field] !== after[field] && isPointFieldLocked(field, locks));
}


