import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { THEMES, LANGUAGES, type Language, type Theme } from '@scorecast/rules';
import { createI18n } from '../packages/ui/src/i18n/createI18n';
import { ThemeRoot, themeClassOf } from '../packages/ui/src/theme/ThemeRoot';
import de from '../packages/ui/src/locales/locale.de.json';
import en from '../packages/ui/src/locales/locale.en.json';
import { textOverflowsIn } from './overflow';

const i18nOf = {
  en: createI18n('en', { en, de }),
  de: createI18n('de', { en, de }),
} satisfies Record<Language, unknown>;

/**
 * How wide a story is drawn, so a component looks the way a screen holds it:
 * 'column' is the app's content column (at most 1000 px, as in AppShell), 'page' the whole window
 * (screens and popups), 'card' a narrow box for small pieces such as a toast or a switch.
 */
export type StoryFrame = 'column' | 'page' | 'card';

/** The page around the story wears the theme too: no white margins around a dark screen. */
function PaintPage({ theme }: { theme: Theme }) {
  useEffect(() => {
    const className = themeClassOf(theme);
    document.body.classList.add(className);
    return () => document.body.classList.remove(className);
  }, [theme]);
  return null;
}

const withThemeAndLanguage: Decorator = (Story, context) => {
  const language = (context.globals.language ?? 'en') as Language;
  const theme = (context.globals.theme ?? 'Light') as Theme;
  const frame = (context.parameters.frame ?? 'column') as StoryFrame;
  const inDocs = context.viewMode === 'docs';
  return (
    <I18nextProvider i18n={i18nOf[language]}>
      {!inDocs && <PaintPage theme={theme} />}
      <ThemeRoot theme={theme} lang={language}>
        {/* The frames' widths live in preview-head.html: they change at the small-screen threshold. */}
        <div className={frame === 'page' ? undefined : `story-frame-${frame}`} style={inDocs && frame === 'page' ? { minHeight: '100%' } : undefined}>
          <Story />
        </div>
      </ThemeRoot>
    </I18nextProvider>
  );
};

/** The widths the spec designs for: a phone, just under the 1000 px small-screen threshold, a laptop. */
const viewports = {
  phone: { name: 'Phone 390', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  belowThreshold: { name: 'Small screen 999', styles: { width: '999px', height: '800px' }, type: 'tablet' },
  desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const;

export default {
  decorators: [withThemeAndLanguage],
  // Every component gets a docs page with its props table from the TSDoc.
  tags: ['autodocs'],
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
    viewport: { options: viewports },
    controls: { sort: 'requiredFirst' },
    options: {
      storySort: { order: ['Introduction', 'Design values', 'Screens', ['Login', 'Dashboard', 'Ranking', 'Group', 'Settings', 'Change password', 'Popups', 'App'], '*'] },
    },
  },
  // A designer's first check at 390 px: no text sticks out of its box (long German team names,
  // 24-character player and group names). Runs after every story, in the tests too.
  afterEach: ({ canvasElement, viewMode }) => {
    const overflowing = textOverflowsIn(canvasElement, { wholePage: viewMode === 'story' });
    if (overflowing.length > 0) throw new Error(`Text overflows its box: ${overflowing.join('; ')}`);
  },
} satisfies Preview;
