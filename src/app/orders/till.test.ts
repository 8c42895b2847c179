import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { SubmitInput } from '../../machines/orders/orderEdit.machine';
import type { OrderDetail } from '../../services/orders/schemas';
import type { OutboxEntry } from '../../services/shared/outbox/schemas';
import type { AppScope } from '../shared/composition';
import { ServiceError } from '../../services/http/errors';
import { createAttemptStore } from '../../services/orders';
import { localOrderDetail, localOrderOf } from '../shared/local-orders';
import { outboxOf, type TillOutbox } from '../shared/outbox';
import { ordersActorsOf } from './actors';
import { tillOrdersOf } from './till';
import { queuedEntries } from '../shared/test/queued-entry';

const entryOf = queuedEntries();

const LOCAL = '0b7c2f6e-8d7a-4c55-9a51-6f1c1f0f4d11';
const tea = { product_id: 9, code: 'TR01', name: 'Trà đá', price: 5_000 };
const line = (amount: number) =>
  ({ ...tea, img: null, amount, tax_class: 'NOT_DECLARED', note: undefined }) as SubmitInput['lines'][number];

/** The till's queue, id map and keep in memory: entries as queued, the id map answering `acknowledged`. */
function fakeOutbox(options: { entries?: OutboxEntry[]; acknowledged?: number | null; offline?: boolean; onEnqueue?: () => void }) {
  const queued: OutboxEntry[] = [...(options.entries ?? [])];
  const rows = new Map<string, unknown>();
  let offline = options.offline ?? false;
  const outbox = {
    keep: {
      get: async (k: string) => rows.get(k) ?? null,
      put: async (k: string, v: unknown) => void rows.set(k, v),
      close: () => undefined,
    },
    entries: async () => [...queued],
    ids: { get: async () => options.acknowledged ?? null, set: async () => undefined, close: () => undefined },
    enqueue: async (kind: string, payload: OutboxEntry['payload'], key?: string) => {
      queued.push({ ...entryOf(kind, payload), ...(key ? { key } : {}) });
      options.onEnqueue?.();
    },
    offline: () => offline,
    unreachable: () => {
      offline = true;
    },
  } as unknown as TillOutbox;
  return { queued, outbox, goOffline: () => void (offline = true) };
}

/** An app scope whose orders actors are `base` and whose till queue is `outbox`. */
const scopeOf = (base: unknown, outbox: TillOutbox): AppScope => ({
  runtime: {} as AppScope['runtime'],
  use: ((factory: unknown) => {
    if (factory === ordersActorsOf) return base;
    if (factory === outboxOf) return { current: () => outbox, subscribe: () => () => undefined };
    throw new Error('not in this test');
  }) as AppScope['use'],
});

