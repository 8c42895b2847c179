/**
 * The till through an outage (issue 28 §5): N orders (1,000 by default) taken and paid in cash through
 * the real portal in Debian's Chromium while the sandbox drops and restores the sale service and the
 * pages reload at random; then, once the till's queue is empty, a count made on the service.
 *
 *   1. starts its own sandbox (small seed) serving BENCH_DIST or a build of its own; makes a throwaway
 *      copy of the F&B merchant phoco and a staff sign-in (a cashier, D115);
 *   2. signs the cashier in through the API in T tabs of one browser (3 by default: one cashier's tabs,
 *      sharing one queue, D330) at 1024 × 768 with reduced motion; opens one order online first, to
 *      read the dishes and let the till keep its catalogue (D348); then each tab takes the next
 *      intended order at the counter (D349, D370): "New order" on /sale-order (the service's order
 *      online, a local order in the queue offline), a tap per dish on its tiles, the tag as the first
 *      line's kitchen note, Send, Pay, the exact amount in cash, Complete, home (the order list);
 *   3. meanwhile triggers `sale-outage` (D337) for S seconds every G seconds, and reloads a tab at
 *      random after sending, on the payment page or back on the list (seeded; the seed is printed and
 *      `--seed` repeats the run's choices; the timing of a run on a busy machine does not repeat);
 *   4. a screen that says a call failed ("Retry" on a load, "Send again" on the basket) is pressed once
 *      the service is back, as a cashier would (D371); a step that does not finish within its bound
 *      (`--step-seconds`) is counted by its name and the tab reloads /sale-order and takes the next
 *      order: nothing waits for ever;
 *   5. lifts the outage, waits (bounded) until every tab's banner says nothing waits, and counts on the
 *      service (bench/till-count.ts): orders, cash payments, duplicates, lost, and prints one line with
 *      the orders per minute, after each step's mean time and share of the tabs' time.
 *
 * Options: --orders N (1000), --tabs T (3), --seed S, --no-outage, --outage-every G (30),
 * --outage-seconds S (10, each outage lasts 1..S), --reload-rate R (0.05 per chance, three chances
 * an order), --step-seconds (20). Figures only; the exit code is 0 either way.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptCookies } from '../e2e/support/shell';
import { signIn } from '../e2e/support/sign-in';
import { launchChromium, startBenchSandbox, type BenchSandbox } from './support';
import { StepFailed, TillCashier, type IntendedOrder, type StepTimes } from './till-cashier';
import { countOnService, SaleApi, type ServiceCount } from './till-count';

interface Options {
  orders: number;
  tabs: number;
  seed: number;
  outage: boolean;
  outageEvery: number;
  outageSeconds: number;
  reloadRate: number;
  stepSeconds: number;
}

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string, fallback: number): number => {
    const at = argv.indexOf(`--${name}`);
    if (at < 0) return fallback;
    const n = Number(argv[at + 1]);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} takes a number, got ${argv[at + 1]}`);
    return n;
  };
  return {
    orders: value('orders', 1000),
    tabs: Math.max(1, value('tabs', 3)),
    seed: value('seed', Math.floor(Math.random() * 1_000_000_000)),
    outage: !argv.includes('--no-outage'),
    outageEvery: value('outage-every', 30),
    outageSeconds: Math.max(1, value('outage-seconds', 10)),
    reloadRate: value('reload-rate', 0.05),
    stepSeconds: value('step-seconds', 20),
  };
}

/** mulberry32: a small seeded generator, so a seed repeats the run's choices. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Order n's dishes: one to three distinct dishes of the pool, one to three of each (seeded by n). */
function plan(index: number, seed: number, run: string, pool: readonly string[]): IntendedOrder {
  const rnd = seeded(seed ^ Math.imul(index + 1, 0x9e3779b1));
  const names = [...pool].sort(() => rnd() - 0.5).slice(0, 1 + Math.floor(rnd() * 3));
  return { index, tag: `bench ${run} #${index}`, lines: names.map((name) => ({ name, amount: 1 + Math.floor(rnd() * 3) })) };
}

