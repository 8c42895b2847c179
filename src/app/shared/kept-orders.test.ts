import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../services/shared/outbox/schemas';
import { queueHoldsFor, queueSentFor } from './kept-orders';
import type { TillOutbox } from './outbox';
import { queuedEntries } from './test/queued-entry';

const entry = queuedEntries();

const LOCAL = '0b7c2f6e-8d7a-4c55-9a51-6f1c1f0f4d11';

/** A queue whose entries the test sends (removes) itself, telling subscribers as the outbox actor does. */
function queue(entries: OutboxEntry[], mapped: Record<string, number> = {}) {
  const listeners = new Set<() => void>();
  let offline = false;
  const outbox = {
    entries: async () => [...entries],
    ids: { get: async (id: string) => mapped[id] ?? null },
    offline: () => offline,
    actor: {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return { unsubscribe: () => listeners.delete(listener) };
      },
    },
  } as unknown as TillOutbox;
  return {
    outbox,
    sendFirst: () => {
      entries.shift();
      for (const l of [...listeners]) l();
    },
    goOffline: () => void (offline = true),
  };
}

describe("what the queue holds for a service's order (D384)", () => {
  it('its dishes and cash by its id, or by a local order’s uuid mapped to it; not a conflict, not another order', async () => {
    const add = entry('order.addProducts', { order: 614, products: [{ product_id: 9, amount: 1 }] });
    expect(await queueHoldsFor(queue([add]).outbox, 614)).toBe(true);
    expect(await queueHoldsFor(queue([add]).outbox, 615)).toBe(false);
    const local = entry('order.addProducts', { order: LOCAL, products: [{ product_id: 9, amount: 1 }] });
    expect(await queueHoldsFor(queue([local], { [LOCAL]: 614 }).outbox, 614)).toBe(true);
    expect(await queueHoldsFor(queue([local]).outbox, 614)).toBe(false);
    const cash = entry('order.payCash', { order: 614, receiveAmount: 10_000, returnAmount: 0 });
    expect(await queueHoldsFor(queue([cash]).outbox, 614)).toBe(true);
    const stuck = entry('order.payCash', { order: 614, receiveAmount: 10_000, returnAmount: 0 }, 'conflict');
    expect(await queueHoldsFor(queue([stuck]).outbox, 614)).toBe(false);
  });

  it('a page waits for the queue to send them before it reads the service; offline it does not wait', async () => {
    const q = queue([
      entry('order.addProducts', { order: 614, products: [{ product_id: 9, amount: 1 }] }),
      entry('order.addProducts', { order: 614, products: [{ product_id: 7, amount: 2 }] }),
    ]);
    let settled: boolean | null = null;
    const waiting = queueSentFor(q.outbox, 614, new AbortController().signal).then((v) => (settled = v));
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBeNull();
    q.sendFirst();
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBeNull();
    q.sendFirst();
    await waiting;
    expect(settled).toBe(true);

    const off = queue([entry('order.payCash', { order: 614, receiveAmount: 1, returnAmount: 0 })]);
    off.goOffline();
    expect(await queueSentFor(off.outbox, 614, new AbortController().signal)).toBe(false);
    const slow = queue([entry('order.payCash', { order: 614, receiveAmount: 1, returnAmount: 0 })]);
    expect(await queueSentFor(slow.outbox, 614, new AbortController().signal, 0)).toBe(false);
  });
});
