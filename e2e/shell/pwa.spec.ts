import type { Page } from '@playwright/test';
import { DEMO, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { Shell } from '../support/shell';
import { signIn } from '../support/sign-in';

// The installable portal (D342–D344): manifest, icons and the service worker that opens the shell
// and the till's code without a network. Every other spec blocks service workers (playwright.config.ts,
// D343); this one allows them.
test.use({ serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the page's service worker has installed (its precache is complete) and is active. */
async function serviceWorkerActive(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL;
  });
}

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

test.describe('Installable portal', () => {
  test('issue 28 §4: the portal links a valid manifest whose icons are PNGs of their stated sizes; the checkout page links none', async ({
    page,
  }) => {
    await page.goto(P('/login'));
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe(P('/manifest.webmanifest'));
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    // Chrome's install criteria: a name, a start URL, standalone display, 192 and 512 px icons.
    expect(manifest).toMatchObject({ name: t('vi', 'common:appNameFull'), start_url: P('/'), display: 'standalone', lang: 'vi' });
    expect(manifest.prefer_related_applications).toBeUndefined();
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
    }

    const checkout = await (await page.request.get('/checkout/')).text();
    expect(checkout).not.toContain('rel="manifest"');
    expect(checkout).not.toContain('sw.js');
  });

  test('issue 28 §4: the service worker controls the page after a reload, leaves service calls to the network, and a reload without network opens the till', async ({
    page,
    context,
  }) => {
    test.slow();
    await signIn(page, DEMO.phoco, { to: '/sale-order' });
    const heading = page.getByRole('heading', { level: 1, name: t('vi', 'shell:nav.saleOrder') });
    await expect(heading).toBeVisible();
    // Installed means the whole precache was downloaded; the page it was installed from stays uncontrolled.
    await expect.poll(() => serviceWorkerActive(page), { timeout: 30_000 }).toMatch(/\/portal\/sw\.js$/);

    // After a reload the worker answers the page and its code, but never a service call (D343).
    const seen: string[] = [];
    await page.route('**/api/**', async (route) => {
      seen.push(new URL(route.request().url()).pathname);
      await route.continue();
    });
    const apiAnswer = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/'));
    const documentAnswer = await page.reload();
    expect(await controlled(page)).toMatch(/\/portal\/sw\.js$/);
    expect(documentAnswer?.fromServiceWorker()).toBe(true);
    await expect(heading).toBeVisible();
    expect((await apiAnswer).fromServiceWorker()).toBe(false);
    // page.route sees the service calls: the worker does not handle them (it would hide them).
    expect(seen.length).toBeGreaterThan(0);
    await page.unroute('**/api/**');

    // No network: the shell and the till's route come from the worker (not the browser's offline page),
    // and the session starts from the profile kept at its last read (D367), so the till itself opens
    // (e2e/orderpayment/offline-reopen.spec.ts takes an order through it).
    await context.setOffline(true);
    const offlineDocument = await page.reload();
    expect(offlineDocument?.fromServiceWorker()).toBe(true);
    await expect(page).toHaveURL(new RegExp(`${P('/sale-order')}$`));
    await new Shell(page).expectShown();
    await expect(page.getByRole('link', { name: t('vi', 'shell:nav.saleOrder'), exact: true })).toBeVisible();
    await expect(heading).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(t('vi', 'shell:profileFailed.title'))).toHaveCount(0);

    // The network back: the same worker's shell opens the till with the service's answers.
    await context.setOffline(false);
    await page.reload();
    await expect(heading).toBeVisible({ timeout: 15_000 });
  });
});
