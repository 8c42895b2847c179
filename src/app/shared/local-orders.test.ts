import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../services/http/errors';
import { LOCAL_ORDER_ID, localOrderDetail, localOrderOf, queuedCash, searchKept, unreachableError } from './local-orders';
import { queuedEntries } from './test/queued-entry';

const entry = queuedEntries();

const LOCAL = '0b7c2f6e-8d7a-4c55-9a51-6f1c1f0f4d11';
const OTHER = '5d1c0a3e-2b4f-4e8a-8c1d-9f0e1d2c3b4a';

const pho = { product_id: 7, code: 'PC001', name: 'Phở bò tái', price: 55_000 };
const tea = { product_id: 9, code: 'TR01', name: 'Trà đá', price: 5_000 };

describe('local orders (D349): read from the queue', () => {
  const queue = [
    entry('order.create', { localId: LOCAL, tableId: null }),
    entry('order.create', { localId: OTHER, tableId: 3 }),
    entry('order.addProducts', { order: LOCAL, products: [{ product_id: 7, amount: 2, note: 'ít hành' }], shown: [pho] }),
    entry('order.addProducts', { order: OTHER, products: [{ product_id: 9, amount: 1 }], shown: [tea] }),
    entry('order.addProducts', {
      order: LOCAL,
      products: [
        { product_id: 7, amount: 1 },
        { product_id: 9, amount: 3 },
      ],
      shown: [pho, tea],
    }),
  ];

  it('its lines are its own queued dishes, a dish sent again added to its line, as the service does', () => {
    const order = localOrderOf(queue, LOCAL)!;
    expect(order.tableId).toBeNull();
    expect(order.lines.map((l) => [l.product_id, l.name, l.amount, l.price, l.note])).toEqual([
      [7, 'Phở bò tái', 3, 55_000, 'ít hành'],
      [9, 'Trà đá', 3, 5_000, null],
    ]);
    expect(order.cash).toBeNull();
    expect(localOrderOf(queue, OTHER)!.lines.map((l) => l.amount)).toEqual([1]);
  });

  it('the page shows it handling, unpaid, with the total to the đồng: Σ price × amount (doc 2 §3)', () => {
    const detail = localOrderDetail(localOrderOf(queue, LOCAL)!);
    expect(detail.invoice_data).toMatchObject({
      status: 1,
      payment_status: 0,
      total_price: 3 * 55_000 + 3 * 5_000,
      product_amount: 6,
      order_code: '0B7C2F6E',
      payment_method: null,
    });
  });

  it('a queued cash payment makes it paid as far as the till knows, with what was received and the change', () => {
    const paid = [...queue, entry('order.payCash', { order: LOCAL, receiveAmount: 200_000, returnAmount: 20_000 })];
    expect(queuedCash(paid, LOCAL)).toEqual({ receiveAmount: 200_000, returnAmount: 20_000 });
    expect(queuedCash(paid, OTHER)).toBeNull();
    expect(localOrderDetail(localOrderOf(paid, LOCAL)!).invoice_data).toMatchObject({
      payment_status: 1,
      payment_method: 'CASH',
      receive_amount: 200_000,
      return_amount: 20_000,
    });
    // The service's order paid offline (its id, not a uuid) is found the same way.
    expect(queuedCash([entry('order.payCash', { order: 501, receiveAmount: 60_000, returnAmount: 5_000 })], 501)).toEqual({
      receiveAmount: 60_000,
      returnAmount: 5_000,
    });
  });

  it('once its create has left the queue (sent) it is no longer a local order; an entry that does not parse is skipped', () => {
    expect(localOrderOf(queue.slice(2), LOCAL)).toBeNull();
    expect(localOrderOf([...queue, entry('order.addProducts', { order: LOCAL, products: [] })], LOCAL)!.lines).toHaveLength(2);
  });

  it('its address takes only a version 4 uuid', () => {
    expect(LOCAL_ORDER_ID.test(LOCAL)).toBe(true);
    expect(LOCAL_ORDER_ID.test('123')).toBe(false);
    expect(LOCAL_ORDER_ID.test(LOCAL.toUpperCase())).toBe(false);
  });
});

describe('the kept catalogue (D348)', () => {
  const dishes = [
    { product_id: 7, code: 'PC001', name: 'Phở bò tái', img: null, price: 55_000, status: 0 as const, category_ids: [1] },
    { product_id: 8, code: 'BM02', name: 'Bánh mì đặc biệt', img: null, price: 30_000, status: 0 as const, category_ids: [2] },
    { product_id: 9, code: 'TR01', name: 'Trà đá', img: null, price: 5_000, status: 0 as const, category_ids: [3] },
  ];

  it('is searched offline by every word in the name or code, without tone marks or case', () => {
    expect(searchKept(dishes, '').map((d) => d.product_id)).toEqual([7, 8, 9]);
    expect(searchKept(dishes, 'pho bo').map((d) => d.product_id)).toEqual([7]);
    expect(searchKept(dishes, 'DAC biet').map((d) => d.product_id)).toEqual([8]);
    expect(searchKept(dishes, 'tr01').map((d) => d.product_id)).toEqual([9]);
    expect(searchKept(dishes, 'pho tra')).toEqual([]);
  });
});

describe('what takes the till offline (D351, D366)', () => {
  const noAnswer = new ServiceError({ code: 'NETWORK_ERROR', status: 0, kind: 'network' });
  const timedOut = new ServiceError({ code: 'TIMEOUT', status: 0, kind: 'timeout' });
  const refused = new ServiceError({ code: 'ORDER_NOT_FOUND', status: 404, kind: 'server' });

  it('a call that got no answer, or timed out', () => {
    expect(unreachableError(noAnswer, new AbortController().signal)).toBe(true);
    expect(unreachableError(timedOut, undefined)).toBe(true);
    expect(unreachableError(refused, undefined)).toBe(false);
  });

  it('never a call its caller cancelled: the socket said paid while the cash call was in flight', () => {
    const cancelled = new AbortController();
    cancelled.abort();
    expect(unreachableError(noAnswer, cancelled.signal)).toBe(false);
    expect(unreachableError(timedOut, cancelled.signal)).toBe(false);
  });
});
