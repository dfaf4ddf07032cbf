import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  championOf,
  competitionOf,
  countedPointFields,
  defaultPointConfiguration,
  isUndecidedKnockout,
  KNOCKOUT_STAGES,
  MAX_NAME_LENGTH,
  resultOf,
  scorePlayer,
  scorePrediction,
  scoringTableOf,
  STAGES,
  validateEmail,
  validateName,
  validatePassword,
  validatePointConfiguration,
  type Game,
} from './index.js';

describe('competitionOf', () => {
  it.each([2024.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses a year that is not an integer (%s) with a RangeError', (year) => {
    expect(() => competitionOf(year)).toThrow(RangeError);
  });
});

describe('default points pass the package\'s own validation', () => {
  it('for every year, whatever the knockout choice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1960, max: 2100 }), fc.boolean(), (year, different) => {
        const config = { ...defaultPointConfiguration(year), useDifferentPointsForKnockoutRound: different };
        expect(validatePointConfiguration(config, year)).toBeUndefined();
      }),
    );
  });
  it('counts no field of a round the year does not play', () => {
    expect(countedPointFields(defaultPointConfiguration(2024), 2024).some((field) => field.startsWith('last32'))).toBe(false);
    expect(validatePointConfiguration({ ...defaultPointConfiguration(2024), last16TrendPoints: 0 }, 2024)).toBe('last16TrendPoints');
    expect(validatePointConfiguration({ ...defaultPointConfiguration(2024), groupStageExactPoints: 1000 }, 2024)).toBe('groupStageExactPoints');
  });
});

describe('a knockout result stored as a draw', () => {
  const final = (homeGoals: number, awayGoals: number, status: 'Live' | 'Finished' = 'Finished'): Game => ({
    id: 51,
    stage: 'Final',
    status,
    date: '2024-07-14T19:00:00Z',
    homeTeam: 'Spain',
    awayTeam: 'England',
    homeGoals,
    awayGoals,
  });
  const config = defaultPointConfiguration(2024);
  it('is reported, has no result, scores nobody and crowns no champion', () => {
    expect(isUndecidedKnockout(final(1, 1))).toBe(true);
    expect(resultOf(final(1, 1))).toBeUndefined();
    expect(scorePrediction({ homeGoals: 1, awayGoals: 1 }, final(1, 1), config)).toBeUndefined();
    expect(championOf([final(1, 1)])).toBeUndefined();
    const player = scorePlayer({ predictions: [{ gameId: 51, homeGoals: 1, awayGoals: 1 }], championPick: 'Spain' }, scoringTableOf([final(1, 1)], config));
    expect(player).toEqual({ points: 0, championPoints: 0, predictions: [{ gameId: 51, homeGoals: 1, awayGoals: 1 }] });
  });
  it('counts provisionally while the game is Live, and a decided result counts', () => {
    expect(resultOf(final(1, 1, 'Live'))).toEqual({ homeGoals: 1, awayGoals: 1 });
    expect(championOf([final(2, 1)])).toBe('Spain');
  });
  it('a group-stage draw is a result', () => {
    for (const stage of STAGES) expect(isUndecidedKnockout({ stage, status: 'Finished', homeGoals: 0, awayGoals: 0 })).toBe(KNOCKOUT_STAGES.includes(stage as never));
  });
});

describe('lengths count characters, not UTF-16 units', () => {
  it('a name of 24 emoji is not too long; 25 are', () => {
    expect(validateName('😀'.repeat(MAX_NAME_LENGTH))).toBeUndefined();
    expect(validateName('😀'.repeat(MAX_NAME_LENGTH + 1))).toBe('tooLong');
  });
  it('a password of six characters is long enough, of five not, whatever their UTF-16 length', () => {
    expect(validatePassword('Ab!😀😀😀')).toBeUndefined();
    expect(validatePassword('Ab!😀😀')).toBe('passwordTooShort');
  });
  it('an e-mail address of 254 characters passes, of 255 not', () => {
    // Counted in characters, not UTF-16 units: 64 emoji before the @, a domain of 189 (labels DNS takes).
    const domainOf = (lastLabel: number) => `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(lastLabel)}.com`;
    expect(validateEmail(`${'😀'.repeat(64)}@${domainOf(57)}`)).toBeUndefined();
    expect(validateEmail(`${'😀'.repeat(64)}@${domainOf(58)}`)).toBe('emailInvalid');
  });
});
