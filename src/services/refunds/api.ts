import type { ApprovalFields } from '../approvals';
import type { ServiceClient } from '../http/client';
import { refundableSchema, refundSchema, type Refund, type Refundable, type RefundRequest } from './schemas';

/** The refund calls on the sale service (D305; docs/areas/refunds.md). Every answer is validated. */
export interface RefundsApi {
  refundable(invoiceId: number, signal?: AbortSignal): Promise<Refundable>;
  /** POST /payment/refund; a staff member's carries the owner's approval (`approval`, D310). */
  refund(request: RefundRequest, idempotencyKey: string, signal?: AbortSignal, approval?: ApprovalFields): Promise<Refund>;
}

/** The refund's body as the service reads it (D305). */
export function refundBody(request: RefundRequest): Record<string, unknown> {
  return {
    invoice_id: request.invoiceId,
    reason: request.reason,
    ...(request.note.trim() !== '' ? { note: request.note.trim() } : {}),
    ...(request.full ? { full: true } : { lines: request.lines.map((l) => ({ item_id: l.itemId, quantity: l.quantity })) }),
  };
}

export function createRefundsApi(client: ServiceClient): RefundsApi {
  return {
    refundable: (invoiceId, signal) =>
      client.data({
        name: 'refunds.refundable',
        path: '/payment/refund',
        query: { invoice_id: invoiceId },
        schema: refundableSchema,
        signal,
      }),
    refund: (request, idempotencyKey, signal, approval) =>
      client.data({
        name: 'refunds.refund',
        method: 'POST',
        path: '/payment/refund',
        body: { ...refundBody(request), ...approval },
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: refundSchema,
        signal,
      }),
  };
}
