import { describe, expect, it } from 'vitest';
import { canEditPrediction, isPlaceholderTeam, placeholderOf, teamsKnown } from './index.js';

describe('placeholder teams', () => {
  it('reads group positions, third places and match winners and losers', () => {
    expect(placeholderOf('1A')).toEqual({ kind: 'group', position: 1, groups: ['A'] });
    expect(placeholderOf('2L')).toEqual({ kind: 'group', position: 2, groups: ['L'] });
    expect(placeholderOf('3A/B/C/D/F')).toEqual({ kind: 'group', position: 3, groups: ['A', 'B', 'C', 'D', 'F'] });
    expect(placeholderOf('W74')).toEqual({ kind: 'winner', match: 74 });
    expect(placeholderOf('L101')).toEqual({ kind: 'loser', match: 101 });
  });

  it('takes every team id of the fixtures for a real team', () => {
    for (const team of ['de', 'gb-eng', 'gb-sct', 'us', 'cw', 'w', 'l1', 'wales', '4A', '1M', 'W0', 'Germany']) {
      expect(isPlaceholderTeam(team), team).toBe(false);
    }
  });

  it('knows a game when both teams are known', () => {
    expect(teamsKnown({ homeTeam: 'es', awayTeam: 'ar' })).toBe(true);
    expect(teamsKnown({ homeTeam: 'W101', awayTeam: 'ar' })).toBe(false);
    expect(teamsKnown({ homeTeam: 'es', awayTeam: '2A' })).toBe(false);
  });

  it('refuses a prediction while a team is a placeholder, even before kickoff', () => {
    const game = { status: 'Scheduled' as const, date: '2026-07-19T19:00:00Z', homeTeam: 'W101', awayTeam: 'W102' };
    expect(canEditPrediction(game, '2026-07-01T00:00:00Z')).toBe(false);
    expect(canEditPrediction({ ...game, homeTeam: 'es', awayTeam: 'ar' }, '2026-07-01T00:00:00Z')).toBe(true);
  });
});
