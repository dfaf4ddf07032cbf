import { knockoutRoundsOf } from './competition.js';
import type { Accuracy, Stage } from './types.js';

/**
 * The point rules of a group, in the flat shape the wire uses. Every stage is scored with the
 * group-stage values unless `useDifferentPointsForKnockoutRound` is set; the small final always
 * counts with the semi-final values. Rounds a year does not play (see {@link knockoutRoundsOf})
 * are never counted: their fields may hold anything, and the defaults hold 0 there.
 * @example
 * const config: PointConfiguration = defaultPointConfiguration(2024);
 * config.finalExactPoints // => 25
 */
export type PointConfiguration = {
  useDifferentPointsForKnockoutRound: boolean;
  /** Points for picking the champion. */
  winnerPoints: number;
  groupStageTrendPoints: number;
  groupStageExactTrendPoints: number;
  groupStageExactPoints: number;
  last32TrendPoints: number;
  last32ExactTrendPoints: number;
  last32ExactPoints: number;
  last16TrendPoints: number;
  last16ExactTrendPoints: number;
  last16ExactPoints: number;
  quarterFinalTrendPoints: number;
  quarterFinalExactTrendPoints: number;
  quarterFinalExactPoints: number;
  semiFinalTrendPoints: number;
  semiFinalExactTrendPoints: number;
  semiFinalExactPoints: number;
  finalTrendPoints: number;
  finalExactTrendPoints: number;
  finalExactPoints: number;
};

/**
 * The rounds that have values of their own in a {@link PointConfiguration}: each is the prefix of
 * three fields.
 * @example
 * POINT_ROUNDS // => ['groupStage', 'last32', 'last16', 'quarterFinal', 'semiFinal', 'final']
 */
export const POINT_ROUNDS = Object.freeze(['groupStage', 'last32', 'last16', 'quarterFinal', 'semiFinal', 'final'] as const);
/**
 * One of {@link POINT_ROUNDS}.
 * @example
 * const round: PointRound = pointRoundOf('SmallFinal');
 * round // => 'semiFinal'
 */
export type PointRound = (typeof POINT_ROUNDS)[number];

/**
 * The three values of a round: a correct trend, a correct trend and goal difference, an exact score.
 * @example
 * const values: RoundPoints = { trend: 2, exactTrend: 3, exact: 5 };
 * pointsFor('exact', values) // => 5
 */
export type RoundPoints = { trend: number; exactTrend: number; exact: number };

/**
 * The fields of {@link PointConfiguration} that hold a number.
 * @example
 * const field: PointField = 'winnerPoints';
 * defaultPointConfiguration(2024)[field] // => 40
 */
export type PointField = Exclude<keyof PointConfiguration, 'useDifferentPointsForKnockoutRound'>;

/**
 * The point round whose fields hold a stage's values: the small final's are the semi-final's.
 * @example
 * pointRoundOf('Last16') // => 'last16'
 * pointRoundOf('SmallFinal') // => 'semiFinal'
 */
export function pointRoundOf(stage: Stage): PointRound {
  switch (stage) {
    case 'Group':
      return 'groupStage';
    case 'Last32':
      return 'last32';
    case 'Last16':
      return 'last16';
    case 'QuarterFinal':
      return 'quarterFinal';
    case 'SemiFinal':
    case 'SmallFinal':
      return 'semiFinal';
    case 'Final':
      return 'final';
  }
}

/**
 * The three field names of a round: trend, exact trend, exact.
 * @example
 * pointFieldsOf('final') // => ['finalTrendPoints', 'finalExactTrendPoints', 'finalExactPoints']
 */
export function pointFieldsOf(round: PointRound): [PointField, PointField, PointField] {
  return [`${round}TrendPoints`, `${round}ExactTrendPoints`, `${round}ExactPoints`];
}

/**
 * The values a game of a stage is scored with: the group-stage values unless the group chose
 * different points for knockout rounds; the small final counts with the semi-final values.
 * @example
 * stagePoints('Final', defaultPointConfiguration(2024)) // => { trend: 10, exactTrend: 15, exact: 25 }
 * stagePoints('Final', { ...defaultPointConfiguration(2024), useDifferentPointsForKnockoutRound: false }) // => { trend: 2, exactTrend: 3, exact: 5 }
 */
export function stagePoints(stage: Stage, config: PointConfiguration): RoundPoints {
  const round = config.useDifferentPointsForKnockoutRound ? pointRoundOf(stage) : 'groupStage';
  const [trend, exactTrend, exact] = pointFieldsOf(round);
  return { trend: config[trend], exactTrend: config[exactTrend], exact: config[exact] };
}

/**
 * Points for a prediction of the given accuracy: under a stage's values (see {@link stagePoints}),
 * given as the stage and the group's point rules or as the values themselves. A wrong prediction
 * scores nothing.
 * @example
 * pointsFor('exact', 'Group', defaultPointConfiguration(2024)) // => 5
 * pointsFor('wrong', 'Final', defaultPointConfiguration(2024)) // => 0
 * pointsFor('trend', { trend: 2, exactTrend: 3, exact: 5 }) // => 2
 */
