import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { Provider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { isUnauthorizedError } from '@scorecast/api-client';
import { createI18n, type LocaleMessages } from '@scorecast/ui';
import { api } from './api';
import { router } from './router';
import { ensureSession, store, userAtom } from './state/session.atoms';
import { registerServiceWorker } from './serviceWorker';

const LANGUAGES = ['en', 'de'] as const;

async function loadLocale(lang: string): Promise<LocaleMessages> {
  const response = await fetch(`/assets/locales/locale.${lang}.json`);
  return (await response.json()) as LocaleMessages;
}

/** Restores the session from the stored token; a refused token is forgotten. */
async function restoreSession(): Promise<void> {
  if (!localStorage.getItem('token')) return;
  try {
    // Settings, groups and games load alongside the auth check: the dashboard needs them at once.
    const session = ensureSession();
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
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser: a phone stays responsive while the
  // whole schedule is built.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <I18nextProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </Provider>
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}

void start();
