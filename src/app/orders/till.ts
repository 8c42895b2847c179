import { createActor, fromPromise, toPromise, type AnyActorLogic, type InputFrom, type OutputFrom } from 'xstate';
import type { LoadedOrder, SubmitInput } from '../../machines/orders/orderEdit.machine';
import { newIdempotencyKey } from '../../rules/idempotency';
import { bodyOf } from '../../services/orders';
import type { Order, OrderCategory, OrderDetail, PendingPayment, PickableProduct } from '../../services/orders/schemas';
import type { JsonValue } from '../../services/shared/outbox/schemas';
import type { AppScope } from '../shared/composition';
import type { InspectCallback } from '../shared/runtime';
import { outboxOf, type OutboxRuntime, type TillOutbox } from '../shared/outbox';
import { ordersActorsOf } from './actors';
import { keepCategories, keepOrder, keepProducts } from '../shared/keep-catalogue';
import { keptOrderView, queueSentFor } from '../shared/kept-orders';
import {
  keptCategories,
  keptProducts,
  addShownLines,
  localOrderDetail,
  localOrderMissing,
  localOrderOf,
  needsService,
  readLocalOrder,
  unreachableError,
} from '../shared/local-orders';

/** Runs another actor's logic to its end from inside a promise actor, stopped with the caller, inspected like every actor. */
function runActor<L extends AnyActorLogic>(
  logic: L,
  input: InputFrom<L>,
  signal: AbortSignal,
  inspect: InspectCallback | undefined,
): Promise<OutputFrom<L>> {
  const actor = createActor(logic, { input, ...(inspect ? { inspect } : {}) });
  signal.addEventListener('abort', () => actor.stop(), { once: true });
  actor.start();
  return toPromise(actor);
}

/**
 * The till's order actors through an outage (D349–D351), over the orders area's own (./actors.ts) and
 * the signed-in till user's outbox. Without an outbox (not a till, no IndexedDB) they are the online
 * actors as they were. A call that gets no answer tells the outbox the till is offline (D351); while
 * offline, a new order is a local order in the queue and the dishes come from the kept catalogue (D348).
 */
export const tillOrdersOf = (scope: AppScope) => {
  const base = scope.use(ordersActorsOf);
  const outboxes = scope.use(outboxOf);
  const { api } = base;

  /** The online call; offline, or when it gets no answer, what the till kept (when it kept something). */
  async function orKept<T>(
    call: () => Promise<T>,
    keep: (o: TillOutbox, value: T) => Promise<unknown>,
    kept: (o: TillOutbox) => Promise<T | null>,
    signal: AbortSignal,
  ) {
    const outbox = outboxes.current();
    if (!outbox) return call();
    if (outbox.offline()) {
      const value = await kept(outbox);
      if (value !== null) return value;
    }
    try {
      const value = await call();
      void keep(outbox, value);
      return value;
    } catch (error) {
      if (!unreachableError(error, signal)) throw error;
      outbox.unreachable();
      const value = await kept(outbox);
      if (value === null) throw error;
      return value;
    }
  }

  return {
    /**
     * A new order: the service's (POST /order with an Idempotency-Key), or, offline or when that gets
     * no answer, a local order queued under the very same key, so a create the service did make is
     * answered on replay and never made twice (D124, D349).
     */
    createOrder: fromPromise<{ orderId: number | string }, { tableId: number | null }>(async ({ input, signal }) => {
      const outbox = outboxes.current();
      if (!outbox) return api.create(input.tableId, signal);
      const key = newIdempotencyKey('order');
      if (!outbox.offline()) {
        try {
          return await api.create(input.tableId, signal, key);
        } catch (error) {
          if (!unreachableError(error, signal)) throw error;
          outbox.unreachable();
        }
      }
      const localId = crypto.randomUUID();
      await outbox.enqueue('order.create', { localId, tableId: input.tableId }, key);
      return { orderId: localId };
    }),
    loadProducts: fromPromise<PickableProduct[], { q: string }>(({ input, signal }) =>
      orKept(
        () => api.products(input.q, signal),
        // Only the whole catalogue is kept; a search's answer is a part of it.
        (o, products) => (input.q === '' ? keepProducts(o, products) : Promise.resolve()),
        (o) => keptProducts(o, input.q),
        signal,
      ),
    ),
    loadCategories: fromPromise<OrderCategory[], void>(({ signal }) =>
      orKept(() => api.categories(signal), keepCategories, keptCategories, signal),
    ),
    /** The actors of a local order's page (D349): read from the queue, dishes added to it. */
    localOrder: (localId: string) => localOrderActors(localId, outboxes, base.submitDishes, scope.runtime.inspect),
    ...serviceOrderActors(outboxes, base, scope.runtime.inspect),
  };
};

