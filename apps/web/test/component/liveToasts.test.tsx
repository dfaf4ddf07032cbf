// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userAtom } from '../../src/state/session.atoms';
import { ann, dashboardWithLiveChannel, fakeServer, gameOf, groupOf, sessionRoutes, startEachTestAfresh } from './renderApp';

// A fresh player at 390 px: three toasts of one game (two goals and the final whistle) stacked over
// half the screen. The newest toast of a game replaces the one before; other games keep theirs.

startEachTestAfresh();

describe('live toasts', () => {
  it('of one game replace each other; another game keeps its own', async () => {
    // Both stand 1:0.
    const live = gameOf(1, 'Group', 'Live', 11);
    const other = gameOf(2, 'Group', 'Live', 11);
    fakeServer(sessionRoutes({ groups: [groupOf('anns-group-0123456789', 'Office league', ann.login)], games: [live, other] }));
    const given = await dashboardWithLiveChannel();
    act(() => given.onUpdates?.([{ entity: 'Game', id: 1, homeGoals: 2, awayGoals: 0 } as never]));
    expect(await screen.findByText('New score: Germany 2:0 Spain')).toBeDefined();
    act(() => given.onUpdates?.([{ entity: 'Game', id: 2, homeGoals: 1, awayGoals: 1 } as never]));
    act(() => given.onUpdates?.([{ entity: 'Game', id: 1, homeGoals: 3, awayGoals: 0 } as never]));
    expect(await screen.findByText('New score: Germany 3:0 Spain')).toBeDefined();
    expect(screen.queryByText('New score: Germany 2:0 Spain')).toBeNull();
    expect(screen.getByText('New score: Germany 1:1 Spain')).toBeDefined();
  });

  // A fresh player saw 'New score' for a corrected final result, seconds after the confetti of an
  // exact prediction the correction took away: nothing said it was a correction, nor why.
  it('of a finished game corrected say so, with the reason', async () => {
    const finished = gameOf(1, 'Group', 'Finished', 11);
    fakeServer(sessionRoutes({ groups: [groupOf('anns-group-0123456789', 'Office league', ann.login)], games: [finished] }));
    const given = await dashboardWithLiveChannel();
    const correction = { at: '2026-06-11T21:10:00Z', source: 'admin', reason: 'the second goal was offside' };
    act(() => given.onUpdates?.([{ entity: 'Game', id: 1, homeGoals: 2, awayGoals: 0, correction } as never]));
    expect(await screen.findByText('Result corrected: Germany 2:0 Spain (the second goal was offside)')).toBeDefined();
  });

  // A fresh fan went offline during a game; back online, the schedule caught up, but the result of
  // her exact prediction came without a word or confetti.
  it('of a game that finished while the channel was away are said when it is back', async () => {
    const live = gameOf(1, 'Group', 'Live', 11);
    const group = groupOf('anns-group-0123456789', 'Office league', ann.login);
    const predicted = { ...group, players: [{ ...group.players[0]!, predictions: [{ gameId: 1, homeGoals: 1, awayGoals: 0 }] }] };
    const routes = sessionRoutes({ groups: [predicted], games: [live] });
    fakeServer(routes);
    const given = await dashboardWithLiveChannel();
    await act(async () => given.onConnectionId?.('first'));
    await act(async () => given.onConnectionId?.(undefined));
    expect(screen.queryByText(/wins 1:0 against/)).toBeNull();
    fakeServer({ ...routes, 'GET /api/games': { body: [{ ...live, status: 'Finished' }] } });
    await act(async () => given.onConnectionId?.('back'));
    expect(await screen.findByText('Germany wins 1:0 against Spain. Your prediction was exact!')).toBeDefined();
    // Said once: a second reconnect reads the same finished game.
    await act(async () => given.onConnectionId?.('again'));
    expect(screen.getAllByText(/wins 1:0 against/)).toHaveLength(1);
  });

  // A fresh player switched to German while a goal's toast showed: it went on in English.
  it('speak the language the player switched to while they show', async () => {
    const live = gameOf(1, 'Group', 'Live', 11);
    fakeServer(sessionRoutes({ groups: [groupOf('anns-group-0123456789', 'Office league', ann.login)], games: [live] }));
    const given = await dashboardWithLiveChannel();
    act(() => given.onUpdates?.([{ entity: 'Game', id: 1, homeGoals: 2, awayGoals: 0 } as never]));
    expect(await screen.findByText('New score: Germany 2:0 Spain')).toBeDefined();
    act(() => given.store.set(userAtom, { ...ann, language: 'de' }));
    expect(await screen.findByText('Neuer Spielstand: Germany 2:0 Spain')).toBeDefined();
  });
});
