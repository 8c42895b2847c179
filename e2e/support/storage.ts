import type { Page } from '@playwright/test';

/**
 * The client's session keys from both storages (docs/architecture.md, client storage keys): local
 * storage with remember-me, session storage without.
 */
export async function storedSession(page: Page): Promise<{ local: string | null; session: string | null }> {
  return page.evaluate(() => ({
    local: window.localStorage.getItem('access_token'),
    session: window.sessionStorage.getItem('access_token'),
  }));
}
