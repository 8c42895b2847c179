import type { Page } from '@playwright/test';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t, type Lang } from '../support/i18n';
import { acceptCookies, Shell } from '../support/shell';
import { expectOnLogin, signIn } from '../support/sign-in';

// Issue 28 §4, D367–D369: a reload without any network opens the till with its queue. The service
// worker serves the portal's code (D343); the session starts from the profile it kept at its last read
// (the profile call gets no answer offline). Every other spec blocks service workers; this one allows them.
test.use({ serviceWorkers: 'allow' });

interface ServiceOrder {
  order_id: number;
}

/** The sale service's API as the tab's session (a page-side fetch: not through the till's queue). */
function saleApi<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const token = sessionStorage.getItem('access_token') ?? localStorage.getItem('access_token');
    const res = await fetch(`/api/sale${p}`, { headers: { authorization: `Bearer ${token ?? ''}` } });
    if (res.status !== 200) throw new Error(`GET /api/sale${p}: ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  }, path) as Promise<T>;
}

/** Rows of one object store of the first IndexedDB database whose name matches, or -1 when there is none. */
function rowsOf(page: Page, database: { prefix: string; suffix: string }, store: string): Promise<number> {
  return page.evaluate(
    async ({ prefix, suffix, store }) => {
      const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith(prefix) && n.endsWith(suffix));
      if (!name) return -1;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains(store)) return -1;
        return await new Promise<number>((resolve) => {
          const count = db.transaction(store).objectStore(store).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(-1);
        });
      } finally {
        db.close();
      }
    },
    { ...database, store },
  );
}

const keptProfiles = (page: Page) => rowsOf(page, { prefix: 'portal-session-keep', suffix: 'portal-session-keep' }, 'profiles');
const keptCatalogue = (page: Page) => rowsOf(page, { prefix: 'portal-outbox:', suffix: ':keep' }, 'rows');

for (const lang of ['vi', 'en'] as const satisfies readonly Lang[]) {
  test(`issue 28 §4 (${lang}): a reload without network opens the till from the kept profile with its queue; back online the real profile is read and the order reaches the service once`, async ({
    page,
    context,
    sandbox,
  }) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    await signIn(page, merchant, { to: '/sale-order', lang });
    await acceptCookies(page, lang);
    const create = page.getByTestId('order-create');
    const status = page.getByTestId('outbox-status');
    await expect(create).toBeVisible({ timeout: 15_000 });
    const before = new Set((await saleApi<ServiceOrder[]>(page, '/order?page=1&page_size=100')).map((row) => row.order_id));

    // Installed (the whole precache downloaded); the page it installed from is not controlled until a reload.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL), { timeout: 30_000 })
      .toMatch(/\/portal\/sw\.js$/);
    await page.reload();
    await expect(create).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/portal\/sw\.js$/);
    // What the till keeps to open and sell offline: this user's profile (D367) and the catalogue (D348).
    await expect.poll(() => keptProfiles(page), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => keptCatalogue(page), { timeout: 20_000 }).toBeGreaterThan(0);
    // Personal data stays in IndexedDB: neither web storage nor the address carries the profile.
    const webStorage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(webStorage).not.toContain(merchant.username);
    expect(page.url()).not.toContain(merchant.username);

    // Offline: a local order with one dish, so the queue holds its create and its dishes.
    await context.setOffline(true);
    await create.click();
    await expect(page).toHaveURL(/\/sale-order\/local\/[0-9a-f-]{36}$/);
    const local = new URL(page.url()).pathname;
    await expect(page.getByTestId('order-dish').first()).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('order-dish').first().click();
    await expect(page.getByTestId('order-basket-line')).toHaveCount(1);
    await page.getByTestId('order-submit').click();
    await expect(page.getByTestId('order-added')).toBeVisible({ timeout: 15_000 });
    await expect(status).toContainText(t(lang, 'shell:outbox.offline', { count: 2 }));

    // The reload without any network: the shell and the till open, not "could not read the details".
    const offlineDocument = await page.reload();
    expect(offlineDocument?.fromServiceWorker()).toBe(true);
    await new Shell(page, lang).expectShown();
    await expect(page).toHaveURL(new RegExp(`${local}$`));
    await expect(page.getByTestId('order-local-notice')).toHaveText(t(lang, 'orders:detail.localNotice'), { timeout: 15_000 });
    // Its dish, read back from the queue, is on the order (no longer in the basket).
    await expect(page.getByTestId('order-lines').getByRole('listitem')).toHaveCount(1);
    await expect(status).toContainText(t(lang, 'shell:outbox.offline', { count: 2 }));
    await expect(page.getByText(t(lang, 'shell:profileFailed.title'))).toHaveCount(0);
    // The till's list opens too, and a new order can be started from it.
    await page.goto(P('/sale-order'));
    await expect(create).toBeVisible({ timeout: 15_000 });
    await expect(status).toContainText(t(lang, 'shell:outbox.offline', { count: 2 }));

    // Back online: the session reads the real profile, the queue drains, the order is on the service once.
    const profileRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/user/info' && r.status() === 200);
    await context.setOffline(false);
    await profileRead;
    await expect(status).toBeEmpty({ timeout: 60_000 });
    await expect
      .poll(
        async () => (await saleApi<ServiceOrder[]>(page, '/order?page=1&page_size=100')).filter((row) => !before.has(row.order_id)).length,
      )
      .toBe(1);
    const made = (await saleApi<ServiceOrder[]>(page, '/order?page=1&page_size=100')).filter((row) => !before.has(row.order_id));
    const detail = await saleApi<{ products_data: unknown[] }>(page, `/order/${made[0]!.order_id}`);
    expect(detail.products_data).toHaveLength(1);

    // Sign-out deletes the kept profile.
    await new Shell(page, lang).logout.click();
    await expectOnLogin(page, lang);
    await expect.poll(() => keptProfiles(page)).toBe(0);
  });
}
