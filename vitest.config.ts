import { defineConfig } from 'vitest/config';

// One run over every package, so the whole suite ends with one summary; `scripts` holds the tests of
// the root commands' own logic.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      // The ui's stories run a second time in Dark + German.
      'packages/ui/vitest.dark-german.config.ts',
      'apps/*/vitest.config.ts',
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
