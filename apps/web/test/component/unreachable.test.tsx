// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { restoreSession } from '../../src/state/account';
import { RETRY_FIRST_MS } from '../../src/state/retry';
import { ann, fakeServer, renderApp, sessionRoutes, startEachTestAfresh, storeOf, type Answer } from './renderApp';

// A fresh player with the server out of reach: a reload sent them to the login as if logged out,
// and "Log in" did nothing they could see. Spec sections 2 and 8: the app says it has no connection.

startEachTestAfresh();

const DOWN: Answer = { status: 503, body: { error: 'databaseUnavailable' } };
const NO_CONNECTION = 'Scorecast cannot reach its server right now. Check your internet connection and try again.';

/** A session held at a reload while the server answered 503; it answers again once `up` is set. */
async function sessionHeldWhileDown() {
  const server = { up: false, store: storeOf() };
  const routes = sessionRoutes();
  const auth = routes['GET /api/auth'] as Answer;
  fakeServer({ ...routes, 'GET /api/auth': () => (server.up ? auth : DOWN) });
  localStorage.setItem('token', 'session-token');
  await restoreSession(server.store);
  return server;
}

describe('the server out of reach', () => {
  it('at a reload keeps the session and offers to try again, which opens the page asked for once the server is back', async () => {
    const server = await sessionHeldWhileDown();
    const { router } = renderApp('/ranking', { store: server.store });
    expect(await screen.findByText(NO_CONNECTION)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(localStorage.getItem('token')).toBe('session-token');

    server.up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ranking'));
  });

  // Back online in a tunnel's exit, the one try at the online event found no network yet, and the
  // page said it had no connection until the player found the button.
  it('asks again by itself while it says so, and opens the page asked for once the server answers', async () => {
    const server = await sessionHeldWhileDown();
    const { router } = renderApp('/ranking', { store: server.store });
    expect(await screen.findByText(NO_CONNECTION)).toBeDefined();
    server.up = true;
    await waitFor(() => expect(screen.queryByText(NO_CONNECTION)).toBeNull(), { timeout: RETRY_FIRST_MS + 2_000 });
    expect(router.state.location.pathname).toBe('/ranking');
  });

  it('at a reload on the login page tries again by itself once the browser is back online', async () => {
    const server = await sessionHeldWhileDown();
    const { router } = renderApp('/login', { store: server.store });
    expect(await screen.findByText(NO_CONNECTION)).toBeDefined();
    server.up = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByText(NO_CONNECTION)).toBeNull());
  });

  it('at a reload on the login page asks again by itself while the server cannot be reached, and opens the app once it answers', async () => {
    const server = await sessionHeldWhileDown();
    const { router } = renderApp('/login', { store: server.store });
    expect(await screen.findByText(NO_CONNECTION)).toBeDefined();
    server.up = true;
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: RETRY_FIRST_MS + 2_000 });
    await waitFor(() => expect(screen.queryByText(NO_CONNECTION)).toBeNull());
  });

  it('at a reload with a token the server refuses, forgets it and asks to log in', async () => {
    fakeServer({ ...sessionRoutes(), 'GET /api/auth': { status: 401, body: { error: 'unauthorized' } } });
    localStorage.setItem('token', 'revoked-token');
    const store = storeOf();
    await restoreSession(store);
    renderApp('/ranking', { store });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Your session has ended (the password was changed, or it was not used for a long time). Please log in again.')).toBeDefined();
  });

  it('at the login says so', async () => {
    fakeServer({ 'POST /api/auth': DOWN });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), ann.login);
    await userEvent.type(screen.getByLabelText('Password'), 'Secret!23');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(NO_CONNECTION)).toBeDefined();
  });
});
