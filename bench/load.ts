/**
 * Load bench (issue 10 §5): does one merchant's export slow everyone else down?
 *
 *   1. starts a sandbox with the full seed (phoco: 210,000 transactions over 13 months, about half of
 *      them ShopQR/va), no portal build needed (BENCH_DIST is used when set, else an empty folder),
 *   2. measures a light call, 200 sequential GET /user/info as another merchant (colan), with nothing
 *      else running,
 *   3. again while phoco exports the 13 months of its va report, once with one export job and once
 *      with three jobs at the same time. A job exports the 13 months in one request when the server
 *      takes that range; when it answers RANGE_TOO_LONG (core §5, enforced by the server since issue
 *      10) the job exports the same 13 months as consecutive 30-day exports instead. A job that is
 *      refused with 429 (one running export per merchant) waits 250 ms and asks again. Jobs repeat
 *      until the light calls are done, so every sample is taken under load.
 *
 * Prints p50/p99/max of the light call per phase, and what the exports did. Figures only, nothing
 * passes or fails. Loopback only. BENCH_LIGHT_CALLS (200) and BENCH_PHASE_SECONDS (120, a cap per
 * loaded phase: the light calls stop there even if fewer than 200 were made) tune it;
 * BENCH_EXPORT_SPLIT=1 uses the 30-day pieces even where the server takes 13 months (the same export
 * load on an older server, for a like-for-like comparison).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchSandbox } from './support';

const LIGHT_CALLS = Number(process.env.BENCH_LIGHT_CALLS ?? 200);
const PHASE_MS = Number(process.env.BENCH_PHASE_SECONDS ?? 120) * 1000;
const DAY = 86_400;
const VN = 7 * 3600;
const CHANNEL = 'va';

const percentile = (xs: number[], p: number): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/portal/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (!res.ok || !body.data?.access_token) throw new Error(`login ${username} → ${res.status}`);
  return body.data.access_token;
}

/** Sequential light calls until `count` are done, `stop()` says so, or the time cap; durations in ms. */
async function lightCalls(base: string, token: string, count: number, until?: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  const deadline = Date.now() + PHASE_MS;
  while (samples.length < count && Date.now() < deadline && !(until?.() ?? false)) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/portal/user/info`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`/user/info → ${res.status}`);
    samples.push(performance.now() - t0);
  }
  return samples;
}

interface ExportStats {
  files: number;
  bytes: number;
  refused429: number;
  times: number[];
}

/** The 13 months of the report as the server takes them: one range, or 30-day pieces. */
async function exportRanges(base: string, token: string, nowSec: number): Promise<{ ranges: [number, number][]; split: boolean }> {
  const dayStart = Math.floor((nowSec + VN) / DAY) * DAY - VN;
  const end = dayStart + DAY - 1;
  const start = dayStart - 395 * DAY;
  const probe = await fetch(`${base}/api/portal/transaction/${CHANNEL}?start_time=${start}&end_time=${end}&page_size=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await probe.json()) as { error_code?: string };
  if (probe.ok && !process.env.BENCH_EXPORT_SPLIT) return { ranges: [[start, end]], split: false };
  if (!probe.ok && body.error_code !== 'RANGE_TOO_LONG') throw new Error(`13-month list → ${probe.status} ${body.error_code}`);
  const ranges: [number, number][] = [];
  for (let from = start; from <= end; from += 30 * DAY) ranges.push([from, Math.min(from + 30 * DAY - 1, end)]);
  return { ranges, split: true };
}

