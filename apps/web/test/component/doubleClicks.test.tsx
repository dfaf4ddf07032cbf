// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ann, fakeServer, groupOf, renderApp, sessionRoutes, startEachTestAfresh, storeOf, type Answer } from './renderApp';

// A fresh player double-clicked "Create group" and "Delete account": the first request went
// through, the second was refused, and the app said the action had failed. One click's worth is sent.

startEachTestAfresh();

/** An answer held back until `release` is called, as a slow network holds it. */
function heldBack() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, after: async (answer: Answer) => (await released, answer) };
}

describe('a double click', () => {
  it('creates one group and says nothing failed', async () => {
    const group = groupOf('new-group-0123456789ab', 'Stammtisch', ann.login);
    const held = heldBack();
    let created = 0;
    const server = fakeServer({
      ...sessionRoutes({ groups: [groupOf('anns-group-0123456789', 'Office league', ann.login)] }),
      'POST /api/groups/check': { body: { isValid: true } },
      // As the server does: the second group of the name is refused.
      'POST /api/groups': () => (created++ === 0 ? held.after({ body: { id: group.id, group } }) : { status: 400, body: { error: 'groupNameTaken', field: 'name' } }),
    });
    const { router } = renderApp('/group/create', { store: storeOf(ann) });
    await screen.findByRole('heading', { name: 'Create group' });
    await userEvent.type(screen.getByLabelText('Group name'), 'Stammtisch');
    await userEvent.type(screen.getByLabelText('Your name in the group'), 'Ann');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Create group' }));
    held.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
    expect(server.sentTo('POST /api/groups')).toHaveLength(1);
    expect(screen.queryByText('Failed to create the group.')).toBeNull();
  });

  it('deletes the account once and says it is deleted', async () => {
    const held = heldBack();
    let deleted = 0;
    const server = fakeServer({
      ...sessionRoutes(),
      // The second call's session is gone with the account.
      'DELETE /api/players': () => (deleted++ === 0 ? held.after({ body: {} }) : { status: 401, body: { error: 'unauthorized' } }),
    });
    const { router } = renderApp('/settings', { store: storeOf(ann) });
    await userEvent.click(await screen.findByLabelText('Yes, delete my account'));
    await userEvent.click(screen.getByLabelText('I understand that this cannot be undone'));
    await userEvent.dblClick(screen.getByRole('button', { name: 'Delete account' }));
    held.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.sentTo('DELETE /api/players')).toHaveLength(1);
    expect(await screen.findByText('Your account has been deleted.')).toBeDefined();
    expect(screen.queryByText('Failed to delete the account.')).toBeNull();
  });
});
