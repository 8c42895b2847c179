import {
  expect,
  test as playwrightTest,
  type BrowserContextOptions,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { watchPageGuards, type PageFindings } from './page-guards';
import { SandboxClient, type ThrowawayUser } from './sandbox';
import { releaseWarmContext, warmContext, warmTab, type WarmHolder } from './warm-context';

/** Playwright's own fixture of the context options a test's `use` adds up to (the one its `context` fixture reads). */
const base = playwrightTest as unknown as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & { _combinedContextOptions: BrowserContextOptions },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

/**
 * `sandbox`: the control client. `makeUser()`: a throwaway sign-in on a seeded merchant, for tests
 * that lock an account or change its password. Every page also records Content-Security-Policy
 * violations and missing portal files: a test fails on either (zod's eval probe put a
 * `script-src eval` violation on every signed-in page, and the favicon answered 404). The context
 * around a test's page is the worker's, kept warm and cleaned between tests (warm-context.ts, D365).
 */
export const test = base.extend<
  {
    sandbox: SandboxClient;
    makeUser: (partial?: Partial<ThrowawayUser>) => Promise<ThrowawayUser>;
  },
  {
    /** The Playwright project running the test, for skip conditions decided before any page opens. */
    projectName: string;
    warmHolder: WarmHolder;
  }
>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none.
  projectName: [async ({}, use, workerInfo) => use(workerInfo.project.name), { scope: 'worker' }],
  warmHolder: [
    // eslint-disable-next-line no-empty-pattern -- as above: none.
    async ({}, use) => {
      const holder: WarmHolder = { current: null };
      await use(holder);
      await holder.current?.context.close().catch(() => undefined);
    },
    { scope: 'worker' },
  ],
  context: async ({ browser, _combinedContextOptions: options, warmHolder }, use, testInfo) => {
    // A saved storage state would be wiped by the cleaning: such a test gets a context of its own, as
    // does every test with E2E_FRESH_CONTEXTS=1 (to tell whether a failure comes from the sharing).
    if (options.storageState !== undefined || process.env.E2E_FRESH_CONTEXTS === '1') {
      const own = await browser.newContext(options);
      await use(own);
      await own.close();
      return;
    }
    await use(await warmContext(browser, options, warmHolder));
    await releaseWarmContext(warmHolder, testInfo, new URL(String(options.baseURL)).origin);
  },
  page: async ({ context, warmHolder }, use) => {
    let page: Page;
    let findings: PageFindings;
    if (warmHolder.current?.context === context) {
      ({ page, findings } = await warmTab(warmHolder));
    } else {
      page = await context.newPage();
      findings = { violations: [], missing: [] };
      await watchPageGuards(page, findings);
    }
    await use(page);
    expect(findings.violations, 'Content-Security-Policy violations on this page').toEqual([]);
    expect(findings.missing, 'portal files that answered 404').toEqual([]);
  },
  // The project's own sandbox (the `unified` project runs against a second one).
  sandbox: async ({ baseURL }, use) => {
    await use(new SandboxClient(baseURL));
  },
  makeUser: async ({ sandbox }, use, testInfo) => {
    await use((partial) => sandbox.createUser(partial, `w${testInfo.workerIndex}`));
  },
});

export { expect } from '@playwright/test';
