import { describe, expect, it } from 'vitest';
import {
  canEditPrediction,
  canPickChampion,
  changedLockedFields,
  competitionOf,
  countdownTo,
  currentGame,
  defaultPointConfiguration,
  isCompetitionFinished,
  isCompetitionStarted,
  isGroupStageFinished,
  knockoutRoundsOf,
  pointLocksOf,
  gameOf,
  type Game,
} from './index.js';

const game = (id: number, stage: Game['stage'], status: Game['status'], date: string): Game =>
  gameOf({ id, stage, status, date, homeTeam: 'Germany', awayTeam: 'Scotland', homeGoals: 1, awayGoals: 0 })!;

describe('a game by its status', () => {
  const info = { id: 7, stage: 'Group', date: '2024-06-16T19:00:00Z', homeTeam: 'it', awayTeam: 'al' } as const;

  it('has goals only once it started, and a Finished one always has both', () => {
    // @ts-expect-error a Finished game has its result
    const unfinished: Game = { ...info, status: 'Finished' };
    // @ts-expect-error a Scheduled game has no goals
    const early: Game = { ...info, status: 'Scheduled', homeGoals: 1, awayGoals: 0 };
    expect([unfinished, early]).toHaveLength(2);
  });

  it('is made from a row or a JSON body by gameOf, which keeps the other fields and changes nothing', () => {
    const row = Object.freeze({ ...info, status: 'Live' as const, homeGoals: null, awayGoals: 2, venue: 'Dortmund' });
    expect(gameOf(row)).toEqual({ ...info, status: 'Live', homeGoals: 0, awayGoals: 2, venue: 'Dortmund' });
    expect(gameOf({ ...info, status: 'Scheduled', homeGoals: 3 })).toEqual({ ...info, status: 'Scheduled', homeGoals: null, awayGoals: null });
    expect(gameOf({ ...info, status: 'Finished', homeGoals: 2, awayGoals: 0 })).toEqual({ ...info, status: 'Finished', homeGoals: 2, awayGoals: 0 });
    expect(gameOf({ ...info, status: 'Finished', homeGoals: 2 })).toBeUndefined();
  });
});

describe('competitions and rounds', () => {
  it.each([
    [2024, 'EuropeanChampionship'],
    [2025, 'WomensEuropeanChampionship'],
    [2026, 'WorldCup'],
    [2027, 'WomensWorldCup'],
    [2028, 'EuropeanChampionship'],
  ])('%i is %s', (year, competition) => expect(competitionOf(year)).toBe(competition));
  it.each([
    [2024, ['Last16', 'QuarterFinal', 'SemiFinal', 'Final']],
    [2025, ['QuarterFinal', 'SemiFinal', 'Final']],
    [2026, ['Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'Final']],
    [2027, ['Last16', 'QuarterFinal', 'SemiFinal', 'Final']],
    [2030, ['Last32', 'Last16', 'QuarterFinal', 'SemiFinal', 'Final']],
  ])('the group form of %i shows %j', (year, rounds) => expect(knockoutRoundsOf(year)).toEqual(rounds));
});

describe('competition state', () => {
  const games = [
    game(1, 'Group', 'Finished', '2024-06-14T19:00:00Z'),
    game(2, 'Group', 'Live', '2024-06-15T13:00:00Z'),
    game(3, 'Group', 'Live', '2024-06-15T16:00:00Z'),
    game(4, 'Final', 'Scheduled', '2024-07-14T19:00:00Z'),
  ];
  it('is started once a game is not Scheduled', () => {
    expect(isCompetitionStarted(games)).toBe(true);
    expect(isCompetitionStarted(games.map((g) => ({ ...g, status: 'Scheduled' as const })))).toBe(false);
  });
  it('is finished only when every game is Finished', () => {
    expect(isCompetitionFinished(games)).toBe(false);
    expect(isCompetitionFinished(games.map((g) => ({ ...g, status: 'Finished' as const })))).toBe(true);
    expect(isCompetitionFinished([])).toBe(false);
  });
  it('has a finished group stage when every group game is Finished', () => {
    expect(isGroupStageFinished(games)).toBe(false);
    expect(isGroupStageFinished(games.map((g) => (g.stage === 'Group' ? { ...g, status: 'Finished' as const } : g)))).toBe(true);
  });
  it('the current game is the last live one, else the last finished one', () => {
    expect(currentGame(games)?.id).toBe(3);
    expect(currentGame(games.filter((g) => g.status !== 'Live'))?.id).toBe(1);
    expect(currentGame([games[3]!])).toBeUndefined();
  });
});

describe('deadlines', () => {
  const kickoff = '2024-06-14T19:00:00.000Z';
  const scheduled = game(1, 'Group', 'Scheduled', kickoff);
  it('accepts a prediction 1 ms before kickoff and refuses it at kickoff', () => {
    expect(canEditPrediction(scheduled, Date.parse(kickoff) - 1)).toBe(true);
    expect(canEditPrediction(scheduled, Date.parse(kickoff))).toBe(false);
  });
  it('refuses a prediction for a game that is no longer Scheduled', () => {
    expect(canEditPrediction({ ...scheduled, status: 'Live' }, '2024-06-01T00:00:00Z')).toBe(false);
  });
  it('lets the champion be picked until the first kickoff', () => {
    expect(canPickChampion([scheduled], Date.parse(kickoff) - 1)).toBe(true);
    expect(canPickChampion([scheduled], kickoff)).toBe(false);
    expect(canPickChampion([{ ...scheduled, status: 'Live' }], '2024-06-01T00:00:00Z')).toBe(false);
  });
});

describe('locking of point fields', () => {
  const before = defaultPointConfiguration(2024);
  const scheduled = [game(1, 'Group', 'Scheduled', '2024-06-14T19:00:00Z'), game(2, 'Final', 'Scheduled', '2024-07-14T19:00:00Z')];
  const started = [{ ...scheduled[0]!, status: 'Live' as const }, scheduled[1]!];
  const groupDone = [{ ...scheduled[0]!, status: 'Finished' as const }, scheduled[1]!];
  const edit = { ...before, groupStageExactPoints: 6, winnerPoints: 50, finalExactPoints: 30, useDifferentPointsForKnockoutRound: false };
  it('locks nothing before the start', () => {
    expect(changedLockedFields(before, edit, pointLocksOf(scheduled))).toEqual([]);
  });
  it('locks group-stage and champion points once the competition has started', () => {
    expect(changedLockedFields(before, edit, pointLocksOf(started))).toEqual(['winnerPoints', 'groupStageExactPoints']);
  });
  it('locks the knockout values and the radio choice once the group stage is finished', () => {
    expect(changedLockedFields(before, edit, pointLocksOf(groupDone))).toEqual([
      'useDifferentPointsForKnockoutRound',
      'winnerPoints',
      'groupStageExactPoints',
      'finalExactPoints',
    ]);
  });
});

describe('countdown', () => {
  it('counts whole days, hours and minutes', () => {
    expect(countdownTo('2024-06-14T19:00:00Z', '2024-06-13T17:29:30Z')).toEqual({ days: 1, hours: 1, minutes: 30 });
  });
  it('ends at kickoff', () => {
    expect(countdownTo('2024-06-14T19:00:00Z', '2024-06-14T19:00:00Z')).toBeUndefined();
  });
});
