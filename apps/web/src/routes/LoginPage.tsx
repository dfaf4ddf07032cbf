import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { encryptPassword, invitationOf, isApiError, isMailUnavailableError, type User } from '@scorecast/api-client';
import { LoginBox, NoConnection, type LoginCredentials, type LoginMode } from '@scorecast/ui';
import { api } from '../api';
import { accountDeletionAtom, restoreSession, unconfirmedSessionAtom } from '../state/account';
import { MAIL_UNAVAILABLE, notify, REMINDER_LINK_EXPIRED } from '../state/notice.atoms';
import { oneAtATime } from '../state/oneAtATime';
import { userAtom, type AppStore } from '../state/session.atoms';
import { retryWithBackoff } from '../state/retry';
import { AFTER_LOGIN_KEY, announceInvitation, INVITATION_KEY } from '../state/invitation';
import { dashboardSearch } from './dashboardSearch';
import { pageTitle } from './pageTitle';

const MODE_OF_PATH: Record<string, LoginMode> = { '/login': 'login', '/login/password': 'login', '/login/password/reset': 'resetRequest', '/login/register': 'register' };
const LINK_ACTIONS = ['activate-account', 'reset-password', 'autologin', 'delete-account'] as const;

/** A reset link's session: kept for its tab alone, so a reload keeps the reset form; closing the tab ends it. */
const RESET_LINK_KEY = 'resetLink';
type ResetLink = { login: string; token: string };

function heldResetLink(): ResetLink | undefined {
  try {
    const held: unknown = JSON.parse(sessionStorage.getItem(RESET_LINK_KEY) ?? 'null');
    if (typeof held !== 'object' || held === null || !('login' in held) || !('token' in held)) return undefined;
    return typeof held.login === 'string' && typeof held.token === 'string' ? { login: held.login, token: held.token } : undefined;
  } catch {
    return undefined;
  }
}

/** The mode of the login screen at a path: the reset form while a reset link's session is held. */
function modeAt(pathname: string, search: Record<string, string | undefined>, resetLink: ResetLink | undefined): LoginMode {
  if (search.action === 'unsubscribe') return 'unsubscribe';
  if (resetLink && pathname === '/login') return 'reset';
  return MODE_OF_PATH[pathname] ?? 'login';
}

/** Checks a session held without the server's word again, into the app if it holds: whether the server answered. */
async function confirmSession(store: AppStore, navigate: ReturnType<typeof useNavigate>): Promise<boolean> {
  await restoreSession(store);
  if (store.get(userAtom)) void navigate({ to: '/' });
  return !store.get(unconfirmedSessionAtom);
}

