import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accuracyOf, countedScore, formatScore, parsePredictionInput } from './index.js';
import { score } from '../test/arbitraries/game.js';

const s = (homeGoals: number, awayGoals: number) => ({ homeGoals, awayGoals });

describe('accuracyOf', () => {
  it.each([
    [s(2, 1), s(2, 1), 'exact'],
    [s(2, 1), s(3, 2), 'exactTrend'],
    [s(2, 0), s(3, 2), 'trend'],
    [s(1, 1), s(1, 1), 'exact'],
    [s(0, 0), s(2, 2), 'trend'],
    [s(1, 0), s(1, 1), 'wrong'],
    [s(1, 1), s(0, 1), 'wrong'],
    [s(0, 2), s(1, 3), 'exactTrend'],
    [s(2, 1), s(1, 2), 'wrong'],
  ])('%j for %j is %s', (prediction, result, accuracy) => {
    expect(accuracyOf(prediction, result)).toBe(accuracy);
  });
  it('is unchanged when home and away are swapped in both prediction and result', () => {
    fc.assert(
      fc.property(score, score, (prediction, result) => {
        const swap = (x: typeof prediction) => s(x.awayGoals, x.homeGoals);
        expect(accuracyOf(swap(prediction), swap(result))).toBe(accuracyOf(prediction, result));
      }),
    );
  });
  it('is exact exactly when the scores are equal', () => {
    fc.assert(fc.property(score, score, (a, b) => (accuracyOf(a, b) === 'exact') === (a.homeGoals === b.homeGoals && a.awayGoals === b.awayGoals)));
  });
  it('never calls a draw prediction exactTrend', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9 }), score, (goals, result) => accuracyOf(s(goals, goals), result) !== 'exactTrend'));
  });
});

describe('countedScore', () => {
  it('counts the score after extra time plus one goal for the shoot-out winner', () => {
    expect(countedScore({ fullTime: s(1, 1), extraTime: s(1, 1), penalties: s(4, 3) })).toEqual(s(2, 1));
    expect(countedScore({ fullTime: s(1, 1), extraTime: s(1, 1), penalties: s(3, 5) })).toEqual(s(1, 2));
  });
  it('counts the extra-time score when there was no shoot-out', () => {
    expect(countedScore({ fullTime: s(1, 1), extraTime: s(2, 1) })).toEqual(s(2, 1));
  });
  it('counts the full-time score otherwise', () => {
    expect(countedScore({ fullTime: s(0, 3) })).toEqual(s(0, 3));
  });
});

describe('prediction input', () => {
  it('parsing a formatted score gives the score back', () => {
    fc.assert(fc.property(score, (x) => { expect(parsePredictionInput(formatScore(x))).toEqual(x); }));
  });
  it.each([' 2 : 1 ', '2:1', '10:0', '0 :0'])('accepts %j', (text) => {
    expect(parsePredictionInput(text)).toBeDefined();
  });
  it.each(['', '2', '2:', ':1', '2-1', '-1:0', '1:2:3', '1.5:0', 'a:b', '100:0'])('rejects %j', (text) => {
    expect(parsePredictionInput(text)).toBeUndefined();
  });
});
