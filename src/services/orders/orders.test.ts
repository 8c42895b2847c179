import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createServiceClient } from '../http/client';
import { createFakeServer, memoryStorage, type FakeAnswer } from '../shared/testing/fake-server';
import { createOrdersActors } from './actors';
import { createOrdersApi } from './api';
import { createAttemptStore } from './attempts';
import { sampleOrder as order } from './samples';
import type { BasketLine } from './schemas';

/** The orders calls against a fake sale service: what is sent (query, body, Idempotency-Key) and what is accepted. */

const line = { product_id: 7, code: 'PC001', name: 'Phở bò tái', img: null, amount: 2, price: 55_000, tax_class: 'REDUCED_ELIGIBLE' };
const basket: BasketLine[] = [{ product_id: 7, code: 'PC001', name: 'Phở bò tái', price: 55_000, amount: 2 }];

function setup() {
  const server = createFakeServer();
  const keys: Array<string | null> = [];
  const calls: string[] = [];
  // The fake server records no headers but the bearer; this wrapper keeps the Idempotency-Key too.
  const fetch: typeof globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push(`${init?.method ?? 'GET'} ${url.split('?')[0]}`);
    if (url.includes('/order/product') || url.includes('/order/void')) keys.push(headers.get('idempotency-key'));
    return server.fetch(input, init);
  };
  const client = createServiceClient({
    service: 'sale',
    baseURL: '/api/sale',
    fetch,
    tokens: { getToken: async () => 'T', onRejected: async () => null, onUserLocked: () => {} },
  });
  const storage = memoryStorage();
  let n = 0;
  const attempts = createAttemptStore(
    () => storage,
    () => `key-${++n}`,
  );
  const checkout = createServiceClient({
    service: 'checkout',
    baseURL: '/api/checkout',
    fetch,
    tokens: { getToken: async () => 'T', onRejected: async () => null, onUserLocked: () => {} },
  });
  const api = createOrdersApi(client, checkout);
  return { server, keys, calls, api, attempts, storage, actors: createOrdersActors(api, attempts) };
}

const added: FakeAnswer = {
  status: 201,
  body: { code: 201, message: 'Created', data: { invoice_data: { ...order, status: 1, total_price: 110_000 }, products_data: [line] } },
};

async function submit(actors: ReturnType<typeof setup>['actors'], confirm: boolean) {
  return toPromise(createActor(actors.submitDishes, { input: { orderId: 41, lines: basket, confirm } }).start());
}

