import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

type StoryRun = {
  name: string;
  /** Toolbar globals every story of the run starts from (a story's own globals still win). */
  initialGlobals: { theme: 'Light' | 'Dark'; language: 'en' | 'de' };
};

/**
 * Every story runs as a test (render, play function, axe, the overflow check of .storybook/) in
 * Debian's Chromium; the Storybook configuration lives at the repository's root, in .storybook/.
 */
export function storyTests({ name, initialGlobals }: StoryRun) {
  return defineConfig({
    root: dirname,
    plugins: [
      vanillaExtractPlugin(),
      storybookTest({ configDir: path.join(dirname, '../../.storybook'), initialGlobals }),
    ],
    // Without this Vite discovers the dependency mid-run and reloads the page under a running test.
    optimizeDeps: {
      include: ['canvas-confetti', 'i18next', 'react-i18next', 'react-dom/client'],
    },
    test: {
      name,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({
          launchOptions: {
            executablePath: '/usr/bin/chromium',
            args: [
              '--no-sandbox',
              '--headless',
              '--disable-gpu',
              '--disable-quic',
              '--no-first-run',
              '--disable-background-networking',
              '--disable-component-update',
              '--disable-sync',
            ],
          },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  });
}
