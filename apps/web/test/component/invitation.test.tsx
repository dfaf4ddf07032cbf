// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountDeletionAtom } from '../../src/state/account';
import { groupsAtom, selectedGroupIdAtom } from '../../src/state/session.atoms';
import { ann, fakeServer, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

// The invitation popup (spec sections 2 and 4): a pending invitation asks for a name in the group,
// then Accept or Refuse. Each test renders the app with a store of its own.

const bob = 'bob@example.com';
const bobsGroup = groupOf('bobs-group-0123456789', 'Five-a-side', bob, [bob]);
const invitation = { groupId: bobsGroup.id, groupName: bobsGroup.name, invitorName: 'Bob' };
const joined = { ...bobsGroup, players: [...bobsGroup.players, { login: ann.login, name: 'Annie', predictions: [], rank: 1, points: 0 }] };

const popup = () => screen.findByRole('dialog', { name: 'Invitation' });
const acceptButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Accept' }) as HTMLButtonElement;

startEachTestAfresh();

describe('a pending invitation', () => {
  it('names who invites to which group, and Accept waits for a valid name', async () => {
    fakeServer(sessionRoutes({ invitation }));
    renderApp('/', { store: storeOf(ann) });
    const dialog = await popup();
    expect(within(dialog).getByText('Bob invites you to the group Five-a-side.')).toBeTruthy();
    expect(acceptButton(dialog).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Your name in the group'), '   ');
    expect(acceptButton(dialog).disabled).toBe(true);
    await userEvent.clear(within(dialog).getByLabelText('Your name in the group'));
    await userEvent.type(within(dialog).getByLabelText('Your name in the group'), 'Annie');
    expect(acceptButton(dialog).disabled).toBe(false);
  });

  // A fresh player typed a name for a full group and heard it was full only after Accept.
  it('to a full group says so at once and asks for no name', async () => {
    fakeServer(sessionRoutes({ invitation: { ...invitation, isFull: true } }));
    renderApp('/', { store: storeOf(ann) });
    const dialog = await popup();
    expect(within(dialog).getByText(/Bob invites you to the group Five-a-side, but it is full right now/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Your name in the group')).toBeNull();
  });

  it("to a past tournament's group says it is over, and OK forgets it on the server", async () => {
    const server = fakeServer({ ...sessionRoutes({ invitation: { ...invitation, isOver: true } }), [`DELETE /api/groups/invitation/${bobsGroup.id}`]: { body: {} } });
    renderApp('/', { store: storeOf(ann) });
    const dialog = await popup();
    expect(within(dialog).getByText(/Bob invites you to the group Five-a-side, but its tournament is over/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Your name in the group')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invitation' })).toBeNull());
    expect(server.sentTo(`DELETE /api/groups/invitation/${bobsGroup.id}`)).toHaveLength(1);
  });

  it('accepted joins the group under the name given, selects it and opens its ranking', async () => {
    const server = fakeServer({ ...sessionRoutes({ invitation }), 'POST /api/groups/check': { body: { isValid: true } }, 'POST /api/groups/accept-invitation': { body: joined } });
    const store = storeOf(ann);
    const { router } = renderApp('/', { store });
    const dialog = await popup();
    await userEvent.type(within(dialog).getByLabelText('Your name in the group'), 'Annie');
    await userEvent.click(acceptButton(dialog));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
    expect(server.sentTo('POST /api/groups/accept-invitation')[0]?.body).toEqual({ groupId: bobsGroup.id, playerName: 'Annie' });
    expect(store.get(groupsAtom).map((group) => group.id)).toEqual([bobsGroup.id]);
    expect(store.get(selectedGroupIdAtom)).toBe(bobsGroup.id);
    expect(screen.queryByRole('dialog', { name: 'Invitation' })).toBeNull();
  });

  it('with a name the group already has says so and keeps Accept off', async () => {
    fakeServer({ ...sessionRoutes({ invitation }), 'POST /api/groups/check': { body: { isValid: false, playerNameError: 'playerNameTaken' } } });
    renderApp('/', { store: storeOf(ann) });
    const dialog = await popup();
    await userEvent.type(within(dialog).getByLabelText('Your name in the group'), 'Bob');
    expect(await within(dialog).findByText('This name is already taken in the group.')).toBeTruthy();
    expect(acceptButton(dialog).disabled).toBe(true);
  });

  // A fan: the creator deleted the group while the popup was open; Accept said only "Failed to accept the invitation."
  it.each([
    ['to a full group', 402, 'groupFull', 'The group is full: it has no free space.'],
    ['to a group deleted meanwhile', 404, 'unknownGroup', 'The group of this invitation no longer exists. Ask for a new link.'],
    ['for a player already in the most groups', 409, 'tooManyGroups', 'You already play in 50 groups of this tournament: the most one player may.'],
  ])('%s ends in a message saying so', async (_case, status, error, message) => {
    fakeServer({ ...sessionRoutes({ invitation }), 'POST /api/groups/check': { body: { isValid: true } }, 'POST /api/groups/accept-invitation': { status, body: { error } } });
    const store = storeOf(ann);
    renderApp('/', { store });
    const dialog = await popup();
    await userEvent.type(within(dialog).getByLabelText('Your name in the group'), 'Annie');
    await userEvent.click(acceptButton(dialog));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Invitation' })).toBeNull();
    expect(store.get(groupsAtom)).toEqual([]);
  });

  it('refused is forgotten on the server and the popup closes', async () => {
    const server = fakeServer({ ...sessionRoutes({ invitation }), [`DELETE /api/groups/invitation/${bobsGroup.id}`]: { body: {} } });
    renderApp('/', { store: storeOf(ann) });
    const dialog = await popup();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invitation' })).toBeNull());
    expect(server.sentTo(`DELETE /api/groups/invitation/${bobsGroup.id}`)).toHaveLength(1);
    expect(server.sentTo('POST /api/groups/accept-invitation')).toHaveLength(0);
  });

  it('waits while the account deletion dialog is open: one dialog at a time', async () => {
    fakeServer(sessionRoutes({ invitation }));
    const store = storeOf(ann);
    store.set(accountDeletionAtom, true);
    renderApp('/', { store });
    const deletion = await screen.findByRole('dialog', { name: 'Delete account' });
    expect(screen.queryByRole('dialog', { name: 'Invitation' })).toBeNull();
    await userEvent.click(within(deletion).getByRole('button', { name: 'Close' }));
    expect(await popup()).toBeTruthy();
  });

  it('opened before logging in is announced after it, and its popup opens then', async () => {
    sessionStorage.setItem('invitation', bobsGroup.id);
    let announced = false;
    const routes = sessionRoutes({ invitation });
    const server = fakeServer({
      ...routes,
      // The server knows of the invitation once it was announced.
      'GET /api/settings': () => (announced ? routes['GET /api/settings'] : sessionRoutes()['GET /api/settings']) as { body: unknown },
      [`POST /api/groups/invitation/${bobsGroup.id}`]: () => ((announced = true), { body: { groupName: bobsGroup.name, invitorName: 'Bob' } }),
    });
    renderApp('/', { store: storeOf(ann) });
    expect(within(await popup()).getByText('Bob invites you to the group Five-a-side.')).toBeTruthy();
    expect(server.sentTo(`POST /api/groups/invitation/${bobsGroup.id}`).length).toBeGreaterThan(0);
    expect(sessionStorage.getItem('invitation')).toBeNull();
  });
});