const RELOAD_POINTS = ['order', 'payment', 'list'] as const;
type ReloadPoint = (typeof RELOAD_POINTS)[number];

interface Tally {
  paidInUi: number;
  failed: Map<string, number>;
  /** The first message of each failed step, to tell a slow machine from a broken step. */
  firstFailure: Map<string, string>;
  times: StepTimes;
  reloads: number;
  /** Orders "New order" made locally (offline or without an answer), queued until the service is back. */
  localOrders: number;
  /** "Retry" or "Send again" pressed on a screen a dropped service left failed. */
  retries: number;
  /** A tile's count short after its taps, tapped again. */
  missedTaps: number;
  /** Taps checked again after a local order's page followed the service's order while tapping (D382). */
  basketsDropped: number;
  outages: number;
  downSeconds: number;
}

/** One order on one tab, from the table grid back to it; the reloads this order gets are seeded. */
async function takeOrder(cashier: TillCashier, order: IntendedOrder, reloads: Set<ReloadPoint>, tally: Tally) {
  await cashier.listShown();
  const made = await cashier.newOrder();
  if (made === 'local') tally.localOrders += 1;
  await cashier.takeAndSend(order);
  if (reloads.has('order')) {
    tally.reloads += 1;
    await cashier.reload();
    await cashier.orderShown();
  }
  await cashier.goToPayment();
  if (reloads.has('payment')) {
    tally.reloads += 1;
    await cashier.reload();
    await cashier.paymentShown();
  }
  await cashier.payCashAndGoHome();
  tally.paidInUi += 1;
  if (reloads.has('list')) {
    tally.reloads += 1;
    await cashier.reload();
    await cashier.listShown();
  }
}

interface Run {
  options: Options;
  runId: string;
  next: () => number | null;
  pool: () => Promise<string[]>;
  intended: IntendedOrder[];
  tally: Tally;
}

async function tabLoop(run: Run, cashier: TillCashier): Promise<void> {
  for (let index = run.next(); index !== null; index = run.next()) {
    const pool = await run.pool();
    const order = plan(index, run.options.seed, run.runId, pool);
    run.intended[index] = order;
    const rnd = seeded(run.options.seed ^ Math.imul(index + 7, 0x85ebca6b));
    const reloads = new Set(RELOAD_POINTS.filter(() => rnd() < run.options.reloadRate));
    try {
      await takeOrder(cashier, order, reloads, run.tally);
    } catch (error) {
      const step = error instanceof StepFailed ? error.step : 'unexpected';
      run.tally.failed.set(step, (run.tally.failed.get(step) ?? 0) + 1);
      if (!run.tally.firstFailure.has(step)) {
        run.tally.firstFailure.set(step, `order #${index}: ${(error as Error).message}`);
        // What the tab showed, to tell a slow machine from a broken step (BENCH_SHOTS=folder keeps it).
        if (process.env.BENCH_SHOTS)
          await cashier.page.screenshot({ path: `${process.env.BENCH_SHOTS}/${step.replace(/\W+/g, '-')}.png` }).catch(() => undefined);
      }
      // Back to the order list as a cashier would: a fresh load, again while the service is away.
      for (let attempt = 0; attempt < 3; attempt += 1)
        if (
          await cashier.openList().then(
            () => true,
            () => false,
          )
        )
          break;
    }
  }
}

async function setUp(sandbox: BenchSandbox) {
  const control = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${sandbox.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} → HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  };
  const merchant = await control<{ alias: string; username: string; password: string }>('/sandbox/merchants', { template: 'phoco' });
  const cashier = { username: `bench.cashier.${merchant.alias}`, password: 'Bench@2026' };
  await control('/sandbox/users', { ...cashier, email: `${cashier.username}@bench.example.vn`, merchant: merchant.alias, role: 'Staff' });
  const owner = await SaleApi.signIn(sandbox.base, merchant);
  const outage = (params: Record<string, string>) => control('/sandbox/triggers/sale-outage', { ...params, merchant: merchant.alias });
  return { merchant, cashier, owner, outage };
}

