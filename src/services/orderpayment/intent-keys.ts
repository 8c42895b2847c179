/**
 * One Idempotency-Key per payment intent (an order paid one way), kept in session storage so a retry,
 * a double click, a reload or a remount sends the same key and the service answers with the first
 * result instead of charging again. The machine forgets the key only after a definite outcome (paid,
 * or refused by the service), so the next attempt is a new intent. Session storage, not local: a key
 * belongs to this tab's attempt; another tab paying the same order gets its own key, and the service
 * refuses a second payment of a paid order whatever the key (ORDER_PAID).
 */

export type PaymentWay = 'cash' | 'card';

export interface IntentKeys {
  /** The key of this intent: the stored one, or a new one stored before it is used. */
  keyFor(orderId: number, way: PaymentWay): string;
  forget(orderId: number, way: PaymentWay): void;
}

const PREFIX = 'orderpayment.intent';

export const intentStorageKey = (orderId: number, way: PaymentWay) => `${PREFIX}.${orderId}.${way}`;

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Not for secrecy: only unique per attempt.
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * `storage` may refuse (private mode, quota): then the key lives in memory for this page load, which
 * still covers retries and double clicks, only not a reload.
 */
export function createIntentKeys(storage: Storage | null, makeKey: () => string = newKey): IntentKeys {
  const memory = new Map<string, string>();
  const read = (name: string): string | null => {
    try {
      return storage?.getItem(name) ?? memory.get(name) ?? null;
    } catch {
      return memory.get(name) ?? null;
    }
  };
  return {
    keyFor(orderId, way) {
      const name = intentStorageKey(orderId, way);
      const existing = read(name);
      if (existing && /^[\x21-\x7e]{1,255}$/.test(existing)) return existing;
      const key = makeKey();
      memory.set(name, key);
      try {
        storage?.setItem(name, key);
      } catch {
        /* memory keeps it for this page load */
      }
      return key;
    },
    forget(orderId, way) {
      const name = intentStorageKey(orderId, way);
      memory.delete(name);
      try {
        storage?.removeItem(name);
      } catch {
        /* nothing stored */
      }
    },
  };
}
