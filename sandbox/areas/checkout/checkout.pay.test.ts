// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { parseVietQr } from '../../../src/services/qr/vietqr';
import { paymentLinkSchema } from '../../../src/services/checkout/link/schemas';
import { luhnValid, qrPurpose } from './pay-routes';
import { signLink } from './signing';
import {
  t,
  m,
  other,
  socket,
  logged,
  chuoi,
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

describe('the hosted page calls (contract §C)', () => {
  it('answers an open link with the widget and methods, and refuses every tampered value', async () => {
    const link = await makeLink();
    const values = valuesOf(link.url);
    const page = await pub('GET', payQuery(values));
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ status: 'OPEN', link_id: link.id, order_id: link.order_id, amount: 150_000, paid_at: null });
    expect(page.body.data.methods).not.toContain('cash');
    expect(page.body.data.widget.id).toBe(link.app_id);

    for (const [name, value] of [
      ['amount', '1000'],
      ['orderId', 'DH-other'],
      ['expiresAt', String(link.expires_at + 86_400)],
      ['merchantId', other.id],
      ['createdAt', String(link.created_at - 1)],
      ['appId', 'wdg_000000000000'],
      ['sig', values.sig!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))],
    ] as const) {
      const tampered = { ...values, [name]: value };
      const res = await pub('GET', payQuery(tampered));
      expect([name, res.status, res.body.error_code]).toEqual([name, 400, 'LINK_INVALID']);
      expect((await pub('POST', '/pay/qr', tampered)).body.error_code).toBe('LINK_INVALID');
      expect((await pub('POST', '/pay/card', { ...tampered, card: VALID_CARD }, key())).body.error_code).toBe('LINK_INVALID');
    }
    const { sig: _sig, ...unsigned } = values;
    expect((await pub('GET', payQuery(unsigned))).body.error_code).toBe('LINK_INVALID');
    // A well-signed link that does not exist (signed with another key) is just as invalid.
    const forged = { ...values, sig: signLink(values as never, Buffer.from('not the key')) };
    expect((await pub('GET', payQuery(forged))).body.error_code).toBe('LINK_INVALID');
  });

  it('gives a VietQR of the link, paid by the link-paid trigger once; then the page shows PAID and refuses to pay again', async () => {
    const link = await makeLink(m, { order_id: 'Đơn số 7 <b>' });
    const values = valuesOf(link.url);
    const qr = await pub('POST', '/pay/qr', values);
    expect(qr.status).toBe(200);
    const parsed = parseVietQr(qr.body.data.qr);
    expect(parsed.amount).toBe(150_000);
    expect(parsed.purpose).toBe('Don so 7 b');
    const events: unknown[] = [];
    socket.on('payment_success', (e) => events.push(e));
    const fired = await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: link.id } });
    expect(fired.status, JSON.stringify(fired.body)).toBe(200);
    const page = await pub('GET', payQuery(values));
    expect(page.body.data).toMatchObject({ status: 'PAID', method: 'QR' });
    expect(typeof page.body.data.paid_at).toBe('number');
    expect((await pub('POST', '/pay/qr', values)).status).toBe(409);
    const card = await pub('POST', '/pay/card', { ...values, card: VALID_CARD }, key());
    expect([card.status, card.body.error_code]).toEqual([409, 'LINK_PAID']);
    expect((await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: link.id } })).body.error_code).toBe('LINK_PAID');
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toEqual({
      data: { invoice_data: { total_price: 150_000, order_code: 'Đơn số 7 <b>', payment_method: 'LINK', link_id: link.id } },
    });
    socket.off('payment_success');
    expect(paymentLinkSchema.parse((await api(m.token)('GET', `/payment-links/${link.id}`)).body.data)).toMatchObject({
      status: 'PAID',
      method: 'QR',
    });
  });

  it('pays by test card once: declined card, bad fields, a second payment with another key refused', async () => {
    const link = await makeLink();
    const values = valuesOf(link.url);
    const pay = (card: unknown, k = key('card')) => pub('POST', '/pay/card', { ...values, card }, k);
    expect((await pay({ ...VALID_CARD, number: '4111 1111 1111 1112' })).body.data.field).toBe('card.number');
    expect((await pay({ ...VALID_CARD, expiry: '01/20' })).body.data.field).toBe('card.expiry');
    expect((await pay({ ...VALID_CARD, expiry: '13/30' })).body.data.field).toBe('card.expiry');
    expect((await pay({ ...VALID_CARD, cvc: '12' })).body.data.field).toBe('card.cvc');
    expect((await pay({ ...VALID_CARD, holder: ' ' })).body.data.field).toBe('card.holder');
    expect((await pay('4111111111111111')).body.data.field).toBe('card.number');
    expect((await pub('POST', '/pay/card', { ...values, card: VALID_CARD })).body.data.fields).toEqual(['Idempotency-Key']);
    const declined = await pay({ ...VALID_CARD, number: '4000 0000 0000 0002' });
    expect([declined.status, declined.body.error_code]).toEqual([402, 'CARD_DECLINED']);
    expect((await pub('GET', payQuery(values))).body.data.status).toBe('OPEN');
    const paid = await pay(VALID_CARD);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'PAID' });
    const twice = await pay({ ...VALID_CARD, number: '5555 5555 5555 4444' });
    expect([twice.status, twice.body.error_code]).toEqual([409, 'LINK_PAID']);
    expect((await pub('GET', payQuery(values))).body.data).toMatchObject({ status: 'PAID', method: 'CARD' });
  });

  it('takes 20 concurrent card payments with one key as one payment', async () => {
    const link = await makeLink();
    const values = valuesOf(link.url);
    const k = key('race');
    const answers = await Promise.all(Array.from({ length: 20 }, () => pub('POST', '/pay/card', { ...values, card: VALID_CARD }, k)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body.data.paid_at)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
  });

  it("pays an order's link through the order settlement: the order completed by LINK, once", async () => {
    const sale = (method: string, path: string, body?: unknown) =>
      t.api(method, `/api/sale${path}`, { token: m.token, ...(body ? { body } : {}) });
    const orderId = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
    const dish = (await sale('GET', '/inventory/product?status=0&page_size=1')).body.data[0];
    await sale('PUT', '/order/confirm', { order_id: orderId });
    const added = (await sale('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dish.product_id, amount: 2 }] })).body
      .data.invoice_data;
    const base = { order_id: added.order_code, amount: added.total_price, invoice_id: added.invoice_id };
    expect(
      (await api(m.token)('POST', '/payment-links', { ...base, app_id: (await info()).widget.id, amount: 1_000 }, key())).body.data.field,
    ).toBe('amount');
    const link = await makeLink(m, base);
    // Asking again for the same order and amount answers the open link.
    const again = await api(m.token)('POST', '/payment-links', { ...base, app_id: link.app_id }, key());
    expect([again.status, again.body.data.id]).toEqual([200, link.id]);
    const events: any[] = [];
    socket.on('payment_success', (e) => events.push(e));
    const paid = await pub('POST', '/pay/card', { ...valuesOf(link.url), card: VALID_CARD }, key());
    expect(paid.status).toBe(200);
    const order = (await sale('GET', `/order/${orderId}`)).body.data.invoice_data;
    expect(order.status).toBe(0);
    const payments = (await sale('GET', `/payment?invoice_id=${added.invoice_id}`)).body.data;
    expect(payments.filter((p: { status: string }) => p.status === 'SUCCESS').map((p: { method: string }) => p.method)).toEqual(['LINK']);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0].data.invoice_data).toMatchObject({ payment_method: 'LINK', invoice_id: added.invoice_id, order_id: orderId });
    socket.off('payment_success');
    expect((await api(m.token)('POST', '/payment-links', { ...base, app_id: link.app_id }, key())).body.error_code).toBe('ORDER_PAID');
  });

  it('says when the merchant has no account for QR, and checks the helpers', async () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(qrPurpose('Đơn hàng #42 – Phở')).toBe('Don hang 42 Pho');
    expect(qrPurpose('🍜🍜')).toBe('');
    const c = await chuoi();
    const link = await makeLink(c);
    // Without a ShopQR or a verified bank account there is nowhere for the transfer to go.
    await t.sandbox.db.query(`DELETE FROM virtual_accounts WHERE merchant_id = $1`, [c.id]);
    await t.sandbox.db.query(`UPDATE bank_accounts SET verified_at = NULL WHERE merchant_id = $1`, [c.id]);
    const qr = await pub('POST', '/pay/qr', valuesOf(link.url));
    expect([qr.status, qr.body.error_code, qr.body.data.qr]).toEqual([400, 'BAD_REQUEST', null]);
  });

  it('never puts the card number or the signing key in an answer or a log line', async () => {
    process.env.SANDBOX_LINK_SIGNING_KEY ??= '';
    const link = await makeLink();
    const values = valuesOf(link.url);
    const answers = [
      await pub('POST', '/pay/card', { ...values, card: { ...VALID_CARD, number: '4000 0000 0000 0002' } }, key()),
      await pub('POST', '/pay/card', { ...values, card: { ...VALID_CARD, number: '5105105105105100' } }, key()),
      await pub('GET', payQuery(values)),
    ];
    const text = JSON.stringify(answers.map((a) => a.body)) + logged.join('\n');
    for (const secret of ['4000000000000002', '4000 0000 0000 0002', '5105105105105100', VALID_CARD.cvc + '"'])
      expect(text.includes(secret), secret).toBe(false);
    expect(logged.some((line) => line.includes('/api/checkout/pay/card'))).toBe(true);
    expect(logged.some((line) => line.includes('sig='))).toBe(false);
    const stored = await t.api('GET', `/api/checkout/payment-links/${link.id}`, { token: m.token });
    expect(JSON.stringify(stored.body)).not.toContain('5105');
  });

  it('refuses an expired link, and shows it EXPIRED', async () => {
    const link = await makeLink();
    const values = valuesOf(link.url);
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: 24 * 60 * 60 } });
    try {
      expect((await pub('GET', payQuery(values))).body.data.status).toBe('EXPIRED');
      const qr = await pub('POST', '/pay/qr', values);
      expect([qr.status, qr.body.error_code]).toEqual([410, 'LINK_EXPIRED']);
      const card = await pub('POST', '/pay/card', { ...values, card: VALID_CARD }, key());
      expect([card.status, card.body.error_code]).toEqual([410, 'LINK_EXPIRED']);
      expect((await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: link.id } })).status).toBe(410);
      // The sign-in expired with the jump too: sign in again at the new time.
      const token = (await t.login(m.username, m.password)).access_token;
      const expired = await api(token)('GET', '/payment-links?status=EXPIRED&page_size=100');
      expect(expired.status, JSON.stringify(expired.body)).toBe(200);
      expect(expired.body.data.map((l: { id: string }) => l.id)).toContain(link.id);
    } finally {
      await t.api('POST', '/sandbox/clock/reset');
    }
  });
});
