import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup, waitFor } from 'xstate';
import { createOutboxActors } from './actors';
import { openOutboxStore, type OutboxStore } from './store';
import { freshDatabaseName, installFakeIndexedDB } from './testing';
import type { OutboxEntry, OutboxSnapshot } from './schemas';

installFakeIndexedDB();

const opened: OutboxStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function actorsOver(name: string, sent: OutboxEntry[] = []) {
  const store = await openOutboxStore({ name });
  opened.push(store);
  const actors = createOutboxActors({
    store,
    send: async (entry) => {
      sent.push(entry);
      return { kind: 'sent' };
    },
    probe: async () => {},
    locks: null,
    lockName: `${name}:replay`,
    network: null,
  });
  return { store, actors };
}

function run<T>(logic: Parameters<typeof createActor>[0], input?: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const actor = createActor(logic, { input } as never);
    actor.subscribe({ complete: () => resolve(actor.getSnapshot().output as T), error: reject });
    actor.start();
  });
}

describe('outbox actors over the IndexedDB store', () => {
  it('enqueue and update answer the queue as it is after the write', async () => {
    const { actors } = await actorsOver(freshDatabaseName());
    const afterAdd = await run<OutboxSnapshot>(actors.enqueue, { kind: 'order.create', payload: { table: 3 } });
    expect(afterAdd).toMatchObject({ waiting: 1, head: { kind: 'order.create', payload: { table: 3 } } });
    const afterSecond = await run<OutboxSnapshot>(actors.enqueue, { kind: 'payment.cash', payload: { amount: 1 } });
    expect(afterSecond.waiting).toBe(2);
    const afterDone = await run<OutboxSnapshot>(actors.update, { op: 'done', id: afterAdd.head!.id });
    expect(afterDone).toMatchObject({ waiting: 1, head: { kind: 'payment.cash' } });
    expect(await run<OutboxSnapshot>(actors.readQueue)).toEqual(afterDone);
  });

  it('send passes the whole entry, its key included', async () => {
    const sent: OutboxEntry[] = [];
    const { actors, store } = await actorsOver(freshDatabaseName(), sent);
    const entry = await store.enqueue('order.create', {});
    expect(await run(actors.send, entry)).toEqual({ kind: 'sent' });
    expect(sent[0]!.key).toBe(entry.key);
  });

  it("watchStore tells its machine of another tab's write; replayLock says when this tab holds the lock", async () => {
    const name = freshDatabaseName();
    const { actors } = await actorsOver(name);
    const { store: otherTab } = await actorsOver(name);
    // A stand-in parent: the callbacks send their events back to the machine that invoked them.
    const parent = setup({ actors: { watchStore: actors.watchStore, replayLock: actors.replayLock } }).createMachine({
      context: { heard: [] as string[] },
      invoke: [{ src: 'watchStore' }, { src: 'replayLock' }],
      on: {
        '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event.type] }) },
      },
    });
    const actor = createActor(parent).start();
    expect(actor.getSnapshot().context.heard).toEqual(['LOCK.HELD']);
    await otherTab.enqueue('order.create', {});
    await waitFor(actor, (state) => state.context.heard.includes('STORE.CHANGED'), { timeout: 2000 });
    expect(actor.getSnapshot().context.heard).toEqual(['LOCK.HELD', 'STORE.CHANGED']);
    actor.stop();
  });
});
