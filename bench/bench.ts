/**
 * Bundle-size bench: what a browser actually loads.
 *
 *   1. builds the portal (vite build) into a folder of its own, so a dist/ that someone else is
 *      serving or rebuilding is left alone (BENCH_DIST=folder measures an existing build instead),
 *   2. starts the sandbox on a free port with a throwaway data folder,
 *   3. opens /portal/login in Debian's Chromium (fresh profile) and records every JS and CSS
 *      response: raw size, and gzip size (node:zlib level 9 of the body; the sandbox's own
 *      Content-Encoding, if any, is shown beside it),
 *   4. signs in with the demo account and opens every route of the sidebar as a fresh document
 *      load; the JS/CSS that every route loads is "the shell", and per route it prints what it
 *      loads beyond that,
 *   5. prints the largest route, then every size figure of issue 29 against its target: /login's
 *      JS up to the moment the portal starts its warm-up (what the sign-in form needs; the
 *      signed-in code it then fetches in the background is shown apart), the shell's JS, and the JS
 *      each daily page loads beyond the shell, the order editing page (/sale-order/{id}, a new order) included.
 *
 * Figures only; nothing here passes or fails (the budgets that fail a test are in
 * scripts/size-budget.test.ts, D362).
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchChromium, startBenchSandbox, submitSignIn } from './support';

/** Issue 29's targets, KB of gzipped JS. */
const TARGETS = { login: 150, shell: 250, beyondShell: 100 } as const;
/** The pages a merchant opens daily (issue 29 §2); the order editing page is a new order's (made on /sale-order). */
const DAILY = ['/portal/dashboard', '/portal/tx-card', '/portal/sale-order', '/portal/payment', '/portal/sale-table'];
/** The mark the portal sets when its warm-up starts (src/app/router.tsx, WARM_UP_MARK). */
const WARM_UP_MARK = 'portal:warm-up';

interface Asset {
  url: string;
  path: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  encoding: string;
  /** When the request started, ms since the epoch. */
  started: number;
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** Records JS and CSS responses of a page until `stop()`; keyed by path. */
function recordAssets(page: Page) {
  const assets = new Map<string, Asset>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    const url = new URL(response.url());
    const kind: Asset['kind'] | null =
      type === 'script' || /\.m?js$/.test(url.pathname) ? 'js' : type === 'stylesheet' || url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind || !response.ok()) return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return;
        const headers = await response.allHeaders().catch(() => ({}) as Record<string, string>);
        assets.set(url.pathname, {
          url: response.url(),
          path: url.pathname,
          kind,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          encoding: headers['content-encoding'] ?? 'none',
          started: response.request().timing().startTime,
        });
      })(),
    );
  };
  page.on('response', onResponse);
  return {
    async stop(): Promise<Map<string, Asset>> {
      page.off('response', onResponse);
      await Promise.all(pending);
      return assets;
    },
  };
}

function sum(assets: Iterable<Asset>, kind?: Asset['kind']): { raw: number; gzip: number; count: number } {
  let raw = 0;
  let gzip = 0;
  let count = 0;
  for (const a of assets) {
    if (kind && a.kind !== kind) continue;
    raw += a.raw;
    gzip += a.gzip;
    count += 1;
  }
  return { raw, gzip, count };
}

function printAssetTable(title: string, assets: Asset[]): void {
  console.log(`\n${title}`);
  const rows = [...assets].sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(40, ...rows.map((r) => r.path.length));
  console.log(`  ${'file'.padEnd(width)}  kind  ${'raw KB'.padStart(9)}  ${'gzip-9 KB'.padStart(9)}  served encoding`);
  for (const r of rows) {
    console.log(`  ${r.path.padEnd(width)}  ${r.kind.padEnd(4)}  ${kb(r.raw).padStart(9)}  ${kb(r.gzip).padStart(9)}  ${r.encoding}`);
  }
  for (const kind of ['js', 'css'] as const) {
    const s = sum(rows, kind);
    console.log(
      `  ${`total ${kind} (${s.count} files)`.padEnd(width)}  ${kind.padEnd(4)}  ${kb(s.raw).padStart(9)}  ${kb(s.gzip).padStart(9)}`,
    );
  }
  const all = sum(rows);
  console.log(`  ${`total js+css (${all.count} files)`.padEnd(width)}        ${kb(all.raw).padStart(9)}  ${kb(all.gzip).padStart(9)}`);
}

