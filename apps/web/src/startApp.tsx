import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18n, type LocaleMessages } from '@scorecast/ui';
import { App } from './App';
import { createAppRouter, type AppRouter } from './router';
import { userAtom, type AppStore } from './state/session.atoms';
import { registerServiceWorker } from './serviceWorker';
import { deviceLanguage } from './state/device';

/** Starts loading the code of the page about to open while the session loads, not after it. */
function preloadPage(router: AppRouter): void {
  const path = localStorage.getItem('token') || location.pathname.startsWith('/login') ? location.pathname : '/login';
  for (const route of router.getMatchedRoutes(path)[0]) void router.loadRouteChunk(route)?.catch(() => undefined);
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** Renders the app once the session (if any) and the texts are loaded. */
export async function startApp(store: AppStore, loaded: Promise<{ en: LocaleMessages; de: LocaleMessages }>): Promise<void> {
  const router = createAppRouter(store);
  preloadPage(router);
  const locales = await loaded;
  // Each step below is a task of its own: a phone answers between them.
  await nextTask();
  const i18n = createI18n(store.get(userAtom)?.language ?? deviceLanguage(), locales);
  await nextTask();
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