/** The login screen in its five modes, and the handling of mailed links (spec section 4). */
export function LoginPage() {
  const store = useStore();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const search = location.search as Record<string, string | undefined>;
  const resetToken = useRef<ResetLink | undefined>(heldResetLink());
  const [mode, setMode] = useState<LoginMode>(() => modeAt(location.pathname, search, resetToken.current));
  const [failedAttempts, setFailedAttempts] = useState(0);
  const [resetAccount, setResetAccount] = useState<string | undefined>(resetToken.current?.login);
  /** The address an activation link named, or an account was just registered with: the login form opens with it. */
  const [activatedLogin, setActivatedLogin] = useState<string>();
  const [invitation, setInvitation] = useState<{ invitorName: string; groupName: string; isFull?: boolean; isOver?: boolean }>();
  // The tab names the mode shown, which a mailed link's query picks and a step changes in place.
  useEffect(() => {
    document.title = pageTitle(i18n.t, `login.title.${mode}`);
  }, [i18n, i18n.language, mode]);
  const unconfirmed = useAtomValue(unconfirmedSessionAtom);
  const [retrying, setRetrying] = useState(false);
  const language = i18n.language === 'de' ? 'de' : 'en';

  useEffect(() => {
    if (search.action !== 'unsubscribe') setMode(modeAt(location.pathname, search, resetToken.current));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, search.action]);

  // A mailed link or an invitation arrives once, in the query.
  useEffect(() => {
    const invited = search.invitation === undefined ? undefined : invitationOf(search.invitation);
    // Kept, a cut-off id made every registration and reset of this tab fail.
    if (search.invitation !== undefined && !invited) notify(store, { kind: 'warning', key: 'message.invitationIncomplete' });
    if (invited) sessionStorage.setItem(INVITATION_KEY, invited);
    const announced = invited
      ? announceInvitation(store, invited).then(
          (answer) =>
            answer?.groupName &&
            setInvitation({ groupName: answer.groupName, invitorName: answer.invitorName ?? '', ...(answer.isFull ? { isFull: true } : {}), ...(answer.isOver ? { isOver: true } : {}) }),
        )
      : undefined;
    const action = LINK_ACTIONS.find((each) => each === search.action);
    const { login, password } = search;
    if (action && login && password) {
      // The one-time token is used now: it leaves the address bar and the history.
      history.replaceState(history.state, '', location.pathname);
      // After the invitation's news: a group that is gone is said first, and the link's own message waits behind it.
      void Promise.resolve(announced).then(() => followLink(action, login, password));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Into the app: the page asked for before the login, else the schedule (at the game a reminder's link names). */
  const enter = (user: User, game?: number) => {
    store.set(userAtom, user);
    const asked = sessionStorage.getItem(AFTER_LOGIN_KEY);
    sessionStorage.removeItem(AFTER_LOGIN_KEY);
    if (asked && game === undefined) void navigate({ href: asked });
    else void navigate({ to: '/', search: game ? { game } : {} });
  };

  async function followLink(action: (typeof LINK_ACTIONS)[number], login: string, password: string) {
    if (action === 'activate-account') {
      const activated = await api.activate({ login, password }).catch(() => undefined);
      if (activated?.passwordToSet) notify(store, { kind: 'success', key: 'message.accountActivatedSetPassword', stays: true });
      else if (activated?.status === 'Successful') notify(store, { kind: 'success', key: 'message.accountActivated' });
      else if (activated?.status === 'UserAlreadyExists') notify(store, { kind: 'warning', key: 'message.accountAlreadyActivated' });
      else notify(store, { kind: 'error', key: 'message.linkInvalid' });
      if (activated?.status === 'Successful' || activated?.status === 'UserAlreadyExists') setActivatedLogin(login);
      void navigate({ to: '/login/password' });
      return;
    }
    // The reset link only checks its credentials: the session it answers changes the password and is
    // kept in memory, never stored, so no login hides behind the login screen (a shared computer).
    const result = await api.login({ login, password, ...(action === 'reset-password' ? { onlyCheckCredentials: true } : {}) }).catch(() => undefined);
    if (result?.status === 'Successful' && result.user) {
      if (action === 'reset-password') {
        resetToken.current = { login, token: result.token ?? '' };
        sessionStorage.setItem(RESET_LINK_KEY, JSON.stringify(resetToken.current));
        setResetAccount(login);
        setMode('reset');
        return;
      }
      if (action === 'delete-account') store.set(accountDeletionAtom, true);
      enter(result.user, action === 'autologin' ? dashboardSearch(search).game : undefined);
      return;
    }
    if (result?.status === 'NotActivated') notify(store, { kind: 'warning', key: 'message.notActivated' });
    // A reminder's link lasts until the games it names kick off: opened later it has expired, no fault of the player's.
    else notify(store, action === 'autologin' ? REMINDER_LINK_EXPIRED : { kind: 'error', key: 'message.linkInvalid' });
    setMode('login');
  }

  const [busy, setBusy] = useState(false);
  function submit(credentials: LoginCredentials) {
    setBusy(true);
    return oneAtATime('login', () => submitOnce(credentials)).finally(() => setBusy(false));
  }

  async function submitOnce(credentials: LoginCredentials) {
    const password = credentials.password ? await encryptPassword(credentials.password) : '';
    const invitation = sessionStorage.getItem(INVITATION_KEY) ?? undefined;
    try {
      if (credentials.mode === 'login') {
        const result = await api.login({ login: credentials.login, password });
        if (result.status === 'Successful' && result.user) return enter(result.user);
        if (result.status === 'NotActivated') {
          const resend = { label: i18n.t('message.resendActivation'), onClick: () => void resendActivation(credentials.login, password, invitation) };
          return notify(store, { kind: 'warning', key: 'message.notActivated', buttons: [resend] });
        }
        return setFailedAttempts((count) => count + 1);
      }
      if (credentials.mode === 'register') {
        const result = await api.register({ language, login: credentials.login, password, ...(invitation ? { invitation } : {}) });
        if (result.status === 'Successful') {
          // Registered: the next step is the login once the mail's link is opened, with this address.
          setActivatedLogin(credentials.login);
          void navigate({ to: '/login', search: (previous) => previous });
          return notify(store, { kind: 'success', key: 'message.checkMailToActivate' });
        }
        if (result.status === 'UserAlreadyExists') notify(store, { kind: 'error', key: 'message.userAlreadyExists', values: { login: credentials.login } });
        else notify(store, { kind: 'error', key: 'message.failedToRegisterAccount' });
        return;
      }
      if (credentials.mode === 'resetRequest') {
        await api.requestPasswordReset({ login: credentials.login, ...(invitation ? { invitation } : {}) });
        return notify(store, { kind: 'success', key: 'message.resetLinkSent' });
      }
      if (credentials.mode === 'reset' && resetToken.current) {
        await api.changePassword({ password }, { token: resetToken.current.token });
        void endResetSession();
        notify(store, { kind: 'success', key: 'message.passwordReset' });
        return void navigate({ to: '/login/password' });
      }
      if (credentials.mode === 'unsubscribe') {
        await api.unsubscribe({ email: credentials.login, token: search.token ?? '' });
        return notify(store, { kind: 'success', key: 'message.unsubscribed' });
      }
    } catch (error) {
      // Nothing was written: the player sends the same form again later, so it stays as typed.
      if (isMailUnavailableError(error)) return notify(store, MAIL_UNAVAILABLE);
      // Out of reach (no network, a server down or restarting): said so, not that the link or the form was wrong.
      if (!isApiError(error) || error.status >= 500) return notify(store, { kind: 'error', key: 'app.noConnectionHint' });
      // A typed login the server refused (an address it cannot take) is a failed login, said under
      // the field: 'the called link is invalid' spoke of a link nobody had opened.
      if (credentials.mode === 'login' && error.status !== 429) return setFailedAttempts((count) => count + 1);
      const failure = { login: 'message.tooManyAttempts', register: 'message.failedToRegisterAccount', resetRequest: 'message.failedToResetPassword', reset: 'message.failedToResetPassword', unsubscribe: 'message.failedToUnsubscribe' }[credentials.mode];
      notify(store, { kind: 'error', key: failure, ...(credentials.mode === 'unsubscribe' ? { timerMs: 3000 } : {}) });
    }
  }

  // Back online, the held session is checked again without the player finding the button, and
  // while the server cannot be asked, again later.
  useEffect(() => {
    if (!unconfirmed) return;
    const retry = () => void confirmSession(store, navigate);
    window.addEventListener('online', retry);
    const stopRetrying = retryWithBackoff(() => confirmSession(store, navigate));
    return () => {
      stopRetrying();
      window.removeEventListener('online', retry);
    };
  }, [unconfirmed, store, navigate]);

  /** The server was out of reach when the page opened: the held session is checked again. */
  async function retrySession() {
    setRetrying(true);
    await confirmSession(store, navigate);
    setRetrying(false);
  }

  /** Ends the reset link's session on the server: the player logs in anew with the new password. */
  async function endResetSession() {
    const held = resetToken.current;
    resetToken.current = undefined;
    sessionStorage.removeItem(RESET_LINK_KEY);
    setResetAccount(undefined);
    if (held) await api.logout({ token: held.token }).catch(() => undefined);
  }

  async function resendActivation(login: string, password: string, invitation: string | undefined) {
    try {
      await api.sendActivationMail({ login, password, ...(invitation ? { invitation } : {}) });
      notify(store, { kind: 'success', key: 'message.activationMailSentAgain' });
    } catch (error) {
      notify(store, isMailUnavailableError(error) ? MAIL_UNAVAILABLE : { kind: 'error', key: 'message.failedToSendActivationEmail' });
    }
  }

  if (unconfirmed) {
    return (
      <main>
        <NoConnection onRetry={() => void retrySession()} retrying={retrying} />
      </main>
    );
  }
  return (
    <main>
      <LoginBox
        key={`${mode} ${activatedLogin ?? ''}`}
        mode={mode}
        initialEmail={search.email ?? activatedLogin ?? ''}
        failedAttempts={failedAttempts}
        account={resetAccount}
        invitation={invitation}
        language={language}
        onLanguageChange={(next) => void i18n.changeLanguage(next)}
        onSubmit={(credentials) => void submit(credentials)}
        busy={busy}
        onBack={() => {
          void endResetSession();
          void navigate({ to: '/login' });
        }}
      />
    </main>
  );
}
