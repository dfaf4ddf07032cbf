import { defineConfig } from 'vitest/config';

// The package tests spawn npm pack (publint), are-the-types-wrong and both builds: on a loaded 2-core
// machine they take far longer than vitest's 5 s default.
export default defineConfig({
  test: {
    name: 'api-client',
    testTimeout: 60_000,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
  },
});
