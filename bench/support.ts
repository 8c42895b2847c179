import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';

export const ROOT = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => res(port));
    });
  });
}

async function waitFor(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sandbox exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`sandbox did not answer ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export interface BenchSandbox {
  base: string;
  dist: string;
  /** Stops the sandbox and removes the work folder (build and database). */
  stop(): Promise<void>;
}

/**
 * A build of its own (dist/ untouched; BENCH_DIST measures an existing one) served by a sandbox on a
 * free port with a fresh database, so a benchmark never disturbs a running portal or test.
 */
export async function startBenchSandbox(options: { tag: string; env?: Record<string, string>; timeoutMs: number }): Promise<BenchSandbox> {
  const workDir = mkdtempSync(join(tmpdir(), `portal-bench-${options.tag}-`));
  const dist = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : join(workDir, 'dist');
  if (!process.env.BENCH_DIST) {
    console.log('bench: building the portal (vite build)…');
    const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status})`);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`bench: starting the sandbox on ${base} (portal ${dist})`);
  const sandbox = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_DATA_DIR: join(workDir, 'db'),
      PORTAL_DIST: dist,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    sandbox.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 800));
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/portal/config.json`, options.timeoutMs, sandbox);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, dist, stop };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A seeded sign-in with a year of history (the sandbox's demo owner). */
export const DEMO = { username: 'phoco', password: 'Phoco@2026' };

/** Fills the sign-in form of the /login page already open and waits for the dashboard. */
export async function submitSignIn(page: Page, creds = DEMO, options: { remember?: boolean } = {}): Promise<void> {
  await page
    .getByLabel(/Tên đăng nhập|Username/)
    .first()
    .fill(creds.username);
  await page
    .getByLabel(/^(Mật khẩu|Password)$/)
    .first()
    .fill(creds.password);
  if (options.remember) await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: /^(Đăng nhập|Sign in)$/ }).click();
  await page.waitForURL(/\/portal\/dashboard$/, { timeout: 60_000 });
}