/** Whether the bench has the service down now; `up()` resolves when it is back (at once when it is up). */
class ServiceState {
  private down: { promise: Promise<void>; resolve: () => void } | null = null;

  drop(): void {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((r) => (resolve = r));
    this.down = { promise, resolve };
  }

  restore(): void {
    this.down?.resolve();
    this.down = null;
  }

  up = (): Promise<void> => this.down?.promise ?? Promise.resolve();
}

/** Drops the service for 1..S seconds every ~G seconds (both seeded) until `stopped()`. */
async function outages(
  options: Options,
  outage: (p: Record<string, string>) => Promise<unknown>,
  service: ServiceState,
  tally: Tally,
  stopped: () => boolean,
) {
  const rnd = seeded(options.seed ^ 0x5bd1e995);
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const end = Date.now() + ms;
      const tick = () => (stopped() || Date.now() >= end ? resolve() : setTimeout(tick, 200));
      tick();
    });
  while (!stopped()) {
    await sleep(options.outageEvery * 1000 * (0.5 + rnd()));
    if (stopped()) break;
    const seconds = 1 + Math.floor(rnd() * options.outageSeconds);
    service.drop();
    await outage({ seconds: String(seconds) });
    tally.outages += 1;
    tally.downSeconds += seconds;
    await sleep(seconds * 1000);
    service.restore();
  }
  await outage({ lift: 'true' });
  service.restore();
}

async function openTab(
  context: BrowserContext,
  cashier: { username: string; password: string },
  stepMs: number,
  times: StepTimes,
  service: ServiceState,
): Promise<TillCashier> {
  const page: Page = await context.newPage();
  // The e2e helpers take @playwright/test's Page; playwright-core's is the same class.
  await signIn(page as never, cashier, { to: '/sale-order' });
  const till = new TillCashier(page, stepMs, times, service.up);
  await till.listShown();
  await acceptCookies(page as never);
  return till;
}

