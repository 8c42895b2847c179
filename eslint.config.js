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
    },
  },

  {
    name: 'react hooks',
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
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
