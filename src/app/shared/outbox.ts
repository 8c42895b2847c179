import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { outboxMachine } from '../../machines/shared/outbox/outbox.machine';
import { createOrderPaymentApi } from '../../services/orderpayment';
import { createOrdersApi, type OrdersApi } from '../../services/orders';
import { createOutboxActors } from '../../services/shared/outbox/actors';
import { openOrderIdMap, type OrderIdMap } from '../../services/shared/outbox/idmap';
import { openTillKeep, type TillKeep } from '../../services/shared/outbox/keep';
import { browserLocks } from '../../services/shared/outbox/lock';
import type { OutboxEntry } from '../../services/shared/outbox/schemas';
import { OUTBOX_DATABASE, openOutboxStore, type OutboxStore } from '../../services/shared/outbox/store';
import type { AreaFactory } from './composition';
import { forgetOrder, keepCategories, keepOrder, keepProducts } from './keep-catalogue';
import { notify } from './notify';
import { createOutboxSend, type OutboxKind, type OutboxPayload } from './outbox-send';
import type { Runtime } from './runtime';

/**
 * The till's offline queue in the composition root (D329–D332, D338–D341): one outbox per signed-in
 * merchant and user, opened when the session says who is signed in and closed when that changes. Its
 * database and replay lock are named by merchant and user, so two merchants (or two cashiers) on one
 * browser never share a queue; what a sign-out leaves stays in that user's database and replays at
 * their next sign-in (D340). Pages and the shell reach it through the app scope (`outboxOf`), never a
 * module-level singleton.
 */

export type OutboxActor = ActorRefFrom<typeof outboxMachine>;

export interface TillOutbox {
  /** The merchant and user it belongs to. */
  owner: string;
  actor: OutboxActor;
  ids: OrderIdMap;
  /** What the till keeps to sell offline besides the queue: the catalogue it last loaded (D348). */
  keep: TillKeep;
  /** Queues an action; resolves once it is written (or could not be, which the outbox says itself). */
  enqueue<K extends OutboxKind>(kind: K, payload: OutboxPayload<K>, key?: string): Promise<void>;
  /** Every queued entry, oldest first: a local order is read from its create and what follows it. */
  entries(): Promise<OutboxEntry[]>;
  /** True while the outbox says the service cannot be reached. */
  offline(): boolean;
  /** A call to the sale service got no answer (D351): the till goes offline until the probe reaches it. */
  unreachable(): void;
}

export interface OutboxRuntime {
  /** The signed-in user's outbox, or null while signed out or still opening. */
  current(): TillOutbox | null;
  /** Calls `listener` when the current outbox changes (opened, closed). */
  subscribe(listener: () => void): () => void;
}

/** The database of one merchant's user: `portal-outbox:<merchant>:<user>` (its replay lock adds `:replay`). */
export const outboxNameOf = (merchantId: string, userId: number) => `${OUTBOX_DATABASE}:${merchantId}:${userId}`;

/**
 * The catalogue as the till opens online, kept for selling offline from the first order (D348); the
 * order page keeps it again whenever it loads it whole. Nothing is kept when it cannot be read.
 */
function keepCatalogue(orders: OrdersApi, keep: TillKeep) {
  if (!navigator.onLine) return;
  orders.products('').then(
    (products) => keepProducts({ keep }, products),
    () => undefined,
  );
  orders.categories().then(
    (categories) => keepCategories({ keep }, categories),
    () => undefined,
  );
}

