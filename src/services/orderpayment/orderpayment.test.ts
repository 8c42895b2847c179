import { describe, expect, it } from 'vitest';
import { z } from '../../config/zod-classic';
import { createActor, waitFor } from 'xstate';
import { createServiceClient } from '../http/client';
import type { ConnectedInfo, ConnectionStatus, RealtimeHub } from '../realtime/hub';
import { memoryStorage } from '../shared/testing/fake-server';
import { createOrderPaymentApi } from './api';
import { createIntentKeys, intentStorageKey } from './intent-keys';
import { createWatchCardResult, createWatchPayment } from './watch';

const payment = {
  payment_id: 7,
  invoice_id: 9041,
  order_code: 'PHO0041',
  method: 'CASH',
  status: 'SUCCESS',
  amount: 185000,
  receive_amount: 200000,
  return_amount: 15000,
  serial_number: null,
  created_at: 1795000100,
};

function recordingClient(answer: (url: string, init: RequestInit) => { status: number; body: unknown }) {
  const calls: Array<{ url: string; headers: Headers; body: unknown }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, headers: new Headers(init?.headers), body: init?.body ? JSON.parse(String(init.body)) : null });
    const { status, body } = answer(url, init ?? {});
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  const client = createServiceClient({
    service: 'sale',
    baseURL: '/api/sale',
    fetch: fetch as typeof globalThis.fetch,
    tokens: { getToken: async () => 'T', onRejected: async () => null, onUserLocked: () => {} },
  });
  return { client, calls };
}

describe('intent keys', () => {
  it('keeps one key per order and way until forgotten, across instances sharing the storage (a reload)', () => {
    const storage = memoryStorage();
    let n = 0;
    const keys = createIntentKeys(storage, () => `k${++n}`);
    const first = keys.keyFor(41, 'cash');
    expect(keys.keyFor(41, 'cash')).toBe(first);
    expect(createIntentKeys(storage, () => 'other').keyFor(41, 'cash')).toBe(first);
    expect(keys.keyFor(41, 'card')).not.toBe(first);
    expect(keys.keyFor(42, 'cash')).not.toBe(first);
    keys.forget(41, 'cash');
    expect(storage.getItem(intentStorageKey(41, 'cash'))).toBeNull();
    expect(keys.keyFor(41, 'cash')).not.toBe(first);
  });

  it('still keeps the key for this page load when session storage refuses', () => {
    const keys = createIntentKeys(memoryStorage({ failing: true }), () => crypto.randomUUID());
    expect(keys.keyFor(1, 'card')).toBe(keys.keyFor(1, 'card'));
  });

  it('replaces a stored value that is not a valid key', () => {
    const storage = memoryStorage();
    storage.setItem(intentStorageKey(5, 'cash'), 'bad key with spaces');
    expect(createIntentKeys(storage, () => 'fresh').keyFor(5, 'cash')).toBe('fresh');
  });
});

