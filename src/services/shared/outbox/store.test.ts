import { afterEach, describe, expect, it } from 'vitest';
import { openOutboxStore, type OutboxStore } from './store';
import { freshDatabaseName, installFakeIndexedDB } from './testing';

installFakeIndexedDB();

const opened: OutboxStore[] = [];
async function open(name: string, now = () => 1_700_000_000_000) {
  const store = await openOutboxStore({ name, now });
  opened.push(store);
  return store;
}

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

/** Resolves with the next change another store announces, or 'none' after a short wait. */
function nextChange(store: OutboxStore, wait = 200): Promise<'changed' | 'none'> {
  return new Promise((resolve) => {
    const stop = store.onChange(() => {
      stop();
      resolve('changed');
    });
    setTimeout(() => {
      stop();
      resolve('none');
    }, wait);
  });
}

describe('outbox store (D329, D332)', () => {
  it('keeps entries in the order they were queued, each with its own key, and a count', async () => {
    const store = await open(freshDatabaseName());
    const order = await store.enqueue('order.create', { table: 4, lines: [{ product: 7, amount: 2 }] });
    const payment = await store.enqueue('payment.cash', { order: 'local-1', amount: 120_000 });
    expect(payment.id).toBeGreaterThan(order.id);
    expect(order.key).not.toBe(payment.key);
    expect(order.key).toMatch(/^outbox-[0-9a-f-]{36}$/);
    const entries = await store.list();
    expect(entries.map((entry) => entry.kind)).toEqual(['order.create', 'payment.cash']);
    expect(entries[0]).toEqual({
      id: order.id,
      kind: 'order.create',
      payload: { table: 4, lines: [{ product: 7, amount: 2 }] },
      key: order.key,
      createdAt: 1_700_000_000_000,
      attempts: 0,
      lastError: null,
      state: 'waiting',
      conflict: null,
    });
    expect(await store.snapshot()).toEqual({ waiting: 2, head: entries[0] });
  });

  it('D350: an action already tried under a key (no answer) is queued with that key, so its replay cannot make it twice', async () => {
    const store = await open(freshDatabaseName());
    const kept = await store.enqueue('order.create', { localId: 'x' }, 'order-tried-once');
    const fresh = await store.enqueue('order.create', { localId: 'y' });
    expect(kept.key).toBe('order-tried-once');
    expect(fresh.key).not.toBe('order-tried-once');
    expect((await store.list()).map((e) => e.key)).toEqual(['order-tried-once', fresh.key]);
  });

  it('never numbers a new entry below one already removed, so order survives deletions', async () => {
    const store = await open(freshDatabaseName());
    const first = await store.enqueue('a', 1);
    const second = await store.enqueue('b', 2);
    await store.update({ op: 'done', id: second.id });
    await store.update({ op: 'done', id: first.id });
    const third = await store.enqueue('c', 3);
    expect(third.id).toBeGreaterThan(second.id);
  });

  it('survives a reload: a new store on the same database sees the queue as it was', async () => {
    const name = freshDatabaseName();
    const before = await open(name);
    await before.enqueue('order.create', { table: 1 });
    const failed = await before.enqueue('payment.cash', { amount: 50_000 });
    await before.update({ op: 'failed', id: failed.id, error: 'SYSTEM_FAIL' });
    before.close();
    const after = await open(name);
    const entries = await after.list();
    expect(entries.map((entry) => [entry.kind, entry.attempts, entry.lastError])).toEqual([
      ['order.create', 0, null],
      ['payment.cash', 1, 'SYSTEM_FAIL'],
    ]);
    expect(entries[1]!.key).toBe(failed.key);
  });

  it("two stores on one database (two tabs) see each other's writes and hear of them", async () => {
    const name = freshDatabaseName();
    const tabA = await open(name);
    const tabB = await open(name);
    const heard = nextChange(tabB);
    const entry = await tabA.enqueue('order.create', { table: 2 });
    expect(await heard).toBe('changed');
    expect((await tabB.snapshot()).head?.key).toBe(entry.key);
    const heardDone = nextChange(tabA);
    await tabB.update({ op: 'done', id: entry.id });
    expect(await heardDone).toBe('changed');
    expect(await tabA.snapshot()).toEqual({ waiting: 0, head: null });
  });

  it('does not tell a store of its own writes', async () => {
    const store = await open(freshDatabaseName());
    const heard = nextChange(store);
    await store.enqueue('order.create', {});
    expect(await heard).toBe('none');
  });

  it("marks a conflict with the service's answer, and a retry makes it waiting again (D331)", async () => {
    const store = await open(freshDatabaseName());
    const entry = await store.enqueue('order.addDishes', { order: 12 });
    await store.update({ op: 'conflict', id: entry.id, message: 'Đơn hàng đã được thay đổi ở nơi khác' });
    expect((await store.snapshot()).head).toMatchObject({
      id: entry.id,
      state: 'conflict',
      conflict: 'Đơn hàng đã được thay đổi ở nơi khác',
      key: entry.key,
    });
    await store.update({ op: 'retry', id: entry.id });
    expect((await store.snapshot()).head).toMatchObject({ id: entry.id, state: 'waiting', conflict: null, key: entry.key });
  });

  it('discards an entry and leaves the rest in order; removing one already gone is harmless', async () => {
    const store = await open(freshDatabaseName());
    const first = await store.enqueue('a', 1);
    const second = await store.enqueue('b', 2);
    await store.update({ op: 'conflict', id: first.id, message: 'changed' });
    await store.update({ op: 'discard', id: first.id });
    await store.update({ op: 'done', id: first.id });
    await store.update({ op: 'failed', id: first.id, error: 'NETWORK_ERROR' });
    expect(await store.snapshot()).toEqual({ waiting: 1, head: { ...second } });
  });

  it('refuses a row that is not an entry rather than replaying it', async () => {
    const name = freshDatabaseName();
    const store = await open(name);
    await store.enqueue('a', 1);
    const request = indexedDB.open(name, 1);
    await new Promise((resolve) => (request.onsuccess = resolve));
    const tx = request.result.transaction('entries', 'readwrite');
    tx.objectStore('entries').put({ id: 99, kind: 'a' });
    await new Promise((resolve) => (tx.oncomplete = resolve));
    request.result.close();
    await expect(store.list()).rejects.toThrow();
  });
});
