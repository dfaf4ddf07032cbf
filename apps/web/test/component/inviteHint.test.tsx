// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    expect(screen.getByRole('link', { name: 'Invite friends' }).getAttribute('href')).toBe('/ranking');
  });

  it('leaves a group of five alone once the tournament runs', async () => {
    const logins = [ann.login, 'bob@example.com', 'cy@example.com', 'dee@example.com', 'eve@example.com'];
    await dashboard(groupOf('anns-group-0123456789', 'Office league', ann.login, logins), [gameOf(1, 'Group', 'Live', 11), gameOf(2, 'Group', 'Scheduled', 12)]);
    expect(screen.queryByText(/Invite your friends|Invite more friends/)).toBeNull();
  });
});