/** A till whose queue holds what `entries` says, whose id map knows `acknowledged`, and the service's submit. */
function till(options: { entries: OutboxEntry[]; acknowledged: number | null; onEnqueue?: () => void }) {
  const { queued, outbox } = fakeOutbox(options);
  const sentOnline: SubmitInput[] = [];
  const base = {
    api: {},
    submitDishes: fromPromise<OrderDetail, SubmitInput>(async ({ input }) => {
      sentOnline.push(input);
      return { ...localOrderDetail(localOrderOf([entryOf('order.create', { localId: LOCAL, tableId: null })], LOCAL)!), products_data: [] };
    }),
  };
  const actors = tillOrdersOf(scopeOf(base, outbox)).localOrder(LOCAL);
  const submit = (input: SubmitInput) => toPromise(createActor(actors.submitDishes, { input }).start());
  return { queued, sentOnline, submit, outbox };
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

describe("the service's order through an outage (D383)", () => {
  const ORDER = 614;
  const served = (amount: number, status = 1): OrderDetail => {
    const detail = localOrderDetail({ localId: LOCAL, tableId: null, createdAt: 1_765_000_000_000, lines: [], cash: null });
    const lines = amount > 0 ? [{ ...line(amount), note: null }] : [];
    const total = amount * tea.price;
    return {
      invoice_data: {
        ...detail.invoice_data,
        order_id: ORDER,
        invoice_id: 9614,
        order_code: 'DH0614',
        status,
        total_price: total,
        total_money: total,
        sub_total: total,
      },
      products_data: lines,
    } as OrderDetail;
  };
  const noAnswer = () => new ServiceError({ code: 'NETWORK_ERROR', status: 0, kind: 'network' });

  function service(options: { offline?: boolean; submit?: () => Promise<OrderDetail>; load?: () => Promise<OrderDetail> }) {
    const { queued, outbox, goOffline } = fakeOutbox({ offline: options.offline ?? false });
    const attempts = createAttemptStore();
    const base = {
      api: {},
      attempts,
      loadOrder: fromPromise(async ({ input }: { input: { orderId: number } }) => ({
        detail: await (options.load ?? (async () => served(1)))(),
        pending: attempts.pending(input.orderId),
      })),
      submitDishes: fromPromise<OrderDetail, SubmitInput>(async ({ input }) => {
        attempts.begin(input.orderId, input.lines);
        return (options.submit ?? (async () => served(3)))();
      }),
    };
    const actors = tillOrdersOf(scopeOf(base, outbox));
    return {
      queued,
      attempts,
      goOffline,
      load: () => toPromise(createActor(actors.loadOrder, { input: { orderId: ORDER } }).start()),
      submit: (i: SubmitInput) => toPromise(createActor(actors.submitDishes, { input: i }).start()),
    };
  }
  const two: SubmitInput = { orderId: ORDER, lines: [line(2)], confirm: false };

  it('opened online, the order is kept; offline its page reads it with the dishes queued for it, handling, the total to the đồng', async () => {
    const t = service({});
    expect((await t.load()).detail.products_data.map((l) => l.amount)).toEqual([1]);
    t.goOffline();
    const sent = await t.submit(two);
    expect(t.queued.map((e) => [e.kind, (e.payload as { order: number }).order])).toEqual([['order.addProducts', ORDER]]);
    expect(sent.products_data.map((l) => l.amount)).toEqual([3]);
    expect(sent.invoice_data).toMatchObject({ status: 1, total_price: 3 * tea.price });
    const { detail } = await t.load();
    expect(detail.invoice_data.total_price).toBe(3 * tea.price);
  });

  it('a send without an answer is queued under that attempt’s own key (a send the service took is answered on replay, never added twice)', async () => {
    let key = '';
    const t = service({
      submit: async () => {
        key = t.attempts.pending(ORDER)!.key;
        throw noAnswer();
      },
    });
    await t.load();
    const sent = await t.submit({ ...two, confirm: true });
    expect(t.queued).toHaveLength(1);
    expect(t.queued[0]!.key).toBe(key);
    expect(t.queued[0]!.payload).toMatchObject({ order: ORDER, confirm: true, products: [{ product_id: 9, amount: 2 }] });
    expect(t.attempts.pending(ORDER)).toBeNull();
    expect(sent.products_data.map((l) => l.amount)).toEqual([3]);
  });

  it('without the order kept, or on a refusal, nothing is queued: the page keeps its basket ("send again" or the reason)', async () => {
    const lost = service({ submit: async () => Promise.reject(noAnswer()) });
    await expect(lost.submit(two)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(lost.queued).toEqual([]);
    const refused = service({
      submit: async () => Promise.reject(new ServiceError({ code: 'ORDER_COMPLETED', status: 409, kind: 'server' })),
    });
    await refused.load();
    await expect(refused.submit(two)).rejects.toMatchObject({ code: 'ORDER_COMPLETED' });
    expect(refused.queued).toEqual([]);
  });

  it('a paid order leaves what the till keeps: offline its page says it could not load (nothing to pay offline)', async () => {
    let answer: () => Promise<OrderDetail> = async () => served(1);
    const t = service({ load: () => answer() });
    await t.load();
    answer = async () => served(1, 0);
    await t.load();
    answer = async () => Promise.reject(noAnswer());
    await expect(t.load()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