/** The actors of a local order's page (D349): read from the queue, dishes added to it. */
function localOrderActors(
  localId: string,
  outboxes: OutboxRuntime,
  serviceSubmit: ReturnType<typeof ordersActorsOf>['submitDishes'],
  inspect: InspectCallback | undefined,
) {
  const outbox = () => {
    const current = outboxes.current();
    if (!current) throw needsService();
    return current;
  };
  return {
    loadOrder: fromPromise<LoadedOrder, { orderId: number }>(async () => ({
      detail: await readLocalOrder(outbox(), localId),
      pending: null,
    })),
    /**
     * Dishes of a local order go to the queue under its uuid (mapped to the service's id on replay).
     * Once its create was acknowledged, the page still holds the basket the cashier was tapping
     * (it follows the service's order only with an empty basket, D382): those dishes go to the
     * service's order as they do on its own page (its attempt key, "send again" on a lost answer),
     * so the page it then opens shows them.
     */
    submitDishes: fromPromise<OrderDetail, SubmitInput>(async ({ input, signal }) => {
      const till = outbox();
      const order = localOrderOf(await till.entries(), localId);
      const orderId = order ? null : await till.ids.get(localId);
      if (orderId !== null) return runActor(serviceSubmit, { ...input, orderId, confirm: false }, signal, inspect);
      if (!order) throw localOrderMissing();
      if (input.lines.length === 0) return localOrderDetail(order);
      const { products } = bodyOf(1, input.lines);
      const shown = input.lines.map((l) => ({ product_id: l.product_id, code: l.code, name: l.name, price: l.price }));
      await till.enqueue('order.addProducts', { order: localId, products, shown } satisfies Record<string, JsonValue>);
      // Acknowledged meanwhile, the create is no longer queued; the dishes are, under its uuid, and
      // reach the service's order on replay: the page shows them as it had them, then follows it.
      return readLocalOrder(till, localId).catch(() =>
        localOrderDetail({ ...order, lines: addShownLines(order.lines, { products, shown }) }),
      );
    }),
    // A customer and a payment being cancelled need the service: the page says it could not connect.
    attachCustomer: fromPromise<Order, { orderId: number; customerId: number }>(async () => {
      throw needsService();
    }),
    cancelPending: fromPromise<void, { pending: PendingPayment[] }>(async () => {
      throw needsService();
    }),
  };
}

/**
 * The service's order through an outage (D383): its page reads it from the service and the till keeps
 * it; offline, or when the call gets no answer, the page reads what the till kept with what was queued
 * for it since. Dishes sent without an answer (or while offline) are queued under the attempt's own
 * key, so a send the service did take is answered on replay, never added twice (D124, D351).
 */
function serviceOrderActors(outboxes: OutboxRuntime, base: ReturnType<typeof ordersActorsOf>, inspect: InspectCallback | undefined) {
  const { attempts } = base;
  const view = async (outbox: TillOutbox, orderId: number, error: unknown) => {
    const kept = await keptOrderView(outbox, orderId);
    if (!kept) throw error;
    return kept;
  };
  return {
    loadOrder: fromPromise<LoadedOrder, { orderId: number }>(async ({ input, signal }) => {
      const outbox = outboxes.current();
      if (!outbox) return runActor(base.loadOrder, input, signal, inspect);
      // As the payment page (D384): what the queue holds for the order is sent before it is read.
      if (outbox.offline() || !(await queueSentFor(outbox, input.orderId, signal))) {
        const kept = await keptOrderView(outbox, input.orderId);
        if (kept) return { detail: kept, pending: null };
      }
      try {
        const loaded = await runActor(base.loadOrder, input, signal, inspect);
        await keepOrder(outbox, loaded.detail);
        return loaded;
      } catch (error) {
        if (!unreachableError(error, signal)) throw error;
        outbox.unreachable();
        return { detail: await view(outbox, input.orderId, error), pending: null };
      }
    }),
    submitDishes: fromPromise<OrderDetail, SubmitInput>(async ({ input, signal }) => {
      const outbox = outboxes.current();
      if (!outbox) return runActor(base.submitDishes, input, signal, inspect);
      const queue = async (error: unknown) => {
        // Nothing kept of the order: the page cannot show it offline, so the basket waits for "send again".
        if (input.lines.length === 0 || !(await keptOrderView(outbox, input.orderId))) throw error;
        const attempt = attempts.begin(input.orderId, input.lines);
        const { products } = bodyOf(input.orderId, input.lines);
        const shown = input.lines.map((l) => ({ product_id: l.product_id, code: l.code, name: l.name, price: l.price }));
        await outbox.enqueue(
          'order.addProducts',
          { order: input.orderId, products, shown, ...(input.confirm ? { confirm: true as const } : {}) },
          attempt.key,
        );
        attempts.finish(input.orderId);
        return view(outbox, input.orderId, error);
      };
      if (outbox.offline()) return queue(needsService());
      try {
        const detail = await runActor(base.submitDishes, input, signal, inspect);
        await keepOrder(outbox, detail);
        return detail;
      } catch (error) {
        if (!unreachableError(error, signal)) throw error;
        outbox.unreachable();
        return queue(error);
      }
    }),
  };
}
