// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LiveChannelOptions } from '@scorecast/api-client/live';
import { liveChannelMakerAtom } from '../../src/state/live';
import { userAtom } from '../../src/state/session.atoms';
import { ann, fakeServer, gameOf, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

// Spec section 8: a session that ended on the server (password changed in another browser, logout
// elsewhere) ends on this page too, as a logout would, instead of a schedule that can no longer save.

startEachTestAfresh();

const group = groupOf('anns-group-0123456789', 'Office league', ann.login);
const SESSION_ENDED = 'Your session has ended (the password was changed, or it was not used for a long time). Please log in again.';

/** Renders a logged-in page (the dashboard unless told) and hands over what the app gave its live channel. */
async function dashboardWithChannel(path = '/') {
  localStorage.setItem('token', 'session-token');
  const store = storeOf(ann);
  let given: LiveChannelOptions | undefined;
  const idle = { start: () => Promise.resolve(), stop: () => Promise.resolve(), subscribe: () => () => undefined, connectionId: undefined };
  store.set(liveChannelMakerAtom, { make: (options) => ((given = options), Promise.resolve(idle)) });
  const rendered = renderApp(path, { store });
  await waitFor(() => expect(given).toBeDefined());
  return { ...rendered, options: given! };
}

describe('a page whose session ended elsewhere', () => {
  it('forgets the token and the player and goes to the login, as a logout does', async () => {
    fakeServer(sessionRoutes({ groups: [group], games: [gameOf(1, 'Group', 'Scheduled', 11)] }));
    const { options, router, store } = await dashboardWithChannel();
    await screen.findByText('Office league');
    options.onSessionEnded?.('sessionEnded');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect([localStorage.getItem('token'), store.get(userAtom)]).toEqual([null, undefined]);
    // A fresh player landed on the login with no word of why.
    expect(await screen.findByText(SESSION_ENDED)).toBeTruthy();
  });

  // A fan deleted the account in one tab; the other told of a changed password or a long unused session.
  it('whose account was deleted in another tab says the account was deleted', async () => {
    fakeServer(sessionRoutes({ groups: [group], games: [gameOf(1, 'Group', 'Scheduled', 11)] }));
    const { options, router } = await dashboardWithChannel();
    await screen.findByText('Office league');
    options.onSessionEnded?.('accountDeleted');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
    expect(screen.queryByText(SESSION_ENDED)).toBeNull();
  });

  it('tells the channel that the session is gone only when the server refuses the token', async () => {
    let refused = false;
    const routes = sessionRoutes({ groups: [group] });
    fakeServer({ ...routes, 'GET /api/auth': () => (refused ? { status: 401, body: { error: 'unauthorized' } } : (routes['GET /api/auth'] as { body: unknown })) });
    const { options } = await dashboardWithChannel();
    expect(await options.sessionHolds?.()).toBe(true);
    refused = true;
    expect(await options.sessionHolds?.()).toBe(false);
  });

  it('keeps the session while the server cannot be reached', async () => {
    const routes = sessionRoutes({ groups: [group] });
    fakeServer({ ...routes, 'GET /api/auth': { status: 503, body: { error: 'unavailable' } } });
    const { options } = await dashboardWithChannel();
    expect(await options.sessionHolds?.()).toBe(true);
  });

  // A fresh player logged out in the settings and was told their session had ended, maybe by a
  // password change: the server closes the page's live channel for the logout, often before it answers.
  it('says nothing of it when the player logged out on this page', async () => {
    const channel: { options?: LiveChannelOptions } = {};
    fakeServer({
      ...sessionRoutes({ groups: [group] }),
      'GET /api/auth/logout': () => {
        channel.options?.onSessionEnded?.('sessionEnded');
        return { body: {} };
      },
    });
    const { options, router } = await dashboardWithChannel('/settings');
    channel.options = options;
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByText(SESSION_ENDED)).toBeNull();
  });
});
