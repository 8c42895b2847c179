import type { Browser, BrowserContext, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import { watchPageGuards, type PageFindings } from './page-guards';

/**
 * One browser tab per worker, kept warm from test to test (D365). A new context for every test made
 * Chromium start a renderer and download, parse and compile the portal again each time: about 2.3 s
 * of CPU of the 4.2 s a test that signs in and opens the dashboard costs. The worker's tab keeps the
 * portal's files in its HTTP cache and their compiled code in its renderer; everything the portal or
 * a test keeps about a visit does not outlive the test. After each test:
 *   - the tab's and the context's routes are removed, the listeners the test added to the tab taken
 *     off, the viewport put back, the mouse moved off the page, session and local storage emptied
 *     in the page, then the tab goes to about:blank, so no script, timer or socket of the test's page
 *     lives on; every other tab is closed;
 *   - every kind of site data of each origin the test opened (cookies, local storage, IndexedDB,
 *     service workers, cache storage) is cleared through the DevTools protocol, the context is online
 *     again and has no permissions;
 *   - what cannot be undone gives the next test a new tab (an init script, a binding, a locator
 *     handler, a default time-out, headers or media emulation set on the tab, a session storage
 *     left on another origin) or a new context (a test that failed, a context its test closed, the
 *     browser's clock set, an init script, binding, headers, credentials or position set on the
 *     context).
 * A test whose options differ from the project's (`test.use`) gets a context of its own, as before.
 */
export interface WarmHolder {
  current: Warm | null;
}

interface Warm {
  context: BrowserContext;
  key: string;
  viewport: BrowserContextOptions['viewport'];
  /** The context cannot be cleaned: the next test gets a new one. */
  dirty: boolean;
  tab: Tab | null;
  origins: Set<string>;
}

interface Tab {
  page: Page;
  /** The tab cannot be cleaned: the next test gets a new one. */
  dirty: boolean;
  /** The listeners the tab had before any test: what a test adds on top is taken off after it. */
  baseline: Map<string | symbol, unknown[]>;
  findings: PageFindings;
}

/** Calls whose effect outlives a test and cannot be taken back. */
const CONTEXT_ONE_WAY = ['addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'setGeolocation', 'setHTTPCredentials'];
const CLOCK_ONE_WAY = ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'runFor', 'fastForward', 'resume'];
const PAGE_ONE_WAY = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'addLocatorHandler',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'setExtraHTTPHeaders',
  'emulateMedia',
  'routeWebSocket',
];

/** Playwright's pages are event emitters with Node's listing methods, which its types leave out. */
interface Emitter {
  eventNames(): (string | symbol)[];
  rawListeners(event: string | symbol): unknown[];
  removeListener(event: string | symbol, listener: unknown): unknown;
}
const emitter = (page: Page) => page as unknown as Emitter;

/** Makes `method` of `target` mark `flag` dirty before doing what it does. */
function markOnCall(target: object, method: string, flag: { dirty: boolean }): void {
  const record = target as Record<string, unknown>;
  const original = record[method];
  if (typeof original !== 'function') return;
  record[method] = (...args: unknown[]) => {
    flag.dirty = true;
    return (original as (...a: unknown[]) => unknown).apply(target, args);
  };
}

