/**
 * Lighthouse 12 on /login, the signed-in /dashboard and /tx-card (issue 10 §8): performance score, LCP,
 * TBT and CLS, mobile (Lighthouse's default: a mid-range phone on a slow 4G link, simulated), the
 * median of LIGHTHOUSE_RUNS runs (3). Figures only, no pass or fail; the targets are printed beside
 * them. Debian's Chromium through chrome-launcher; the signed-in pages are reached by signing in once
 * with "remember me" in the same browser, and Lighthouse keeps that storage (disableStorageReset).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { DEMO, startBenchSandbox, submitSignIn } from './support';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** LIGHTHOUSE_PAGES=/portal/dashboard,… measures only those (labels as printed). */
const ONLY = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
/** LIGHTHOUSE_SAVE=folder keeps each run's full report there (JSON), to see what a figure is made of. */
const SAVE = process.env.LIGHTHOUSE_SAVE;
const TARGETS: Record<string, number> = { '/portal/login': 90, '/portal/dashboard': 80 };
const CLS_TARGET = 0.1;

interface Run {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function measure(url: string, port: number, config?: Config): Promise<Run> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    config,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true });
    writeFileSync(join(SAVE, `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  // A signed-in page that sent Lighthouse to /login would measure the wrong page.
  if (!new URL(lhr.finalDisplayedUrl).pathname.startsWith(new URL(url).pathname)) {
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

async function signIn(base: string, port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${base}/portal/login`);
    await submitSignIn(page, DEMO, { remember: true });
    await page.close();
  } finally {
    // Only the CDP connection closes; the browser stays for Lighthouse.
    await browser.close();
  }
}

async function main(): Promise<void> {
  const sandbox = await startBenchSandbox({ tag: 'lighthouse', timeoutMs: 300_000 });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    // /login first, signed out; then sign in once and measure the others. The review measured /tx-card's
    // layout shift on a desktop screen (rows arriving), so it is measured there too.
    const pages: { label: string; path: string; config?: Config }[] = [
      { label: '/portal/login', path: '/portal/login' },
      { label: '/portal/dashboard', path: '/portal/dashboard' },
      { label: '/portal/tx-card', path: '/portal/tx-card' },
      { label: '/portal/tx-card desktop', path: '/portal/tx-card', config: desktopConfig },
    ];
    const results = new Map<string, Run[]>();
    let signedIn = false;
    for (const { label, path, config } of pages) {
      if (ONLY.length && !ONLY.includes(label)) continue;
      if (path !== '/portal/login' && !signedIn) {
        await signIn(sandbox.base, chrome.port);
        signedIn = true;
      }
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measure(`${sandbox.base}${path}`, chrome.port, config));
      results.set(label, runs);
    }

    console.log(`\nLighthouse 12, mobile (simulated slow 4G, 4× CPU slow-down) unless marked desktop, median of ${RUNS}`);
    console.log(
      `  ${'page'.padEnd(24)} ${'score'.padStart(5)} ${'target'.padStart(6)} ${'LCP s'.padStart(6)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)}  runs (score)`,
    );
    for (const [path, runs] of results) {
      const target = TARGETS[path];
      const cls = median(runs.map((r) => r.cls));
      console.log(
        `  ${path.padEnd(24)} ${String(median(runs.map((r) => r.score))).padStart(5)} ${(target ? `≥${target}` : '–').padStart(6)} ` +
          `${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(1).padStart(6)} ${median(runs.map((r) => r.tbtMs))
            .toFixed(0)
            .padStart(7)} ` +
          `${cls.toFixed(3).padStart(6)}${cls > CLS_TARGET ? ` (over ${CLS_TARGET})` : ''}  ${runs.map((r) => r.score).join(', ')}`,
      );
    }
  } finally {
    await chrome.kill();
    await sandbox.stop();
  }
}

main().catch((error: unknown) => {
  console.error('bench:', error);
  process.exitCode = 1;
});
