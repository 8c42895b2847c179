// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rollTransactionsForward, SEED_PLANS } from '../../platform/transactions/seed';
import { DAY_MS } from '../../platform/vn-time';
import { t, signIn, useReportsFixture } from './reports.fixture';

useReportsFixture();

describe('seed', () => {
  it('is deterministic: a reset on the same day gives the same rows; the full plan has 200,000+ rows for phoco', async () => {
    const checksum = async () =>
      (
        await t.sandbox.db.query<{ sum: string; n: number }>(
          `SELECT md5(string_agg(concat_ws('|', merchant_id, channel, created_at, store_id, bill_id, amount, status, card_id, full_name), ',' ORDER BY id)) AS sum,
             count(*)::int AS n FROM transactions WHERE merchant_id = ANY($1::text[])
              AND NOT EXISTS (SELECT 1 FROM sale_orders o WHERE o.merchant_id = transactions.merchant_id AND o.order_code = transactions.bill_id)`,
          // The seeded merchants' generated rows (the bank's records of seeded orders follow the orders'
          // times, which follow the clock, D321); throwaway merchants of other tests are gone after a reset.
          [SEED_PLANS.small.map((p) => p.merchantId)],
        )
      )[0]!;
    const before = await checksum();
    expect((await t.api('POST', '/sandbox/reset', { body: {} })).status).toBe(200);
    expect(await checksum()).toEqual(before);
    await signIn();
    expect(SEED_PLANS.full.find((p) => p.merchantId === '10000001')!.transactions).toBeGreaterThanOrEqual(200_000);
    expect(SEED_PLANS.full.find((p) => p.merchantId === '10000003')!.extraStores + 2).toBe(100_000);
  });
});

describe('seeded history stays recent', () => {
  // The bank's records of orders stay with their orders (D308, D321), so they are left out: one of an
  // order paid today is newer than every generated row in the evening, and it does not move.
  const GENERATED = `NOT EXISTS (SELECT 1 FROM sale_orders o WHERE o.merchant_id = transactions.merchant_id AND o.order_code = transactions.bill_id)`;
  it('moves every generated row forward by the whole days since seeding', async () => {
    const newest = async () =>
      (await t.sandbox.db.query<{ m: number }>(`SELECT max(created_at) AS m FROM transactions WHERE ${GENERATED}`))[0]!.m;
    const before = await newest();
    await t.sandbox.db.query(`UPDATE sandbox_settings SET value = (value::bigint - ${2 * DAY_MS})::text WHERE key = 'transactions_anchor_day'`);
    expect(await rollTransactionsForward(t.sandbox.db, t.sandbox.clock.now())).toBe(2);
    expect(await newest()).toBe(before + 2 * DAY_MS);
    expect(await rollTransactionsForward(t.sandbox.db, t.sandbox.clock.now())).toBe(0);
    await t.sandbox.db.query(`UPDATE transactions SET created_at = created_at - ${2 * DAY_MS}, credit_date = credit_date - ${2 * DAY_MS}, settlement_time = settlement_time - ${2 * DAY_MS} WHERE ${GENERATED}`);
  });
});
