import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../services/http/errors';
import { openOrderIdMap, type OrderIdMap } from '../../services/shared/outbox/idmap';
import { freshDatabaseName, installFakeIndexedDB } from '../../services/shared/outbox/testing';
import { createOutboxSend, LOCAL_ORDER_MISSING } from './outbox-send';
import { queuedEntries } from './test/queued-entry';

const entry = queuedEntries();

installFakeIndexedDB();

const LOCAL = '0b7c2f6e-8d7a-4c55-9a51-6f1c1f0f4d11';
const signal = new AbortController().signal;
const maps: OrderIdMap[] = [];
afterEach(() => maps.splice(0).forEach((m) => m.close()));

async function setup() {
  const ids = await openOrderIdMap(freshDatabaseName());
  maps.push(ids);
  const orders = {
    create: vi.fn(async () => ({ orderId: 501, existing: false })),
    addProducts: vi.fn(async () => ({}) as never),
    confirm: vi.fn(async () => ({}) as never),
  };
  const payments = {
    invoice: vi.fn(async (orderId: number) => ({ invoice_data: { invoice_id: orderId + 9000 } }) as never),
    payCash: vi.fn(async () => ({}) as never),
  };
  const kept = { order: vi.fn(async () => undefined), paid: vi.fn(async () => undefined) };
  const send = createOutboxSend({ orders, payments, ids, merchantId: () => 'M1', kept });
  return { ids, orders, payments, send, kept };
}

const refused = (status: number, code: string) => new ServiceError({ code, status, kind: status ? 'server' : 'network' });

describe('the till outbox send (D338, D339, D341)', () => {
  it('replays a local order: create with the entry key, then dishes and cash on the server order it became', async () => {
    const { ids, orders, payments, send } = await setup();
    const create = entry('order.create', { localId: LOCAL, tableId: null });
    expect(await send(create, signal)).toEqual({ kind: 'sent' });
    expect(orders.create).toHaveBeenCalledWith(null, signal, create.key);
    expect(await ids.get(LOCAL)).toBe(501);

    const add = entry('order.addProducts', { order: LOCAL, products: [{ product_id: 7, amount: 2 }] });
    expect(await send(add, signal)).toEqual({ kind: 'sent' });
    expect(orders.addProducts).toHaveBeenCalledWith({ order_id: 501, products: [{ product_id: 7, amount: 2 }] }, add.key, signal);

    const pay = entry('order.payCash', { order: LOCAL, receiveAmount: 200_000, returnAmount: 20_000 });
    expect(await send(pay, signal)).toEqual({ kind: 'sent' });
    expect(payments.invoice).toHaveBeenCalledWith(501, signal);
    expect(payments.payCash).toHaveBeenCalledWith(
      { invoiceId: 9501, receiveAmount: 200_000, returnAmount: 20_000, merchantId: 'M1' },
      pay.key,
      signal,
    );
  });

  it('a server order already loaded is addressed by its id', async () => {
    const { orders, send } = await setup();
    await send(entry('order.addProducts', { order: 42, products: [{ product_id: 3, amount: 1 }] }), signal);
    expect(orders.addProducts).toHaveBeenCalledWith({ order_id: 42, products: [{ product_id: 3, amount: 1 }] }, expect.any(String), signal);
    expect(orders.confirm).not.toHaveBeenCalled();
  });

  it('D385: what the till keeps of the order follows the replay: the answer to its dishes is kept, a paid order is forgotten', async () => {
    const { orders, send, kept } = await setup();
    const answer = { invoice_data: { order_id: 42 }, products_data: [] } as never;
    orders.addProducts.mockResolvedValueOnce(answer);
    await send(entry('order.addProducts', { order: 42, products: [{ product_id: 3, amount: 1 }] }), signal);
    expect(kept.order).toHaveBeenCalledWith(answer);
    expect(kept.paid).not.toHaveBeenCalled();
    await send(entry('order.payCash', { order: 42, receiveAmount: 10_000, returnAmount: 0 }), signal);
    expect(kept.paid).toHaveBeenCalledWith(42);
  });

  it('D383: dishes queued on a service order still being chosen confirm it first, then add with the entry key', async () => {
    const { orders, send } = await setup();
    const add = entry('order.addProducts', { order: 42, products: [{ product_id: 3, amount: 1 }], confirm: true });
    expect(await send(add, signal)).toEqual({ kind: 'sent' });
    expect(orders.confirm).toHaveBeenCalledWith(42, signal);
    expect(orders.confirm.mock.invocationCallOrder[0]).toBeLessThan(orders.addProducts.mock.invocationCallOrder[0]!);
    expect(orders.addProducts).toHaveBeenCalledWith({ order_id: 42, products: [{ product_id: 3, amount: 1 }] }, add.key, signal);
  });

  it('"changed elsewhere" refusals are conflicts with the service code; no answer and server faults reject (retried)', async () => {
    const { orders, payments, send } = await setup();
    payments.payCash.mockRejectedValueOnce(refused(409, 'ORDER_PAID'));
    expect(await send(entry('order.payCash', { order: 42, receiveAmount: 1, returnAmount: 0 }), signal)).toEqual({
      kind: 'conflict',
      message: 'ORDER_PAID',
    });
    orders.addProducts.mockRejectedValueOnce(refused(400, 'BAD_REQUEST'));
    expect((await send(entry('order.addProducts', { order: 42, products: [{ product_id: 3, amount: 1 }] }), signal)).kind).toBe('conflict');
    for (const error of [refused(0, 'NETWORK_ERROR'), refused(500, 'SYSTEM_FAIL'), refused(401, 'AUTHEN_FAIL')]) {
      orders.create.mockRejectedValueOnce(error);
      await expect(send(entry('order.create', { localId: LOCAL, tableId: null }), signal)).rejects.toBe(error);
    }
  });

  it('an entry for a local order whose create never landed, of an unknown kind, or with a damaged payload is a conflict, not a call', async () => {
    const { orders, payments, send } = await setup();
    expect(await send(entry('order.payCash', { order: LOCAL, receiveAmount: 1, returnAmount: 0 }), signal)).toEqual({
      kind: 'conflict',
      message: LOCAL_ORDER_MISSING,
    });
    expect(await send(entry('order.refund', {}), signal)).toEqual({ kind: 'conflict', message: 'UNKNOWN_ENTRY' });
    expect(await send(entry('order.addProducts', { order: 'not-a-uuid', products: [] }), signal)).toEqual({
      kind: 'conflict',
      message: 'UNKNOWN_ENTRY',
    });
    expect(orders.addProducts).not.toHaveBeenCalled();
    expect(payments.payCash).not.toHaveBeenCalled();
  });
});
