import { describe, expect, it, vi } from 'vitest';
import type { ReportFilters, ReportPage } from './schemas/reportFilters';
import type { ReportChannel } from './schemas/transactions';
import { createPagePrefetch, PREFETCH_MAX, PREFETCH_TTL_MS } from './pagePrefetch';

const FILTERS = {
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
  const calls: { channel: ReportChannel; filters: ReportFilters; signal?: AbortSignal }[] = [];
  const fail = new Set<number>();
  const list = vi.fn(async (channel: ReportChannel, filters: ReportFilters, signal?: AbortSignal): Promise<ReportPage> => {
    calls.push({ channel, filters, signal });
    if (fail.has(filters.page)) throw new Error('SYSTEM_FAIL');
    return { rows: [], totalPage: 9, totalAmount: 0, totalCount: 0, page: filters.page, pageSize: filters.pageSize };
  });
  const pages = createPagePrefetch(list, () => clock);
  return { pages, calls, fail, tick: (ms: number) => (clock += ms) };
}

const at = (page: number, more: Partial<ReportFilters> = {}) => ({ ...FILTERS, ...more, page });

describe('report page prefetch on intent (issue 10 §8, D145)', () => {
  it('a page pointed at is fetched once, and opening it then asks the server nothing', async () => {
    const h = harness();
    h.pages.prefetch('card', at(3));
    h.pages.prefetch('card', at(3));
    expect(h.calls).toHaveLength(1);
    const page = await h.pages.load('card', at(3));
    expect(page.page).toBe(3);
    expect(h.calls).toHaveLength(1);
  });

  it('a prefetched page is used once: the same page again (a refresh) asks the server', async () => {
    const h = harness();
    h.pages.prefetch('card', at(3));
    await h.pages.load('card', at(3));
    await h.pages.load('card', at(3));
    expect(h.calls).toHaveLength(2);
  });

  it('opening a page stops and drops the other prefetches', async () => {
    const h = harness();
    h.pages.prefetch('card', at(3));
    h.pages.prefetch('card', at(4));
    const page4 = h.calls[1]!.signal!;
    await h.pages.load('card', at(3));
    expect(page4.aborted).toBe(true);
    await h.pages.load('card', at(4));
    expect(h.calls).toHaveLength(3);
  });

  it('other filters, another channel, an old or a failed prefetch: the server is asked', async () => {
    const h = harness();
    h.pages.prefetch('card', at(3));
    await h.pages.load('card', at(3, { status: 'success' } as Partial<ReportFilters>));
    h.pages.prefetch('card', at(3));
    await h.pages.load('va', at(3));
    h.pages.prefetch('card', at(3));
    h.tick(PREFETCH_TTL_MS);
    await h.pages.load('card', at(3));
    expect(h.calls).toHaveLength(6);

    const g = harness();
    g.fail.add(3);
    g.pages.prefetch('card', at(3));
    g.fail.delete(3);
    const page = await g.pages.load('card', at(3));
    expect(page.page).toBe(3);
    expect(g.calls).toHaveLength(2);
  });

  it('only the latest few pointed-at pages are kept; older ones are stopped', () => {
    const h = harness();
    for (let page = 2; page < 2 + PREFETCH_MAX + 2; page += 1) h.pages.prefetch('card', at(page));
    const aborted = h.calls.filter((c) => c.signal!.aborted).map((c) => c.filters.page);
    expect(aborted).toEqual([2, 3]);
  });
});
