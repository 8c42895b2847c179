/**
 * Refund rules shared by the portal and the sandbox (D305): why money is given back, and how long the
 * note may be. "Other" needs the note, the rest may carry one.
 */
export const REFUND_REASONS = ['CUSTOMER_RETURN', 'WRONG_ITEM', 'QUALITY', 'OVERCHARGED', 'OTHER'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_NOTE_MAX = 200;

/** The states a refund passes through, by the way the order was paid (D305). */
export const REFUND_STATUSES = ['SUCCESS', 'PENDING', 'REQUESTED', 'DECLINED', 'REJECTED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** A refund in these states holds its share of what was paid; the others gave it back. */
export const REFUND_HOLDING: readonly RefundStatus[] = ['SUCCESS', 'PENDING', 'REQUESTED'];

export type RefundInputProblem = 'REASON_REQUIRED' | 'REASON_UNKNOWN' | 'NOTE_REQUIRED' | 'NOTE_TOO_LONG';

/** What is wrong with a reason and its note, or null. The note is trimmed first. */
export function refundReasonProblem(reason: unknown, note: unknown): RefundInputProblem | null {
  if (reason === undefined || reason === null || reason === '') return 'REASON_REQUIRED';
  if (typeof reason !== 'string' || !(REFUND_REASONS as readonly string[]).includes(reason)) return 'REASON_UNKNOWN';
  const text = typeof note === 'string' ? note.trim() : '';
  if (note !== undefined && note !== null && typeof note !== 'string') return 'NOTE_TOO_LONG';
  if (reason === 'OTHER' && text === '') return 'NOTE_REQUIRED';
  if ([...text].length > REFUND_NOTE_MAX) return 'NOTE_TOO_LONG';
  return null;
}

/**
 * Loyalty points a refund takes back (D305): the order earned `earned` points on `total`; after
 * `refundedBefore` đồng were already refunded (successfully) and `amount` more now, the points taken
 * back so far become floor(earned × refunded / total). Cumulative, so refunding an order in parts takes
 * back exactly what a whole refund would.
 */
export function pointsToReverse(earned: number, total: number, refundedBefore: number, amount: number): number {
  if (earned <= 0 || total <= 0) return 0;
  const before = Math.floor((earned * refundedBefore) / total);
  const after = Math.floor((earned * Math.min(total, refundedBefore + amount)) / total);
  return after - before;
}
