import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/lint/boundaries.js';

export default defineConfig([
  globalIgnores(
    [
      'dist/',
      'reports/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.sandbox-data/',
      '.vite/',
      'docs/diagrams/',
      // The planted violations: scripts/check-lint-boundaries.sh lints them on purpose.
      'scripts/lint-fixture/',
    ],
    'generated output and the lint fixture',
  ),

  {
    name: 'typescript',
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      // `_`-prefixed names are kept on purpose (positional parameters, rest-omitted fields).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `import { type A } from` still loads the module under verbatimModuleSyntax; `import type` does not,
      // and only the latter counts as type-only for the boundary rules.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Stripping control characters is deliberate here (input hygiene, file names, XML), and a
      // character class is the plain way to say it.
      'no-control-regex': 'off',
    },
  },

  {
    // The rules of hooks and complete effect dependencies. react-hooks 7's recommended set adds the
    // React Compiler's diagnostics (set-state-in-effect, refs, purity, memoization); the portal is
    // not compiled by the React Compiler, so those describe code it would skip, not bugs.
    name: 'react hooks',
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  {
    // Test harnesses and their fixtures read JSON answers of any shape; an `any` there keeps the assertions readable.
    name: 'test harnesses',
    files: ['**/*.test.{ts,tsx}', '**/*.fixture.ts', 'sandbox/platform/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  {
    // Readable units (D294): a hand-written file of at most 400 lines and a function of at most 100,
    // blank lines and comments included, so a unit fits on a screen or two and splits along what it
    // does. Tests count for the file size only: a describe block groups cases, it is not a unit.
    name: 'readable units',
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    name: 'readable functions',
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts', 'e2e/**/*.spec.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 100 }] },
  },

  {
    name: 'import boundaries',
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: {
      // The fixture is a second root: a miniature of this tree with planted violations.
      'boundaries/imports': ['error', { roots: [import.meta.dirname, `${import.meta.dirname}/scripts/lint-fixture`] }],
    },
  },

  {
    name: 'node scripts and config',
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
]);