export function pointsFor(accuracy: Accuracy, stage: Stage, config: PointConfiguration): number;
export function pointsFor(accuracy: Accuracy, values: RoundPoints): number;
export function pointsFor(accuracy: Accuracy, stageOrValues: Stage | RoundPoints, config?: PointConfiguration): number {
  if (accuracy === 'wrong') return 0;
  const values = typeof stageOrValues === 'string' ? stagePoints(stageOrValues, config!) : stageOrValues;
  return values[accuracy];
}

/** The defaults of a tournament format (spec section 9), by its first knockout round. */
function defaultsOf(first: 'Last32' | 'Last16' | 'QuarterFinal'): { winnerPoints: number } & Partial<Record<PointRound, [number, number, number]>> {
  switch (first) {
    case 'Last32':
      return { winnerPoints: 40, last32: [2, 3, 5], last16: [4, 6, 10], quarterFinal: [6, 9, 15], semiFinal: [8, 12, 20], final: [10, 15, 25] };
    case 'Last16':
      return { winnerPoints: 40, last16: [4, 6, 10], quarterFinal: [6, 9, 15], semiFinal: [8, 12, 20], final: [10, 15, 25] };
    case 'QuarterFinal':
      return { winnerPoints: 30, quarterFinal: [4, 6, 10], semiFinal: [6, 9, 15], final: [8, 12, 20] };
  }
}

/**
 * The point rules a new group of a year starts with (spec section 9), with different points for
 * knockout rounds. Years the spec does not list follow the listed year of the same tournament
 * format. Rounds the year does not play hold 0: they are never counted, and
 * {@link validatePointConfiguration} does not check them.
 * @example
 * defaultPointConfiguration(2025).winnerPoints // => 30
 * defaultPointConfiguration(2026).last32ExactPoints // => 5
 * defaultPointConfiguration(2024).last32ExactPoints // => 0
 * validatePointConfiguration(defaultPointConfiguration(2024), 2024) // => undefined
 */
export function defaultPointConfiguration(year: number): PointConfiguration {
  const first = knockoutRoundsOf(year)[0];
  const defaults = defaultsOf(first === 'Last32' || first === 'Last16' ? first : 'QuarterFinal');
  const config = { useDifferentPointsForKnockoutRound: true, winnerPoints: defaults.winnerPoints } as PointConfiguration;
  for (const round of POINT_ROUNDS) {
    const row = round === 'groupStage' ? [2, 3, 5] : (defaults[round] ?? [0, 0, 0]);
    pointFieldsOf(round).forEach((field, index) => (config[field] = row[index]!));
  }
  return config;
}

/**
 * The rounds of a year's point rules that count: the group stage always (alone, it scores every
 * game), and the year's knockout rounds when the group chose different points for them.
 * @example
 * countedPointRounds({ useDifferentPointsForKnockoutRound: false }, 2024) // => ['groupStage']
 * countedPointRounds({ useDifferentPointsForKnockoutRound: true }, 2025) // => ['groupStage', 'quarterFinal', 'semiFinal', 'final']
 */
export function countedPointRounds(config: Pick<PointConfiguration, 'useDifferentPointsForKnockoutRound'>, year: number): PointRound[] {
  return ['groupStage', ...(config.useDifferentPointsForKnockoutRound ? knockoutRoundsOf(year).map(pointRoundOf) : [])];
}

/**
 * The fields of a year's point rules that count: champion points and the values of the counted
 * rounds (see {@link countedPointRounds}).
 * @example
 * countedPointFields({ ...defaultPointConfiguration(2025), useDifferentPointsForKnockoutRound: false }, 2025) // => ['winnerPoints', 'groupStageTrendPoints', 'groupStageExactTrendPoints', 'groupStageExactPoints']
 * countedPointFields(defaultPointConfiguration(2025), 2025).length // => 13
 */
export function countedPointFields(config: Pick<PointConfiguration, 'useDifferentPointsForKnockoutRound'>, year: number): PointField[] {
  return ['winnerPoints', ...countedPointRounds(config, year).flatMap(pointFieldsOf)];
}

/**
 * Checks a group's point rules for a year: the first counted field (see {@link countedPointFields})
 * that is not a point value (an integer from 1 to 999), or undefined when all are.
 * @example
 * validatePointConfiguration(defaultPointConfiguration(2026), 2026) // => undefined
 * validatePointConfiguration({ ...defaultPointConfiguration(2026), finalExactPoints: 0 }, 2026) // => 'finalExactPoints'
 */
export function validatePointConfiguration(config: PointConfiguration, year: number): PointField | undefined {
  return countedPointFields(config, year).find((field) => !isPointValue(config[field]));
}

/**
 * Whether a number is a point value: an integer from 1 to 999.
 * @example
 * isPointValue(25) // => true
 * isPointValue(0) // => false
 */
export function isPointValue(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 999;
}
