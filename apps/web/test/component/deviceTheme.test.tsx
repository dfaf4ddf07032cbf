// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { themeClassOf } from '@scorecast/ui';
import { describe, expect, it } from 'vitest';
import { ann, fakeServer, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

startEachTestAfresh();

describe('the theme of this device', () => {
  it('stays on the login screen after a logout, as the player last set it', async () => {
    const dark = { ...ann, theme: 'Dark' as const };
    fakeServer({ ...sessionRoutes({ user: dark }), 'GET /api/auth/logout': { body: {} } });
    localStorage.setItem('token', 'session-token');
    const { router, container } = renderApp('/settings', { store: storeOf(dark) });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Log in', level: 1 })).toBeTruthy();
    expect(container.firstElementChild?.className).toBe(themeClassOf('Dark'));
  });
});
