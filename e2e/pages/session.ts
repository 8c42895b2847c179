import type { BrowserContext, Page, Request } from '@playwright/test';

/**
 * The session has no screen of its own (it shows through the login screen and the shell); its page
 * object holds the browser-side moves its tests repeat.
 */

const REFRESH_PATH = '/api/portal/user/refresh-token';
/** A token refresh, whichever document sends it. */
const isRefresh = (req: Request): boolean => req.method() === 'POST' && new URL(req.url()).pathname === REFRESH_PATH;

/**
 * Records every token refresh (POST /user/refresh-token) one tab, or every tab of a context, sends
 * from now on; the array fills as they leave.
 */
export function watchRefreshes(target: Page | BrowserContext): string[] {
  const calls: string[] = [];
  target.on('request', (req) => {
    if (isRefresh(req)) calls.push(req.url());
  });
  return calls;
}

/** The refresh calls made by the document that next commits in this tab (not by the one it replaces). */
export function watchRefreshesOfNextDocument(page: Page): string[] {
  const calls: string[] = [];
  let committed = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) committed = true;
  });
  page.on('request', (req) => {
    if (committed && isRefresh(req)) calls.push(req.url());
  });
  return calls;
}

/**
 * Moves the browser's clock (installed with page.clock.install() before the page loaded) on by
 * `idle` (e.g. '31:00') and gives the window focus, as a person coming back to the tab would.
 */
export async function returnAfterIdle(page: Page, idle: string): Promise<void> {
  await page.clock.fastForward(idle);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}
