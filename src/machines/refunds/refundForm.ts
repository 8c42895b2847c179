import { refundReasonProblem, type RefundReason } from '../../rules/refunds';
import type { Refundable } from '../../services/refunds/schemas';
import { defineForm } from '../shared/form/form';

/**
 * The refund form (D305): the whole order or some of its lines (a quantity per line, up to what is
 * left of it), a reason from the list and a note ("other" needs one). Validation from
 * src/rules/refunds.ts, so the portal refuses what the service would.
 */
export interface RefundForm {
  scope: 'full' | 'lines';
  /** item id → quantity to give back (0: none). */
  lines: Record<string, number>;
  reason: RefundReason | '';
  note: string;
}
export type RefundField = keyof RefundForm & string;
export type RefundProblem = 'LINES_REQUIRED' | 'REASON_REQUIRED' | 'REASON_UNKNOWN' | 'NOTE_REQUIRED' | 'NOTE_TOO_LONG';

export const EMPTY_REFUND_FORM: RefundForm = { scope: 'full', lines: {}, reason: '', note: '' };

export const chosenLines = (form: RefundForm) =>
  Object.entries(form.lines)
    .filter(([, quantity]) => quantity > 0)
    .map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity }));

export const refundFormKit = defineForm<RefundForm, RefundField, RefundProblem>({
  fields: ['lines', 'reason', 'note'],
  validate(values) {
    const found: Partial<Record<RefundField, RefundProblem>> = {};
    if (values.scope === 'lines' && chosenLines(values).length === 0) found.lines = 'LINES_REQUIRED';
    const problem = refundReasonProblem(values.reason, values.note);
    if (problem === 'REASON_REQUIRED' || problem === 'REASON_UNKNOWN') found.reason = problem;
    else if (problem !== null) found.note = problem;
    return found;
  },
  immediate: ['NOTE_TOO_LONG'],
});

/** What the refund gives back, priced as sold: every remaining line for the whole order. */
export function refundAmount(refundable: Refundable | null, form: RefundForm): number {
  if (!refundable) return 0;
  if (form.scope === 'full') return refundable.lines.reduce((sum, l) => sum + l.price * l.refundable, 0);
  return refundable.lines.reduce((sum, l) => sum + l.price * Math.min(form.lines[String(l.item_id)] ?? 0, l.refundable), 0);
}

/** A line's quantity as the stepper may set it: a whole number from 0 to what is left of the line. */
export function clampQuantity(refundable: Refundable | null, itemId: number, quantity: number): number {
  const line = refundable?.lines.find((l) => l.item_id === itemId);
  if (!line || !Number.isFinite(quantity)) return 0;
  return Math.max(0, Math.min(line.refundable, Math.trunc(quantity)));
}
