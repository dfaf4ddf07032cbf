import { describe, expect, it } from 'vitest';
import { createdGroupWithOthers, isGroupCreator } from './index.js';

describe('isGroupCreator', () => {
  it('the creator is the login the group names, nobody else', () => {
    expect(isGroupCreator({ creator: 'ann@example.com' }, 'ann@example.com')).toBe(true);
    expect(isGroupCreator({ creator: 'ann@example.com' }, 'bob@example.com')).toBe(false);
  });

  it('nobody logged in is no creator, even of a group without a creator', () => {
    expect(isGroupCreator({ creator: 'ann@example.com' }, undefined)).toBe(false);
    expect(isGroupCreator({ creator: '' }, undefined)).toBe(false);
  });
});

describe('createdGroupWithOthers', () => {
  const alone = { creator: 'ann@example.com', players: ['ann@example.com'] };
  const joined = { creator: 'ann@example.com', players: ['ann@example.com', 'bob@example.com'] };

  it('warns the creator of a group others joined', () => {
    expect(createdGroupWithOthers([alone, joined], 'ann@example.com')).toBe(true);
  });

  it("a group of the creator alone, or another creator's group, is no reason to warn", () => {
    expect(createdGroupWithOthers([alone], 'ann@example.com')).toBe(false);
    expect(createdGroupWithOthers([joined], 'bob@example.com')).toBe(false);
  });
});
