import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { isUnauthorizedError } from '@scorecast/api-client';
import { createI18n, type LocaleMessages } from '@scorecast/ui';
import { api } from './api';
import { App } from './App';
import { createAppRouter } from './router';
import { ensureSession, userAtom } from './state/session.atoms';
import { registerServiceWorker } from './serviceWorker';

const LANGUAGES = ['en', 'de'] as const;

// The page's one store, handed to the Provider and the router's context.
const store = createStore();
const router = createAppRouter(store);

async function loadLocale(lang: string): Promise<LocaleMessages> {
  const response = await fetch(`/assets/locales/locale.${lang}.json`);
  return (await response.json()) as LocaleMessages;
}

/** Restores the session from the stored token; a refused token is forgotten. */
async function restoreSession(): Promise<void> {
  if (!localStorage.getItem('token')) return;
  try {
    // Settings, groups and games load alongside the auth check: the dashboard needs them at once.
    const session = ensureSession(store);
    store.set(userAtom, (await api.auth()).user);
    await session;
  } catch (error) {
    if (isUnauthorizedError(error)) localStorage.removeItem('token');
  }
}

/** Starts loading the code of the page about to open while the session loads, not after it. */
function preloadPage(): void {
  const path = localStorage.getItem('token') || location.pathname.startsWith('/login') ? location.pathname : '/login';
  for (const route of router.getMatchedRoutes(path)[0]) void router.loadRouteChunk(route)?.catch(() => undefined);
}

async function start(): Promise<void> {
  preloadPage();
  const [en, de] = await Promise.all([...LANGUAGES.map(loadLocale), restoreSession()]);
  const browserLanguage = navigator.language.startsWith('de') ? 'de' : 'en';
  const i18n = createI18n(store.get(userAtom)?.language ?? browserLanguage, { en: en!, de: de! });
  // The page's route, its guards and its code are resolved before the first render, so that render
  // builds the whole page inside the transition below; a page the router brought in later would be
  // built in one piece, without a break for the browser.
  await router.load().catch(() => undefined);
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser: a phone stays responsive while the
  // whole schedule is built.
  startTransition(() => root.render(<App store={store} router={router} i18n={i18n} />));
  registerServiceWorker();
}

void start();
