import { createInstance, type i18n, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { teamTexts, type Language } from '@scorecast/rules';

/** The contents of one locale file (`locale.{lang}.json`). */
export type LocaleMessages = ResourceLanguage;

/**
 * Creates an i18next instance for the ui from locale files the caller loaded (the web app fetches
 * `/assets/locales/locale.{lang}.json`; Storybook imports them).
 * @example const i18n = createI18n('de', { en: enJson, de: deJson });
 */
export function createI18n(language: Language, locales: Partial<Record<Language, LocaleMessages>>): i18n {
  const resources: Resource = {};
  for (const [lang, messages] of Object.entries(locales)) resources[lang] = { translation: messages };
  const instance = createInstance({
    lng: language,
    fallbackLng: 'en',
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void instance.use(initReactI18next).init();
  // Team names are the rules' texts, which the server's mails read too: merged deep into the
  // locale's `team`, beside the ui's own texts there (a flag's label, a game waiting for its teams).
  for (const lang of Object.keys(locales) as Language[]) instance.addResourceBundle(lang, 'translation', { team: teamTexts(lang) }, true, false);
  return instance;
}
