import { defineConfig } from 'vitest/config';

// Database tests create their own databases; one file at a time keeps two cores from thrashing.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
