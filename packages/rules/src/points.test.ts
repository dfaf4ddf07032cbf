import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACCURACIES, STAGES, defaultPointConfiguration, pointsFor, stagePoints, type Stage } from './index.js';

describe('default points of spec section 9', () => {
  const rows: [number, string, [number, number, number]][] = [
    [2024, 'groupStage', [2, 3, 5]],
    [2024, 'last32', [0, 0, 0]],
    [2024, 'last16', [4, 6, 10]],
    [2024, 'quarterFinal', [6, 9, 15]],
    [2024, 'semiFinal', [8, 12, 20]],
    [2024, 'final', [10, 15, 25]],
    [2025, 'groupStage', [2, 3, 5]],
    [2025, 'quarterFinal', [4, 6, 10]],
    [2025, 'semiFinal', [6, 9, 15]],
    [2025, 'final', [8, 12, 20]],
    [2026, 'groupStage', [2, 3, 5]],
    [2026, 'last32', [2, 3, 5]],
    [2026, 'last16', [4, 6, 10]],
    [2026, 'quarterFinal', [6, 9, 15]],
    [2026, 'semiFinal', [8, 12, 20]],
    [2026, 'final', [10, 15, 25]],
    // The Women's World Cup 2027 (32 teams, first knockout round Last16) takes 2024's figures.
    [2027, 'groupStage', [2, 3, 5]],
    [2027, 'last32', [0, 0, 0]],
    [2027, 'last16', [4, 6, 10]],
    [2027, 'quarterFinal', [6, 9, 15]],
    [2027, 'semiFinal', [8, 12, 20]],
    [2027, 'final', [10, 15, 25]],
  ];
  it('gives the Women\'s World Cup 2027 40 champion points, like every tournament with a Last16', () => {
    expect(defaultPointConfiguration(2027)).toEqual(defaultPointConfiguration(2024));
    expect(defaultPointConfiguration(2027).winnerPoints).toBe(40);
  });
  it.each(rows)('%i %s is %j', (year, round, [trend, exactTrend, exact]) => {
    const config = defaultPointConfiguration(year) as unknown as Record<string, number>;
    expect([config[`${round}TrendPoints`], config[`${round}ExactTrendPoints`], config[`${round}ExactPoints`]]).toEqual([
      trend,
      exactTrend,
      exact,
    ]);
  });
  it.each([
    [2024, 40],
    [2025, 30],
    [2026, 40],
    [2028, 40],
    [2029, 30],
  ])('champion points of %i are %i', (year, points) => {
    expect(defaultPointConfiguration(year).winnerPoints).toBe(points);
  });
  it('recommends different points for knockout rounds', () => {
    expect(defaultPointConfiguration(2026).useDifferentPointsForKnockoutRound).toBe(true);
  });
  it('a year the spec does not list follows the listed year of its format', () => {
    expect(defaultPointConfiguration(2030)).toEqual(defaultPointConfiguration(2026));
    expect(defaultPointConfiguration(2028)).toEqual(defaultPointConfiguration(2024));
  });
});

describe('pointsFor', () => {
  const config = defaultPointConfiguration(2024);
  it('scores the small final with the semi-final values', () => {
    expect(pointsFor('exact', 'SmallFinal', { ...config, semiFinalExactPoints: 99 })).toBe(99);
    expect(Object.keys(config).some((field) => field.startsWith('smallFinal'))).toBe(false);
  });
  it('scores every round with group-stage values when the group chose the same points', () => {
    const same = { ...config, useDifferentPointsForKnockoutRound: false };
    expect(STAGES.map((stage) => pointsFor('exactTrend', stage, same))).toEqual(STAGES.map(() => 3));
  });
  it.each([
    ['Group', 'trend', 2],
    ['Last16', 'exactTrend', 6],
    ['QuarterFinal', 'exact', 15],
    ['Final', 'trend', 10],
  ] as [Stage, 'trend' | 'exactTrend' | 'exact', number][])('%s %s scores %i in 2024', (stage, accuracy, points) => {
    expect(pointsFor(accuracy, stage, config)).toBe(points);
  });
  it('points never exceed the stage exact points and wrong scores 0', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ACCURACIES), fc.constantFrom(...STAGES), fc.integer({ min: 2024, max: 2040 }), (accuracy, stage, year) => {
        const yearConfig = defaultPointConfiguration(year);
        const points = pointsFor(accuracy, stage, yearConfig);
        expect(points).toBeLessThanOrEqual(stagePoints(stage, yearConfig).exact);
        if (accuracy === 'wrong') expect(points).toBe(0);
      }),
    );
  });
});
