import { describe, expect, test } from 'vitest';
import { defaultPointConfiguration } from '@scorecast/rules';
import { mergeLiveUpdates, viewOfGroup, type Game, type Group } from '../src/index.js';

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

  test('a game set back to Scheduled loses its goals; one that kicks off without them stands 0:0', () => {
    const live = { ...game, status: 'Live' as const, homeGoals: 2, awayGoals: 1 };
    expect(mergeLiveUpdates({ games: [live], groups: [] }, [{ entity: 'Game', id: 1, status: 'Scheduled' }], 'ann').games[0]).toMatchObject({ status: 'Scheduled', homeGoals: null, awayGoals: null });
    expect(mergeLiveUpdates({ games: [game], groups: [] }, [{ entity: 'Game', id: 1, status: 'Live' }], 'ann').games[0]).toMatchObject({ status: 'Live', homeGoals: 0, awayGoals: 0 });
  });

  test('a game set back to Scheduled is no new score: its status changed, and it has no score to tell', () => {
    for (const status of ['Live', 'Finished'] as const) {
      const started = { ...game, status, homeGoals: 4, awayGoals: 2 };
      expect(mergeLiveUpdates({ games: [started], groups: [] }, [{ entity: 'Game', id: 1, status: 'Scheduled', homeGoals: null, awayGoals: null }], 'ann').events).toEqual([]);
    }
  });

  // A result undone before kickoff left its note on the game after it was played, on every screen.
  test('a correction note the server drops (null) goes; one it leaves out stays', () => {
    const correction = { at: '2026-06-11T18:54:00Z', source: 'admin' as const, reason: 'entered too early' };
    const noted = { ...game, correction };
    const kickoff = mergeLiveUpdates({ games: [noted], groups: [] }, [{ entity: 'Game', id: 1, status: 'Live', homeGoals: 0, awayGoals: 0, correction: null }], 'ann').games[0];
    expect(kickoff).toMatchObject({ status: 'Live' });
    expect(kickoff).not.toHaveProperty('correction');
    expect(mergeLiveUpdates({ games: [noted], groups: [] }, [{ entity: 'Game', id: 1, status: 'Scheduled' }], 'ann').games[0]).toMatchObject({ correction });
    expect(mergeLiveUpdates({ games: [], groups: [] }, [{ entity: 'Game', ...game, id: 2, correction: null }], 'ann').games[0]).not.toHaveProperty('correction');
  });

  test('a group game moved to a knockout round leaves its group, as the server stores it', () => {
    const grouped = { ...game, groupLetter: 'A' };
    expect(mergeLiveUpdates({ games: [grouped], groups: [] }, [{ entity: 'Game', id: 1, stage: 'Last16' }], 'ann').games[0]).not.toHaveProperty('groupLetter');
    expect(mergeLiveUpdates({ games: [grouped], groups: [] }, [{ entity: 'Game', id: 1, status: 'Live', homeGoals: 0, awayGoals: 0 }], 'ann').games[0]).toMatchObject({ groupLetter: 'A' });
  });

  test('a deleted game disappears', () => {
    expect(mergeLiveUpdates({ games: [game], groups: [] }, [{ entity: 'Game', id: 1, _action: 'DELETE' }], 'ann').games).toEqual([]);
  });

  test('a group gone is told, as deleted when its creator deleted it; one not held is not', () => {
    const left = mergeLiveUpdates({ games: [], groups: [group] }, [{ entity: 'Group', id: 'g', _action: 'DELETE' }], 'bob');
    expect(left.groups).toEqual([]);
    expect(left.events).toEqual([{ kind: 'groupGone', groupId: 'g', name: 'Legends', deleted: false }]);
    const deleted = mergeLiveUpdates({ games: [], groups: [group] }, [{ entity: 'Group', id: 'g', _action: 'DELETE', deleted: true }], 'bob');
    expect(deleted.events).toEqual([{ kind: 'groupGone', groupId: 'g', name: 'Legends', deleted: true }]);
    expect(mergeLiveUpdates({ games: [], groups: [] }, [{ entity: 'Group', id: 'g', _action: 'DELETE', deleted: true }], 'bob').events).toEqual([]);
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

describe('mergeLiveUpdates of a goal and a kickoff', () => {
  const config = defaultPointConfiguration(2026);
  const second: Game = { ...game, id: 2, date: '2026-06-12T19:00:00Z' };
  const picks = (login: string, name: string, ...predictions: [number, number, number][]) => ({
    ...player(login, name),
    predictions: predictions.map(([gameId, homeGoals, awayGoals]) => ({ gameId, homeGoals, awayGoals })),
  });
  const ann = picks('ann', 'Ann', [1, 1, 0], [2, 2, 2]);
  const bob = picks('bob', 'Bob', [1, 0, 0], [2, 0, 1]);
  const live: Game = { ...game, status: 'Live', homeGoals: 0, awayGoals: 0 };
  // What Ann holds during the first game: Bob's prediction of the second is secret still.
  const held = (games: Game[]) => viewOfGroup({ ...group, players: [ann, bob] }, games, 'ann');

  test('a goal re-derives points, ranks and accuracies from the games, as GET /api/groups would', () => {
    const state = { games: [live, second], groups: [held([live, second])] };
    expect(state.groups[0]!.players.map((each) => [each.login, each.points, each.rank])).toEqual([['bob', 5, 1], ['ann', 0, 2]]);
    const merged = mergeLiveUpdates(state, [{ entity: 'Game', id: 1, homeGoals: 1 }], 'ann');
    const goal = { ...live, homeGoals: 1 };
    expect(merged.groups).toEqual([held([goal, second])]);
    const [first, other] = merged.groups[0]!.players;
    expect(first).toMatchObject({ login: 'ann', points: 5, rank: 1, predictions: [{ gameId: 1, accuracy: 'exact', points: 5, rank: 1 }, { gameId: 2, homeGoals: 2, awayGoals: 2 }] });
    expect(other).toMatchObject({ login: 'bob', points: 0, rank: 2, predictions: [{ gameId: 1, accuracy: 'wrong', points: 0, rank: 2 }] });
    expect(merged.events.map((event) => event.kind)).toEqual(['newGameScore']);
    expect(config.groupStageExactPoints).toBe(5);
  });

  test('the reveal adds the started game\'s predictions of the other players; the arrow compares with the game before', () => {
    const finished: Game = { ...live, status: 'Finished', homeGoals: 1, awayGoals: 0 };
    const kickoff: Game = { ...second, status: 'Live', homeGoals: 0, awayGoals: 1 };
    const state = { games: [finished, second], groups: [held([finished, second])] };
    const merged = mergeLiveUpdates(
      state,
      [
        { entity: 'Game', id: 2, status: 'Live', homeGoals: 0, awayGoals: 1 },
        { entity: 'Group', id: 'g', players: [{ login: 'bob', predictions: [{ gameId: 2, homeGoals: 0, awayGoals: 1 }] }, { login: 'cid', predictions: [{ gameId: 2, homeGoals: 3, awayGoals: 0 }] }] },
      ],
      'ann',
    );
    expect(merged.groups).toEqual([held([finished, kickoff])]);
    expect(merged.groups[0]!.players.find((each) => each.login === 'bob')!.predictions).toEqual([
      { gameId: 1, homeGoals: 0, awayGoals: 0, accuracy: 'wrong', points: 0, rank: 2 },
      { gameId: 2, homeGoals: 0, awayGoals: 1, accuracy: 'exact', points: 5, rank: 1, previousRank: 2 },
    ]);
  });

  test('a game back to Scheduled hides the other players\' predictions of it again, and a deleted game takes its predictions along', () => {
    const kickoff: Game = { ...second, status: 'Live', homeGoals: 0, awayGoals: 1 };
    const state = { games: [live, kickoff], groups: [held([live, kickoff])] };
    expect(state.groups[0]!.players.find((each) => each.login === 'bob')!.predictions.map((each) => each.gameId)).toEqual([1, 2]);
    const back = mergeLiveUpdates(state, [{ entity: 'Game', id: 2, status: 'Scheduled', homeGoals: null, awayGoals: null }], 'ann');
    expect(back.groups).toEqual([held([live, second])]);
    const gone = mergeLiveUpdates(state, [{ entity: 'Game', id: 2, _action: 'DELETE' }], 'ann');
    expect(gone.groups[0]!.players.flatMap((each) => each.predictions.map((prediction) => prediction.gameId))).toEqual([1, 1]);
  });
});
