import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import type { ReportFilters, ReportPage } from '../../services/reports/schemas/reportFilters';
import type { ReportChannel } from '../../services/reports/schemas/transactions';
import { exportMachine, type ExportEvent } from './export.machine';
import { BILL_SEARCH_DEBOUNCE_MS, PAGE_SIZE_DEBOUNCE_MS, reportFilters, reportListMachine } from './reportList.machine';
import { defaultFilters } from './rules/reportFilters';

const TODAY = '2026-11-22';
const page = (tag: string, rows = 1): ReportPage => ({
  rows: Array.from({ length: rows }, (_, i) => ({ id: `${tag}-${i}` }) as never),
  totalPage: rows ? 5 : 0,
  totalAmount: 0,
  totalCount: rows,
  page: 1,
  pageSize: 80,
});

/** A loadReport whose answers the test releases one by one, in any order. */
function controlledLoads() {
  const calls: Array<{ filters: ReportFilters; resolve: (p: ReportPage) => void; reject: (e: unknown) => void; signal: AbortSignal }> = [];
  const loadReport = fromPromise<ReportPage, { channel: ReportChannel; filters: ReportFilters }>(
    ({ input, signal }) => new Promise((resolve, reject) => calls.push({ filters: input.filters, resolve, reject, signal })),
  );
  return { calls, loadReport };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('reportList', () => {
  it('drops the answer to older filters: only the newest request lands', async () => {
    const { calls, loadReport } = controlledLoads();
    const actor = createActor(reportListMachine.provide({ actors: { loadPage: loadReport } }), { input: { channel: 'card', today: TODAY } }).start();
    actor.send({ type: 'FILTER.SET', filter: { status: 'fail' } });
    actor.send({ type: 'FILTER.SET', filter: { status: 'success' } });
    expect(calls).toHaveLength(3);
    expect(calls[0]!.signal.aborted && calls[1]!.signal.aborted).toBe(true);
    calls[2]!.resolve(page('new'));
    await flush();
    calls[0]!.resolve(page('stale-first'));
    calls[1]!.resolve(page('stale-second'));
    await flush();
    expect(actor.getSnapshot().context.rows.map((r) => r.id)).toEqual(['new-0']);
    expect(actor.getSnapshot().context.filter.status).toBe('success');
    expect(actor.getSnapshot().hasTag('loaded')).toBe(true);
  });

  it('applies the bill search 300 ms after the last key, trimmed, once', () => {
    const clock = new SimulatedClock();
    const { calls, loadReport } = controlledLoads();
    const actor = createActor(reportListMachine.provide({ actors: { loadPage: loadReport } }), { input: { channel: 'va', today: TODAY }, clock }).start();
    actor.send({ type: 'BILL.CHANGE', value: 'H' });
    clock.increment(BILL_SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'BILL.CHANGE', value: ' HD26 ' });
    clock.increment(BILL_SEARCH_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.filters).toMatchObject({ billId: 'HD26', page: 1 });
    expect(actor.getSnapshot().context.billDraft).toBe(' HD26 ');
    // Typing the same search again (or only spaces around it) sends nothing new.
    actor.send({ type: 'BILL.CHANGE', value: 'HD26  ' });
    clock.increment(BILL_SEARCH_DEBOUNCE_MS);
    expect(calls).toHaveLength(2);
  });

  it('a filter change while the bill search waits neither loses the typed text nor restarts other inputs', () => {
    const clock = new SimulatedClock();
    const { calls, loadReport } = controlledLoads();
    const actor = createActor(reportListMachine.provide({ actors: { loadPage: loadReport } }), { input: { channel: 'va', today: TODAY }, clock }).start();
    actor.send({ type: 'BILL.CHANGE', value: 'HD9' });
    actor.send({ type: 'PAGE_SIZE.TYPE', value: '25' });
    clock.increment(100);
    actor.send({ type: 'FILTER.SET', filter: { status: 'PAID' } });
    expect(actor.getSnapshot().value).toEqual({ list: 'loading', range: 'watching', billInput: 'debouncing', pageSizeInput: 'debouncing' });
    clock.increment(BILL_SEARCH_DEBOUNCE_MS - 100);
    expect(calls.at(-1)!.filters).toMatchObject({ status: 'PAID', billId: 'HD9' });
    clock.increment(PAGE_SIZE_DEBOUNCE_MS);
    expect(calls.at(-1)!.filters).toMatchObject({ status: 'PAID', billId: 'HD9', pageSize: 25 });
    expect(calls).toHaveLength(4);
  });

  it('applies a typed page size after 1 s when 1..100, and shows the size in use again otherwise', () => {
    const clock = new SimulatedClock();
    const { calls, loadReport } = controlledLoads();
    const actor = createActor(reportListMachine.provide({ actors: { loadPage: loadReport } }), { input: { channel: 'card', today: TODAY }, clock }).start();
    actor.send({ type: 'PAGE_SIZE.TYPE', value: '5' });
    clock.increment(500);
    actor.send({ type: 'PAGE_SIZE.TYPE', value: '50' });
    clock.increment(PAGE_SIZE_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    expect(calls[1]!.filters.pageSize).toBe(50);
    actor.send({ type: 'PAGE_SIZE.TYPE', value: '500' });
    clock.increment(PAGE_SIZE_DEBOUNCE_MS);
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().context.pageSizeDraft).toBe('50');
  });

  it('refuses a custom range longer than 30 days and says why; the list stays', () => {
    const { calls, loadReport } = controlledLoads();
    const actor = createActor(reportListMachine.provide({ actors: { loadPage: loadReport } }), { input: { channel: 'card', today: TODAY } }).start();
    actor.send({ type: 'FILTER.SET', filter: { range: { preset: 'custom', from: '2026-10-01', to: '2026-11-20' } } });
    expect(actor.getSnapshot().context.rangeError).toBe('RANGE_TOO_LONG');
    actor.send({ type: 'FILTER.SET', filter: { range: { preset: 'custom', from: '2026-11-20', to: '2026-11-23' } } });
    expect(actor.getSnapshot().context.rangeError).toBe('RANGE_AFTER_TODAY');
    expect(calls).toHaveLength(1);
    actor.send({ type: 'FILTER.SET', filter: { range: { preset: 'custom', from: '2026-11-01', to: '2026-11-22' } } });
    expect(actor.getSnapshot().context.rangeError).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('takes hostile address filters field by field and ignores an address equal to the filters', () => {
    const { calls, loadReport } = controlledLoads();
    const filters = { status: '<script>', page: -3, pageSize: 1e9, storeId: 7, billId: ' x ' } as unknown as Partial<ReportFilters>;
    const actor = createActor(reportListMachine.provide({ actors: { loadPage: loadReport } }), { input: { channel: 'card', filters, today: TODAY } }).start();
    expect(reportFilters(actor.getSnapshot().context)).toEqual({ ...defaultFilters('card'), storeId: 7, billId: 'x' });
    actor.send({ type: 'FILTERS.REPLACE', filters: reportFilters(actor.getSnapshot().context) });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'PAGE.SET', page: 2 });
    expect(calls).toHaveLength(1); // no answer yet: totalPage 0, page 2 does not exist
  });
});

