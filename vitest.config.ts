import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Unit tests: beside the code in src/, sandbox/ and scripts/. Model path tests have their own config.
 * Two projects (D276): `dom` (happy-dom, the jest-dom matchers of src/test/setup.ts) for what renders
 * or reads the browser's globals: components and hooks (*.test.tsx) and the few *.test.ts listed
 * here; `node` for everything else: machines, services, rules, the sandbox and the scripts. Neither
 * a DOM nor the matchers are built for a file that uses neither.
 */
const DOM_TS_TESTS = [
  // document, window, localStorage, navigator, a DOMParser, a cookie or an element: the browser's globals.
  'src/app/inspector/diagram-layout.test.ts',
  'src/app/reports/transactions-api.test.ts',
  'src/i18n/index.test.ts',
  'src/screens/shared/use-session-image.test.ts',
  'src/services/display/device.test.ts',
  'src/services/einvoice/list/pdf-actions.test.ts',
  'src/services/einvoice/setup/setup.test.ts',
  'src/services/shared/print/printer.test.ts',
  'src/services/shared/storage.test.ts',
  // The checkout embed script runs in a page (contract 14 §I).
  'sandbox/platform/portal/checkout-embed.test.ts',
];

/**
 * Node tests that need a process state the sandbox changes: login timing replaces a module the
 * sandbox loads (`vi.mock`); the app icons are drawn from the SVG favicon by sharp, whose SVG loader
 * the sandbox's upload code blocks for the whole process (D220: uploads are only PNG or JPEG). In the
 * unisolated node project the worker's modules are shared with the files before and after, so these
 * run on their own.
 */
const ISOLATED_NODE_TESTS = ['sandbox/areas/auth/login-timing.test.ts', 'scripts/pwa/options.test.ts'];

/**
 * A sandbox file boots a database (PGlite: seconds, more on a busy machine) and hashes passwords with
 * scrypt; the default 5 s / 10 s limits are too tight for that. Set on the projects, not by
 * `vi.setConfig` in a shared harness, which an unisolated worker runs for its first file only (D315).
 */
const SANDBOX_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 120_000 };

/** The seeded sandbox database each sandbox test file copies (sandbox/platform/test/template.ts). */
const SANDBOX_TEMPLATE = 'sandbox/platform/test/template.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, which made the
    // unit layer take 13.6 min instead of 7.5. The test files do not share state (each sandbox has its
    // own database or schema), so every core runs one.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx', ...DOM_TS_TESTS],
          environment: 'happy-dom',
          // Isolated (D372): unisolated, a file's leftover DOM reached the next file in the worker.
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'sandbox/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...DOM_TS_TESTS, ...ISOLATED_NODE_TESTS],
          environment: 'node',
          // Unisolated (D315): the files of a worker share the loaded modules, so each sandbox file
          // no longer loads and transforms the whole sandbox again (about 4 s of CPU a file, 21 min
          // → 7.5 min of CPU for the node project). Each file still boots its own sandbox on its own
          // database copy; shared fixtures register their hooks through a function each file calls.
          isolate: false,
          ...SANDBOX_TIMEOUTS,
          globalSetup: [SANDBOX_TEMPLATE],
        },
      },
      {
        extends: true,
        test: {
          name: 'node-isolated',
          include: ISOLATED_NODE_TESTS,
          environment: 'node',
          ...SANDBOX_TIMEOUTS,
          globalSetup: [SANDBOX_TEMPLATE],
        },
      },
    ],
  },
});
