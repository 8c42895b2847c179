import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './e2e/support/chromium';

/**
 * End-to-end tests: Debian's Chromium against the sandbox, which serves the built portal (dist/)
 * and the stand-in services on one origin. `npm run test:e2e` builds first.
 *
 * Layout (one folder per spec area, the same names as src/ and sandbox/): e2e/<area>/*.spec.ts,
 * page objects in e2e/pages/<area>.ts, shared helpers in e2e/support/. A spec and a page object
 * import only their own area and support/ (lint boundaries); every area's tests sign in and move
 * through the shell, so those page objects are shared (support/sign-in.ts, support/shell.ts).
 * Which project runs a file is said by its name, so a test lives in its area whatever it needs:
 *   <name>.spec.ts          `main`: this run's sandbox, in parallel;
 *   <name>.clock.spec.ts    `clock`: moves the sandbox clock (lock, link and token expiry);
 *   <name>.unified.spec.ts  `unified`: the second sandbox, with single sign-on on.
 * The sandbox has one clock for everybody, so the `clock` project is the `teardown` of `main`:
 * Playwright starts it only after every main test has finished, and (unlike a dependent project)
 * runs it even when a main test failed. Main tests never touch the clock.
 */

const CI = !!process.env.CI;

/**
 * The port and data folder are chosen once, in the runner process, and passed to the workers
 * (which load this file again) through the environment.
 */
function pickPort(preferred: number): number {
  const script = `
    const net = require('node:net');
    const tryListen = (port, fallback) => {
      const s = net.createServer();
      s.once('error', () => (fallback ? tryListen(0, false) : process.exit(1)));
      s.listen(port, '127.0.0.1', () => { const p = s.address().port; s.close(() => console.log(p)); });
    };
    tryListen(${preferred}, true);`;
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

// E2E_PORT given (e.g. 5290): use, and outside CI reuse, a sandbox already listening there.
// Otherwise each run starts its own sandbox on a free port the system picks, so two runs at the same
// time (two terminals, two agents) never share one sandbox or race for one port.
const explicitPort = !!process.env.E2E_PORT && !process.env.E2E_PORT_PICKED;
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(pickPort(0));
  process.env.E2E_PORT_PICKED = '1';
}
if (!process.env.E2E_UNIFIED_PORT) process.env.E2E_UNIFIED_PORT = String(pickPort(0));
if (!process.env.E2E_SANDBOX_DATA_DIR) {
  const runDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  process.env.E2E_SANDBOX_DATA_DIR = join(runDir, 'db');
  process.env.E2E_UNIFIED_DATA_DIR = join(runDir, 'db-unified');
  // The sandbox serves a snapshot of dist/ taken now, so a rebuild during the run (another
  // terminal, an editor's watcher) cannot pull the portal out from under the tests.
  // E2E_PORTAL_DIST given: serve that build instead (a developer's own `vite build --outDir …`).
  if (!process.env.E2E_PORTAL_DIST && existsSync('dist/index.html')) {
    cpSync('dist', join(runDir, 'dist'), { recursive: true });
    process.env.E2E_PORTAL_DIST = join(runDir, 'dist');
  }
}

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
process.env.E2E_BASE_URL = baseURL;
// A second sandbox with the unified single-sign-on flag on (core §1): the `unified` project's tests.
const unifiedPort = Number(process.env.E2E_UNIFIED_PORT);
const unifiedURL = `http://127.0.0.1:${unifiedPort}`;

function sandboxServer(serverPort: number, dataDir: string | undefined, features?: string, seedVolume?: 'small') {
  return {
    command: 'npx tsx sandbox/main.ts',
    url: `http://127.0.0.1:${serverPort}/portal/config.json`,
    reuseExistingServer: explicitPort && !CI,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 3_000 },
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      SANDBOX_DATA_DIR: dataDir ?? '',
      ...(process.env.E2E_PORTAL_DIST ? { PORTAL_DIST: process.env.E2E_PORTAL_DIST } : {}),
      ...(features ? { SANDBOX_FEATURES: features } : {}),
      ...(seedVolume ? { SANDBOX_SEED_VOLUME: seedVolume } : {}),
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  // Three workers on CI's two cores (D365): a test spends much of its time waiting (the sandbox's
  // answers, animations, the portal's timers), so two workers kept the cores about 60 % busy (measured on a shared machine); a third
  // took 37 tests from 282 s to 179 s. E2E_WORKERS sets another number.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    // Every run: the counts (scripts/test-all.sh) and each test's duration (scripts/slowest-tests.ts).
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'reports/e2e/results.json' }],
  ],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL,
    headless: true,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    // Every test records a trace (kept only when it fails): each action and assertion with its call
    // log, the console, the network and the sources, beside the failure screenshot and Playwright's
    // error context (the page's accessibility tree when it failed). Without the screencast (D275) and,
    // unless E2E_TRACE=full, without a DOM snapshot at every action: those snapshots were about 40 % of
    // the CPU of the login paths (D346). E2E_TRACE=full puts them back to step through a failure.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: process.env.E2E_TRACE === 'full', sources: true },
    screenshot: 'only-on-failure',
    serviceWorkers: 'block', // the portal's worker (D343) only in e2e/shell/pwa.spec.ts: a page.route must see every call
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'main',
      testIgnore: ['**/*.clock.spec.ts', '**/*.unified.spec.ts'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
      teardown: 'clock',
    },
    {
      // Single sign-on screens, against the second sandbox (flag unifiedLogin on); never moves a clock.
      // The login machine's generated paths run here too: each project runs the paths of its flag
      // setting and lists the others as skipped (e2e/auth/login-paths.spec.ts).
      name: 'unified',
      testMatch: ['**/*.unified.spec.ts', 'auth/login-paths.spec.ts'],
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: unifiedURL },
    },
    {
      // Moves the sandbox clock: runs alone, after `main`, in one worker, file after file in path
      // order (auth/ before session/), each file resetting the clock around its tests.
      name: 'clock',
      testMatch: ['**/*.clock.spec.ts'],
      fullyParallel: false,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    // E2E_SEED_VOLUME=small: a quicker start while working on tests that need no report history.
    sandboxServer(
      port,
      process.env.E2E_SANDBOX_DATA_DIR,
      process.env.SANDBOX_FEATURES,
      process.env.E2E_SEED_VOLUME === 'small' ? 'small' : undefined,
    ),
    // Sign-in screens only: the small report data set starts in a fraction of the time.
    sandboxServer(unifiedPort, process.env.E2E_UNIFIED_DATA_DIR, 'unifiedLogin=true', 'small'),
  ],
});