describe('order payment api', () => {
  it('sends the Idempotency-Key and the cash body of the contract, and reads the Payment', async () => {
    const { client, calls } = recordingClient(() => ({ status: 200, body: { data: payment } }));
    const api = createOrderPaymentApi(client);
    const answer = await api.payCash({ invoiceId: 9041, receiveAmount: 200000, returnAmount: 15000, merchantId: '10000001' }, 'key-1');
    expect(answer.status).toBe('SUCCESS');
    expect(calls[0]!.url).toContain('/api/sale/payment/cash');
    expect(calls[0]!.headers.get('idempotency-key')).toBe('key-1');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer T');
    expect(calls[0]!.body).toEqual({
      invoice_id: 9041,
      payment_method: 'CASH',
      receive_amount: 200000,
      return_amount: 15000,
      merchant_id: '10000001',
    });
  });

  it('card: the answer must carry the invoice id and the payment (doc 2 §8), else it is unreadable', async () => {
    const { client } = recordingClient(() => ({
      status: 200,
      body: { data: { payment: { ...payment, method: 'CARD', status: 'PENDING' } } },
    }));
    await expect(createOrderPaymentApi(client).payCard({ invoiceId: 9041, serialNumber: 'S1' }, 'k')).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('ORDER_PAID keeps the existing payment in the error data', async () => {
    const { client } = recordingClient(() => ({ status: 409, body: { error_code: 'ORDER_PAID', message: 'paid', data: { payment } } }));
    await expect(
      createOrderPaymentApi(client).payCash({ invoiceId: 9041, receiveAmount: 200000, returnAmount: 15000, merchantId: 'm' }, 'k'),
    ).rejects.toMatchObject({ code: 'ORDER_PAID', status: 409, data: { payment } });
  });

  it('the invoice is asked by order id with is_orderid=true', async () => {
    const { client, calls } = recordingClient(() => ({ status: 404, body: { error_code: 'NOT_FOUND', message: 'x' } }));
    await expect(createOrderPaymentApi(client).invoice(41)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls[0]!.url).toMatch(/\/api\/sale\/invoice\/41\?is_orderid=true$/);
  });

  it('a caller cannot replace the bearer through extra headers', async () => {
    const { client, calls } = recordingClient(() => ({ status: 200, body: { data: [] } }));
    await client.data({ name: 't', path: '/payment', headers: { Authorization: 'Bearer evil' }, schema: z.array(z.unknown()) });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer T');
  });
});

function fakeHub() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const connected = new Set<(info: ConnectedInfo) => void>();
  const statuses = new Set<(status: ConnectionStatus) => void>();
  let status: ConnectionStatus = 'connected';
  const hub: RealtimeHub = {
    on(ns, event, handler) {
      const key = `${ns}:${event}`;
      const set = handlers.get(key) ?? new Set();
      handlers.set(key, set);
      set.add(handler);
      return () => void set.delete(handler);
    },
    onConnected: (_, handler) => (connected.add(handler), () => void connected.delete(handler)),
    status: () => status,
    onStatus: (handler) => (statuses.add(handler), () => void statuses.delete(handler)),
  };
  return {
    hub,
    emit: (event: string, payload: unknown) => handlers.get(`sale:${event}`)?.forEach((h) => h(payload)),
    drop: () => {
      status = 'reconnecting';
      statuses.forEach((h) => h(status));
    },
    reconnect: (recovered: boolean) => {
      status = 'connected';
      statuses.forEach((h) => h(status));
      connected.forEach((h) => h({ first: false, recovered }));
    },
  };
}

describe('realtime watch', () => {
  const paid = (invoice: Record<string, unknown>) => ({
    data: { invoice_data: { total_price: 185000, order_code: 'PHO0041', ...invoice } },
  });

  it("hears only this order's payment_success, and asks again only after a reconnect that lost events", async () => {
    const { hub, emit, drop, reconnect } = fakeHub();
    const received: unknown[] = [];
    const parent = createActor(
      (await import('xstate')).setup({ actors: { watch: createWatchPayment(hub) } }).createMachine({
        invoke: { src: 'watch', input: { orderId: 41, invoiceId: 9041, orderCode: 'PHO0041' } },
        on: { '*': { actions: ({ event }) => void received.push(event) } },
      }),
    ).start();
    emit('payment_success', paid({ order_id: 42, invoice_id: 9042, order_code: 'PHO0042', payment_method: 'QR' }));
    emit('payment_success', { nonsense: true });
    drop();
    reconnect(true);
    expect(received).toEqual([]);
    drop();
    reconnect(false);
    emit('payment_success', paid({ order_id: 41, invoice_id: 9041, payment_method: 'QR' }));
    expect(received).toEqual([{ type: 'REALTIME.RECONNECTED' }, { type: 'PAYMENT.SUCCEEDED', method: 'QR' }]);
    parent.stop();
  });

  it('never takes a free payment link whose order id equals the order code for this order (contract 14 §B)', async () => {
    const { hub, emit } = fakeHub();
    const received: unknown[] = [];
    const xstate = await import('xstate');
    const parent = createActor(
      xstate.setup({ actors: { watch: createWatchPayment(hub) } }).createMachine({
        invoke: { src: 'watch', input: { orderId: 41, invoiceId: 9041, orderCode: 'PHO0041' } },
        on: { '*': { actions: ({ event }) => void received.push(event) } },
      }),
    ).start();
    emit('payment_success', paid({ payment_method: 'LINK', link_id: 'pl_0123456789abcdef' }));
    expect(received).toEqual([]);
    emit('payment_success', paid({ order_id: 41, invoice_id: 9041, payment_method: 'LINK' }));
    expect(received).toEqual([{ type: 'PAYMENT.SUCCEEDED', method: 'LINK' }]);
    parent.stop();
  });

  it("hears this invoice's payment_failed with its reason", async () => {
    const { hub, emit } = fakeHub();
    const received: unknown[] = [];
    const xstate = await import('xstate');
    const parent = createActor(
      xstate.setup({ actors: { watch: createWatchCardResult(hub) } }).createMachine({
        invoke: { src: 'watch', input: { invoiceId: 9041 } },
        on: { '*': { actions: ({ event }) => void received.push(event) } },
      }),
    ).start();
    emit('payment_failed', { data: { invoice_id: 9040, payment_method: 'CARD', reason: 'DECLINED' } });
    emit('payment_failed', { data: { invoice_id: 9041, payment_method: 'CARD', reason: 'TERMINAL_OFFLINE' } });
    await waitFor(parent, () => received.length > 0);
    expect(received).toEqual([{ type: 'CARD.FAILED', reason: 'TERMINAL_OFFLINE' }]);
    parent.stop();
  });
});
