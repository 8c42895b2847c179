import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../http/client';
import { createPaymentLinkCall, getPaymentLinkCall, listPaymentLinksCall, merchantInfoCall } from './calls';
import { orderLinkCall, orderLinkSlot } from './order-link';
import { sampleMerchantInfo, sampleWidget } from '../samples';
import { merchantInfoSchema, paymentLinkSchema, widgetSchema } from './schemas';

/** Sample answers written from the wire contract (§A, §B), not from the sandbox. */
const widget = sampleWidget;

const merchantInfo = {
  ...sampleMerchantInfo,
  checkout_url: 'http://127.0.0.1:4100/checkout/',
  return_url: '',
  cancel_url: '',
  payment_methods: [
    { id: 1, widget_type: 'cash', name: 'Tiền mặt', group: 'offline', is_active: true, active: false },
    { id: 2, widget_type: 'ewallet', name: 'Ví điện tử', group: 'wallet', is_active: true, active: false },
    { id: 3, widget_type: 'qr_code', name: 'VietQR', group: 'qr', is_active: true, active: true },
    { id: 4, widget_type: 'credit_card', name: 'Thẻ', group: 'card', is_active: true, active: true },
  ],
};

const link = {
  id: 'pl_0123456789abcdef',
  url: 'http://127.0.0.1:4100/checkout/?appId=wdg_0123456789ab&orderId=DH%2001&amount=150000&merchantId=10000001&createdAt=1795000000&expiresAt=1795086400&sig=abc_-',
  app_id: 'wdg_0123456789ab',
  merchant_id: '10000001',
  order_id: 'DH 01',
  amount: 150000,
  invoice_id: null,
  status: 'OPEN',
  created_at: 1795000000,
  expires_at: 1795086400,
  paid_at: null,
  method: null,
};

