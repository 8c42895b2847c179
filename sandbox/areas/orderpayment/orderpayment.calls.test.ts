// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorSchema } from '../../platform/test/sale-contract';
import { t, m, copyOf, as, sale, key, orderWithDishes, payments, orderOf, useOrderpaymentFixture } from './orderpayment.fixture';

useOrderpaymentFixture();

describe('GET /payment', () => {
  it('needs an invoice id of the merchant', async () => {
    expect((await sale('GET', '/payment')).body.error_code).toBe('REQUIRED');
    expect((await sale('GET', '/payment?invoice_id=2000000000')).status).toBe(404);
  });

  it('answers the seeded invoices’ payments too', async () => {
    const paid = (await sale('GET', '/order?order_status=0&page_size=10000')).body.data as Array<{
      invoice_id: number;
      order_code: string;
      payment_method: string;
      total_price: number;
    }>;
    // The seed's history codes: DH + 4 digits of the merchant + 4 of the index.
    const seeded = paid.filter((o) => /^DH\d{8}$/.test(o.order_code));
    expect(new Set(seeded.map((o) => o.payment_method)).size).toBe(4);
    for (const o of seeded.slice(0, 12)) {
      const list = await payments(o.invoice_id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ status: 'SUCCESS', method: o.payment_method, amount: o.total_price });
    }
  });
});

describe('hostile input', () => {
  it('answers 4xx in the envelope, never 500, to odd bodies, ids and texts on every payment call', async () => {
    const o = await orderWithDishes();
    const odd: unknown[] = [
      'x'.repeat(10_000),
      '<img src=x onerror=alert(1)>',
      'a\u0000b',
      '😀',
      -1,
      0,
      1.5,
      1e300,
      Number.MAX_SAFE_INTEGER,
      true,
      null,
      [],
      {},
      [o.invoiceId],
    ];
    for (const value of odd) {
      for (const [path, body] of [
        ['/payment/cash', { invoice_id: value, receive_amount: o.total, return_amount: 0 }],
        ['/payment/cash', { invoice_id: o.invoiceId, receive_amount: value, return_amount: 0 }],
        ['/payment/pos', { invoice_id: o.invoiceId, serial_number: value, payment_method: 'CARD' }],
        ['/payment/pos', { invoice_id: value, serial_number: 'S', payment_method: value }],
      ] as const) {
        const res = await sale('POST', path, body, key('hostile'));
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        errorSchema.parse(res.body);
      }
      const text = encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
      for (const path of [`/payment?invoice_id=${text}`, `/payment/device/connection?serial_number=${text}`, `/payment/qr/${text}`]) {
        const res = await sale('GET', path);
        expect(res.status, path.slice(0, 60)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
    for (const body of ['"just text"', '[1,2,3]', '{"invoice_id":', 'null']) {
      const res = await fetch(`${t.url}/api/sale/payment/cash`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}`, ...key('raw') },
        body,
      });
      expect(res.status, body).toBe(400);
      errorSchema.parse(await res.json());
    }
    // Nothing of the above paid the order.
    expect((await orderOf(o.orderId)).status).toBe(1);
    expect(await payments(o.invoiceId)).toEqual([]);
  });
});

describe('idempotency keys expire', () => {
  it('frees a key whose first call never answered (the sandbox stopped mid-call) after 5 minutes', async () => {
    const fresh = await copyOf('phoco');
    const o = await orderWithDishes(fresh.token);
    const k = key('abandoned');
    const clock = (await t.api('GET', '/sandbox/clock')).body;
    const now = Number((clock.data ?? clock).now);
    const body = { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: o.total, return_amount: 0 };
    await t.sandbox.db.query(`INSERT INTO idempotency_keys (merchant_id, key, fingerprint, created_at) VALUES ($1, $2, 'x', $3)`, [
      fresh.id,
      k['idempotency-key'],
      now - 6 * 60_000,
    ]);
    const res = await as(fresh.token)('POST', '/payment/cash', body, k);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('SUCCESS');
  });

  it('forgets a key after 24 hours: the same call then runs again (and finds the order paid)', async () => {
    const fresh = await copyOf('phoco');
    const o = await orderWithDishes(fresh.token);
    const k = key('ttl');
    const body = { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: o.total, return_amount: 0 };
    expect((await as(fresh.token)('POST', '/payment/cash', body, k)).status).toBe(200);
    expect((await as(fresh.token)('POST', '/payment/cash', body, k)).status).toBe(200);
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: 24 * 3600 + 60 } });
    try {
      const token = (await t.login(fresh.username, fresh.password)).access_token;
      const later = await as(token)('POST', '/payment/cash', body, k);
      expect(later.status).toBe(409);
      expect(later.body.error_code).toBe('ORDER_PAID');
      expect(await payments(o.invoiceId, token)).toHaveLength(1);
    } finally {
      await t.api('POST', '/sandbox/clock/reset');
    }
  });
});