describe('orders service (doc 2 §7 /order)', () => {
  it('asks GET /order with the filters the service names and reads the list envelope', async () => {
    const { server, api } = setup();
    server.on('GET', '/api/sale/order', () => ({ body: { data: [order], total_page: 3, page: 2, page_size: 25, total_count: 60 } }));
    const page = await api.list({ page: 2, pageSize: 25, filter: { q: '  bàn 3 ', status: 1, exported: false, source: 'KIOSK' } });
    // A service without `today` (D288) answers a list all the same.
    expect(page).toEqual({ rows: [order], totalPage: 3, today: null });
    const url = new URL(server.requests[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      page_size: '25',
      q: 'bàn 3',
      order_status: '1',
      is_eiv_exported: '0',
      source: 'KIOSK',
    });
  });

  it('asks for the Vietnam days as the creation range in unix seconds, both included (D269)', async () => {
    const { server, api } = setup();
    server.on('GET', '/api/sale/order', () => ({ body: { data: [], total_page: 0 } }));
    await api.list({
      page: 1,
      pageSize: 10,
      filter: { q: '', status: null, exported: null, source: null, days: { from: '2026-11-01', to: '2026-11-01' } },
    });
    const url = new URL(server.requests[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', page_size: '10', from: '1793466000', to: '1793552399' });
  });

  it("issue 25 §3: reads the day's paid and not-invoiced count, and asks the sale service to retry a failed invoice", async () => {
    const { server, api } = setup();
    server.on('GET', '/api/sale/order', () => ({ body: { data: [order], total_page: '1', today: { paid: 4, not_invoiced: 1 } } }));
    expect(await api.list({ page: 1, pageSize: 10, filter: { q: '', status: null, exported: null, source: null } })).toEqual({
      rows: [order],
      totalPage: 1,
      today: { paid: 4, not_invoiced: 1 },
    });
    server.on('POST', '/api/sale/order/41/einvoice/retry', () => ({ body: { data: { order_id: 41, state: 'QUEUED' } } }));
    await api.retryEinvoice(41);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST' });
    server.on('POST', '/api/sale/order/42/einvoice/retry', () => ({
      status: 409,
      body: { code: 409, error_code: 'EINV_JOB_NOT_FAILED', message: 'not failed' },
    }));
    await expect(api.retryEinvoice(42)).rejects.toMatchObject({ code: 'EINV_JOB_NOT_FAILED' });
  });

  it('refuses an order the contract does not describe (an unknown status)', async () => {
    const { server, api } = setup();
    server.on('GET', '/api/sale/order/41', () => ({ body: { data: { invoice_data: { ...order, status: 4 }, products_data: [] } } }));
    await expect(api.get(41)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('D301: voids with the attempt’s key and reads who voided the order, when and why', async () => {
    const { server, keys, actors } = setup();
    const voided = { voided_at: 1_780_000_100, voided_by: 'Chủ quán', reason: 'OTHER', note: 'Khách đổi ý' };
    const bodies: unknown[] = [];
    server.on('PUT', '/api/sale/order/void', (r) => {
      bodies.push(r.body);
      return { body: { data: { invoice_data: { ...order, status: 3, voided }, products_data: [line] } } };
    });
    const input = { orderId: 41, reason: 'OTHER' as const, note: 'Khách đổi ý', key: 'void-1' };
    const detail = await toPromise(createActor(actors.voidOrder, { input }).start());
    expect(detail.invoice_data).toMatchObject({ status: 3, voided });
    expect(bodies).toEqual([{ order_id: 41, reason: 'OTHER', note: 'Khách đổi ý' }]);
    expect(keys).toEqual(['void-1']);
    await toPromise(createActor(actors.voidOrder, { input: { ...input, reason: 'DUPLICATE', note: '' } }).start());
    expect(bodies[1]).toEqual({ order_id: 41, reason: 'DUPLICATE', note: null });
  });

  it('creates a counter order with table_id null and tells a table’s existing bill apart', async () => {
    const { server, api } = setup();
    server.on('POST', '/api/sale/order', (r) =>
      (r.body as { table_id: unknown }).table_id === null
        ? { status: 201, body: { code: 201, data: { order_id: 77 } } }
        : { body: { code: 200, data: { order_id: 12, existing: true } } },
    );
    expect(await api.create(null)).toEqual({ orderId: 77, existing: false });
    expect(await api.create(3)).toEqual({ orderId: 12, existing: true });
  });

  it('confirms a selecting order BEFORE adding the dishes, with an Idempotency-Key (doc 2 §4)', async () => {
    const { server, calls, keys, actors } = setup();
    server.on('PUT', '/api/sale/order/confirm', () => ({ body: { data: { ...order, status: 1 } } }));
    server.on('PUT', '/api/sale/order/product', () => added);
    const detail = await submit(actors, true);
    expect(calls).toEqual(['PUT /api/sale/order/confirm', 'PUT /api/sale/order/product']);
    expect(keys).toEqual(['key-1']);
    expect(server.requests[1]!.body).toEqual({ order_id: 41, products: [{ product_id: 7, amount: 2 }] });
    expect(detail.products_data).toEqual([line]);
  });

  it('keeps the key after a lost answer, so the retry cannot add the dishes twice; a definite answer ends it', async () => {
    const { server, keys, actors, attempts } = setup();
    let lose = true;
    server.on('PUT', '/api/sale/order/product', () => {
      if (lose) throw new TypeError('connection reset');
      return added;
    });
    await expect(submit(actors, false)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    // A reload finds the attempt, with the lines the cashier saw.
    expect(attempts.pending(41)).toMatchObject({ key: 'key-1', lines: basket });
    lose = false;
    await submit(actors, false);
    expect(keys).toEqual(['key-1', 'key-1']);
    expect(attempts.pending(41)).toBeNull();
    // The next basket is a new attempt.
    await submit(actors, false);
    expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('drops the key after a refusal (4xx): nothing was added, the next try is a new attempt', async () => {
    const { server, keys, actors, attempts } = setup();
    server.on('PUT', '/api/sale/order/product', () => ({
      status: 409,
      body: { error_code: 'PRODUCT_NOT_AVAILABLE', message: 'A product is not on sale', data: { product_id: 7 } },
    }));
    await expect(submit(actors, false)).rejects.toMatchObject({ code: 'PRODUCT_NOT_AVAILABLE' });
    expect(attempts.pending(41)).toBeNull();
    await expect(submit(actors, false)).rejects.toMatchObject({ code: 'PRODUCT_NOT_AVAILABLE' });
    expect(keys).toEqual(['key-1', 'key-2']);
  });

  it('forgets a stored attempt that is damaged or belongs to another order', () => {
    const { attempts, storage } = setup();
    storage.setItem('orders.confirm.41', '{"key":"k","body":{"order_id":42,"products":[]},"lines":[]}');
    expect(attempts.pending(41)).toBeNull();
    expect(storage.getItem('orders.confirm.41')).toBeNull();
    storage.setItem('orders.confirm.41', 'not json');
    expect(attempts.pending(41)).toBeNull();
  });

  it('finds a customer by exact phone only, and quick-creates with the address left empty', async () => {
    const { server, api } = setup();
    const lan = { customer_id: 12, code: 'KH000012', name: 'Lan', phone_number: '0912345678', point: 5 };
    server.on('GET', '/api/sale/customer', () => ({
      body: { data: { customers: [{ ...lan, phone_number: '0912345679' }, lan], total_page: 1, total_count: 2 } },
    }));
    expect(await api.customerByPhone('0912345678')).toEqual(lan);
    expect(await api.customerByPhone('0900000000')).toBeNull();
    server.on('POST', '/api/sale/customer', () => ({ body: { data: { customer_id: 13, code: 'KH000013' } } }));
    expect(await api.createCustomer({ name: 'Nguyễn Lan', phone_number: '0912345670' })).toMatchObject({ customer_id: 13 });
    expect(server.requests.at(-1)!.body).toEqual({
      name: 'Nguyễn Lan',
      phone_number: '0912345670',
      province_code: '',
      district_code: '',
      ward_code: '',
      address: '',
    });
  });

  it('issue 24 §1: cancels the payments holding an order, newest first: a card or QR on the sale service, a link on the checkout service', async () => {
    const { server, calls, actors } = setup();
    server.on('POST', '/api/sale/payment/9/cancel', () => ({ body: { data: { payment_id: 9, status: 'CANCELLED' } } }));
    server.on('POST', '/api/checkout/payment-links/pl_0123456789abcdef/cancel', () => ({
      body: {
        data: {
          id: 'pl_0123456789abcdef',
          url: 'https://sandbox.example/checkout/?x=1',
          app_id: 'wdg_0123456789ab',
          merchant_id: 'm1',
          order_id: 'DH0001000041',
          amount: 12_000,
          invoice_id: 5_000_041,
          status: 'EXPIRED',
          created_at: 1_780_000_000,
          expires_at: 1_780_086_400,
          paid_at: null,
          method: null,
        },
      },
    }));
    const pending = [
      { method: 'LINK' as const, id: 'pl_0123456789abcdef', amount: 12_000 },
      { method: 'CARD' as const, id: 9, amount: 12_000, serial_number: '18501000000101' },
    ];
    await toPromise(createActor(actors.cancelPending, { input: { pending } }).start());
    expect(calls).toEqual(['POST /api/checkout/payment-links/pl_0123456789abcdef/cancel', 'POST /api/sale/payment/9/cancel']);
  });

  it('issue 24 §1: a cancel refused (the payment went through meanwhile) rejects with its code', async () => {
    const { server, api } = setup();
    server.on('POST', '/api/sale/payment/9/cancel', () => ({ status: 409, body: { error_code: 'ORDER_PAID', message: 'paid', data: {} } }));
    await expect(api.cancelPendingPayment({ method: 'QR', id: 9, amount: 12_000 })).rejects.toMatchObject({ code: 'ORDER_PAID' });
  });
});
