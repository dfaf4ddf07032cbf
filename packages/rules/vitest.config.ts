import { defineConfig } from 'vitest/config';

// The package tests spawn npm pack (publint) and are-the-types-wrong: on a loaded 2-core machine they
// take far longer than vitest's 5 s default.
export default defineConfig({ test: { name: 'rules', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000 } });
