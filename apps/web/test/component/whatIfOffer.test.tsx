// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    expect(screen.getAllByRole('button', { name: /^What if…\?/ })).toHaveLength(1);
  });

  // A keyboard player opened it and was left at the page's top; closing it did the same.
  it('takes the keyboard in when opened and gives it back to its button when closed', async () => {
    const game = gameOf(1, 'Group', 'Scheduled', 11);
    const group = groupOf('anns-group-0123456789', 'Office league', ann.login, [ann.login, 'bob@example.com']);
    fakeServer(sessionRoutes({ groups: [group], games: [game] }));
    localStorage.setItem('token', 'session-token');
    renderApp('/', { store: storeOf(ann) });
    const opener = await screen.findByRole('button', { name: /^What if…\? .+ against .+$/ }, { timeout: 15_000 });
    await userEvent.click(opener);
    const panel = await screen.findByRole('region', { name: 'What if…?' }, { timeout: 15_000 });
    await waitFor(() => expect(document.activeElement).toBe(panel));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'What if…?' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^What if…\?/ }));
  });
});
