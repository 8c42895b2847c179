import type { BrowserContext, BrowserContextOptions, CDPSession, Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { watchPageGuards } from './page-guards';

/**
 * One browser tab per worker, handed to each test of a file that opts in (`tab` instead of `page`),
 * left signed out and blank between tests (D345). For the many short tests that each begin on a
 * signed-out screen (the login machine's generated paths): a fresh context per test made Chromium start
 * a renderer and download, parse and compile the portal again for every path, and that was most of
 * each path's cost. The portal's files stay in the tab's HTTP cache (they are immutable, hashed
 * names); everything the portal keeps about a visitor does not:
 *   - after each test the tab's routes are removed, session and local storage are emptied in the page,
 *     and every other kind of site data of the origin (cookies, IndexedDB, service workers, cache
 *     storage) is cleared through the DevTools protocol, then the tab goes to about:blank, so no
 *     script, timer or socket of the last test's page lives on;
 *   - a test that failed, or whose tab cannot be cleaned, closes the context: the next test gets a
 *     new one, so a broken tab cannot make later tests fail;
 *   - the `page` fixture's guards (Content-Security-Policy violations, portal files answering 404)
 *     are checked per test, on what that test's pages did.
 * Tests that need a first visit (e2e/auth/first-load.spec.ts), a second tab or their own context keep
 * the `page` fixture.
 */

interface Tab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  violations: string[];
  missing: string[];
}

/** The context options of the project (devices['Desktop Chrome'] and the config's `use`), as the `page` fixture gets them. */
function contextOptions(use: Record<string, unknown>): BrowserContextOptions {
  const keys = ['baseURL', 'locale', 'timezoneId', 'viewport', 'userAgent', 'deviceScaleFactor', 'isMobile', 'hasTouch', 'colorScheme'];
  return Object.fromEntries(keys.filter((k) => use[k] !== undefined).map((k) => [k, use[k]])) as BrowserContextOptions;
}

async function openTab(context: BrowserContext): Promise<Tab> {
  const page = await context.newPage();
  const tab: Tab = { context, page, cdp: await context.newCDPSession(page), violations: [], missing: [] };
  // The same guards as the `page` fixture (page-guards.ts), reporting into the running test's lists.
  await watchPageGuards(page, tab);
  return tab;
}

/** Leaves the tab as a new one would be, but for its HTTP cache: no routes, no site data, a blank page. */
async function cleanTab(tab: Tab, origin: string): Promise<void> {
  await tab.page.unrouteAll({ behavior: 'wait' });
  if (tab.page.url().startsWith(origin)) {
    await tab.page.evaluate(() => {
      window.sessionStorage.clear();
      window.localStorage.clear();
    });
  }
  await tab.page.goto('about:blank');
  await tab.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await tab.context.clearCookies();
  await tab.context.clearPermissions();
}

export const test = base.extend<{ tab: Page }, { tabHolder: { current: Tab | null } }>({
  // The worker's tab, made on first use and again after a test that left it unusable.
  tabHolder: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none.
    async ({}, use) => {
      const holder: { current: Tab | null } = { current: null };
      await use(holder);
      await holder.current?.context.close();
    },
    { scope: 'worker' },
  ],
  tab: async ({ browser, tabHolder }, use, testInfo) => {
    const use_ = testInfo.project.use as Record<string, unknown>;
    const origin = new URL(String(use_.baseURL)).origin;
    tabHolder.current ??= await openTab(await browser.newContext(contextOptions(use_)));
    const tab = tabHolder.current;
    tab.violations.length = 0;
    tab.missing.length = 0;
    await use(tab.page);
    const violations = [...tab.violations];
    const missing = [...tab.missing];
    let clean = testInfo.status === testInfo.expectedStatus;
    if (clean) {
      clean = await cleanTab(tab, origin).then(
        () => true,
        () => false,
      );
    }
    if (!clean) {
      tabHolder.current = null;
      await tab.context.close().catch(() => undefined);
    }
    expect(violations, 'Content-Security-Policy violations on this page').toEqual([]);
    expect(missing, 'portal files that answered 404').toEqual([]);
  },
});

export { expect } from './fixtures';
