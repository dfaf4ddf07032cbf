// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountDeletionAtom } from '../../src/state/account';
import { ann, fakeServer, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';


// Spec section 2's route table: who may open which page, each test with a store of its own.

const bob = 'bob@example.com';
const annsGroup = groupOf('anns-group-0123456789', 'Office league', ann.login, [ann.login, bob]);
const bobsGroup = groupOf('bobs-group-0123456789', 'Five-a-side', bob, [bob, ann.login]);

startEachTestAfresh();

describe('an anonymous visitor', () => {
  it('is sent from the dashboard to the login, keeping the query', async () => {
    const server = fakeServer({});
    const { router } = renderApp('/ranking?invitation=g-0123456789abcdef');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ invitation: 'g-0123456789abcdef' });
    expect(server.sentTo('GET /api/groups')).toHaveLength(0);
  });

  it('at an unknown login sub-path lands on its parent', async () => {
    fakeServer({});
    const { router } = renderApp('/login/nowhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    cleanup();
    const second = renderApp('/login/password/nowhere');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/login/password'));
    // Found by a fresh player: these landed on /login.
    for (const [path, parent] of [
      ['/login/register/nowhere', '/login/register'],
      ['/login/password/reset/nowhere/further', '/login/password/reset'],
    ] as const) {
      cleanup();
      const shown = renderApp(path);
      await waitFor(() => expect(shown.router.state.location.pathname, path).toBe(parent));
    }
  });
});

describe('a logged-in player', () => {
  it('opening a login page goes to the dashboard', async () => {
    fakeServer(sessionRoutes({ groups: [annsGroup] }));
    const { router } = renderApp('/login/register', { store: storeOf(ann) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('with a delete-account link goes to the dashboard with the deletion dialog open', async () => {
    fakeServer(sessionRoutes({ groups: [annsGroup] }));
    const { router, store } = renderApp('/login?action=delete-account&login=ann%40example.com&password=x', { store: storeOf(ann) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.get(accountDeletionAtom)).toBe(true);
  });

  it("opens the edit form of their own group", async () => {
    fakeServer(sessionRoutes({ groups: [annsGroup, bobsGroup] }));
    const { router } = renderApp(`/group/${annsGroup.id}`, { store: storeOf(ann) });
    expect(await screen.findByRole('heading', { name: 'Edit group' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/group/${annsGroup.id}`);
    expect((screen.getByLabelText('Group name') as HTMLInputElement).value).toBe('Office league');
  });

  it("is sent from the edit form of another player's group to the ranking", async () => {
    fakeServer(sessionRoutes({ groups: [annsGroup, bobsGroup] }));
    const { router } = renderApp(`/group/${bobsGroup.id}`, { store: storeOf(ann) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
    expect(screen.queryByRole('heading', { name: 'Edit group' })).toBeNull();
  });

  it('is sent from an unknown group, and from any deeper /group path, to the create form', async () => {
    fakeServer(sessionRoutes({ groups: [annsGroup] }));
    const { router } = renderApp('/group/no-such-group-0123456', { store: storeOf(ann) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/create'));
    expect(await screen.findByRole('heading', { name: 'Create group' })).toBeTruthy();
    // A bookmark of a group deleted since opened an empty form without a word.
    expect(await screen.findByText('This group no longer exists, or you are not in it.')).toBeTruthy();
    cleanup();
    const deeper = renderApp(`/group/${annsGroup.id}/more`, { store: storeOf(ann) });
    await waitFor(() => expect(deeper.router.state.location.pathname).toBe('/group/create'));
  });

  it('whose settings cannot be loaded sees no connection, and a retry that reaches the server opens the page', async () => {
    let serverUp = false;
    const routes = sessionRoutes({ groups: [annsGroup] });
    fakeServer({ ...routes, 'GET /api/settings': () => (serverUp ? (routes['GET /api/settings'] as { body: unknown }) : { status: 503, body: { error: 'unavailable' } }) });
    renderApp('/ranking', { store: storeOf(ann) });
    expect(await screen.findByText('No connection to server')).toBeTruthy();
    serverUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('No connection to server')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Office league' })).toBeTruthy();
  });

  it('at an unknown path lands on the dashboard', async () => {
    fakeServer(sessionRoutes({ groups: [annsGroup] }));
    const { router } = renderApp('/no/such/page', { store: storeOf(ann) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
