/**
 * The installable portal (D342–D344): its web app manifest and its service worker, built by
 * vite-plugin-pwa with Workbox's generateSW. Kept out of vite.config.ts so the unit test can read
 * exactly what the build gets.
 */
import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import viCommon from '../../src/i18n/vi/common.json' with { type: 'json' };
import viShell from '../../src/i18n/vi/shell.json' with { type: 'json' };

export interface IconSpec {
  file: string;
  size: number;
  purpose: 'any' | 'maskable';
}

/** The install icons, drawn from public/favicon.svg into public/icons/ by scripts/pwa/icons.ts. */
export const ICONS: readonly IconSpec[] = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
];

/** The portal's base (vite.config.ts `base`) and so the service worker's scope. */
export const PORTAL_BASE = '/portal/';

/**
 * The theme's primary colour as the portal paints it (src/app/theme.ts: Mantine blue at shade 8,
 * #1971c2) for the installed window's title bar, and the light-only body's white behind the splash.
 */
export const THEME_COLOR = '#1971c2';
export const BACKGROUND_COLOR = '#ffffff';

/** The runtime configuration (src/config/load.ts configUrl): the one same-origin file read live. */
export const CONFIG_URL = /\/portal\/config\.json$/;

/** A navigation to a file (einvoice-terms.pdf, config.json…) is not a page: never answered with the shell. */
export const FILE_NAVIGATION = /\/[^/?]+\.[^/?]+$/;

/**
 * One manifest, one language (D344): Vietnamese, the portal's default, from its own texts. The start
 * URL is the portal's root, which sends every role and every deployment's flags to its home; the till
 * is the manifest's shortcut (a long press on the icon).
 */
export const MANIFEST = {
  id: PORTAL_BASE,
  name: viCommon.appNameFull,
  short_name: viCommon.appName,
  lang: 'vi',
  dir: 'ltr',
  start_url: PORTAL_BASE,
  scope: PORTAL_BASE,
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: ICONS.map((icon) => ({
    src: `${PORTAL_BASE}icons/${icon.file}`,
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose: icon.purpose,
  })),
  shortcuts: [
    {
      name: viShell.nav.saleOrder,
      url: `${PORTAL_BASE}sale-order`,
      icons: [{ src: `${PORTAL_BASE}icons/icon-192.png`, sizes: '192x192' }],
    },
  ],
} satisfies VitePWAOptions['manifest'];

/**
 * What the service worker keeps (D343): every file the build emits for the portal (shell, every
 * page's JS and CSS, the texts, the icons; about 1 MB brotli'd), but not the hosted checkout page,
 * which is another site's page outside the worker's scope, nor the inspector's diagram layout engine
 * (elkjs, 1.4 MB, a demo tool loaded on its own page). API calls are matched by no route, so the
 * worker never answers them and the browser sends them as if it were not there.
 */
export const PRECACHE_GLOBS = {
  globPatterns: ['**/*.{js,css,html,svg,png}'],
  globIgnores: ['checkout.html', '**/elk.bundled-*.js', '**/node_modules/**'],
};

export const PWA_OPTIONS: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  // Registered by src/app/service-worker.ts, imported by the portal's entry only: no inline script
  // (script-src 'self'), and the hosted checkout page (the build's second entry) registers nothing.
  injectRegister: false,
  // The new worker waits for every portal window to close (D343): no prompt, no reload mid-order.
  registerType: 'prompt',
  includeAssets: ['favicon.svg'],
  manifest: MANIFEST,
  devOptions: { enabled: false },
  workbox: {
    ...PRECACHE_GLOBS,
    skipWaiting: false,
    clientsClaim: false,
    cleanupOutdatedCaches: true,
    navigateFallback: 'index.html',
    navigateFallbackAllowlist: [/^\/portal\//],
    navigateFallbackDenylist: [FILE_NAVIGATION],
    runtimeCaching: [
      {
        urlPattern: CONFIG_URL,
        handler: 'NetworkFirst',
        options: {
          cacheName: 'portal-config',
          // A connection that hangs (not one that is plainly down) opens the till from the copy after 5 s.
          networkTimeoutSeconds: 5,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 1 },
        },
      },
    ],
  },
};

/**
 * vite-plugin-pwa writes its manifest link into every HTML entry; the hosted checkout page is a
 * buyer's page on the merchant's site (contract 14 §C) and must not offer to install the portal.
 */
export function portalOnlyManifest(): Plugin {
  return {
    name: 'portal-only-manifest',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.filename.endsWith('checkout.html') ? html.replace(/<link rel="manifest"[^>]*>/, '') : html),
    },
  };
}
