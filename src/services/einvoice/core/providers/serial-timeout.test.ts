// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERIAL_LIST_TIMEOUT_MS } from '../http';
import { sellerToken } from '../seller-token';
import type { ProviderAdapter, ProviderRoute } from '../types';
import { createFptAdapter } from './fpt';
import { createMInvoiceAdapter } from './m-invoice';
import { createMisaAdapter } from './misa';
import { createViettelAdapter } from './viettel';
import type { AdapterOptions } from './options';

// The setup's serial modal waits 40 s for the series (doc 2 §8, §9) and aborts the call itself; the
// transport's own limit must not end it sooner (it did, at the 30 s default).

const ADAPTERS: Record<ProviderRoute, (o: AdapterOptions) => ProviderAdapter> = {
  'm-invoice': createMInvoiceAdapter,
  misa: createMisaAdapter,
  fpt: createFptAdapter,
  viettel: createViettelAdapter,
};

/** A provider that never answers; the request ends only when its signal aborts. */
const silent: typeof globalThis.fetch = (_input, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));

describe('listSerials time limit', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(Object.keys(ADAPTERS) as ProviderRoute[])('%s waits past 40 s and gives up only after its own longer limit', async (route) => {
    expect(SERIAL_LIST_TIMEOUT_MS).toBeGreaterThan(40_000);
    const adapter = ADAPTERS[route]({ baseURL: 'http://provider.test', fetch: silent });
    let settled: unknown = 'pending';
    const call = adapter.listSerials(sellerToken('token', '0108123455')).then(
      () => (settled = 'resolved'),
      (e: unknown) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(41_000);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(SERIAL_LIST_TIMEOUT_MS - 41_000 + 10);
    await call;
    expect(settled).toMatchObject({ code: 'TIMEOUT' });
  });

  it.each(Object.keys(ADAPTERS) as ProviderRoute[])("%s stops at once on the caller's abort", async (route) => {
    const adapter = ADAPTERS[route]({ baseURL: 'http://provider.test', fetch: silent });
    const controller = new AbortController();
    const call = adapter.listSerials(sellerToken('token', '0108123455'), controller.signal).catch((e: unknown) => e);
    controller.abort();
    expect(await call).toMatchObject({ name: 'AbortError' });
  });
});
