import { visibleText } from './text';

/**
 * Voiding an unpaid order (D301): the order's status 3, beside the spec's 2 selecting, 1 handling and
 * 0 completed (doc 2 §3 Order status has no cancelled order; its invoice status does, "otherwise
 * cancelled"). Pure: the portal's void dialog checks the reason with these rules and the sandbox checks
 * the same rules again, so both agree.
 */

export const ORDER_VOIDED = 3;

/** The reasons a restaurant voids a bill for; OTHER needs a few words of its own. */
export const VOID_REASONS = ['CUSTOMER_LEFT', 'WRONG_ORDER', 'DUPLICATE', 'OTHER'] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

/** The note's limit: a sentence for the owner reading the list later, not a report. */
export const VOID_NOTE_MAX = 200;

export type VoidProblem = 'reasonRequired' | 'noteRequired' | 'noteTooLong';

export function isVoidReason(value: unknown): value is VoidReason {
  return typeof value === 'string' && (VOID_REASONS as readonly string[]).includes(value);
}

/**
 * What is wrong with a reason and its note, or null: a reason from the list; OTHER needs visible
 * text; a note (kept for any reason) has at most VOID_NOTE_MAX characters once trimmed.
 */
export function voidProblem(reason: unknown, note: string): VoidProblem | null {
  if (!isVoidReason(reason)) return 'reasonRequired';
  const text = note.trim();
  if (text.length > VOID_NOTE_MAX) return 'noteTooLong';
  if (reason === 'OTHER' && !visibleText(text)) return 'noteRequired';
  return null;
}
