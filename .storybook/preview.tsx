import type { Decorator, Preview } from '@storybook/react-vite';
import { I18nextProvider } from 'react-i18next';
import { THEMES, LANGUAGES, type Language, type Theme } from '@scorecast/rules';
import { createI18n } from '../packages/ui/src/i18n/createI18n';
import { ThemeRoot } from '../packages/ui/src/theme/ThemeRoot';
import de from '../packages/ui/src/locales/locale.de.json';
import en from '../packages/ui/src/locales/locale.en.json';

const i18nOf = {
  en: createI18n('en', { en, de }),
  de: createI18n('de', { en, de }),
} satisfies Record<Language, unknown>;

const withThemeAndLanguage: Decorator = (Story, context) => {
  const language = (context.globals.language ?? 'en') as Language;
  const theme = (context.globals.theme ?? 'Light') as Theme;
  return (
    <I18nextProvider i18n={i18nOf[language]}>
      <ThemeRoot theme={theme} lang={language}>
        <Story />
      </ThemeRoot>
    </I18nextProvider>
  );
};

export default {
  decorators: [withThemeAndLanguage],
  globalTypes: {
    theme: {
      description: 'Theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: [...THEMES], dynamicTitle: true },
    },
    language: {
      description: 'Language',
      toolbar: { title: 'Language', icon: 'globe', items: [...LANGUAGES], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'Light', language: 'en' },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
  },
} satisfies Preview;
