import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineProject } from 'vitest/config';

export default defineProject({
  // The ui kit's styles are vanilla-extract files: the component tests (*.test.tsx) compile them.
  plugins: [vanillaExtractPlugin()],
  test: {
    name: 'web',
    // End-to-end tests drive a browser against a real server from node; component tests
    // (*.test.tsx) declare happy-dom for themselves in their first line.
    environment: 'node',
    // The page's address: the app's api client resolves '/' against it.
    environmentOptions: { happyDOM: { url: 'http://scorecast.test/' } },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A page load on a busy 2-core machine can take seconds: polls wait for it.
    expect: { poll: { timeout: 15_000 } },
  },
});
