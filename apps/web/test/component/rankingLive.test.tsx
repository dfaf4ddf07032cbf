// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ann, fakeServer, gameOf, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';
import { gamesAtom } from '../../src/state/session.atoms';

startEachTestAfresh();

// A fresh fan watched the ranking's order move during a game with nothing saying the points were
// not final yet.
describe('the ranking while games are played', () => {
  it('says its points count the current scores, and says nothing once they are over', async () => {
    const group = groupOf('anns-group-0123456789', 'Office league', ann.login);
    const games = [gameOf(1, 'Group', 'Live', 11), gameOf(2, 'Group', 'Live', 11), gameOf(3, 'Group', 'Scheduled', 12)];
    fakeServer(sessionRoutes({ groups: [group], games }));
    localStorage.setItem('token', 'session-token');
    const store = storeOf(ann);
    renderApp('/ranking', { store });
    expect(await screen.findByText('The points count the current scores of the 2 games being played and may still change.', {}, { timeout: 15_000 })).toBeTruthy();
    act(() => store.set(gamesAtom, [gameOf(1, 'Group', 'Finished', 11), gameOf(2, 'Group', 'Finished', 11), games[2]!]));
    expect(screen.queryByText(/games being played/)).toBeNull();
  });
});
