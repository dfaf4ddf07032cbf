// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ann, fakeServer, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

startEachTestAfresh();

// A fresh player changed the password and was back on the settings without a word.
describe('changing the password', () => {
  it('says it was changed, back on the settings', async () => {
    const server = fakeServer({ ...sessionRoutes(), 'POST /api/auth/password/change': { body: { status: 'Successful' } } });
    const { router } = renderApp('/settings/change-password', { store: storeOf(ann) });
    await userEvent.type(await screen.findByLabelText('New password'), 'Better!234');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'Better!234');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(server.sentTo('POST /api/auth/password/change')).toHaveLength(1);
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
  });
});
