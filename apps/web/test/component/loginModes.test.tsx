// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { noticeAtom } from '../../src/state/notice.atoms';
import { userAtom } from '../../src/state/session.atoms';
import { ann, fakeServer, renderApp, sessionRoutes, startEachTestAfresh } from './renderApp';

// The login screen's modes (spec sections 2, 4 and 5): what each one sends and what the player is
// told, each test with a store of its own.

const PASSWORD = 'Secret!23';
const button = (name: string) => screen.getByRole('button', { name });
const fill = async (label: string, text: string) => userEvent.type(await screen.findByLabelText(label), text);

startEachTestAfresh();

describe('login mode', () => {
  it('logs in with the e-mail lower-cased, the password not sent as typed, and opens the dashboard', async () => {
    const server = fakeServer({ ...sessionRoutes(), 'POST /api/auth': { body: { status: 'Successful', token: 'session-token', user: ann } } });
    const { router, store } = renderApp('/login');
    await fill('E-mail', 'Ann@Example.com');
    await fill('Password', PASSWORD);
    await userEvent.click(button('Log in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const sent = server.sentTo('POST /api/auth')[0]?.body as { login: string; password: string };
    expect(sent.login).toBe('ann@example.com');
    expect(sent.password).not.toBe(PASSWORD);
    expect(store.get(userAtom)?.login).toBe(ann.login);
  });

  it('opens the page asked for before the login, not the schedule', async () => {
    fakeServer({ ...sessionRoutes(), 'POST /api/auth': { body: { status: 'Successful', token: 'session-token', user: ann } } });
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await fill('E-mail', ann.login);
    await fill('Password', PASSWORD);
    await userEvent.click(button('Log in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('a wrong password says so under the field and empties it', async () => {
    fakeServer({ 'POST /api/auth': { body: { status: 'Failed' } } });
    const { router } = renderApp('/login');
    await fill('E-mail', ann.login);
    await fill('Password', 'Wrong!23');
    await userEvent.click(button('Log in'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Wrong e-mail or password.');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe('/login');
  });

  // A typed address the server could not take (400) said 'the called link is invalid', of no link.
  it('an address the server refuses is a failed login, said under the field; too many attempts say so', async () => {
    fakeServer({ 'POST /api/auth': { status: 400, body: { error: 'invalid', field: 'login' } } });
    const { store } = renderApp('/login');
    await fill('E-mail', 'not-an-email');
    await fill('Password', 'x');
    await userEvent.click(button('Log in'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Wrong e-mail or password.');
    expect(store.get(noticeAtom)).toBeUndefined();
    cleanup();
    fakeServer({ 'POST /api/auth': { status: 429, body: { error: 'rateLimited' } } });
    const limited = renderApp('/login');
    await fill('E-mail', ann.login);
    await fill('Password', 'x');
    await userEvent.click(button('Log in'));
    await waitFor(() => expect(limited.store.get(noticeAtom)?.key).toBe('message.tooManyAttempts'));
  });

  /** Logs in with an account not activated yet, and waits for the message saying so. */
  async function logInNotActivated() {
    renderApp('/login');
    await fill('E-mail', ann.login);
    await fill('Password', PASSWORD);
    await userEvent.click(button('Log in'));
    expect(await screen.findByText(/Your account is not activated yet/)).toBeTruthy();
  }

  it('an account not activated yet is told so and can have its activation mail sent again', async () => {
    const server = fakeServer({ 'POST /api/auth': { body: { status: 'NotActivated' } }, 'POST /api/auth/register/sendmail': { body: { status: 'Successful' } } });
    await logInNotActivated();
    await userEvent.click(button('Send the activation e-mail again'));
    // Not the registration's "Registered!": the player registered long ago.
    const sent = await screen.findByText('Activation e-mail sent again. Check your e-mails, the spam folder too.');
    expect((server.sentTo('POST /api/auth/register/sendmail')[0]?.body as { login: string }).login).toBe(ann.login);
    // The message in place of the other takes the focus too (it was left on the page, unread).
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    expect(sent.closest('[role="dialog"]')).toBe(screen.getByRole('dialog'));
  });

  // Found by a fresh player: on a phone (no Escape key) the message had no way to close but the
  // resend, and covered the links to register and reset.
  it('the not-activated message closes with OK too, without resending', async () => {
    const server = fakeServer({ 'POST /api/auth': { body: { status: 'NotActivated' } } });
    await logInNotActivated();
    await userEvent.click(button('OK'));
    await waitFor(() => expect(screen.queryByText(/Your account is not activated yet/)).toBeNull());
    expect(server.sentTo('POST /api/auth/register/sendmail')).toHaveLength(0);
  });
});

describe('the mail server out of reach', () => {
  const mailUnavailable = { status: 503, body: { error: 'mailUnavailable' } };
  const told = 'Scorecast cannot send e-mails right now, so nothing was done. Please try again in a few minutes.';
  const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

  it('a registration is told to try again later, and the form keeps what was typed', async () => {
    fakeServer({ 'POST /api/auth/register': mailUnavailable });
    const { router, store } = renderApp('/login/register');
    await fill('E-mail', ann.login);
    await fill('Password', PASSWORD);
    await fill('Repeat password', PASSWORD);
    await userEvent.click(button('Register'));
    expect(await screen.findByText(told)).toBeTruthy();
    // Four lines on a German phone: it stays until closed (closing itself, it went by in 2 s).
    expect(store.get(noticeAtom)?.timerMs).toBeUndefined();
    expect(router.state.location.pathname).toBe('/login/register');
    expect([value('E-mail'), value('Password'), value('Repeat password')]).toEqual([ann.login, PASSWORD, PASSWORD]);
  });

  it('a reset request is told to try again later, in German too, the address kept', async () => {
    fakeServer({ 'POST /api/auth/password/reset/email': mailUnavailable });
    renderApp('/login/password/reset', { language: 'de' });
    await fill('E-Mail', ann.login);
    await userEvent.click(button('Link zum Zurücksetzen senden'));
    expect(await screen.findByText('Scorecast kann gerade keine E-Mails senden, daher ist nichts passiert. Bitte versuche es in ein paar Minuten noch einmal.')).toBeTruthy();
    expect(value('E-Mail')).toBe(ann.login);
  });

  it('an activation mail sent again is told to try again later, not that it failed', async () => {
    fakeServer({ 'POST /api/auth': { body: { status: 'NotActivated' } }, 'POST /api/auth/register/sendmail': mailUnavailable });
    renderApp('/login');
    await fill('E-mail', ann.login);
    await fill('Password', PASSWORD);
    await userEvent.click(button('Log in'));
    await userEvent.click(await screen.findByRole('button', { name: 'Send the activation e-mail again' }));
    expect(await screen.findByText(told)).toBeTruthy();
  });
});

describe('register mode', () => {
  it('refuses a weak password before asking the server', async () => {
    const server = fakeServer({});
    renderApp('/login/register');
    await fill('E-mail', ann.login);
    await fill('Password', 'secret');
    await fill('Repeat password', 'secret');
    await userEvent.click(button('Register'));
    expect(await screen.findByText('Password invalid: it needs an uppercase letter, a lowercase letter and a special character')).toBeTruthy();
    expect(server.sentTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('registers in the page language with a pending invitation, and asks to check the mail', async () => {
    sessionStorage.setItem('invitation', 'g-0123456789abcdef');
    const server = fakeServer({ 'POST /api/auth/register': { body: { status: 'Successful' } } });
    renderApp('/login/register');
    await fill('E-mail', ann.login);
    await fill('Password', PASSWORD);
    await fill('Repeat password', PASSWORD);
    await userEvent.click(button('Register'));
    expect(await screen.findByText('Registered! Check your e-mails to activate the account.')).toBeTruthy();
    expect(server.sentTo('POST /api/auth/register')[0]?.body).toMatchObject({ language: 'en', login: ann.login, invitation: 'g-0123456789abcdef' });
  });

  // A fresh player found the registration form still filled after it succeeded: Register again said the account exists.
  it('goes on to the login with the registered address once registered, the passwords not kept', async () => {
    fakeServer({ 'POST /api/auth/register': { body: { status: 'Successful' } } });
    const { router } = renderApp('/login/register');
    await fill('E-mail', ann.login);
    await fill('Password', PASSWORD);
    await fill('Repeat password', PASSWORD);
    await userEvent.click(button('Register'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(ann.login);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByLabelText('Repeat password')).toBeNull();
  });

  it('an address already registered is named in the message', async () => {
    fakeServer({ 'POST /api/auth/register': { body: { status: 'UserAlreadyExists' } } });
    renderApp('/login/register');
    await fill('E-mail', ann.login);
    await fill('Password', PASSWORD);
    await fill('Repeat password', PASSWORD);
    await userEvent.click(button('Register'));
    expect(await screen.findByText(`A user with the e-mail ${ann.login} already exists.`)).toBeTruthy();
  });
});

describe('reset-request mode', () => {
  it('asks for a reset link with the e-mail only, and says it is on its way', async () => {
    const server = fakeServer({ 'POST /api/auth/password/reset/email': { body: { status: 'Successful' } } });
    renderApp('/login/password/reset');
    await fill('E-mail', ann.login);
    await userEvent.click(button('Send reset link'));
    expect(await screen.findByText('A link to reset your password is in your e-mail.')).toBeTruthy();
    expect(server.sentTo('POST /api/auth/password/reset/email')[0]?.body).toEqual({ login: ann.login });
  });

  it('Back returns to the login mode', async () => {
    fakeServer({});
    const { router } = renderApp('/login/password/reset');
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Log in', level: 1 })).toBeTruthy();
  });
});

describe('reset mode', () => {
  it("changes the password with the link's session, then returns to the password login", async () => {
    const server = fakeServer({
      'POST /api/auth': { body: { status: 'Successful', token: 'reset-session', user: ann } },
      'POST /api/auth/password/change': { body: { status: 'Successful' } },
    });
    const { router } = renderApp(`/login?action=reset-password&login=${encodeURIComponent(ann.login)}&password=one-time-token`);
    expect(await screen.findByRole('heading', { name: 'New password', level: 1 })).toBeTruthy();
    await fill('Password', PASSWORD);
    await fill('Repeat password', PASSWORD);
    await userEvent.click(button('Reset password'));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
    expect(server.sentTo('POST /api/auth/password/change').map((request) => request.headers.get('Authorization'))).toEqual(['Bearer reset-session']);
  });

  it("leaves no session behind the login screen: the link's session is never stored and is logged out after the change", async () => {
    const server = fakeServer({
      'POST /api/auth': { body: { status: 'Successful', token: 'reset-session', user: ann } },
      'POST /api/auth/password/change': { body: { status: 'Successful' } },
      'GET /api/auth/logout': { body: {} },
    });
    const { router, store } = renderApp(`/login?action=reset-password&login=${encodeURIComponent(ann.login)}&password=one-time-token`);
    expect(await screen.findByRole('heading', { name: 'New password', level: 1 })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    await fill('Password', PASSWORD);
    await fill('Repeat password', PASSWORD);
    await userEvent.click(button('Reset password'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
    await waitFor(() => expect(server.sentTo('GET /api/auth/logout').map((request) => request.headers.get('Authorization'))).toEqual(['Bearer reset-session']));
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.get(userAtom)).toBeUndefined();
  });

  it("Back without a new password logs out the link's session too", async () => {
    const server = fakeServer({
      'POST /api/auth': { body: { status: 'Successful', token: 'reset-session', user: ann } },
      'GET /api/auth/logout': { body: {} },
    });
    renderApp(`/login?action=reset-password&login=${encodeURIComponent(ann.login)}&password=one-time-token`);
    expect(await screen.findByRole('heading', { name: 'New password', level: 1 })).toBeTruthy();
    await userEvent.click(button('Back'));
    expect(await screen.findByRole('heading', { name: 'Log in', level: 1 })).toBeTruthy();
    await waitFor(() => expect(server.sentTo('GET /api/auth/logout').map((request) => request.headers.get('Authorization'))).toEqual(['Bearer reset-session']));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('an activation link', () => {
  it('activates the account and opens the login with its address filled in', async () => {
    const server = fakeServer({ 'POST /api/auth/activate': { body: { status: 'Successful' } } });
    const { router } = renderApp('/login?action=activate-account&login=ann%40example.com&password=activation-token');
    expect(await screen.findByText(/activated/i)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
    expect(server.sentTo('POST /api/auth/activate')[0]?.body).toEqual({ login: ann.login, password: 'activation-token' });
    await waitFor(() => expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(ann.login));
  });
});

describe('unsubscribe mode', () => {
  it("unsubscribes the link's address with its token", async () => {
    const server = fakeServer({ 'POST /api/newsletter/unsubscribe': { body: {} } });
    renderApp('/login?action=unsubscribe&email=ann%40example.com&token=news-token');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed from the newsletter.')).toBeTruthy();
    expect(server.sentTo('POST /api/newsletter/unsubscribe')[0]?.body).toEqual({ email: ann.login, token: 'news-token' });
  });
});