/** Every route the sidebar links to, opening each sub-menu in turn (only one is open at a time). */
async function sidebarRoutes(page: Page): Promise<string[]> {
  const nav = page.locator('nav#portal-sidebar, nav[aria-label]').first();
  const routes = new Set<string>();
  const collect = async () => {
    for (const href of await nav.locator('a[href^="/portal/"]').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''))) {
      if (href) routes.add(href.replace(/[?#].*$/, ''));
    }
  };
  await collect();
  const groups = nav.locator('button[aria-expanded]');
  const count = await groups.count();
  for (let i = 0; i < count; i += 1) {
    const group = groups.nth(i);
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await page.waitForTimeout(150);
    await collect();
  }
  return [...routes];
}

function against(label: string, bytes: number, targetKb: number): void {
  const delta = bytes / 1024 - targetKb;
  const verdict = delta > 0 ? `${delta.toFixed(1)} KB over` : `${(-delta).toFixed(1)} KB under`;
  console.log(`  ${label.padEnd(44)}  ${kb(bytes).padStart(8)}  ${String(targetKb).padStart(8)}  ${verdict}`);
}

/** Every size figure of issue 29 (§1, §2) against its target: gzipped JS. */
function printTargets(login: Asset[], shell: Asset[], shellPaths: string[], daily: Map<string, Map<string, Asset>>): void {
  console.log(`\ntargets (gzip-9 KB of JS)\n  ${'figure'.padEnd(44)}  ${'KB'.padStart(8)}  ${'target'.padStart(8)}`);
  against('/login, what the sign-in form needs', sum(login, 'js').gzip, TARGETS.login);
  against('the shell', sum(shell, 'js').gzip, TARGETS.shell);
  for (const [route, assets] of daily) {
    const beyond = [...assets.values()].filter((a) => !shellPaths.includes(a.path));
    against(`${route} beyond the shell`, sum(beyond, 'js').gzip, TARGETS.beyondShell);
  }
}

/**
 * The order editing page, opened as its own document load: the first order the list links to, or for a
 * merchant whose list has none and who may create one (not food and beverage, whose orders start at a
 * table) a new counter order (the sandbox is a throwaway copy).
 */
async function measureOrderEditing(page: Page, base: string): Promise<Map<string, Asset> | null> {
  await page.goto(`${base}/portal/sale-order`, { waitUntil: 'networkidle' });
  const linked = (
    await page.locator('main a[href*="/sale-order/"]').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''))
  ).find((href) => /\/sale-order\/\d+$/.test(href));
  const created = linked
    ? new URL(linked, base).pathname
    : await page
        .getByTestId('order-create')
        .click({ timeout: 5_000 })
        .then(() => page.waitForURL(/\/sale-order\/\d+$/, { timeout: 60_000 }))
        .then(() => new URL(page.url()).pathname)
        .catch(() => null);
  if (!created) return null;
  const rec = recordAssets(page);
  await page.goto(`${base}${created}`, { waitUntil: 'networkidle' });
  await page.locator('main').first().waitFor();
  return rec.stop();
}

