// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ann, fakeServer, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';

startEachTestAfresh();

// Every page was titled 'Scorecast': tabs, the history and screen readers could not tell them apart.
describe("a page's title", () => {
  it('names the login mode, in the language of the page', async () => {
    fakeServer({});
    renderApp('/login/register', { language: 'de' });
    await waitFor(() => expect(document.title).toBe('Registrieren · Scorecast'));
  });

  it('names the mode the login screen shows, whatever path or link led there', async () => {
    fakeServer({});
    renderApp('/login/password');
    await waitFor(() => expect(document.title).toBe('Log in · Scorecast'));
    cleanup();
    renderApp('/login?action=unsubscribe&email=ann%40example.com&token=t0123456789');
    await waitFor(() => expect(document.title).toBe('Unsubscribe from the newsletter · Scorecast'));
  });

  it('follows the player from page to page', async () => {
    fakeServer(sessionRoutes());
    localStorage.setItem('token', 'session-token');
    renderApp('/', { store: storeOf(ann) });
    await waitFor(() => expect(document.title).toBe('Schedule · Scorecast'), { timeout: 15_000 });
    // The schedule shows no title, but screen readers find the page by its heading.
    expect(screen.getByRole('heading', { name: 'Schedule', level: 1 })).toBeTruthy();
    await userEvent.click(await screen.findByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(document.title).toBe('Settings · Scorecast'));
  });
});