function recordingClient(answer: (url: string) => { status: number; body: unknown }) {
  const calls: Array<{ url: string; method: string; headers: Headers; body: unknown }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const { status, body } = answer(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  const client = createServiceClient({
    service: 'checkout',
    baseURL: '/api/checkout',
    fetch: fetch as typeof globalThis.fetch,
    tokens: { getToken: async () => 'T', onRejected: async () => null, onUserLocked: () => {} },
  });
  return { client, calls };
}

describe('checkout schemas', () => {
  it('reads the contract samples and lowercases colours', () => {
    expect(merchantInfoSchema.parse(merchantInfo).widget.id).toBe('wdg_0123456789ab');
    expect(widgetSchema.parse({ ...widget, primary_color: '#FFAA00' }).primary_color).toBe('#ffaa00');
    expect(paymentLinkSchema.parse({ ...link, status: 'PAID', paid_at: 1795000100, method: 'QR', invoice_id: 9041 }).status).toBe('PAID');
  });

  it('refuses answers outside the contract', () => {
    expect(widgetSchema.safeParse({ ...widget, primary_color: 'red' }).success).toBe(false);
    expect(widgetSchema.safeParse({ ...widget, logo_height: 70 }).success).toBe(false);
    expect(widgetSchema.safeParse({ ...widget, border_radius: 25 }).success).toBe(false);
    expect(widgetSchema.safeParse({ ...widget, id: 'wdg_XYZ' }).success).toBe(false);
    expect(paymentLinkSchema.safeParse({ ...link, status: 'CANCELLED' }).success).toBe(false);
    expect(paymentLinkSchema.safeParse({ ...link, amount: 999 }).success).toBe(false);
    expect(paymentLinkSchema.safeParse({ ...link, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(paymentLinkSchema.safeParse({ ...link, method: 'CASH' }).success).toBe(false);
    expect(
      merchantInfoSchema.safeParse({ ...merchantInfo, payment_methods: [{ ...merchantInfo.payment_methods[0], widget_type: 'bnpl' }] })
        .success,
    ).toBe(false);
  });
});

describe('checkout calls', () => {
  it('merchantInfoCall asks with allow_create=True and unwraps the double data', async () => {
    const { client, calls } = recordingClient(() => ({ status: 200, body: { data: { data: merchantInfo } } }));
    const info = await merchantInfoCall(client, 'REF 1/2');
    expect(info.merchant_name).toBe('Phở Cô Lan');
    expect(calls[0]!.url).toBe('/api/checkout/merchants/REF%201%2F2?allow_create=True');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer T');
  });

  it('merchantInfoCall rejects a single-data answer (the spec says double)', async () => {
    const { client } = recordingClient(() => ({ status: 200, body: { data: merchantInfo } }));
    await expect(merchantInfoCall(client, '10000001')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('createPaymentLinkCall posts the body with the Idempotency-Key and reads the link (201)', async () => {
    const { client, calls } = recordingClient(() => ({ status: 201, body: { data: link } }));
    const answer = await createPaymentLinkCall(client, { app_id: 'wdg_0123456789ab', order_id: 'DH 01', amount: 150000 }, 'link-k1');
    expect(answer.id).toBe('pl_0123456789abcdef');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/checkout/payment-links');
    expect(calls[0]!.headers.get('idempotency-key')).toBe('link-k1');
    expect(calls[0]!.body).toEqual({ app_id: 'wdg_0123456789ab', order_id: 'DH 01', amount: 150000 });
  });

  it('createPaymentLinkCall passes the service refusal through with its code', async () => {
    const { client } = recordingClient(() => ({ status: 409, body: { error_code: 'ORDER_PAID', message: 'paid', data: null } }));
    await expect(createPaymentLinkCall(client, { app_id: 'a', order_id: 'o', amount: 1000, invoice_id: 4 }, 'k')).rejects.toMatchObject({
      code: 'ORDER_PAID',
      status: 409,
    });
  });

  it('listPaymentLinksCall sends only the filters set and keeps total_count', async () => {
    const { client, calls } = recordingClient(() => ({
      status: 200,
      body: { data: [link], total_page: 3, page: 2, page_size: 10, total_count: 21 },
    }));
    const page = await listPaymentLinksCall(client, { page: 2, pageSize: 10, q: 'đh', status: 'PAID' });
    expect(page).toMatchObject({ totalPage: 3, totalCount: 21, page: 2 });
    expect(page.rows).toHaveLength(1);
    const url = new URL(calls[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', page_size: '10', q: 'đh', status: 'PAID' });
    await listPaymentLinksCall(client, { page: 1, pageSize: 10, q: '', status: null });
    expect(Object.fromEntries(new URL(calls[1]!.url, 'http://x').searchParams)).toEqual({ page: '1', page_size: '10' });
  });

  it('getPaymentLinkCall reads one link', async () => {
    const { client, calls } = recordingClient(() => ({ status: 200, body: { data: { ...link, status: 'EXPIRED' } } }));
    expect((await getPaymentLinkCall(client, 'pl_0123456789abcdef')).status).toBe('EXPIRED');
    expect(calls[0]!.url).toBe('/api/checkout/payment-links/pl_0123456789abcdef');
  });
});

describe('orderLinkCall', () => {
  const request = { orderId: 41, invoiceId: 9041, orderCode: 'PHO0041', total: 185000, appId: 'wdg_0123456789ab' };
  const orderLink = { ...link, order_id: 'PHO0041', amount: 185000, invoice_id: 9041 };
  const memorySlots = () => {
    const values = new Map<string, string>();
    return {
      read: (n: string) => values.get(n) ?? null,
      write: (n: string, v: string | null) => void (v === null ? values.delete(n) : values.set(n, v)),
    };
  };

  it('sends the order code, total and invoice id with one key per order, the same on the next call (a reload)', async () => {
    const { client, calls } = recordingClient(() => ({ status: 201, body: { data: orderLink } }));
    const slots = memorySlots();
    let n = 0;
    const deps = { slots, now: () => 1_795_000_100_000, makeKey: () => `olink-${++n}` };
    await orderLinkCall(client, request, deps);
    await orderLinkCall(client, request, deps);
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['olink-1', 'olink-1']);
    expect(calls[0]!.body).toEqual({ app_id: 'wdg_0123456789ab', order_id: 'PHO0041', amount: 185000, invoice_id: 9041 });
    expect(slots.read(orderLinkSlot(41))).toBe('olink-1');
    await orderLinkCall(client, { ...request, orderId: 42 }, deps);
    expect(calls[2]!.headers.get('idempotency-key')).toBe('olink-2');
  });

  it('asks again with a new key when the key was used for another total, or the answer can no longer be paid', async () => {
    const answers = [
      { status: 422, body: { error_code: 'IDEMPOTENCY_KEY_REUSED', message: 'x', data: null } },
      { status: 201, body: { data: { ...orderLink, status: 'EXPIRED' } } },
      { status: 201, body: { data: orderLink } },
    ];
    const { client, calls } = recordingClient(() => answers.shift()!);
    let n = 0;
    const deps = { slots: memorySlots(), now: () => 1_795_000_100_000, makeKey: () => `k${++n}` };
    await expect(orderLinkCall(client, request, deps)).resolves.toMatchObject({ status: 'OPEN' });
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['k1', 'k2', 'k3']);
  });

  it('keeps the key when the answer is lost, so the retry repeats it', async () => {
    const { client, calls } = recordingClient(() => ({ status: 502, body: { error_code: 'SYSTEM_FAIL', message: 'x', data: null } }));
    const deps = { slots: memorySlots(), now: () => 0, makeKey: () => 'k-lost' };
    await expect(orderLinkCall(client, request, deps)).rejects.toMatchObject({ status: 502 });
    await expect(orderLinkCall(client, request, deps)).rejects.toMatchObject({ status: 502 });
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['k-lost', 'k-lost']);
  });
});
