import { readFile } from 'node:fs/promises';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import viCommon from '../../src/i18n/vi/common.json' with { type: 'json' };
import { theme } from '../../src/app/theme';
import { ICON_DIR, renderIcons } from './icons';
import { CONFIG_URL, FILE_NAVIGATION, ICONS, MANIFEST, PRECACHE_GLOBS, PWA_OPTIONS, THEME_COLOR } from './options';

const ORIGIN = 'http://127.0.0.1:5280';

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('web app manifest (D344)', () => {
  it("takes its colours from the theme: the primary colour at the portal's shade, as the page's theme-color meta says", async () => {
    const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
    expect(THEME_COLOR).toBe(DEFAULT_THEME.colors[theme.primaryColor ?? 'blue']![shade ?? 6]);
    expect(MANIFEST.theme_color).toBe(THEME_COLOR);
    const indexHtml = await readFile(new URL('../../index.html', import.meta.url), 'utf8');
    expect(indexHtml).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
  });

  it('is Vietnamese, standalone, scoped to /portal/ and opens at its root', () => {
    expect(MANIFEST).toMatchObject({
      name: viCommon.appNameFull,
      short_name: viCommon.appName,
      lang: 'vi',
      display: 'standalone',
      scope: '/portal/',
      start_url: '/portal/',
      id: '/portal/',
    });
    expect(MANIFEST.shortcuts.map((s) => s.url)).toEqual(['/portal/sale-order']);
  });

  it('lists 192 and 512 px icons and a maskable one, each a committed PNG of its size drawn from the current favicon', async () => {
    expect(MANIFEST.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const fresh = await renderIcons();
    for (const icon of ICONS) {
      const committed = await readFile(`${ICON_DIR}${icon.file}`);
      expect(pngSize(committed), icon.file).toEqual({ width: icon.size, height: icon.size });
      // A favicon changed without `npx tsx scripts/pwa/icons.ts` leaves these stale.
      expect(committed.equals(fresh.get(icon.file)!), icon.file).toBe(true);
    }
  });
});

describe('service worker (D343)', () => {
  const workbox = PWA_OPTIONS.workbox!;

  it('waits for the next start: no skipWaiting, no clientsClaim, no prompt script in the page', () => {
    expect(workbox.skipWaiting).toBe(false);
    expect(workbox.clientsClaim).toBe(false);
    expect(PWA_OPTIONS.injectRegister).toBe(false);
  });

  it('reads config.json network-first from its own cache, and no route of it matches a service call', () => {
    const [config, ...others] = workbox.runtimeCaching!;
    expect(others).toEqual([]);
    expect(config!.handler).toBe('NetworkFirst');
    expect(config!.urlPattern).toBe(CONFIG_URL);
    expect(CONFIG_URL.test(`${ORIGIN}/portal/config.json`)).toBe(true);
    const calls = ['/api/sale/order', '/api/portal/user/login', '/api/sale/order/payment/cash', '/socket.io/?EIO=4', '/sandbox/faults'];
    for (const path of calls) {
      expect(CONFIG_URL.test(`${ORIGIN}${path}`), path).toBe(false);
      expect(
        workbox.navigateFallbackAllowlist!.some((re) => re.test(path)),
        path,
      ).toBe(false);
    }
  });

  it('answers page navigations under /portal/ with the shell, but not a navigation to a file', () => {
    const isShell = (path: string) =>
      workbox.navigateFallbackAllowlist!.some((re) => re.test(path)) && !workbox.navigateFallbackDenylist!.some((re) => re.test(path));
    for (const page of ['/portal/', '/portal/sale-order', '/portal/sale-order/ORD-1', '/portal/tables?store=1']) {
      expect(isShell(page), page).toBe(true);
    }
    for (const file of ['/portal/einvoice-terms.pdf', '/portal/config.json', '/checkout/', '/api/sale/order']) {
      expect(isShell(file), file).toBe(false);
    }
    expect(FILE_NAVIGATION.test('/portal/sale-order/ORD-1')).toBe(false);
  });

  it('precaches the portal but not the hosted checkout page nor the inspector layout engine', () => {
    expect(PRECACHE_GLOBS.globIgnores).toEqual(expect.arrayContaining(['checkout.html', '**/elk.bundled-*.js']));
    expect(workbox.globIgnores).toEqual(PRECACHE_GLOBS.globIgnores);
  });
});