async function main(): Promise<void> {
  const sandbox = await startBenchSandbox({ tag: 'size', timeoutMs: 300_000 });
  const browser = await launchChromium().catch(async (err: unknown) => {
    await sandbox.stop();
    throw err;
  });
  const { base } = sandbox;

  try {
    // --- /login, cold --------------------------------------------------------------------------
    const context = await browser.newContext({ locale: 'vi-VN', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    let rec = recordAssets(page);
    await page.goto(`${base}/portal/login`);
    await page
      .getByLabel(/Tên đăng nhập|Username/)
      .first()
      .waitFor();
    // The warm-up starts when the browser is idle after the form is drawn; what it fetches is apart.
    const warmUpAt = await page
      .waitForFunction((name) => {
        const mark = performance.getEntriesByName(name)[0];
        return mark ? performance.timeOrigin + mark.startTime : null;
      }, WARM_UP_MARK)
      .then((handle) => handle.jsonValue() as Promise<number>);
    await page.waitForLoadState('networkidle');
    const loaded = [...(await rec.stop()).values()];
    const login = loaded.filter((a) => a.started < warmUpAt);
    printAssetTable('/portal/login: what the sign-in form needs (fresh profile, cold)', login);
    printAssetTable(
      '/portal/login: the warm-up, fetched in the background once the form is usable',
      loaded.filter((a) => a.started >= warmUpAt),
    );

    // --- sign in, then every sidebar route as its own document load ----------------------------
    await submitSignIn(page);
    await page.locator('nav[aria-label]').first().waitFor();
    const routes = await sidebarRoutes(page);
    if (!routes.includes('/portal/dashboard')) routes.unshift('/portal/dashboard');

    const perRoute = new Map<string, Map<string, Asset>>();
    for (const route of routes) {
      rec = recordAssets(page);
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      await page.locator('main').first().waitFor();
      perRoute.set(route, await rec.stop());
      if (!page.url().endsWith(route)) console.log(`bench: note: ${route} ended on ${new URL(page.url()).pathname}`);
    }

    // The shell: JS/CSS every route loads.
    const lists = [...perRoute.values()];
    const shellPaths = [...(lists[0]?.keys() ?? [])].filter((p) => lists.every((m) => m.has(p)));
    const shellAssets = shellPaths.map((p) => lists[0]!.get(p)!);
    printAssetTable('the shell: JS/CSS that every signed-in route loads', shellAssets);

    console.log('\nper route: JS/CSS loaded beyond the shell (gzip-9 KB)');
    const routeWidth = Math.max(24, ...routes.map((r) => r.length));
    console.log(
      `  ${'route'.padEnd(routeWidth)}  ${'files'.padStart(5)}  ${'js KB'.padStart(8)}  ${'css KB'.padStart(8)}  ${'total KB'.padStart(9)}  ${'with shell'.padStart(10)}`,
    );
    let largest: { route: string; gzip: number; files: string[] } = { route: '', gzip: -1, files: [] };
    const shellGzip = sum(shellAssets).gzip;
    for (const [route, assets] of perRoute) {
      const extra = [...assets.values()].filter((a) => !shellPaths.includes(a.path));
      const js = sum(extra, 'js');
      const css = sum(extra, 'css');
      const total = js.gzip + css.gzip;
      console.log(
        `  ${route.padEnd(routeWidth)}  ${String(extra.length).padStart(5)}  ${kb(js.gzip).padStart(8)}  ${kb(css.gzip).padStart(8)}  ${kb(total).padStart(9)}  ${kb(total + shellGzip).padStart(10)}`,
      );
      if (total > largest.gzip) largest = { route, gzip: total, files: extra.map((a) => a.path) };
      // BENCH_ROUTE_FILES=1: every file a route adds, largest first (to find what grew).
      if (process.env.BENCH_ROUTE_FILES) {
        for (const a of [...extra].sort((x, y) => y.gzip - x.gzip)) console.log(`      ${kb(a.gzip).padStart(6)}  ${a.path}`);
      }
    }
    console.log(
      `\nlargest route: ${largest.route} loads ${kb(largest.gzip)} KB gzipped beyond the shell` +
        ` (${kb(largest.gzip + shellGzip)} KB with it)${largest.files.length ? `: ${largest.files.join(', ')}` : ''}`,
    );

    const daily = new Map(DAILY.filter((route) => perRoute.has(route)).map((route) => [route, perRoute.get(route)!]));
    const orderEditing = await measureOrderEditing(page, base);
    if (orderEditing) daily.set('/portal/sale-order/{id}', orderEditing);
    else console.log('bench: note: /portal/sale-order links to no order and cannot create one; the order editing page is not measured');
    printTargets(login, shellAssets, shellPaths, daily);
    await context.close();
  } finally {
    await browser.close();
    await sandbox.stop();
  }
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
