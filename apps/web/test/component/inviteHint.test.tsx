// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Game, Group } from '@scorecast/api-client';
import { ann, fakeServer, gameOf, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

// Spec section 2, Dashboard: invite hints ('predicting alone is no fun', remaining players to
// invite, 'invite more friends'). A fresh player alone in a group found them only on the ranking.

startEachTestAfresh();

const ALONE = 'Predicting alone is no fun. Invite your friends!';

async function dashboard(group: Group, games: Game[]) {
  fakeServer({
    ...sessionRoutes({ groups: [group], games }),
    'GET /api/version': { body: { version: 'test', name: 'Scorecast', language: 'en', serverTime: '2026-06-01T12:00:00Z' } },
  });
  localStorage.setItem('token', 'session-token');
  renderApp('/', { store: storeOf(ann) });
  await screen.findByText(group.name);
}

describe('the dashboard invite hint', () => {
  it('tells a player alone in the group to invite friends, with the places left', async () => {
    await dashboard({ ...groupOf('anns-group-0123456789', 'Office league', ann.login), maxPlayers: 20 }, [gameOf(1, 'Group', 'Scheduled', 11)]);
    expect(await screen.findByText(ALONE)).toBeDefined();
    expect(screen.getByText('19 more players can join.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Invite friends' }).getAttribute('href')).toBe('/ranking#invite');
  });

  // Found by a fresh player: the link opened the ranking at its top, the invitation far below the fold.
  it('opens the ranking at its invitation', async () => {
    const scrolledTo: Element[] = [];
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolledTo.push(this);
    });
    onTestFinished(() => spy.mockRestore());
    await dashboard({ ...groupOf('anns-group-0123456789', 'Office league', ann.login), maxPlayers: 20 }, [gameOf(1, 'Group', 'Scheduled', 11)]);
    await userEvent.click(await screen.findByRole('link', { name: 'Invite friends' }));
    const invitation = await screen.findByRole('heading', { name: 'Invite friends', level: 2 });
    await waitFor(() => expect(scrolledTo.some((element) => element.contains(invitation))).toBe(true));
  });

  it('leaves a group of five alone once the tournament runs', async () => {
    const logins = [ann.login, 'bob@example.com', 'cy@example.com', 'dee@example.com', 'eve@example.com'];
    await dashboard(groupOf('anns-group-0123456789', 'Office league', ann.login, logins), [gameOf(1, 'Group', 'Live', 11), gameOf(2, 'Group', 'Scheduled', 12)]);
    expect(screen.queryByText(/Invite your friends|Invite more friends/)).toBeNull();
  });

  // A fan after the World Cup: 'Predicting alone is no fun', 'You can still reach 0 points', and
  // an invitation on the ranking, with every game played.
  it('says nothing of inviting once every game is played, and gives the final standing', async () => {
    await dashboard({ ...groupOf('anns-group-0123456789', 'Office league', ann.login), maxPlayers: 20 }, [gameOf(1, 'Group', 'Finished', 11), gameOf(2, 'Final', 'Finished', 12)]);
    expect(await screen.findByText(/^The tournament is over: you finished at rank 1 with \d+ points?\.$/)).toBeDefined();
    expect(screen.queryByText(ALONE)).toBeNull();
    expect(screen.queryByText(/still reach/)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Ranking' }));
    expect(await screen.findByRole('button', { name: 'Delete group' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Invite friends' })).toBeNull();
  });
});
