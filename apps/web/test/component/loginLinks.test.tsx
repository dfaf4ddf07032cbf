// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountDeletionAtom } from '../../src/state/account';
import { noticeAtom } from '../../src/state/notice.atoms';
import { userAtom } from '../../src/state/session.atoms';
import { ann, fakeServer, renderApp, sessionRoutes, startEachTestAfresh, storeOf } from './renderApp';


// Spec section 4, 'Login modes and link handling': what each mailed link does, in a fresh store each.

const link = (action: string) => `/login?action=${action}&login=${encodeURIComponent(ann.login)}&password=one-time-token`;
const heading = (name: string) => screen.findByRole('heading', { name, level: 1 });

startEachTestAfresh();

describe('an activation link', () => {
  it('activates the account and opens the password login with a success message', async () => {
    const server = fakeServer({ 'POST /api/auth/activate': { body: { status: 'Successful' } } });
    const { router } = renderApp(link('activate-account'));
    expect(await screen.findByText('Your account is activated. You can log in now.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
    expect(server.sentTo('POST /api/auth/activate')[0]?.body).toEqual({ login: ann.login, password: 'one-time-token' });
    expect(await heading('Log in')).toBeTruthy();
    // A fresh player had to type the address the link carried again, on a phone.
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(ann.login);
  });

  // An address registered twice before activation keeps no password: its owner was told to log in
  // with one the account did not have.
  it('of an account with no password yet says a mail to set one went out', async () => {
    fakeServer({ 'POST /api/auth/activate': { body: { status: 'Successful', passwordToSet: true } } });
    renderApp(link('activate-account'));
    expect(await screen.findByText('Your account is activated. We have sent you an e-mail with a link to set your password.')).toBeTruthy();
  });

  it('of an account already active warns and stays in login mode', async () => {
    fakeServer({ 'POST /api/auth/activate': { body: { status: 'UserAlreadyExists' } } });
    renderApp(link('activate-account'));
    expect(await screen.findByText('The account is already activated.')).toBeTruthy();
    expect(await heading('Log in')).toBeTruthy();
  });

  it('the server refuses says the link is invalid', async () => {
    fakeServer({ 'POST /api/auth/activate': { body: { status: 'Failed' } } });
    renderApp(link('activate-account'));
    expect(await screen.findByText('This link is invalid or has expired. Log in here, or have a new link sent.')).toBeTruthy();
  });
});

describe('a password reset link', () => {
  it('opens the reset mode for its account, without the token in the address', async () => {
    fakeServer({ 'POST /api/auth': { body: { status: 'Successful', token: 'reset-session', user: ann } } });
    const { router } = renderApp(link('reset-password'));
    expect(await heading('New password')).toBeTruthy();
    expect(screen.getByText(`For the account ${ann.login}`)).toBeTruthy();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(screen.getByLabelText('Repeat password')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  // Found by a fresh player: reloaded, the reset page fell back to the login form without a word,
  // and the link, used, was invalid when opened again.
  it('keeps the reset form through a reload of its tab, and sets the password with its session', async () => {
    const server = fakeServer({ 'POST /api/auth': { body: { status: 'Successful', token: 'reset-session', user: ann } }, 'POST /api/auth/password/change': { body: { status: 'Successful' } } });
    renderApp(link('reset-password'));
    expect(await heading('New password')).toBeTruthy();
    cleanup();
    renderApp('/login');
    expect(await heading('New password')).toBeTruthy();
    expect(screen.getByText(`For the account ${ann.login}`)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'Secret!23');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'Secret!23');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await heading('Log in')).toBeTruthy();
    expect(server.sentTo('POST /api/auth/password/change')[0]?.headers.get('authorization')).toBe('Bearer reset-session');
    // Done, the next reload is the login form again.
    cleanup();
    renderApp('/login');
    expect(await heading('Log in')).toBeTruthy();
  });

  it('of an account not activated yet says so and offers login', async () => {
    fakeServer({ 'POST /api/auth': { body: { status: 'NotActivated' } } });
    renderApp(link('reset-password'));
    expect(await screen.findByText(/Your account is not activated yet/)).toBeTruthy();
    expect(await heading('Log in')).toBeTruthy();
  });

  it('that the server refuses says the link is invalid and shows login mode', async () => {
    fakeServer({ 'POST /api/auth': { body: { status: 'Failed' } } });
    renderApp(link('reset-password'));
    expect(await screen.findByText('This link is invalid or has expired. Log in here, or have a new link sent.')).toBeTruthy();
    expect(await heading('Log in')).toBeTruthy();
  });
});

describe('an automatic login link', () => {
  it('logs in and opens the dashboard', async () => {
    fakeServer({ ...sessionRoutes(), 'POST /api/auth': { body: { status: 'Successful', token: 'session-token', user: ann } } });
    const { router, store } = renderApp(link('autologin'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.get(userAtom)?.login).toBe(ann.login);
    expect(store.get(accountDeletionAtom)).toBe(false);
  });

  // A player opened last day's reminder a day late and read that the link was invalid, as if they
  // had done something wrong: it lasts until the games it names kick off.
  it('that the server refuses says the reminder link has expired and shows login mode', async () => {
    fakeServer({ 'POST /api/auth': { body: { status: 'Failed' } } });
    const { store } = renderApp(link('autologin'));
    expect(await screen.findByText('This link from a reminder mail has expired. Log in to predict.')).toBeTruthy();
    // Read before it goes: it stays until closed.
    expect(store.get(noticeAtom)?.timerMs).toBeUndefined();
    expect(await heading('Log in')).toBeTruthy();
  });

  it('a delete-account link logs in and opens the deletion dialog on the dashboard', async () => {
    fakeServer({ ...sessionRoutes(), 'POST /api/auth': { body: { status: 'Successful', token: 'session-token', user: ann } } });
    const { router, store } = renderApp(link('delete-account'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.get(accountDeletionAtom)).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Delete account' })).toBeTruthy();
  });
});

describe('the login screen', () => {
  it('opens in the mode its path names', async () => {
    fakeServer({});
    renderApp('/login/register');
    expect(await heading('Register')).toBeTruthy();
    cleanup();
    renderApp('/login/password/reset');
    expect(await heading('Forgot password')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('an unsubscribe link opens the unsubscribe mode with the e-mail filled in', async () => {
    fakeServer({});
    renderApp('/login?action=unsubscribe&email=ann%40example.com&token=t');
    expect(await heading('Unsubscribe from the newsletter')).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ann@example.com');
  });

  it('an invitation link is kept for after the login and announced to the server', async () => {
    const server = fakeServer({ 'POST /api/groups/invitation/g-0123456789abcdef': { body: { groupName: 'Office league', invitorName: 'Bob' } } });
    renderApp('/login?invitation=g-0123456789abcdef');
    expect(await screen.findByText('Bob invites you to the group Office league. Log in or register to join.')).toBeTruthy();
    expect(sessionStorage.getItem('invitation')).toBe('g-0123456789abcdef');
    expect(server.sentTo('POST /api/groups/invitation/g-0123456789abcdef').length).toBeGreaterThan(0);
  });

  // A fresh player registered for a group that had no seat left, and learnt it only at Accept.
  it('an invitation to a full group says so before the newcomer registers', async () => {
    fakeServer({ 'POST /api/groups/invitation/g-0123456789abcdef': { body: { groupName: 'Office league', invitorName: 'Bob', isFull: true } } });
    renderApp('/login?invitation=g-0123456789abcdef');
    expect(await screen.findByText('Bob invites you to the group Office league, but it is full right now: ask Bob to make room before you join.')).toBeTruthy();
  });

  it("an invitation to a past tournament's group says it is over before the newcomer registers", async () => {
    fakeServer({ 'POST /api/groups/invitation/g-0123456789abcdef': { body: { groupName: 'Office league', invitorName: 'Bob', isOver: true } } });
    renderApp('/login?invitation=g-0123456789abcdef');
    expect(await screen.findByText('Bob invites you to the group Office league, but its tournament is over: nobody can join it any more.')).toBeTruthy();
  });

  it('an invitation link pasted with the full stop of its sentence is the invitation all the same', async () => {
    const server = fakeServer({ 'POST /api/groups/invitation/g-0123456789abcdef': { body: { groupName: 'Office league', invitorName: 'Bob' } } });
    renderApp('/login?invitation=g-0123456789abcdef.');
    expect(await screen.findByText('Bob invites you to the group Office league. Log in or register to join.')).toBeTruthy();
    expect(sessionStorage.getItem('invitation')).toBe('g-0123456789abcdef');
    expect(server.sentTo('POST /api/groups/invitation/g-0123456789abcdef').length).toBeGreaterThan(0);
  });

  // Found by a fresh player: the link of a group its creator had deleted opened a plain login, and
  // the registration's activation mail still carried it; nothing ever said the group was gone.
  it("an invitation to a group that is gone says so, and is kept from the registration", async () => {
    const server = fakeServer({
      'POST /api/groups/invitation/g-0123456789abcdef': { status: 404, body: { error: 'unknownGroup' } },
      'POST /api/auth/register': { body: { status: 'Successful' } },
    });
    renderApp('/login/register?invitation=g-0123456789abcdef');
    expect(await screen.findByText('The group of this invitation no longer exists. Ask for a new link.')).toBeTruthy();
    expect(sessionStorage.getItem('invitation')).toBeNull();
    expect(server.sentTo('POST /api/groups/invitation/g-0123456789abcdef').length).toBeGreaterThan(0);
  });

  // A fan: the group was deleted between the registration and the activation; its link's activation
  // message pushed the warning away, and the invitation was gone without a word.
  it('an activation link whose invitation is to a group that is gone says both, one after the other', async () => {
    fakeServer({
      'POST /api/groups/invitation/g-0123456789abcdef': { status: 404, body: { error: 'unknownGroup' } },
      'POST /api/auth/activate': { body: { status: 'Successful' } },
    });
    renderApp(`${link('activate-account')}&invitation=g-0123456789abcdef`);
    expect(await screen.findByText('The group of this invitation no longer exists. Ask for a new link.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Your account is activated. You can log in now.')).toBeTruthy();
  });

  it('an invitation to a group that is gone, opened while logged in, says so too', async () => {
    fakeServer({ ...sessionRoutes(), 'POST /api/groups/invitation/g-0123456789abcdef': { status: 404, body: { error: 'unknownGroup' } } });
    localStorage.setItem('token', 'session-token');
    const { router } = renderApp('/login?invitation=g-0123456789abcdef', { store: storeOf(ann) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('The group of this invitation no longer exists. Ask for a new link.')).toBeTruthy();
    expect(sessionStorage.getItem('invitation')).toBeNull();
  });

  it('a cut-off invitation link opened while logged in is said to be incomplete too, and not kept', async () => {
    fakeServer(sessionRoutes());
    localStorage.setItem('token', 'session-token');
    const { router } = renderApp('/login?invitation=4XCtSeRZkW', { store: storeOf(ann) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('This invitation link is incomplete. Ask for it to be sent again.')).toBeTruthy();
    expect(sessionStorage.getItem('invitation')).toBeNull();
  });

  // Found by a fresh player: an activation link opened in a browser where another player was logged
  // in landed on that player's schedule without a word, and the account stayed unactivated.
  it("an account's link opened while another player is logged in says to log out first", async () => {
    fakeServer(sessionRoutes());
    localStorage.setItem('token', 'session-token');
    for (const action of ['activate-account', 'reset-password']) {
      const { router } = renderApp(`/login?action=${action}&login=bob%40example.com&password=one-time-token`, { store: storeOf(ann) });
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByText('This link is for bob@example.com. Log out, then open it again.')).toBeTruthy();
      cleanup();
    }
  });

  it('a cut-off invitation link is said to be incomplete and kept from the registration, which works', async () => {
    const server = fakeServer({ 'POST /api/auth/register': { body: { status: 'Successful' } } });
    renderApp('/login/register?invitation=_XeICqQJ8dbO');
    expect(await screen.findByText('This invitation link is incomplete. Ask for it to be sent again.')).toBeTruthy();
    expect(sessionStorage.getItem('invitation')).toBeNull();
    expect(server.requests.filter((request) => request.path.startsWith('/api/groups/invitation'))).toEqual([]);
  });
});
