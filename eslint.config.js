// One lint for the whole workspace, part of the README's test command (`--max-warnings 0`: a warning
// fails it too). TypeScript files are linted with their types, through each package's tsconfig.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/storybook-static/**',
      '**/.vitest-attachments/**',
      '**/__screenshots__/**',
      '.tools/**',
      '**/test-output/**',
      '**/coverage/**',
      '.vitest-results.json',
      'apps/server/data/**',
      'apps/server/fixtures/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a value left out on purpose; `{ year, ...game }` drops fields from a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Fastify handlers and the interfaces the server implements are async by contract, await or not.
      '@typescript-eslint/require-await': 'off',
      // The router's redirect is thrown by design (TanStack Router's Response-like redirect).
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
    },
  },
  // Browser code: the ui kit, the web app and its service worker.
  {
    files: ['packages/ui/**', 'apps/web/**', '.storybook/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['apps/web/public/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  // The rules of hooks and their dependency lists. The React Compiler's rules of the plugin's preset
  // are left out: nothing here is compiled by it, and they reject the latest-callback ref the
  // components use on purpose.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Kysely's advice: migrations are frozen in time and must not depend on today's table types.
  {
    files: ['apps/server/src/db/migrations.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  // Tests read JSON bodies and socket frames, which are untyped: a wrong guess fails the assertion.
  {
    files: ['**/test/**', '**/*.test.{ts,tsx}', '**/*.stories.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      // `response.json() as Row[]` names what the test expects to read.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Stand-in servers and client hooks take async callbacks whose promise nobody awaits.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      // Tests take compiler-host methods apart to wrap them.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // Plain scripts (benches, build helpers) are not part of any tsconfig: linted without types.
  { files: ['**/*.{js,mjs,cjs}'], extends: [tseslint.configs.disableTypeChecked] },
);