describe('export', () => {
  it('ignores a second EXPORT while one runs; toasts on done and failed', () => {
    const started = vi.fn();
    const sends: Array<(e: ExportEvent) => void> = [];
    const exportReport = fromCallback<EventObject, { channel: ReportChannel; filters: ReportFilters }>(({ sendBack, input }) => {
      started(input);
      sends.push(sendBack as (e: ExportEvent) => void);
    });
    const notifyExportSucceeded = vi.fn();
    const notifyExportFailed = vi.fn();
    const actor = createActor(exportMachine.provide({ actors: { exportReport }, actions: { notifyExportSucceeded, notifyExportFailed } })).start();
    const filters = defaultFilters('card');
    actor.send({ type: 'EXPORT', channel: 'card', filters });
    actor.send({ type: 'EXPORT', channel: 'card', filters });
    expect(started).toHaveBeenCalledTimes(1);
    sends[0]!({ type: 'EXPORT.PROGRESS', received: 10, total: 100 });
    expect(actor.getSnapshot().context).toMatchObject({ received: 10, total: 100 });
    sends[0]!({ type: 'EXPORT.SAVED', filename: 'a.xlsx' });
    expect(notifyExportSucceeded).toHaveBeenCalledTimes(1);
    actor.send({ type: 'EXPORT', channel: 'va', filters });
    sends[1]!({ type: 'EXPORT.FAILED', error: { code: 'TIMEOUT' } });
    expect(notifyExportFailed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.errorCode).toBe('TIMEOUT');
  });
});
