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

/**
 * Of the languages a browser asks for (Accept-Language), the one it weighs most (q) that the server
 * speaks, the first of equals; English when it names neither.
 * @example readerLanguageOf('fr, de;q=0.5') // 'de'
 */
export function readerLanguageOf(acceptLanguage: string | undefined): Language {
  let best: { language: Language; weight: number } | undefined;
  for (const entry of (acceptLanguage ?? '').split(',')) {
    const [range = '', ...parameters] = entry.split(';').map((part) => part.trim());
    const language = /^de(-|$)/i.test(range) ? 'de' : /^en(-|$)/i.test(range) ? 'en' : undefined;
    const q = parameters.find((parameter) => /^q=/i.test(parameter));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (language && weight > 0 && (!best || weight > best.weight)) best = { language, weight };
  }
  return best?.language ?? 'en';
}
