import { expect, test } from 'vitest';
import { creatorOnlyRedirect } from './guards';

const groups = [{ id: 'g', creator: 'ann@example.com' }];

test('only the creator may edit a group; others go to the ranking, an unknown id to the create form', () => {
  expect(creatorOnlyRedirect(groups, 'g', 'ann@example.com')).toBeUndefined();
  expect(creatorOnlyRedirect(groups, 'g', 'bob@example.com')).toBe('/ranking');
  expect(creatorOnlyRedirect(groups, 'missing', 'ann@example.com')).toBe('/group/create');
});
