import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import type { OutboxEntry, OutboxSendResult, OutboxSnapshot, OutboxUpdate } from '../../../services/shared/outbox/schemas';
import { outboxMachine, retryDelay } from './outbox.machine';
import { selectOutboxBanner } from './selectors';

/**
 * The outbox machine over an in-memory queue (the IndexedDB store has its own tests) and a fake
 * service that, like the real one, answers a repeated idempotency key with what it did the first time.
 */
class MemoryQueue {
  entries: OutboxEntry[] = [];
  private next = 1;
  snapshot = (): OutboxSnapshot => ({ waiting: this.entries.length, head: this.entries[0] ?? null });
  add(kind: string, payload: OutboxEntry['payload']) {
    const id = this.next++;
    this.entries.push({
      id,
      kind,
      payload,
      key: `key-${id}`,
      createdAt: 0,
      attempts: 0,
      lastError: null,
      state: 'waiting',
      conflict: null,
    });
  }
  update(change: OutboxUpdate) {
    const entry = this.entries.find((candidate) => candidate.id === change.id);
    if (change.op === 'done' || change.op === 'discard') this.entries = this.entries.filter((candidate) => candidate.id !== change.id);
    else if (entry && change.op === 'conflict') Object.assign(entry, { state: 'conflict', conflict: change.message });
    else if (entry && change.op === 'failed') Object.assign(entry, { attempts: entry.attempts + 1, lastError: change.error });
    else if (entry) Object.assign(entry, { state: 'waiting', conflict: null });
  }
}

type Answer = (entry: OutboxEntry) => OutboxSendResult | 'lost' | { error: { code: string; status: number } };

/** The service: keeps what each key did; `answers` decides each call's fate in turn (default: done). */
class FakeService {
  done = new Map<string, string>();
  calls: Array<{ kind: string; key: string }> = [];
  answers: Answer[] = [];
  async send(entry: OutboxEntry): Promise<OutboxSendResult> {
    this.calls.push({ kind: entry.kind, key: entry.key });
    const answer = (this.answers.shift() ?? (() => ({ kind: 'sent' })))(entry);
    if (answer === 'lost') {
      // It was done, but the answer never arrived.
      this.done.set(entry.key, entry.kind);
      throw { code: 'NETWORK_ERROR', status: 0 };
    }
    if ('error' in answer) throw answer.error;
    if (answer.kind === 'sent' && !this.done.has(entry.key)) this.done.set(entry.key, entry.kind);
    return answer;
  }
}

/** Two tabs of one browser: news of a write goes to the other tabs; one exclusive lock, granted in turn. */
class Browser {
  private listeners = new Map<number, () => void>();
  private holder: number | null = null;
  private waiting: Array<{ tab: number; grant: () => void }> = [];
  listen(tab: number, listener: () => void) {
    this.listeners.set(tab, listener);
    return () => this.listeners.delete(tab);
  }
  announce(from: number) {
    for (const [tab, listener] of this.listeners) if (tab !== from) listener();
  }
  lock(tab: number, grant: () => void) {
    if (this.holder === null) {
      this.holder = tab;
      grant();
    } else this.waiting.push({ tab, grant });
    return () => {
      this.waiting = this.waiting.filter((request) => request.tab !== tab);
      if (this.holder !== tab) return;
      const next = this.waiting.shift();
      this.holder = next?.tab ?? null;
      next?.grant();
    };
  }
}

interface StartOptions {
  online?: boolean;
  clock?: SimulatedClock;
  failEnqueue?: boolean;
  shared?: { queue: MemoryQueue; service: FakeService; browser: Browser; tab: number };
}

function start(options: StartOptions = {}) {
  const queue = options.shared?.queue ?? new MemoryQueue();
  const service = options.shared?.service ?? new FakeService();
  const browser = options.shared?.browser ?? new Browser();
  const tab = options.shared?.tab ?? 1;
  const notQueued: string[] = [];
  const machine = outboxMachine.provide({
    actors: {
      readQueue: fromPromise(async () => queue.snapshot()),
      enqueue: fromPromise(async ({ input }) => {
        if (options.failEnqueue) throw { code: 'QUOTA_EXCEEDED' };
        queue.add(input.kind, input.payload);
        browser.announce(tab);
        return queue.snapshot();
      }),
      update: fromPromise(async ({ input }) => {
        queue.update(input);
        browser.announce(tab);
        return queue.snapshot();
      }),
      send: fromPromise(({ input }) => service.send(input)),
      probe: fromPromise<void, void>(async () => {
        throw { code: 'NETWORK_ERROR' };
      }),
      watchStore: fromCallback(({ sendBack }) => browser.listen(tab, () => sendBack({ type: 'STORE.CHANGED' }))),
      replayLock: fromCallback(({ sendBack }) => browser.lock(tab, () => sendBack({ type: 'LOCK.HELD' }))),
    },
    actions: { notifyNotQueued: (_, params) => notQueued.push(params.kind) },
  });
  const actor = createActor(machine, { input: { online: options.online ?? false }, ...(options.clock ? { clock: options.clock } : {}) });
  actor.start();
  return { actor, queue, service, notQueued };
}

