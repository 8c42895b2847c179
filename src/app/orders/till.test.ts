import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { SubmitInput } from '../../machines/orders/orderEdit.machine';
import type { OrderDetail } from '../../services/orders/schemas';
import type { OutboxEntry } from '../../services/shared/outbox/schemas';
import type { AppScope } from '../shared/composition';
import { localOrderDetail, localOrderOf } from '../shared/local-orders';
import { outboxOf, type TillOutbox } from '../shared/outbox';
import { ordersActorsOf } from './actors';
import { tillOrdersOf } from './till';

const LOCAL = '0b7c2f6e-8d7a-4c55-9a51-6f1c1f0f4d11';
const tea = { product_id: 9, code: 'TR01', name: 'Trà đá', price: 5_000 };
const line = (amount: number) =>
  ({ ...tea, img: null, amount, tax_class: 'NOT_DECLARED', note: undefined }) as SubmitInput['lines'][number];

/** A till whose queue holds what `entries` says, whose id map knows `acknowledged`, and the service's submit. */
function till(options: { entries: OutboxEntry[]; acknowledged: number | null; onEnqueue?: () => void }) {
  const queued: OutboxEntry[] = [...options.entries];
  const sentOnline: SubmitInput[] = [];
  const outbox = {
    entries: async () => [...queued],
    ids: { get: async () => options.acknowledged, set: async () => undefined, close: () => undefined },
    enqueue: async (kind: string, payload: OutboxEntry['payload']) => {
      queued.push(entryOf(kind, payload));
      options.onEnqueue?.();
    },
    offline: () => false,
    unreachable: () => undefined,
  } as unknown as TillOutbox;
  const base = {
    api: {},
    submitDishes: fromPromise<OrderDetail, SubmitInput>(async ({ input }) => {
      sentOnline.push(input);
      return { ...localOrderDetail(localOrderOf([entryOf('order.create', { localId: LOCAL, tableId: null })], LOCAL)!), products_data: [] };
    }),
  };
  const scope: AppScope = {
    runtime: {} as AppScope['runtime'],
    use: ((factory: unknown) => {
      if (factory === ordersActorsOf) return base;
      if (factory === outboxOf) return { current: () => outbox, subscribe: () => () => undefined };
      throw new Error('not in this test');
    }) as AppScope['use'],
  };
  const actors = tillOrdersOf(scope).localOrder(LOCAL);
  const submit = (input: SubmitInput) => toPromise(createActor(actors.submitDishes, { input }).start());
  return { queued, sentOnline, submit, outbox };
}

let next = 0;
function entryOf(kind: string, payload: OutboxEntry['payload']): OutboxEntry {
  next += 1;
  return {
    id: next,
    kind,
    payload,
    key: `k${next}`,
    createdAt: 1_765_000_000_000,
    attempts: 0,
    lastError: null,
    state: 'waiting',
    conflict: null,
  };
}

const created = () => entryOf('order.create', { localId: LOCAL, tableId: null });
const input: SubmitInput = { orderId: 0, lines: [line(2)], confirm: false };

describe("a local order's dishes (D349, D382)", () => {
  it('while its create is queued: queued under its uuid, and the page reads them back', async () => {
    const t = till({ entries: [created()], acknowledged: null });
    const detail = await t.submit(input);
    expect(t.sentOnline).toEqual([]);
    expect(t.queued.map((e) => e.kind)).toEqual(['order.create', 'order.addProducts']);
    expect(detail.products_data.map((l) => [l.product_id, l.amount])).toEqual([[9, 2]]);
  });

  it('once its create was acknowledged (the basket the page held when the answer came): sent to the service’s order, nothing queued', async () => {
    const t = till({ entries: [], acknowledged: 614 });
    await t.submit(input);
    expect(t.queued).toEqual([]);
    expect(t.sentOnline).toEqual([{ orderId: 614, lines: [line(2)], confirm: false }]);
  });

  it('acknowledged between queuing and reading back: the dishes stay queued (they reach the order on replay), the page shows them, nothing is sent twice', async () => {
    const t = till({ entries: [created()], acknowledged: null, onEnqueue: () => t.queued.splice(0, 1) });
    const detail = await t.submit(input);
    expect(t.sentOnline).toEqual([]);
    expect(t.queued.map((e) => e.kind)).toEqual(['order.addProducts']);
    expect(detail.products_data.map((l) => [l.product_id, l.amount])).toEqual([[9, 2]]);
  });

  it('neither queued nor acknowledged: the page says the order is missing', async () => {
    const t = till({ entries: [], acknowledged: null });
    await expect(t.submit(input)).rejects.toMatchObject({ code: 'LOCAL_ORDER_MISSING' });
    expect(t.queued).toEqual([]);
  });
});
