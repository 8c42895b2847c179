/**
 * One Idempotency-Key per payment intent (an order paid one way), kept in session storage so a retry,
 * a double click, a reload or a remount sends the same key and the service answers with the first
 * result instead of charging again. The machine forgets the key only after a definite outcome (paid,
 * or refused by the service), so the next attempt is a new intent. Session storage, not local: a key
 * belongs to this tab's attempt; another tab paying the same order gets its own key, and the service
 * refuses a second payment of a paid order whatever the key (ORDER_PAID).
 */
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from '../../rules/idempotency';
import { createSessionSlots } from '../shared/sessionSlots';

export type PaymentWay = 'cash' | 'card';

export interface IntentKeys {
  /** The key of this intent: the stored one, or a new one stored before it is used. */
  keyFor(orderId: number, way: PaymentWay): string;
  forget(orderId: number, way: PaymentWay): void;
}

const PREFIX = 'orderpayment.intent';

export const intentStorageKey = (orderId: number, way: PaymentWay) => `${PREFIX}.${orderId}.${way}`;

/**
 * `storage` may refuse (private mode, quota): then the key lives in memory for this page load, which
 * still covers retries and double clicks, only not a reload.
 */
export function createIntentKeys(storage: Storage | null, makeKey: () => string = () => newIdempotencyKey('pay')): IntentKeys {
  const slots = createSessionSlots('', () => storage);
  return {
    keyFor(orderId, way) {
      const name = intentStorageKey(orderId, way);
      const existing = slots.read(name);
      if (existing && IDEMPOTENCY_KEY_PATTERN.test(existing)) return existing;
      const key = makeKey();
      slots.write(name, key);
      return key;
    },
    forget(orderId, way) {
      slots.write(intentStorageKey(orderId, way), null);
    },
  };
}