/** One export; a 429 (the merchant's export is still running) waits 250 ms and asks again. */
async function exportOne(
  base: string,
  token: string,
  [from, to]: [number, number],
  stop: () => boolean,
  stats: ExportStats,
): Promise<void> {
  for (;;) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/portal/transaction/${CHANNEL}?start_time=${from}&end_time=${to}&export=true`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const file = await res.arrayBuffer();
    if (res.status === 429) {
      stats.refused429 += 1;
      if (stop()) return;
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    if (!res.ok) throw new Error(`export → ${res.status}`);
    stats.files += 1;
    stats.bytes += file.byteLength;
    stats.times.push(performance.now() - t0);
    return;
  }
}

/** One export job, repeated until `stop()`: the ranges one after another. */
async function exportJob(base: string, token: string, ranges: [number, number][], stop: () => boolean, stats: ExportStats): Promise<void> {
  while (!stop()) {
    for (const range of ranges) {
      await exportOne(base, token, range, stop, stats);
      if (stop()) return;
    }
  }
}

const noStats = (): ExportStats => ({ files: 0, bytes: 0, refused429: 0, times: [] });

async function loadedPhase(base: string, light: string, exporter: string, ranges: [number, number][], jobs: number) {
  const stats = noStats();
  let done = false;
  const t0 = performance.now();
  const running = Array.from({ length: jobs }, () => exportJob(base, exporter, ranges, () => done, stats));
  // Give the exports a moment to start, so the first light call already meets them.
  await new Promise((r) => setTimeout(r, 300));
  const samples = await lightCalls(base, light, LIGHT_CALLS).finally(() => {
    done = true;
  });
  await Promise.all(running);
  return { samples, stats, wallMs: performance.now() - t0 };
}

function print(label: string, samples: number[]): void {
  console.log(
    `  ${label.padEnd(44)} p50 ${ms(percentile(samples, 50)).padStart(10)}  p99 ${ms(percentile(samples, 99)).padStart(10)}  max ${ms(Math.max(...samples)).padStart(10)}  n=${samples.length}`,
  );
}

async function main(): Promise<void> {
  let emptyDist: string | null = null;
  if (!process.env.BENCH_DIST) {
    emptyDist = mkdtempSync(join(tmpdir(), 'portal-bench-nodist-'));
    process.env.BENCH_DIST = emptyDist;
  }
  console.log('bench load: the full seed (210,000 transactions for phoco) takes a while on first start');
  const sandbox = await startBenchSandbox({
    tag: 'load',
    env: { SANDBOX_SEED_VOLUME: 'full', SANDBOX_ACCESS_TTL_SECONDS: '86400' },
    timeoutMs: 900_000,
  });
  const { base } = sandbox;
  try {
    const phoco = await login(base, 'phoco', 'Phoco@2026');
    const colan = await login(base, 'colan', 'Colan@2026');
    const clock = (await (await fetch(`${base}/sandbox/clock`)).json()) as { now: number };
    const { ranges, split } = await exportRanges(base, phoco, Math.floor(clock.now / 1000));
    // Warm-up: the first export starts what later ones reuse (the worker, caches); not measured.
    await exportOne(base, phoco, ranges[ranges.length - 1]!, () => false, noStats());

    console.log(`\nbench load: light call = GET /user/info as colan; exports = phoco's ${CHANNEL} report, 13 months`);
    console.log(
      split
        ? `  13 months in 30-day pieces (${process.env.BENCH_EXPORT_SPLIT ? 'BENCH_EXPORT_SPLIT' : 'the server refuses 13 months: RANGE_TOO_LONG'}): each export job runs ${ranges.length} consecutive 30-day exports`
        : '  the server takes 13 months in one export: each export job is one request',
    );
    const idle = await lightCalls(base, colan, LIGHT_CALLS);
    const one = await loadedPhase(base, colan, phoco, ranges, 1);
    const three = await loadedPhase(base, colan, phoco, ranges, 3);

    console.log('');
    print('no export running', idle);
    print('1 export job of phoco running', one.samples);
    print('3 export jobs of phoco at once', three.samples);
    for (const [label, phase] of [
      ['1 job', one],
      ['3 jobs', three],
    ] as const) {
      const s = phase.stats;
      console.log(
        `  exports, ${label}: ${s.files} files (${(s.bytes / 1024 / 1024).toFixed(1)} MB) in ${(phase.wallMs / 1000).toFixed(1)} s, ` +
          `each p50 ${ms(percentile(s.times, 50))} max ${ms(Math.max(...s.times, 0))}; refused 429: ${s.refused429}`,
      );
    }
  } finally {
    await sandbox.stop();
    if (emptyDist) rmSync(emptyDist, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
