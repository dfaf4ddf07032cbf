// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ann, dashboardWithLiveChannel, fakeServer, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

// A fresh player left a group and landed on an empty form without a word; a member whose group its
// creator deleted saw it vanish from the page, also without a word.

startEachTestAfresh();

const bobs = groupOf('bobs-group-0123456789', 'Stammtisch', 'bob@example.com', ['bob@example.com', ann.login]);
const anns = groupOf('anns-group-0123456789', 'Office league', ann.login);

describe('a group gone', () => {
  it('by leaving it says so', async () => {
    fakeServer({ ...sessionRoutes({ groups: [bobs] }), [`POST /api/groups/${bobs.id}/leave`]: { body: {} } });
    localStorage.setItem('token', 'session-token');
    renderApp('/ranking', { store: storeOf(ann) });
    await userEvent.click(await screen.findByLabelText('Yes, I want to leave this group'));
    await userEvent.click(screen.getByRole('button', { name: 'Leave group' }));
    expect(await screen.findByText('You left the group Stammtisch.')).toBeDefined();
  });

  // A fresh player scrolled down to leave, and was left at the bottom of the next group's ranking.
  it("by leaving it shows the next group's ranking from the top", async () => {
    fakeServer({ ...sessionRoutes({ groups: [bobs, anns] }), [`POST /api/groups/${bobs.id}/leave`]: { body: {} } });
    localStorage.setItem('token', 'session-token');
    const store = storeOf(ann);
    renderApp('/ranking', { store });
    await userEvent.click(await screen.findByLabelText('Yes, I want to leave this group'));
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await userEvent.click(screen.getByRole('button', { name: 'Leave group' }));
    expect(await screen.findByText('You left the group Stammtisch.')).toBeDefined();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('by its creator deleting it says so to a member watching', async () => {
    fakeServer(sessionRoutes({ groups: [anns, bobs] }));
    const given = await dashboardWithLiveChannel();
    act(() => given.onUpdates?.([{ entity: 'Group', id: bobs.id, _action: 'DELETE', deleted: true }]));
    expect(await screen.findByText('The group Stammtisch was deleted.')).toBeDefined();
  });

  it('by being removed from it, or leaving it in another tab, says the player is no longer in it', async () => {
    fakeServer(sessionRoutes({ groups: [anns, bobs] }));
    const given = await dashboardWithLiveChannel();
    act(() => given.onUpdates?.([{ entity: 'Group', id: bobs.id, _action: 'DELETE' }]));
    expect(await screen.findByText('You are no longer in the group Stammtisch.')).toBeDefined();
  });
});
