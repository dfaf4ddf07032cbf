// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ann, fakeServer, gameOf, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

startEachTestAfresh();

describe("the 'What if…?' under a game", () => {
  // A fresh player opened it under 'Runner-up group A – Runner-up group B' and was offered a 0:0
  // for a game nobody can predict yet.
  it('is offered under a game to come whose teams are known, not under one still naming placeholders', async () => {
    const known = gameOf(1, 'Group', 'Scheduled', 11);
    const placeholders = { ...gameOf(2, 'Last32', 'Scheduled', 28), homeTeam: '2A', awayTeam: '2B' };
    const group = groupOf('anns-group-0123456789', 'Office league', ann.login, [ann.login, 'bob@example.com']);
    fakeServer(sessionRoutes({ groups: [group], games: [known, placeholders] }));
    localStorage.setItem('token', 'session-token');
    renderApp('/', { store: storeOf(ann) });
    await screen.findAllByText(/Runner-up group/, undefined, { timeout: 15_000 });
    expect(screen.getAllByRole('button', { name: 'What if…?' })).toHaveLength(1);
  });
});
