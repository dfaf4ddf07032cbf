import { knockoutRoundsOf } from './competition.js';
import type { Accuracy, Stage } from './types.js';

/** The point rules of a group, in the flat shape the wire uses. */
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
  smallFinalTrendPoints: number;
  smallFinalExactTrendPoints: number;
  smallFinalExactPoints: number;
  finalTrendPoints: number;
  finalExactTrendPoints: number;
  finalExactPoints: number;
};

/** The prefix of a round's fields in {@link PointConfiguration}. */
export const POINT_ROUNDS = ['groupStage', 'last32', 'last16', 'quarterFinal', 'semiFinal', 'smallFinal', 'final'] as const;
export type PointRound = (typeof POINT_ROUNDS)[number];

/** The three values of a round: correct trend, trend and goal difference, exact. */
export type RoundPoints = { trend: number; exactTrend: number; exact: number };

/** The fields of {@link PointConfiguration} that hold a number. */
export type PointField = Exclude<keyof PointConfiguration, 'useDifferentPointsForKnockoutRound'>;

const ROUND_OF_STAGE: Record<Stage, PointRound> = {
  Group: 'groupStage',
  Last32: 'last32',
  Last16: 'last16',
  QuarterFinal: 'quarterFinal',
  SemiFinal: 'semiFinal',
  SmallFinal: 'smallFinal',
  Final: 'final',
};

/** The point round whose fields hold a stage's values. @example pointRoundOf('Last16') // 'last16' */
export function pointRoundOf(stage: Stage): PointRound {
  return ROUND_OF_STAGE[stage];
}

/** The three field names of a round. @example pointFieldsOf('final') // ['finalTrendPoints', ...] */
export function pointFieldsOf(round: PointRound): [PointField, PointField, PointField] {
  return [`${round}TrendPoints`, `${round}ExactTrendPoints`, `${round}ExactPoints`] as [PointField, PointField, PointField];
}

/** Reads a round's three values. @example roundPoints(config, 'groupStage') // { trend: 2, exactTrend: 3, exact: 5 } */
export function roundPoints(config: PointConfiguration, round: PointRound): RoundPoints {
  const [trend, exactTrend, exact] = pointFieldsOf(round);
  return { trend: config[trend], exactTrend: config[exactTrend], exact: config[exact] };
}

/**
 * The values a game of a stage is scored with. The small final counts with the semi-final values,
 * and every round counts with the group-stage values unless the group chose different points.
 * @example pointsOfStage(defaultPointConfiguration(2024), 'Final') // { trend: 10, exactTrend: 15, exact: 25 }
 */
export function pointsOfStage(config: PointConfiguration, stage: Stage): RoundPoints {
  if (stage === 'Group' || !config.useDifferentPointsForKnockoutRound) return roundPoints(config, 'groupStage');
  return roundPoints(config, stage === 'SmallFinal' ? 'semiFinal' : pointRoundOf(stage));
}

/**
 * Points for a prediction of the given accuracy in a stage.
 * @example pointsFor('exact', 'Group', defaultPointConfiguration(2024)) // 5
 * @example pointsFor('wrong', 'Final', defaultPointConfiguration(2024)) // 0
 */
export function pointsFor(accuracy: Accuracy, stage: Stage, config: PointConfiguration): number {
  return pointsOf(accuracy, pointsOfStage(config, stage));
}

/**
 * Points for a prediction of the given accuracy under a round's values: a wrong one scores nothing.
 * @example pointsOf('trend', { trend: 2, exactTrend: 3, exact: 5 }) // 2
 */
export function pointsOf(accuracy: Accuracy, values: RoundPoints): number {
  return accuracy === 'wrong' ? 0 : values[accuracy];
}

type Defaults = { winnerPoints: number } & Partial<Record<PointRound, [number, number, number]>>;

// Spec section 9. Rounds a year does not play are zero; its small final, when listed, has its own row.
const DEFAULTS_OF_FORMAT: Record<'last32' | 'last16' | 'quarterFinal', Defaults> = {
  last32: {
    winnerPoints: 40,
    last32: [2, 3, 5],
    last16: [4, 6, 10],
    quarterFinal: [6, 9, 15],
    semiFinal: [8, 12, 20],
    smallFinal: [8, 12, 20],
    final: [10, 15, 25],
  },
  last16: {
    winnerPoints: 40,
    last16: [4, 6, 10],
    quarterFinal: [6, 9, 15],
    semiFinal: [8, 12, 20],
    smallFinal: [8, 12, 20],
    final: [10, 15, 25],
  },
  quarterFinal: {
    winnerPoints: 30,
    quarterFinal: [4, 6, 10],
    semiFinal: [6, 9, 15],
    smallFinal: [6, 9, 15],
    final: [8, 12, 20],
  },
};

/**
 * The point rules a new group of a year starts with (spec section 9). Years the spec does not list
 * follow the listed year of the same tournament format: the Women's World Cup 2027 (32 teams,
 * eight groups of four, then Last16) scores like Euro 2024, champion 40 and a small final of its own
 * row at the semi-final values.
 * @example defaultPointConfiguration(2025).winnerPoints // 30
 * @example defaultPointConfiguration(2026).last32ExactPoints // 5
 */
export function defaultPointConfiguration(year: number): PointConfiguration {
  const first = knockoutRoundsOf(year)[0];
  const defaults = DEFAULTS_OF_FORMAT[first === 'Last32' ? 'last32' : first === 'Last16' ? 'last16' : 'quarterFinal'];
  const config = { useDifferentPointsForKnockoutRound: true, winnerPoints: defaults.winnerPoints } as PointConfiguration;
  const values: Defaults = { ...defaults, groupStage: [2, 3, 5] };
  for (const round of POINT_ROUNDS) {
    const fields = pointFieldsOf(round);
    const row = values[round] ?? [0, 0, 0];
    fields.forEach((field, index) => (config[field] = row[index]!));
  }
  return config;
}
