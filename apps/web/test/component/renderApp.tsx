import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createBrowserHistory, createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render, waitFor, type RenderResult } from '@testing-library/react';
import { createStore } from 'jotai';
import type { DetachedWindowAPI } from 'happy-dom';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { Game, Group, Settings, User } from '@scorecast/api-client';
import type { LiveChannelOptions } from '@scorecast/api-client/live';
import { defaultPointConfiguration, gameOf as rulesGameOf } from '@scorecast/rules';
import { createI18n, type LocaleMessages } from '@scorecast/ui';
import { App } from '../../src/App';
import { createAppRouter, type AppRouter } from '../../src/router';
import { liveChannelMakerAtom } from '../../src/state/live';
import { userAtom, type AppStore } from '../../src/state/session.atoms';

const require = createRequire(import.meta.url);
const localeOf = (lang: 'en' | 'de') => JSON.parse(readFileSync(require.resolve(`@scorecast/ui/locales/locale.${lang}.json`), 'utf8')) as LocaleMessages;

/** A request the app sent, as the fake server saw it. */
export type SentRequest = { method: string; path: string; search: URLSearchParams; headers: Headers; body: unknown };
/** What the fake server answers a request with: a JSON body (status 200 unless given). */
export type Answer = { status?: number; body?: unknown };
/** The fake server's routes, by `METHOD /path`; a route may answer differently each time, and later. */
export type Routes = Record<string, Answer | ((request: SentRequest) => Answer | Promise<Answer>)>;

/**
 * Answers the app's fetch calls from a table of routes and records every request. A request no
 * route names gets a 404, so a test sees it in `requests` instead of hanging. The server has its
 * own tests: these test what the web app does with its answers.
 */
export function fakeServer(routes: Routes) {
  const requests: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const sent: SentRequest = { method: request.method, path: url.pathname, search: url.searchParams, headers: request.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
    requests.push(sent);
    const route = routes[`${sent.method} ${sent.path}`];
    const answer = typeof route === 'function' ? await route(sent) : (route ?? { status: 404, body: { error: 'notFound' } });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  /** The requests sent to a route. */
  const sentTo = (route: string) => requests.filter((each) => `${each.method} ${each.path}` === route);
  return { requests, sentTo };
}

/** Each test of the file starts with empty storage, and ends unmounted with the real fetch back. */
export function startEachTestAfresh(): void {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

// The happy-dom environment (the component tests') gives the window its API.
declare global {
  interface Window {
    happyDOM: DetachedWindowAPI;
  }
}

/** Each test of the calling block runs at a phone's width (below 1000 px the score field opens the full-screen picker). */
export function onAPhone(): void {
  beforeEach(() => window.happyDOM.setViewport({ width: 390, height: 800 }));
  afterEach(() => window.happyDOM.setViewport({ width: 1024, height: 768 }));
}

/** Renders the whole app at a path, with a store, router and history of its own. */
export function renderApp(path: string, options: { store?: AppStore; language?: 'en' | 'de'; browserHistory?: boolean } = {}): RenderResult & { store: AppStore; router: AppRouter } {
  const store = options.store ?? storeOf();
  // The window's own history where a test needs what only it does (Back answered by popstate).
  if (options.browserHistory) window.history.replaceState(null, '', path);
  const router = createAppRouter(store, options.browserHistory ? createBrowserHistory() : createMemoryHistory({ initialEntries: [path] }));
  const i18n = createI18n(options.language ?? 'en', { en: localeOf('en'), de: localeOf('de') });
  return { ...render(<App store={store} router={router} i18n={i18n} />), store, router };
}

export const YEAR = 2026;
export const ann: User = {
  login: 'ann@example.com',
  name: 'Ann',
  language: 'en',
  theme: 'Default',
  championPredictions: [],
  notify: false,
  notifyOnMissingPrediction: false,
  notifyOnGameStart: false,
  notifyOnGameFinished: false,
  notifyOnGameChange: false,
};
export const settings: Settings = { name: 'Scorecast', year: YEAR, currency: 'EUR', isWomenCompetition: false, isWorldCup: true };

/** A game of the year: Scheduled unless told, kicking off on the day given (June 2026). */
export function gameOf(id: number, stage: Game['stage'], status: Game['status'], day: number): Game {
  return rulesGameOf({ id, stage, status, date: new Date(Date.UTC(YEAR, 5, day, 19)).toISOString(), homeTeam: 'Germany', awayTeam: 'Spain', homeGoals: 1, awayGoals: 0 })!;
}

/** A group of the year created by `creator`, with its players (logins) in that order. */
export function groupOf(id: string, name: string, creator: string, logins: string[] = [creator]): Group {
  const players = logins.map((login) => ({ login, name: login.split('@')[0]!, predictions: [], rank: 1, points: 0 }));
  return { id, name, creator, competitionYear: YEAR, players, pointConfiguration: defaultPointConfiguration(YEAR) };
}

/** The routes of a logged-in session: who is logged in, their settings, groups and games. */
export function sessionRoutes({ user = ann, groups = [], games = [], invitation }: { user?: User; groups?: Group[]; games?: Game[]; invitation?: Settings['invitation'] } = {}): Routes {
  return {
    'GET /api/auth': { body: { user, token: 'session-token' } },
    'GET /api/settings': { body: { ...settings, ...(invitation ? { invitation } : {}) } },
    'GET /api/groups': { body: groups },
    'GET /api/games': { body: games },
    'GET /api/version': { body: { version: 'test', name: 'Scorecast', language: 'en', serverTime: new Date().toISOString() } },
  };
}

/**
 * A store for a test: `user` logged in (as main.tsx leaves it after restoring a session) or nobody,
 * and a live channel that never connects (no hub stands behind the fake fetch), so pages keep what
 * the session read gave them.
 */
export function storeOf(user?: User): AppStore {
  const store = createStore();
  store.set(liveChannelMakerAtom, { make: () => Promise.resolve({ start: () => Promise.resolve(), stop: () => Promise.resolve(), subscribe: () => () => undefined, connectionId: undefined }) });
  if (user) store.set(userAtom, user);
  return store;
}

/**
 * The logged-in dashboard of `user` with a live channel the test drives: resolves with what the app
 * gave its channel (`onUpdates`, `onConnectionId`...) once the page has made it.
 */
export async function dashboardWithLiveChannel(user: User = ann): Promise<LiveChannelOptions & { store: AppStore }> {
  localStorage.setItem('token', 'session-token');
  const store = storeOf(user);
  let given: LiveChannelOptions | undefined;
  const idle = { start: () => Promise.resolve(), stop: () => Promise.resolve(), subscribe: () => () => undefined, connectionId: undefined };
  store.set(liveChannelMakerAtom, { make: (options) => ((given = options), Promise.resolve(idle)) });
  renderApp('/', { store });
  await waitFor(() => expect(given).toBeDefined());
  return { ...given!, store };
}
