import { z } from '../../config/zod-classic';
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from '../../rules/idempotency';
import { createSessionSlots } from '../shared/sessionSlots';
import { visibleText } from '../../rules/text';
import { LINE_NOTE_MAX, shownDishSchema, type AddProductsBody, type BasketLine, type ConfirmAttempt } from './schemas';

/**
 * The confirm attempts of the order screen, kept in session storage (this tab, across reloads):
 * one Idempotency-Key per attempt to add dishes, reused by every retry of that attempt (a lost answer,
 * a double click, a reload) and replaced only after a definite answer. The service stores the first
 * answer for a key, so a retry never adds the dishes twice (D124).
 */

const PREFIX = 'orders.confirm.';

const attemptSchema = z.object({
  key: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  lines: z
    .array(
      shownDishSchema.extend({
        amount: z.number().int().min(1).max(999),
        note: z.string().max(LINE_NOTE_MAX).optional(),
      }),
    )
    .max(100),
  body: z.object({
    order_id: z.number().int().positive(),
    products: z
      .array(
        z.object({
          product_id: z.number().int().positive(),
          amount: z.number().int().min(1).max(999),
          note: z.string().min(1).max(LINE_NOTE_MAX).optional(),
        }),
      )
      .max(100),
  }),
});

export interface AttemptStore {
  /** The attempt not yet answered for this order, if one was left (by a lost answer or a reload). */
  pending(orderId: number): ConfirmAttempt | null;
  /** The pending attempt if it sends these same lines, or a new one with a fresh key. */
  begin(orderId: number, lines: BasketLine[]): ConfirmAttempt;
  /** A definite answer arrived: the next attempt gets a new key. */
  finish(orderId: number): void;
}

/** PUT /order/product's body for these lines, in the basket's order; a line's note only when it says something (D333). */
export const bodyOf = (orderId: number, lines: readonly BasketLine[]): AddProductsBody => ({
  order_id: orderId,
  products: lines.map((l) => {
    const note = visibleText(l.note ?? '');
    return note ? { product_id: l.product_id, amount: l.amount, note } : { product_id: l.product_id, amount: l.amount };
  }),
});

const sameBody = (a: AddProductsBody, b: AddProductsBody) => JSON.stringify(a) === JSON.stringify(b);

export function createAttemptStore(
  /** This tab's session storage unless given (tests). */
  storage?: () => Storage | null,
  newKey: () => string = () => newIdempotencyKey('order'),
): AttemptStore {
  const slots = createSessionSlots(PREFIX, storage);
  const read = (orderId: number) => slots.read(String(orderId));
  const write = (orderId: number, value: string | null) => slots.write(String(orderId), value);
  const pending = (orderId: number): ConfirmAttempt | null => {
    const raw = read(orderId);
    if (raw === null) return null;
    try {
      const parsed = attemptSchema.safeParse(JSON.parse(raw));
      if (parsed.success && parsed.data.body.order_id === orderId) return parsed.data;
    } catch {
      /* not ours or damaged: forget it below */
    }
    write(orderId, null);
    return null;
  };
  return {
    pending,
    begin(orderId, lines) {
      const body = bodyOf(orderId, lines);
      const existing = pending(orderId);
      // The same dishes again (a retry, a double click): the same key. Other dishes with an
      // unanswered attempt cannot happen (the screen freezes the basket until it knows), but if
      // they did, a fresh key for a fresh body is what the service expects.
      if (existing && sameBody(existing.body, body)) return existing;
      const attempt: ConfirmAttempt = { key: newKey(), body, lines };
      write(body.order_id, JSON.stringify(attempt));
      return attempt;
    },
    finish(orderId) {
      write(orderId, null);
    },
  };
}
