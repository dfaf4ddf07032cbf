import { createStore } from 'jotai';
import type { LocaleMessages } from '@scorecast/ui';
import { restoreSession } from './state/account';

const LANGUAGES = ['en', 'de'] as const;

// The page's one store, handed to the Provider and the router's context.
const store = createStore();

async function loadLocale(lang: string): Promise<LocaleMessages> {
  const response = await fetch(`/assets/locales/locale.${lang}.json`);
  return (await response.json()) as LocaleMessages;
}

async function start(): Promise<void> {
  // The session and the texts are asked for before the rest of the app's code starts.
  const loaded = Promise.all([...LANGUAGES.map(loadLocale), restoreSession(store)]).then(([en, de]) => ({ en: en!, de: de! }));
  // The app's code (loaded with the page) starts in steps, each a task of its own, so a phone
  // answers between them: React first, then the router, the screens and the texts.
  await import('react-dom/client');
  const { startApp } = await import('./startApp');
  await startApp(store, loaded);
}

void start();
