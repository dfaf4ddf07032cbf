import { describe, expect, test } from 'vitest';
import type { Game, Group } from '@scorecast/api-client';
import { defaultPointConfiguration } from '@scorecast/rules';
import { mergeLiveUpdates } from './liveMerge';

const game: Game = { id: 1, status: 'Scheduled', date: '2026-06-11T19:00:00Z', stage: 'Group', homeTeam: 'mx', awayTeam: 'za' };
const player = (login: string, name: string) => ({ login, name, predictions: [], rank: 1, points: 0 });
const group: Group = { id: 'g', name: 'Legends', creator: 'ann', competitionYear: 2026, players: [player('ann', 'Ann'), player('bob', 'Bob')], pointConfiguration: defaultPointConfiguration(2026) };

describe('mergeLiveUpdates', () => {
  test('a status change to Live is merged and told as a started game', () => {
    const merged = mergeLiveUpdates({ games: [game], groups: [] }, [{ entity: 'Game', id: 1, status: 'Live', homeGoals: 0, awayGoals: 0 }], 'ann');
    expect(merged.games[0]).toMatchObject({ status: 'Live', homeTeam: 'mx' });
    expect(merged.events.map((event) => event.kind)).toEqual(['gameStarted']);
  });

  test('a score change without a status change is a new score; Finished is a finished game', () => {
    const live = { ...game, status: 'Live' as const, homeGoals: 0, awayGoals: 0 };
    expect(mergeLiveUpdates({ games: [live], groups: [] }, [{ entity: 'Game', id: 1, homeGoals: 1 }], 'ann').events[0]?.kind).toBe('newGameScore');
    expect(mergeLiveUpdates({ games: [live], groups: [] }, [{ entity: 'Game', id: 1, status: 'Finished' }], 'ann').events[0]?.kind).toBe('gameFinished');
  });

  test('a deleted game disappears', () => {
    expect(mergeLiveUpdates({ games: [game], groups: [] }, [{ entity: 'Game', id: 1, _action: 'DELETE' }], 'ann').games).toEqual([]);
  });

  test('players joining and leaving are told; the own player is not', () => {
    const merged = mergeLiveUpdates({ games: [], groups: [group] }, [{ entity: 'Group', id: 'g', players: [player('ann', 'Ann'), player('cid', 'Cid')] }], 'ann');
    expect(merged.events).toEqual([
      { kind: 'playerJoined', groupId: 'g', name: 'Cid' },
      { kind: 'playerLeft', groupId: 'g', name: 'Bob' },
    ]);
    expect(merged.groups[0]?.players.map((each) => each.login)).toEqual(['ann', 'cid']);
  });

  test('a new group is added only when the player is in it', () => {
    const other = { ...group, id: 'h', players: [player('bob', 'Bob')] };
    expect(mergeLiveUpdates({ games: [], groups: [] }, [{ entity: 'Group', ...other }], 'ann').groups).toEqual([]);
    expect(mergeLiveUpdates({ games: [], groups: [] }, [{ entity: 'Group', ...other }], 'bob').groups.map((each) => each.id)).toEqual(['h']);
  });
});

describe('mergeLiveUpdates of a goal', () => {
  const scored = (gameId: number, points: number, rank: number) => ({ gameId, homeGoals: 1, awayGoals: 0, accuracy: 'trend' as const, points, rank });
  const ann = { ...player('ann', 'Ann'), predictions: [scored(1, 2, 1), scored(2, 0, 2), { gameId: 3, homeGoals: 2, awayGoals: 2 }], points: 2, rank: 2 };
  const bob = { ...player('bob', 'Bob'), predictions: [scored(1, 3, 1)], points: 3, rank: 1 };
  const before: Group = { ...group, players: [ann, bob] };

  test('players sent in part update just themselves, and a prediction part just its fields', () => {
    const merged = mergeLiveUpdates(
      { games: [], groups: [before] },
      [{ entity: 'Group', id: 'g', players: [{ login: 'ann', points: 6, rank: 1, predictions: [{ gameId: 2, points: 4, rank: 1 }] }, { login: 'bob', rank: 2 }] }],
      'ann',
    );
    // Ann passed Bob: the list is in the order of the new ranking.
    const [first, second] = merged.groups[0]!.players;
    expect(first).toMatchObject({ login: 'ann', name: 'Ann', points: 6, rank: 1 });
    expect(first!.predictions).toEqual([scored(1, 2, 1), { ...scored(2, 0, 2), points: 4, rank: 1 }, { gameId: 3, homeGoals: 2, awayGoals: 2 }]);
    expect(second).toEqual({ ...bob, rank: 2 });
    expect(merged.events).toEqual([]);
  });

  test('a prediction that just came into view is added whole; a part for an unknown player is dropped', () => {
    const merged = mergeLiveUpdates(
      { games: [], groups: [before] },
      [{ entity: 'Group', id: 'g', players: [{ login: 'bob', points: 3, rank: 1, predictions: [{ gameId: 4, homeGoals: 0, awayGoals: 0, accuracy: 'wrong', points: 0, rank: 1, previousRank: 1 }] }, { login: 'cid', points: 1, rank: 3 }] }],
      'ann',
    );
    expect(merged.groups[0]!.players.map((player) => player.login)).toEqual(['bob', 'ann']);
    expect(merged.groups[0]!.players[0]!.predictions.map((prediction) => prediction.gameId)).toEqual([1, 4]);
  });

  test('whole players are the roster and replace the known ones', () => {
    const hidden = { ...ann, predictions: [scored(1, 2, 1)] };
    const merged = mergeLiveUpdates({ games: [], groups: [before] }, [{ entity: 'Group', id: 'g', players: [hidden] }], 'ann');
    expect(merged.groups[0]!.players).toEqual([hidden]);
    expect(merged.events).toEqual([{ kind: 'playerLeft', groupId: 'g', name: 'Bob' }]);
  });
});
