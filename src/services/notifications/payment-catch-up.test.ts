import { describe, expect, it } from 'vitest';
import type { ServiceClient } from '../http';
import { CATCH_UP_MARGIN_MS, fetchMissedPayments } from './payment-catch-up';

function client(rows: unknown[]): ServiceClient & { queries: unknown[] } {
  const queries: unknown[] = [];
  return {
    service: 'portal',
    queries,
    call: async (spec: { query?: unknown; response: { parse(v: unknown): unknown } }) => {
      queries.push(spec.query);
      return spec.response.parse({ data: rows, total_page: 1 });
    },
  } as never;
}

const row = (id: string, amount: number, status: string) => ({ id, amount, status, created_at: '2026-11-22T10:00:00+07:00' });

describe('fetchMissedPayments', () => {
  it('asks the va report for the window since the last live connection, with a margin', async () => {
    const c = client([]);
    await fetchMissedPayments(c, 1_800_000_000_000, 1_800_000_100_000);
    expect(c.queries[0]).toMatchObject({
      page: 1,
      start_time: (1_800_000_000_000 - CATCH_UP_MARGIN_MS) / 1000,
      end_time: (1_800_000_100_000 + CATCH_UP_MARGIN_MS) / 1000,
      sort: 'created_at',
      order: 'desc',
    });
  });

  it('returns paid rows oldest first, leaving out failed and pending ones', async () => {
    const c = client([row('va-3', 3000, 'success'), row('va-2', 2000, 'fail'), row('va-1', 1000, 'PAID'), row('va-0', 500, 'pending')]);
    expect(await fetchMissedPayments(c, 0, 1)).toEqual([
      { id: 'va-1', amount: 1000 },
      { id: 'va-3', amount: 3000 },
    ]);
  });

  it('refuses an answer of the wrong shape', async () => {
    await expect(fetchMissedPayments(client([{ id: 5, amount: 'x' }]), 0, 1)).rejects.toThrow();
  });
});