/** A key of the options: two tests share a context only with equal options. */
function keyOf(options: BrowserContextOptions): string {
  return JSON.stringify(options, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

async function openContext(browser: Browser, options: BrowserContextOptions, key: string, holder: WarmHolder): Promise<Warm> {
  const context = await browser.newContext(options);
  const warm: Warm = { context, key, viewport: options.viewport, dirty: false, tab: null, origins: new Set() };
  for (const method of CONTEXT_ONE_WAY) markOnCall(context, method, warm);
  for (const method of CLOCK_ONE_WAY) markOnCall(context.clock, method, warm);
  context.on('close', () => {
    warm.dirty = true;
    if (holder.current === warm) holder.current = null;
  });
  context.on('page', (page) =>
    page.on('framenavigated', (frame) => {
      const url = frame.url();
      if (url.startsWith('http:') || url.startsWith('https:')) warm.origins.add(new URL(url).origin);
    }),
  );
  return warm;
}

async function openTab(warm: Warm): Promise<Tab> {
  const page = await warm.context.newPage();
  const findings: PageFindings = { violations: [], missing: [] };
  await watchPageGuards(page, findings);
  const tab: Tab = { page, dirty: false, baseline: new Map(), findings };
  for (const method of PAGE_ONE_WAY) markOnCall(page, method, tab);
  for (const event of emitter(page).eventNames()) tab.baseline.set(event, [...emitter(page).rawListeners(event)]);
  return tab;
}

async function drop(holder: WarmHolder): Promise<void> {
  const warm = holder.current;
  holder.current = null;
  await warm?.context.close().catch(() => undefined);
}

/** The worker's context for `options`, made or swapped when needed. */
export async function warmContext(browser: Browser, options: BrowserContextOptions, holder: WarmHolder): Promise<BrowserContext> {
  const key = keyOf(options);
  if (holder.current && holder.current.key !== key) await drop(holder);
  holder.current ??= await openContext(browser, options, key, holder);
  return holder.current.context;
}

/** The worker's tab in its warm context, with its guards' findings emptied for this test. */
export async function warmTab(holder: WarmHolder): Promise<{ page: Page; findings: PageFindings }> {
  const warm = holder.current;
  if (!warm) throw new Error('warmTab: no warm context (the context fixture makes it)');
  warm.tab ??= await openTab(warm);
  warm.tab.findings.violations.length = 0;
  warm.tab.findings.missing.length = 0;
  return warm.tab;
}

/** Takes off the listeners a test added to the tab. */
function restoreListeners(tab: Tab): void {
  const page = emitter(tab.page);
  for (const event of page.eventNames()) {
    const before = tab.baseline.get(event) ?? [];
    for (const listener of page.rawListeners(event)) if (!before.includes(listener)) page.removeListener(event, listener);
  }
}

/** Leaves the tab as a new one would be but for its cache, or closes it; false when it could not be cleaned. */
async function cleanTab(warm: Warm, tab: Tab, origin: string): Promise<boolean> {
  const { page } = tab;
  if (page.isClosed()) return false;
  restoreListeners(tab);
  await page.unrouteAll({ behavior: 'wait' });
  if (page.url().startsWith(origin)) {
    await page.evaluate(() => {
      window.sessionStorage.clear();
      window.localStorage.clear();
    });
  }
  // Session storage lives in the tab, per origin: one left on another origin cannot be reached from here.
  const elsewhere = [...warm.origins].some((o) => o !== origin);
  if (tab.dirty || elsewhere) return false;
  await page.mouse.move(-1, -1);
  if (warm.viewport && JSON.stringify(page.viewportSize()) !== JSON.stringify(warm.viewport)) await page.setViewportSize(warm.viewport);
  await page.goto('about:blank');
  return true;
}

/** After a test: the context and its tab cleaned for the next one, or dropped (see above). */
export async function releaseWarmContext(holder: WarmHolder, testInfo: TestInfo, origin: string): Promise<void> {
  const warm = holder.current;
  if (!warm) return;
  if (warm.dirty || testInfo.status !== testInfo.expectedStatus) return drop(holder);
  try {
    const { context } = warm;
    await context.unrouteAll({ behavior: 'wait' });
    if (warm.tab && !(await cleanTab(warm, warm.tab, origin))) {
      await warm.tab.page.close().catch(() => undefined);
      warm.tab = null;
    }
    for (const page of context.pages()) if (page !== warm.tab?.page) await page.close();
    await context.setOffline(false);
    await context.clearPermissions();
    await context.clearCookies();
    if (warm.origins.size > 0) {
      const probe = warm.tab?.page ?? (await context.newPage());
      const cdp = await context.newCDPSession(probe);
      for (const o of warm.origins) await cdp.send('Storage.clearDataForOrigin', { origin: o, storageTypes: 'all' });
      await cdp.detach();
      if (probe !== warm.tab?.page) await probe.close();
    }
    warm.origins.clear();
  } catch {
    await drop(holder);
  }
}
