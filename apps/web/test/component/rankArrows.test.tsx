// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ann, fakeServer, gameOf, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

startEachTestAfresh();

describe('the rank arrows under a game', () => {
  it('show a player who had not predicted the first game dropping from the level start', async () => {
    const opener = gameOf(1, 'Group', 'Finished', 11);
    const group = groupOf('anns-group-0123456789', 'Office league', ann.login, [ann.login, 'bob@example.com']);
    const bob = { ...group.players[1]!, predictions: [{ gameId: 1, homeGoals: 1, awayGoals: 0, accuracy: 'exact' as const, points: 5, rank: 1 }], rank: 1, points: 5 };
    fakeServer(sessionRoutes({ groups: [{ ...group, players: [{ ...group.players[0]!, rank: 2 }, bob] }], games: [opener] }));
    localStorage.setItem('token', 'session-token');
    renderApp('/', { store: storeOf(ann) });
    const annRow = (await screen.findByRole('cell', { name: 'ann' }, { timeout: 15_000 })).closest('tr')!;
    expect(within(annRow).getByText('down')).toBeTruthy();
    expect(annRow.textContent).toContain('2.');
    const bobRow = screen.getByRole('cell', { name: 'bob' }).closest('tr')!;
    expect(within(bobRow).getByText('unchanged')).toBeTruthy();
  });
});