function report(options: Options, count: ServiceCount, tally: Tally, ms: number, queueEmpty: boolean): void {
  const n = options.orders;
  const minutes = ms / 60_000;
  const failed = [...tally.failed].map(([step, k]) => `${step} ${k}`).join(', ') || 'none';
  console.log(
    `bench till-outage (seed ${options.seed}, ${options.tabs} tabs, outages ${options.outage ? `${tally.outages} for ${tally.downSeconds} s` : 'off'}, reloads ${tally.reloads})`,
  );
  console.log(`  steps that did not finish in the till: ${failed}; paid in the till's view ${tally.paidInUi}/${n}`);
  for (const [step, message] of tally.firstFailure) console.log(`    first "${step}": ${message.slice(0, 300)}`);
  const times = [...tally.times].map(([step, t]) => `${step} ${(t.ms / t.n / 1000).toFixed(2)} s`).join(', ');
  console.log(`  mean time of a step: ${times}`);
  // Where an order's time goes: each step's share of all the tabs' busy time, largest first.
  const busy = [...tally.times.values()].reduce((sum, t) => sum + t.ms, 0) || 1;
  const shares = [...tally.times]
    .sort((x, y) => y[1].ms - x[1].ms)
    .map(([step, t]) => `${step} ${((100 * t.ms) / busy).toFixed(0)}%`)
    .join(', ');
  console.log(
    `  share of the tabs' time: ${shares}; orders made locally by "New order" (offline) ${tally.localOrders}, "Retry"/"Send again" pressed ${tally.retries}, taps tapped again ${tally.missedTaps}, taps checked again after the page followed the service's order ${tally.basketsDropped}`,
  );
  console.log(
    `  on the service: duplicate orders ${count.duplicateOrders}, duplicate payments ${count.duplicatePayments}, doubled lines ${count.doubledLines}, other dishes ${count.wrongDishes}, untagged bills ${count.untagged}; queue empty at the end: ${queueEmpty ? 'yes' : 'NO'}`,
  );
  for (const example of count.examples) console.log(`    ${example}`);
  console.log(
    `orders ${count.orders}/${n} · payments ${count.payments}/${n} · duplicates ${count.duplicates} · lost ${count.lost} · time ${(ms / 1000).toFixed(0)} s · ${(count.orders / minutes).toFixed(1)} orders/min`,
  );
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const runId = options.seed.toString(36);
  console.log(`bench till-outage: ${options.orders} orders, seed ${options.seed} (--seed ${options.seed} repeats the choices)`);
  // BENCH_SANDBOX=http://host:port runs against a sandbox already up (its merchants are not touched).
  const sandbox: BenchSandbox = process.env.BENCH_SANDBOX
    ? { base: process.env.BENCH_SANDBOX, dist: '', stop: async () => undefined }
    : await startBenchSandbox({ tag: 'till', env: { SANDBOX_SEED_VOLUME: 'small' }, timeoutMs: 300_000 });
  let browser: Browser | null = null;
  try {
    const world = await setUp(sandbox);
    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: sandbox.base, viewport: { width: 1024, height: 768 }, reducedMotion: 'reduce' });
    const tabs: TillCashier[] = [];
    const tally: Tally = {
      paidInUi: 0,
      failed: new Map(),
      firstFailure: new Map(),
      times: new Map(),
      reloads: 0,
      localOrders: 0,
      retries: 0,
      missedTaps: 0,
      basketsDropped: 0,
      outages: 0,
      downSeconds: 0,
    };
    const service = new ServiceState();
    for (let k = 0; k < options.tabs; k += 1)
      tabs.push(await openTab(context, world.cashier, options.stepSeconds * 1000, tally.times, service));
    let nextIndex = 0;
    let poolPromise: Promise<string[]> | null = null;
    const run: Run = {
      options,
      runId,
      next: () => (nextIndex < options.orders ? nextIndex++ : null),
      // The dishes: the first twelve tiles of the till as the first order page shows them.
      pool: () => (poolPromise ??= poolOf(tabs[0]!)),
      intended: [],
      tally,
    };
    await run.pool();
    // Counted from here: the order poolOf opened stays out of the count.
    const baseline = await world.owner.lastOrderId();
    const started = Date.now();
    let done = false;
    const faults = options.outage
      ? outages(options, world.outage, service, tally, () => done).catch((error: unknown) =>
          console.log(`bench: the outage driver stopped: ${String(error)}`),
        )
      : Promise.resolve();
    await Promise.all(tabs.map((tab) => tabLoop(run, tab)));
    done = true;
    await faults;
    const empties = await Promise.all(tabs.map((tab) => tab.queueEmpty(180_000)));
    const elapsed = Date.now() - started;
    // A fresh sign-in: the setup's token may have outlived its 15 minutes during a long run.
    const owner = await SaleApi.signIn(sandbox.base, world.merchant);
    const count = await countOnService(owner, baseline, run.intended.filter(Boolean));
    tally.retries = tabs.reduce((sum, tab) => sum + tab.retries, 0);
    tally.missedTaps = tabs.reduce((sum, tab) => sum + tab.missedTaps, 0);
    tally.basketsDropped = tabs.reduce((sum, tab) => sum + tab.basketsDropped, 0);
    report(options, count, tally, elapsed, empties.every(Boolean));
  } finally {
    await browser?.close();
    await sandbox.stop();
  }
}

/**
 * Opens a new order (online, before the clock starts), reads the tiles, waits until the till kept the
 * catalogue (selling offline needs it, D348), and leaves the order empty on the service.
 */
async function poolOf(tab: TillCashier): Promise<string[]> {
  await tab.newOrder();
  const names = await tab.dishNames(12);
  await tab.catalogueKept(60_000);
  await tab.openList();
  if (names.length < 3) throw new Error(`the till shows ${names.length} dishes; the bench needs at least 3`);
  return names;
}

await main();
