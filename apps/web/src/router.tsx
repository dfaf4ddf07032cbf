import { createRootRouteWithContext, createRoute, createRouter, redirect, type RouterHistory } from '@tanstack/react-router';
import { invitationOf } from '@scorecast/api-client';
import { Root } from './routes/Root';
import { RouteError } from './routes/RouteError';
import { lazyPage } from './routes/lazyPage';
import { ensureSession, groupsAtom, settingsAtom, userAtom, type AppStore } from './state/session.atoms';
import { dashboardSearch } from './routes/dashboardSearch';
import { creatorOnlyRedirect } from './routes/guards';
import { accountDeletionAtom, unconfirmedSessionAtom } from './state/account';
import { AFTER_LOGIN_KEY, INVITATION_KEY } from './state/invitation';
import { notify } from './state/notice.atoms';

type RouterContext = { store: AppStore };

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Root });

// Login pages are for anonymous visitors only; the login screen reads its mode from the path.
// A logged-in visitor goes to /; with an account-deletion link the deletion dialog opens there, and
// an invitation link's popup opens there too, and a reminder's link opens it at its game. The
// newsletter's unsubscribe link works for anyone.
const anonymousOnly = ({ context: { store }, location }: { context: RouterContext; location: { search: Record<string, unknown> } }) => {
  if (!store.get(userAtom) || location.search.action === 'unsubscribe') return;
  if (location.search.action === 'delete-account') store.set(accountDeletionAtom, true);
  // Another account's activation or reset link does nothing for the player logged in here: said so.
  const linkLogin = location.search.login;
  if ((location.search.action === 'activate-account' || location.search.action === 'reset-password') && typeof linkLogin === 'string' && linkLogin !== store.get(userAtom)?.login) {
    notify(store, { kind: 'warning', key: 'message.linkForOtherAccount', values: { login: linkLogin }, stays: true });
  }
  if (typeof location.search.invitation === 'string') {
    const invited = invitationOf(location.search.invitation);
    if (invited) sessionStorage.setItem(INVITATION_KEY, invited);
    else notify(store, { kind: 'warning', key: 'message.invitationIncomplete' });
  }
  throw redirect({ to: '/', search: dashboardSearch(location.search) });
};
const loginPage = lazyPage(() => import('./routes/LoginPage'), 'LoginPage');
const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', beforeLoad: anonymousOnly, component: loginPage });
const loginPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login/password', beforeLoad: anonymousOnly, component: loginPage });
const loginResetRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login/password/reset', beforeLoad: anonymousOnly, component: loginPage });
const loginRegisterRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login/register', beforeLoad: anonymousOnly, component: loginPage });
/** The login pages below /login, deepest first. */
const LOGIN_PAGES = ['/login/password/reset', '/login/password', '/login/register'] as const;
const loginUnknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login/$',
  beforeLoad: ({ context, params, location }) => {
    anonymousOnly({ context, location });
    // A splat may also match the bare parent path: only a real unknown sub-path redirects, to the
    // nearest login page above it.
    if (params._splat) throw redirect({ to: LOGIN_PAGES.find((page) => `/login/${params._splat}/`.startsWith(`${page}/`)) ?? '/login' });
  },
  component: loginPage,
});

// Everything else needs a session; settings, groups and games are loaded before a page opens.
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ context: { store }, location }) => {
    // A held session the server could not be asked about: the page says it has no connection.
    if (!store.get(userAtom) && !store.get(unconfirmedSessionAtom)) {
      // The page asked for opens after the login (a group's form, the settings), not the schedule.
      if (location.pathname !== '/') sessionStorage.setItem(AFTER_LOGIN_KEY, location.pathname);
      throw redirect({ to: '/login', search: location.search });
    }
  },
  loader: async ({ context: { store } }) => {
    if (!store.get(settingsAtom)) await ensureSession(store);
  },
  component: lazyPage(() => import('./routes/AppLayout'), 'AppLayout'),
});
const dashboardRoute = createRoute({ getParentRoute: () => appRoute, path: '/', validateSearch: dashboardSearch, component: lazyPage(() => import('./routes/DashboardPage'), 'DashboardPage') });
const rankingRoute = createRoute({ getParentRoute: () => appRoute, path: '/ranking', component: lazyPage(() => import('./routes/RankingPage'), 'RankingPage') });
const settingsRoute = createRoute({ getParentRoute: () => appRoute, path: '/settings', component: lazyPage(() => import('./routes/SettingsPage'), 'SettingsPage') });
const changePasswordRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings/change-password',
  component: lazyPage(() => import('./routes/ChangePasswordPage'), 'ChangePasswordPage'),
});
const groupFormPage = lazyPage(() => import('./routes/GroupPage'), 'GroupPage');
const groupCreateRoute = createRoute({ getParentRoute: () => appRoute, path: '/group/create', component: groupFormPage });
const groupEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id',
  beforeLoad: async ({ context: { store }, params }) => {
    // The guard needs the groups: after a fresh login they may not be loaded yet.
    if (!store.get(settingsAtom)) await ensureSession(store);
    const target = creatorOnlyRedirect(store.get(groupsAtom), params.id, store.get(userAtom)?.login);
    // A bookmark or an old link of a group deleted since, or left: said, not just an empty form.
    if (target === '/group/create') notify(store, { kind: 'warning', key: 'message.groupNotFound' });
    if (target) throw redirect({ to: target });
  },
  component: groupFormPage,
});
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: ({ params }) => {
    // Deeper paths under /group lead to the create form (spec section 2); a splat route of its own
    // there would also match /group/{id} with an empty splat and shadow the edit form.
    if (params._splat?.startsWith('group/')) throw redirect({ to: '/group/create' });
    if (params._splat) throw redirect({ to: '/' });
  },
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  loginPasswordRoute,
  loginResetRoute,
  loginRegisterRoute,
  loginUnknownRoute,
  appRoute.addChildren([dashboardRoute, rankingRoute, settingsRoute, changePasswordRoute, groupCreateRoute, groupEditRoute]),
  unknownRoute,
]);

/**
 * The app's router over a store: guards read it from the router's context. Every navigation starts
 * at the top (Root scrolls there); the router's own scroll handling is off, or its reset after
 * rendering would undo the dashboard's scroll to the current game. Tests pass a memory history.
 */
export function createAppRouter(store: AppStore, history?: RouterHistory) {
  return createRouter({ routeTree, context: { store }, scrollRestoration: () => false, defaultPreload: 'intent', defaultErrorComponent: RouteError, ...(history ? { history } : {}) });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
