// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorSchema, FNB_TABLES_IF_ABSENT, orderDetailSchema, orderListSchema } from '../../platform/test/sale-contract';
import { t, m, colan, as, sale, products, newOrder, detail, useOrdersFixture } from './orders.fixture';

useOrdersFixture();

/** D301: the owner voids an unpaid order with a reason, once, and a voided order takes no change and no payment. */

const voidOrder = (orderId: number, key: string, body: Record<string, unknown> = { reason: 'CUSTOMER_LEFT' }, token = m.token) =>
  as(token)('PUT', '/order/void', { order_id: orderId, ...body }, { 'idempotency-key': key });

async function orderWithDish(): Promise<{ id: number; invoiceId: number; productId: number; total: number }> {
  const id = await newOrder();
  const [dish] = (await products()).filter((p) => p.status === 0);
  await sale('PUT', '/order/product', { order_id: id, products: [{ product_id: dish!.product_id, amount: 2 }] });
  const d = await detail(id);
  return { id, invoiceId: d.invoice_data.invoice_id, productId: dish!.product_id, total: d.invoice_data.total_price };
}

describe('D301: voiding an unpaid order', () => {
  it('issue 27 §1: 20 concurrent voids with one key make one void and one answer; other keys answer ORDER_VOIDED', async () => {
    const { id } = await orderWithDish();
    const key = `void-${id}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => voidOrder(id, key)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const voided = orderDetailSchema.parse(answers[0]!.body.data);
    expect(voided.invoice_data).toMatchObject({ status: 3, payment_status: 0, voided: { reason: 'CUSTOMER_LEFT', note: null } });
    expect(voided.invoice_data.voided!.voided_by).not.toBe('');
    expect(voided.products_data).toHaveLength(1);

    const others = await Promise.all(Array.from({ length: 5 }, (_, i) => voidOrder(id, `void-${id}-other-${i}`)));
    for (const other of others) {
      expect(other.status).toBe(409);
      expect(errorSchema.parse(other.body)).toMatchObject({ error_code: 'ORDER_VOIDED', data: { voided: voided.invoice_data.voided } });
    }
    const [count] = await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sale_orders WHERE id = $1 AND status = 3`, [
      id,
    ]);
    expect(count!.n).toBe(1);
    // The same key with another body is another call: refused, never a second void.
    expect((await voidOrder(id, key, { reason: 'DUPLICATE' })).status).toBe(422);
  });

  it('issue 27 §1: different keys racing give one void; the others answer already voided', async () => {
    const { id } = await orderWithDish();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => voidOrder(id, `race-${id}-${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.error_code === 'ORDER_VOIDED')).toHaveLength(19);
  });

  it('issue 27 §1: a voided order cannot be edited or paid (dishes, confirm, customer, cash, QR, card)', async () => {
    const { id, invoiceId, productId, total } = await orderWithDish();
    expect((await voidOrder(id, `edit-${id}`, { reason: 'OTHER', note: '  Khách đổi ý  ' })).status).toBe(200);
    expect((await detail(id)).invoice_data.voided).toMatchObject({ reason: 'OTHER', note: 'Khách đổi ý' });
    const calls: Array<[string, string, unknown]> = [
      ['PUT', '/order/confirm', { order_id: id }],
      ['PUT', `/order/${id}/1`, undefined],
      ['PUT', '/order/product', { order_id: id, products: [{ product_id: productId, amount: 1 }] }],
      ['PUT', '/order/customer', { order_id: id, customer_id: 0 }],
      ['GET', `/payment/qr/${invoiceId}`, undefined],
      [
        'POST',
        '/payment/cash',
        { invoice_id: invoiceId, payment_method: 'CASH', receive_amount: total, return_amount: 0, merchant_id: m.id },
      ],
      ['POST', '/payment/pos', { invoice_id: invoiceId, serial_number: 'ANY' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await sale(method, path, body, { 'idempotency-key': `paid-${id}-${path.replace(/\W/g, '')}` });
      expect(res.status, path).toBe(409);
      expect(res.body.error_code, path).toBe('ORDER_VOIDED');
    }
    const after = await detail(id);
    expect(after.invoice_data).toMatchObject({ status: 3, payment_status: 0, total_price: total });
    expect(after.products_data[0]!.amount).toBe(2);
    const [payments] = await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sale_payments WHERE order_id = $1`, [id]);
    expect(payments!.n).toBe(0);
  });

  it('issue 27 §1: a paid order is refused with ORDER_PAID; a pending VietQR with ORDER_PAYMENT_PENDING', async () => {
    const paid = await orderWithDish();
    const cash = await sale(
      'POST',
      '/payment/cash',
      { invoice_id: paid.invoiceId, payment_method: 'CASH', receive_amount: paid.total, return_amount: 0, merchant_id: m.id },
      { 'idempotency-key': `cash-${paid.id}` },
    );
    expect(cash.status).toBe(200);
    const refused = await voidOrder(paid.id, `paid-${paid.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe('ORDER_PAID');
    expect((await detail(paid.id)).invoice_data).toMatchObject({ status: 0, voided: null });

    const pending = await orderWithDish();
    await sale('GET', `/payment/qr/${pending.invoiceId}`);
    const locked = await voidOrder(pending.id, `pending-${pending.id}`);
    expect(locked.status).toBe(409);
    expect(errorSchema.parse(locked.body)).toMatchObject({ error_code: 'ORDER_PAYMENT_PENDING', data: { method: 'QR' } });
    expect((await detail(pending.id)).invoice_data.status).not.toBe(3);
  });

  it('D311: a staff-type user is refused APPROVAL_REQUIRED (the one code of refund and void); another merchant gets 404', async () => {
    const staff = (await t.login('phoco.staff', 'Staff@2026')).access_token;
    const opened = await as(staff)('POST', '/order', { table_id: null });
    const id = opened.body.data.order_id as number;
    const refused = await voidOrder(id, `staff-${id}`, { reason: 'WRONG_ORDER' }, staff);
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('APPROVAL_REQUIRED');
    expect((await as(staff)('GET', `/order/${id}`)).body.data.invoice_data.status).toBe(2);
    const mine = await orderWithDish();
    expect((await voidOrder(mine.id, `colan-${mine.id}`, { reason: 'WRONG_ORDER' }, colan)).status).toBe(404);
  });

  it('D301: the reason is checked (required, known, OTHER needs a note, note ≤ 200) and the key is required', async () => {
    const { id } = await orderWithDish();
    const bad: Array<[Record<string, unknown>, number, string | undefined]> = [
      [{}, 400, undefined],
      [{ reason: 'BORED' }, 400, 'reason'],
      [{ reason: 'OTHER' }, 400, 'note'],
      [{ reason: 'OTHER', note: ' \u200b ' }, 400, 'note'],
      [{ reason: 'DUPLICATE', note: 'x'.repeat(201) }, 400, 'note'],
      [{ reason: 'DUPLICATE', note: 5 }, 400, 'note'],
    ];
    for (const [i, [body, status, field]] of bad.entries()) {
      const res = await voidOrder(id, `bad-${id}-${i}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.data.field).toBe(field);
    }
    expect((await sale('PUT', '/order/void', { order_id: id, reason: 'DUPLICATE' })).status).toBe(400);
    expect((await detail(id)).invoice_data.status).not.toBe(3);
  });

  it('D301: voiding frees the table and the list filters voided orders (order_status=3)', async () => {
    await t.sandbox.db.exec(FNB_TABLES_IF_ABSENT);
    const [table] = await t.sandbox.db.query<{ id: number }>(
      `INSERT INTO fnb_tables (merchant_id, table_name, folded_name, max_slot, available_slot, created_at)
       VALUES ($1, 'Bàn Huỷ 1', 'ban huy 1', 4, 4, 0) RETURNING id`,
      [m.id],
    );
    const first = (await sale('POST', '/order', { table_id: table!.id })).body.data.order_id as number;
    expect((await voidOrder(first, `table-${first}`, { reason: 'DUPLICATE' })).status).toBe(200);
    const second = await sale('POST', '/order', { table_id: table!.id });
    expect(second.status).toBe(201);
    expect(second.body.data.order_id).not.toBe(first);
    const list = orderListSchema.parse((await sale('GET', '/order?order_status=3&page_size=100')).body);
    expect(list.data.map((o) => o.order_id)).toContain(first);
    expect(list.data.every((o) => o.status === 3 && o.voided !== null)).toBe(true);
  });
});
