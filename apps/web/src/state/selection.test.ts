import { expect, test } from 'vitest';
import { selectGroupId } from './selection';

const groups = [
  { id: 'old', competitionYear: 2024 },
  { id: 'now', competitionYear: 2026 },
];

test('the stored group stays selected while it exists', () => {
  expect(selectGroupId(groups, 'old', 2026)).toBe('old');
});

test('a vanished stored group falls back to the first group of the current year, then to the first group', () => {
  expect(selectGroupId(groups, 'gone', 2026)).toBe('now');
  expect(selectGroupId(groups, null, 2030)).toBe('old');
  expect(selectGroupId([], 'gone', 2026)).toBeUndefined();
});
