import { defineConfig } from 'vitest/config';

// One run over every package, so the whole suite ends with one summary.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
