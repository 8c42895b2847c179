import { describe, expect, it, vi } from 'vitest';
import type { ReportFilters, ReportPage } from '../shared/schemas/reportFilters';
import type { ReportChannel } from '../shared/schemas/transactions';
import { createNeighbourPages, NEIGHBOUR_DELAY_MS, NEIGHBOUR_TTL_MS } from './neighbourPages';

const FILTERS: ReportFilters = {
  range: { preset: 'lastMonth' },
  status: 'all',
  storeId: null,
  billId: '',
  page: 2,
  pageSize: 80,
  sort: 'created_at',
  order: 'desc',
} as ReportFilters;

function harness() {
  let clock = 0;
  const timers: { run: () => void; ms: number; live: boolean }[] = [];
  const calls: { channel: ReportChannel; filters: ReportFilters; signal?: AbortSignal }[] = [];
  const fail = new Set<number>();
  const list = vi.fn(async (channel: ReportChannel, filters: ReportFilters, signal?: AbortSignal): Promise<ReportPage> => {
    calls.push({ channel, filters, signal });
    if (fail.has(filters.page)) throw new Error('SYSTEM_FAIL');
    return { rows: [], totalPage: 5, totalAmount: 0, totalCount: 0, page: filters.page, pageSize: filters.pageSize };
  });
  const load = createNeighbourPages(list, {
    now: () => clock,
    setTimer: (run, ms) => {
      const timer = { run, ms, live: true };
      timers.push(timer);
      return () => void (timer.live = false);
    },
  });
  const fireTimers = async () => {
    for (const timer of timers.splice(0)) if (timer.live) timer.run();
    await Promise.resolve();
  };
  return { load, list, calls, fail, fireTimers, tick: (ms: number) => (clock += ms), timers };
}

describe('report pages beside the one shown (issue 10 §8, D145)', () => {
  it('after a page is shown, the next and previous pages are fetched once the delay has passed, and a move to one of them asks the server nothing', async () => {
    const h = harness();
    await h.load('card', FILTERS);
    expect(h.calls).toHaveLength(1);
    expect(h.timers[0]!.ms).toBe(NEIGHBOUR_DELAY_MS);
    await h.fireTimers();
    expect(h.calls.map((c) => c.filters.page)).toEqual([2, 3, 1]);
    const page3 = await h.load('card', { ...FILTERS, page: 3 });
    expect(page3.page).toBe(3);
    expect(h.calls.map((c) => c.filters.page)).toEqual([2, 3, 1]);
  });

  it('moving drops the other prefetched page (its request is stopped) and a page is used only once', async () => {
    const h = harness();
    await h.load('card', FILTERS);
    await h.fireTimers();
    const page1Signal = h.calls[2]!.signal!;
    await h.load('card', { ...FILTERS, page: 3 });
    expect(page1Signal.aborted).toBe(true);
    // Page 3 again (a refresh): the server is asked.
    await h.load('card', { ...FILTERS, page: 3 });
    expect(h.calls.map((c) => c.filters.page)).toEqual([2, 3, 1, 3]);
  });

  it('other filters, another channel, an old or a failed prefetch: the server is asked', async () => {
    const h = harness();
    await h.load('card', FILTERS);
    await h.fireTimers();
    await h.load('card', { ...FILTERS, page: 3, status: 'success' } as ReportFilters);
    expect(h.calls).toHaveLength(4);

    await h.fireTimers();
    await h.load('va', { ...FILTERS, page: 4, status: 'success' } as ReportFilters);
    expect(h.calls.at(-1)!.channel).toBe('va');

    await h.fireTimers();
    const before = h.calls.length;
    h.tick(NEIGHBOUR_TTL_MS);
    await h.load('va', { ...FILTERS, page: 5, status: 'success' } as ReportFilters);
    expect(h.calls).toHaveLength(before + 1);

    const g = harness();
    g.fail.add(3);
    await g.load('card', FILTERS);
    await g.fireTimers();
    g.fail.delete(3);
    const page3 = await g.load('card', { ...FILTERS, page: 3 });
    expect(page3.page).toBe(3);
    expect(g.calls.map((c) => c.filters.page)).toEqual([2, 3, 1, 3]);
  });

  it('no page before the first or after the last is asked for, and a load stopped before its answer prefetches nothing', async () => {
    const h = harness();
    await h.load('card', { ...FILTERS, page: 1 });
    await h.fireTimers();
    expect(h.calls.map((c) => c.filters.page)).toEqual([1, 2]);

    const g = harness();
    const controller = new AbortController();
    controller.abort();
    await g.load('card', FILTERS, controller.signal);
    expect(g.timers).toHaveLength(0);
  });
});
