// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { themeClassOf } from '@scorecast/ui';
import { describe, expect, it } from 'vitest';
import { deviceLanguage } from '../../src/state/device';
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

describe('the language of this device', () => {
  it('chosen on the login screen is the one a reload opens with', async () => {
    fakeServer({});
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { name: 'Anmelden', level: 1 })).toBeTruthy();
    // What the page's start reads before the first render.
    expect(deviceLanguage()).toBe('de');
  });

  it('of the player last logged in stays after a logout', async () => {
    const german = { ...ann, language: 'de' as const };
    fakeServer({ ...sessionRoutes({ user: german }) });
    localStorage.setItem('token', 'session-token');
    renderApp('/settings', { store: storeOf(german) });
    await screen.findByRole('heading', { name: 'Einstellungen', level: 1 });
    expect(deviceLanguage()).toBe('de');
  });
});
