// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentLinkPageSchema, paymentLinkSchema } from '../../../src/services/checkout/link/schemas';
import {
  t,
  m,
  other,
  staff,
  type Merchant,
  copyOf,
  api,
  pub,
  key,
  info,
  makeLink,
  valuesOf,
  payQuery,
  VALID_CARD,
  useCheckoutFixture,
} from './checkout.fixture';

useCheckoutFixture();

describe('payment links (contract §B)', () => {
  it('makes a signed link that answers the same for the same key, lists and finds it', async () => {
    const widget = (await info()).widget.id;
    const k = key('same');
    const body = { app_id: widget, order_id: '  Đơn hàng 42  ', amount: 250_000 };
    const first = await api(m.token)('POST', '/payment-links', body, k);
    expect(first.status).toBe(201);
    const link = paymentLinkSchema.parse(first.body.data);
    expect(link.order_id).toBe('Đơn hàng 42');
    expect(link.status).toBe('OPEN');
    expect(link.expires_at - link.created_at).toBe(24 * 60 * 60);
    const url = new URL(link.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.url}/checkout/`);
    expect([...url.searchParams.keys()]).toEqual(['appId', 'orderId', 'amount', 'merchantId', 'createdAt', 'expiresAt', 'sig']);
    expect(url.searchParams.get('orderId')).toBe('Đơn hàng 42');
    expect(link.url).toContain('orderId=%C4%90%C6%A1n%20h%C3%A0ng%2042');

    const again = await api(m.token)('POST', '/payment-links', body, k);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(link.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api(m.token)('POST', '/payment-links', { ...body, amount: 1_000 }, k)).body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await api(m.token)('POST', '/payment-links', body)).body).toMatchObject({
      error_code: 'REQUIRED',
      data: { fields: ['Idempotency-Key'] },
    });

    // Staff make links too; the list is newest first and searches without accents or case.
    const byStaff = await api(staff)('POST', '/payment-links', { app_id: widget, order_id: 'QUAY-7', amount: 1_000 }, key());
    expect(byStaff.status).toBe(201);
    const page = paymentLinkPageSchema.parse((await api(staff)('GET', '/payment-links?q=DON%20HANG&page_size=5')).body);
    expect(page.data.map((l) => l.id)).toEqual([link.id]);
    const all = paymentLinkPageSchema.parse((await api(m.token)('GET', '/payment-links?page_size=100')).body);
    expect(all.data[0]!.id).toBe(byStaff.body.data.id);
    expect((await api(m.token)('GET', `/payment-links/${link.id}`)).body.data.id).toBe(link.id);
    expect((await api(other.token)('GET', `/payment-links/${link.id}`)).status).toBe(404);
    expect(paymentLinkPageSchema.parse((await api(other.token)('GET', '/payment-links')).body).data.map((l) => l.id)).not.toContain(
      link.id,
    );
    expect((await api(m.token)('GET', '/payment-links?status=open')).body.data.field).toBe('status');
    expect((await api(m.token)('GET', '/payment-links?page_size=101')).body.data.field).toBe('page_size');
  });

  it('refuses bad bodies field by field, and a widget of another merchant as not found', async () => {
    const widget = (await info()).widget.id;
    const post = (body: unknown) => api(m.token)('POST', '/payment-links', body, key('bad'));
    expect((await post({})).body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['app_id', 'order_id', 'amount'] } });
    expect((await post({ app_id: widget, order_id: '   ', amount: 5000 })).body.data.fields).toEqual(['order_id']);
    const field = async (body: Record<string, unknown>) =>
      (await post({ app_id: widget, order_id: 'A1', amount: 5000, ...body })).body.data.field;
    expect(await field({ amount: 999 })).toBe('amount');
    expect(await field({ amount: 1_000_000_000 })).toBe('amount');
    expect(await field({ amount: '5000' })).toBe('amount');
    expect(await field({ amount: 1500.5 })).toBe('amount');
    expect(await field({ order_id: 'x'.repeat(65) })).toBe('order_id');
    expect(await field({ order_id: 'A\u0007B' })).toBe('order_id');
    expect(await field({ order_id: ['A'] })).toBe('order_id');
    expect(await field({ invoice_id: 'abc' })).toBe('invoice_id');
    const nul = await post({ app_id: widget, order_id: 'A\u0000', amount: 5000 });
    expect(nul.status).toBe(400);
    // Unicode and HTML are just text.
    const html = await post({ app_id: widget, order_id: '<img src=x onerror=alert(1)>🍜', amount: 5000 });
    expect(html.status).toBe(201);
    expect(html.body.data.order_id).toBe('<img src=x onerror=alert(1)>🍜');
    const foreign = (await info(other)).widget.id;
    expect((await post({ app_id: foreign, order_id: 'A1', amount: 5000 })).status).toBe(404);
    expect((await post({ app_id: 'wdg_000000000000', order_id: 'A1', amount: 5000 })).status).toBe(404);
    expect((await post({ app_id: widget, order_id: 'A1', amount: 5000, invoice_id: 999_999 })).status).toBe(404);
  });
});

describe('a link made for an order holds its amount (issue 24 §1, D214–D216)', () => {
  let me: Merchant;
  const sale = (method: string, path: string, body?: unknown) =>
    t.api(method, `/api/sale${path}`, { token: me.token, ...(body ? { body } : {}) });
  beforeAll(async () => {
    me = await copyOf('phoco');
  });

  /** A confirmed order of two dishes, and its link. */
  async function orderWithLink() {
    const orderId = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
    const dishes = (await sale('GET', '/inventory/product?status=0&page_size=2')).body.data as Array<{ product_id: number; price: number }>;
    await sale('PUT', '/order/confirm', { order_id: orderId });
    const added = (await sale('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dishes[0]!.product_id, amount: 2 }] }))
      .body.data.invoice_data;
    const link = await makeLink(me, { order_id: added.order_code, amount: added.total_price, invoice_id: added.invoice_id });
    const add = () => sale('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dishes[1]!.product_id, amount: 1 }] });
    return { orderId, invoiceId: added.invoice_id as number, total: added.total_price as number, link, add, extra: dishes[1]!.price };
  }
  const orderOf = async (orderId: number) => (await sale('GET', `/order/${orderId}`)).body.data.invoice_data;

  it('issue 24 §1: adding dishes is refused while the order’s link is open (ORDER_PAYMENT_PENDING LINK), and link-paid pays the link’s amount', async () => {
    const o = await orderWithLink();
    const refused = await o.add();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error_code: 'ORDER_PAYMENT_PENDING', data: { method: 'LINK', id: o.link.id, amount: o.total } });
    expect((await orderOf(o.orderId)).total_price).toBe(o.total);
    const paid = await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: o.link.id } });
    expect(paid.status).toBe(200);
    expect(await orderOf(o.orderId)).toMatchObject({ status: 0, payment_method: 'LINK', total_price: o.total, receive_amount: o.total });
    const payments = (await sale('GET', `/payment?invoice_id=${o.invoiceId}`)).body.data;
    expect(payments.map((p: { method: string; status: string; amount: number }) => [p.method, p.status, p.amount])).toEqual([
      ['LINK', 'SUCCESS', o.total],
    ]);
  });

  it('issue 24 §1: a link payment whose amount differs from the order total is refused (AMOUNT_MISMATCH): the order stays unpaid, the link is cancelled', async () => {
    const o = await orderWithLink();
    // What the lock cannot see (a race on a real server, an old row): the total moved behind it.
    await t.sandbox.db.query(`UPDATE sale_orders SET total_price = total_price + 60000 WHERE id = $1`, [o.orderId]);
    const byQr = await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: o.link.id } });
    expect(byQr.status).toBe(409);
    expect(byQr.body).toMatchObject({ error_code: 'AMOUNT_MISMATCH', data: { amount: o.total, total_price: o.total + 60_000 } });
    expect(await orderOf(o.orderId)).toMatchObject({ status: 1, payment_status: 0 });
    expect((await sale('GET', `/payment?invoice_id=${o.invoiceId}`)).body.data).toEqual([]);
    // It can never be paid now: it reads EXPIRED, the card is refused, and the order is free again.
    expect((await api(me.token)('GET', `/payment-links/${o.link.id}`)).body.data.status).toBe('EXPIRED');
    const card = await pub('POST', '/pay/card', { ...valuesOf(o.link.url), card: VALID_CARD }, key());
    expect([card.status, card.body.error_code]).toEqual([410, 'LINK_EXPIRED']);
    expect((await o.add()).status).toBe(201);
  });

  it('issue 24 §1: the hosted card payment of a link whose order total moved is refused too, never re-priced', async () => {
    const o = await orderWithLink();
    await t.sandbox.db.query(`UPDATE sale_orders SET total_price = total_price + 60000 WHERE id = $1`, [o.orderId]);
    const card = await pub('POST', '/pay/card', { ...valuesOf(o.link.url), card: VALID_CARD }, key());
    expect([card.status, card.body.error_code]).toEqual([409, 'AMOUNT_MISMATCH']);
    expect(await orderOf(o.orderId)).toMatchObject({ status: 1, payment_status: 0 });
  });

  it('issue 24 §1: the merchant cancels the open link (POST /payment-links/{id}/cancel): it reads EXPIRED, takes no money, and the order can change', async () => {
    const o = await orderWithLink();
    const cancelled = await api(me.token)('POST', `/payment-links/${o.link.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(paymentLinkSchema.parse(cancelled.body.data)).toMatchObject({ id: o.link.id, status: 'EXPIRED', paid_at: null });
    // A repeat answers it as it is; the hosted page shows it expired and takes nothing.
    expect((await api(me.token)('POST', `/payment-links/${o.link.id}/cancel`)).body.data.status).toBe('EXPIRED');
    expect((await pub('GET', payQuery(valuesOf(o.link.url)))).body.data.status).toBe('EXPIRED');
    expect((await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: o.link.id } })).status).toBe(410);
    const added = await o.add();
    expect(added.status).toBe(201);
    // A new link for the new total.
    const next = await makeLink(me, {
      order_id: added.body.data.invoice_data.order_code,
      amount: o.total + o.extra,
      invoice_id: o.invoiceId,
    });
    expect(next.status).toBe('OPEN');
    // Another merchant's, a malformed id: not found; a paid link: 409 LINK_PAID.
    expect((await api(other.token)('POST', `/payment-links/${next.id}/cancel`)).status).toBe(404);
    expect((await api(me.token)('POST', '/payment-links/pl_nope/cancel')).status).toBe(404);
    await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: next.id } });
    const paid = await api(me.token)('POST', `/payment-links/${next.id}/cancel`);
    expect([paid.status, paid.body.error_code]).toEqual([409, 'LINK_PAID']);
    // Staff make links, and cancel them.
    const free = await makeLink(me);
    const cashier = `cashier24.${process.pid}`;
    await t.api('POST', '/sandbox/users', {
      body: { username: cashier, password: 'Staff@2026', email: `${cashier}@example.test`, merchant: me.id, role: 'Staff' },
    });
    const staffToken = (await t.login(cashier, 'Staff@2026')).access_token;
    expect((await api(staffToken)('POST', `/payment-links/${free.id}/cancel`)).body.data.status).toBe('EXPIRED');
  });
});
