import { createInstance, type TFunction } from 'i18next';
import { teamTexts, type Language } from '@scorecast/rules';
import de from './locales/de.json';
import en from './locales/en.json';

/** The server's texts (mails, pushes, payment names) in a language: i18next's `t`, fixed to it. */
export type Texts = (language: Language) => TFunction;

/**
 * Reads the server's texts from its locale files (`src/locales/{en,de}.json`, bundled into the
 * build), with the team names of the rules under `team` (the app's too), through an i18next instance of its own: each server makes one, so no i18next state is
 * shared between servers, or between the tests that start several. Values are not HTML-escaped
 * here: a mail escapes what it puts into HTML.
 * @example createTexts()('de')('push.gameStarted.title') // 'Anpfiff'
 */
export function createTexts(): Texts {
  const i18n = createInstance({
    resources: { en: { translation: { ...en, team: teamTexts('en') } }, de: { translation: { ...de, team: teamTexts('de') } } },
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void i18n.init();
  return (language) => i18n.getFixedT(language);
}

/** The language a browser asks for first (Accept-Language): German for `de`, else English. */
export function readerLanguageOf(acceptLanguage: string | undefined): Language {
  return /^\s*de\b/i.test(acceptLanguage ?? '') ? 'de' : 'en';
}