const settled = (actor: AnyActorRef) =>
  waitFor(actor, (state) => state.matches({ queue: 'ready' }) && !state.hasTag('replaying'), { timeout: 2000 });

describe('outbox machine (D329–D332)', () => {
  it('queues offline and replays in the order queued once online, then counts zero', async () => {
    const { actor, service } = start();
    actor.send({ type: 'ENQUEUE', kind: 'order.create', payload: { table: 1 } });
    actor.send({ type: 'ENQUEUE', kind: 'order.addDishes', payload: { table: 1 } });
    actor.send({ type: 'ENQUEUE', kind: 'payment.cash', payload: { amount: 90_000 } });
    await waitFor(actor, (state) => state.context.waiting === 3 && state.context.toAdd.length === 0);
    expect(selectOutboxBanner(actor.getSnapshot())).toMatchObject({ online: false, waiting: 3 });
    expect(service.calls).toEqual([]);
    actor.send({ type: 'NETWORK.UP' });
    await waitFor(actor, (state) => state.matches({ link: { online: 'idle' } }) && state.context.waiting === 0);
    expect(service.calls.map((call) => call.kind)).toEqual(['order.create', 'order.addDishes', 'payment.cash']);
  });

  it('replays an entry whose answer was lost with the same key, so the service does it once', async () => {
    const { actor, service, queue } = start();
    actor.send({ type: 'ENQUEUE', kind: 'order.create', payload: {} });
    actor.send({ type: 'ENQUEUE', kind: 'payment.cash', payload: {} });
    await waitFor(actor, (state) => state.context.waiting === 2);
    service.answers.push(() => 'lost');
    actor.send({ type: 'NETWORK.UP' });
    await waitFor(actor, (state) => state.hasTag('offline'));
    expect(actor.getSnapshot().context).toMatchObject({ online: false, waiting: 2, lastError: 'NETWORK_ERROR' });
    actor.send({ type: 'NETWORK.UP' });
    await waitFor(actor, (state) => state.context.waiting === 0 && state.matches({ link: { online: 'idle' } }));
    expect(queue.entries).toEqual([]);
    expect(service.calls.map((call) => call.key)).toEqual(['key-1', 'key-1', 'key-2']);
    expect([...service.done.values()]).toEqual(['order.create', 'payment.cash']);
  });

  it('stops at a conflict with the entry shown, sends nothing after it, and discards on the cashier’s word', async () => {
    const { actor, service, queue } = start();
    actor.send({ type: 'ENQUEUE', kind: 'order.addDishes', payload: { order: 3 } });
    actor.send({ type: 'ENQUEUE', kind: 'payment.cash', payload: { order: 3 } });
    await waitFor(actor, (state) => state.context.waiting === 2);
    service.answers.push(() => ({ kind: 'conflict', message: 'Đơn hàng đã được sửa ở máy khác' }));
    actor.send({ type: 'NETWORK.UP' });
    await waitFor(actor, (state) => state.hasTag('conflict'));
    const banner = selectOutboxBanner(actor.getSnapshot());
    expect(banner).toMatchObject({ waiting: 2, canResolve: true });
    expect(banner.conflict).toMatchObject({ kind: 'order.addDishes', conflict: 'Đơn hàng đã được sửa ở máy khác' });
    expect(queue.entries[0]!.state).toBe('conflict');
    expect(service.calls.map((call) => call.kind)).toEqual(['order.addDishes']);
    actor.send({ type: 'RESOLVE.DISCARD' });
    expect(selectOutboxBanner(actor.getSnapshot()).canResolve).toBe(false);
    await waitFor(actor, (state) => state.context.waiting === 0 && state.matches({ link: { online: 'idle' } }));
    expect(service.calls.map((call) => call.kind)).toEqual(['order.addDishes', 'payment.cash']);
    expect(actor.getSnapshot().context.conflict).toBeNull();
  });

  it('sends the conflicting entry again, with its key, when the cashier says so', async () => {
    const { actor, service } = start();
    actor.send({ type: 'ENQUEUE', kind: 'order.addDishes', payload: {} });
    await waitFor(actor, (state) => state.context.waiting === 1);
    service.answers.push(() => ({ kind: 'conflict', message: 'changed' }));
    actor.send({ type: 'NETWORK.UP' });
    await waitFor(actor, (state) => state.hasTag('conflict'));
    actor.send({ type: 'RESOLVE.RETRY' });
    await waitFor(actor, (state) => state.context.waiting === 0 && state.matches({ link: { online: 'idle' } }));
    expect(service.calls.map((call) => call.key)).toEqual(['key-1', 'key-1']);
  });

  it('after a refusal waits 2 s, then 4 s, before sending the same first entry again, never the next one', async () => {
    const clock = new SimulatedClock();
    const { actor, service, queue } = start({ clock });
    actor.send({ type: 'ENQUEUE', kind: 'order.create', payload: {} });
    actor.send({ type: 'ENQUEUE', kind: 'payment.cash', payload: {} });
    await waitFor(actor, (state) => state.context.waiting === 2);
    const refused = () => ({ error: { code: 'SYSTEM_FAIL', status: 500 } });
    service.answers.push(refused, refused);
    actor.send({ type: 'NETWORK.UP' });
    await waitFor(actor, (state) => state.hasTag('backoff'));
    expect(queue.entries[0]).toMatchObject({ attempts: 1, lastError: 'SYSTEM_FAIL' });
    clock.increment(1_999);
    expect(service.calls).toHaveLength(1);
    clock.increment(1);
    await waitFor(actor, (state) => state.hasTag('backoff') && state.context.attempt === 2);
    expect(service.calls.map((call) => call.kind)).toEqual(['order.create', 'order.create']);
    clock.increment(3_999);
    expect(service.calls).toHaveLength(2);
    clock.increment(1);
    await waitFor(actor, (state) => state.context.waiting === 0 && state.matches({ link: { online: 'idle' } }));
    expect(service.calls.map((call) => call.kind)).toEqual(['order.create', 'order.create', 'order.create', 'payment.cash']);
    expect(actor.getSnapshot().context).toMatchObject({ attempt: 0, lastError: null });
  });

  it('doubles the wait up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('re-reads the count when another tab changed the queue', async () => {
    const { actor, queue } = start();
    await settled(actor);
    queue.add('order.create', {});
    queue.add('payment.cash', {});
    expect(actor.getSnapshot().context.waiting).toBe(0);
    actor.send({ type: 'STORE.CHANGED' });
    await waitFor(actor, (state) => state.context.waiting === 2);
  });

  it('says an action could not be queued when the storage refuses it', async () => {
    const { actor, notQueued } = start({ failEnqueue: true });
    actor.send({ type: 'ENQUEUE', kind: 'payment.cash', payload: {} });
    await waitFor(actor, (state) => state.context.storeError === 'QUOTA_EXCEEDED');
    expect(notQueued).toEqual(['payment.cash']);
    expect(actor.getSnapshot().context).toMatchObject({ waiting: 0, toAdd: [] });
  });

  it('two tabs share one queue: both count what either queued, and each entry is sent once, in order', async () => {
    const shared = { queue: new MemoryQueue(), service: new FakeService(), browser: new Browser() };
    const tabA = start({ shared: { ...shared, tab: 1 } }).actor;
    const tabB = start({ shared: { ...shared, tab: 2 } }).actor;
    tabA.send({ type: 'ENQUEUE', kind: 'order.create', payload: { table: 1 } });
    tabB.send({ type: 'ENQUEUE', kind: 'order.create', payload: { table: 2 } });
    tabA.send({ type: 'ENQUEUE', kind: 'payment.cash', payload: { table: 1 } });
    await waitFor(tabA, (state) => state.context.waiting === 3 && state.matches({ queue: 'ready' }));
    await waitFor(tabB, (state) => state.context.waiting === 3 && state.matches({ queue: 'ready' }));
    tabA.send({ type: 'NETWORK.UP' });
    tabB.send({ type: 'NETWORK.UP' });
    const doneIn = (state: ReturnType<typeof tabA.getSnapshot>) =>
      state.context.waiting === 0 && state.matches({ link: { online: 'idle' } });
    await waitFor(tabA, doneIn);
    await waitFor(tabB, doneIn);
    expect(shared.service.calls.map((call) => call.key)).toEqual(['key-1', 'key-2', 'key-3']);
    expect(shared.queue.entries).toEqual([]);
  });
});