async function openTillOutbox(runtime: Runtime, merchantId: string, userId: number): Promise<{ outbox: TillOutbox; close(): void }> {
  const name = outboxNameOf(merchantId, userId);
  const store: OutboxStore = await openOutboxStore({ name });
  const ids = await openOrderIdMap(`${name}:ids`);
  const keep = await openTillKeep(`${name}:keep`);
  const orders = createOrdersApi(runtime.clients.sale, runtime.clients.checkout);
  const payments = createOrderPaymentApi(runtime.clients.sale);
  const send = createOutboxSend({
    orders,
    payments,
    ids,
    merchantId: () => merchantId,
    kept: { order: (detail) => keepOrder({ keep }, detail), paid: (orderId) => forgetOrder({ keep }, orderId) },
  });
  const actors = createOutboxActors({
    store,
    send,
    // A cheap read the sale service answers: one row of the order list.
    probe: async (signal) => {
      await orders.list({ page: 1, pageSize: 1, filter: { q: '', status: null, exported: null, source: null } }, signal);
    },
    locks: browserLocks(),
    lockName: `${name}:replay`,
    network: window,
  });
  const logic = outboxMachine.provide({
    actors,
    actions: {
      notifyNotQueued: () => notify.failureText({ title: 'shell:outbox.notQueued' }),
    },
  });
  const actor = createActor(logic, { input: { online: navigator.onLine }, ...(runtime.inspect ? { inspect: runtime.inspect } : {}) });
  actor.start();
  // Any sale-service call that gets no answer takes the till offline, not only a queued send (D351);
  // the probe then finds when the service answers again.
  const goOffline = () => {
    if (actor.getSnapshot().context.online) actor.send({ type: 'NETWORK.DOWN' });
  };
  const stopUnanswered = runtime.clients.sale.onUnanswered(goOffline);
  // And any answer brings it back at once, not at the next probe: a lost answer followed by a lookup
  // the service answers is the cash way's "send again", sent, not queued (D159).
  const stopAnswered = runtime.clients.sale.onAnswered(() => {
    if (!actor.getSnapshot().context.online) actor.send({ type: 'NETWORK.UP' });
  });
  const stopListening = () => {
    stopUnanswered();
    stopAnswered();
  };
  keepCatalogue(orders, keep);
  const outbox: TillOutbox = {
    owner: `${merchantId}:${userId}`,
    actor,
    ids,
    keep,
    async enqueue(kind, payload, key) {
      actor.send(key ? { type: 'ENQUEUE', kind, payload, key } : { type: 'ENQUEUE', kind, payload });
      // The machine writes its additions one at a time; this one is written once it left the list.
      await waitFor(actor, (s) => !s.context.toAdd.some((added) => added.payload === payload));
    },
    entries: () => store.list(),
    offline: () => !actor.getSnapshot().context.online,
    unreachable: goOffline,
  };
  return {
    outbox,
    close() {
      stopListening();
      actor.stop();
      store.close();
      ids.close();
      keep.close();
    },
  };
}

/** The outbox of the scope's runtime (D279): follows the session's merchant and user. */
export const outboxOf: AreaFactory<OutboxRuntime> = (scope) => createOutboxRuntime(scope.runtime);

function createOutboxRuntime(runtime: Runtime): OutboxRuntime {
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  let owner: string | null = null;
  let open: { outbox: TillOutbox; close(): void } | null = null;
  const follow = (snapshot: ReturnType<Runtime['session']['getSnapshot']>) => {
    // Only a till (a food-and-beverage merchant) sells offline; other merchants get no queue at all.
    const signedIn = snapshot.hasTag('signedIn') || snapshot.hasTag('refreshing');
    const profile = signedIn && snapshot.context.profile?.merchant.is_fnb ? snapshot.context.profile : null;
    const next = profile ? `${profile.merchant_id}:${profile.id}` : null;
    if (next === owner) return;
    owner = next;
    open?.close();
    open = null;
    changed();
    if (!profile || !next) return;
    openTillOutbox(runtime, profile.merchant_id, profile.id).then(
      (opened) => {
        // Signed out or another user meanwhile: this one is not wanted any more.
        if (owner !== next) return opened.close();
        open = opened;
        changed();
      },
      // No IndexedDB (a private window that refuses it): the till works online only, as before.
      () => undefined,
    );
  };
  runtime.session.subscribe(follow);
  follow(runtime.session.getSnapshot());
  return {
    current: () => open?.outbox ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
