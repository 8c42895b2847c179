import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { newIdempotencyKey, outcomeUnknown } from '../../rules/idempotency';
import type { ApprovalFields } from '../approvals';
import type { RealtimeHub } from '../realtime/hub';
import { createSessionSlots } from '../shared/sessionSlots';
import { refundBody, type RefundsApi } from './api';
import { refundUpdatedSchema, type Refund, type Refundable, type RefundRequest } from './schemas';

/**
 * The refund machine's actors for `machine.provide({ actors })` in src/app. One Idempotency-Key per
 * refund intent, kept in this tab's session storage (like a payment's, D124): a double click, a retry
 * after a lost answer or a reload sends the same key and the service answers with the first refund;
 * the machine forgets it after a definite answer, so the next refund is a new one. Another tab has its
 * own key; the service's running totals still never let two tabs refund more than was paid (D305).
 */
export function createRefundsActors(deps: { api: RefundsApi; hub: RealtimeHub; storage?: () => Storage | null }) {
  const slots = createSessionSlots('refunds.intent.', deps.storage);
  const keyFor = (invoiceId: number) => {
    const existing = slots.read(String(invoiceId));
    if (existing) return existing;
    const key = newIdempotencyKey('refund');
    slots.write(String(invoiceId), key);
    return key;
  };
  return {
    loadRefundable: fromPromise<Refundable, { invoiceId: number }>(({ input, signal }) => deps.api.refundable(input.invoiceId, signal)),
    sendRefund: fromPromise<Refund, RefundRequest>(({ input, signal }) => deps.api.refund(input, keyFor(input.invoiceId), signal)),
    forgetRefundKey: (invoiceId: number) => slots.write(String(invoiceId), null),
    /**
     * D310, D316: the refund as the approval step's gated call. Asking the owner sends its body with
     * approval_request (the approvals area's own key); carrying it out sends the approval's fields
     * under this intent's key, kept until a definite answer, so a double click or a retry after a lost
     * answer in the approval step makes one refund (the refusal's key ended with the refusal).
     */
    refundApproval: {
      gated: (subject: unknown) => ({ method: 'POST' as const, path: '/payment/refund', body: refundBody(subject as RefundRequest) }),
      perform: async (subject: unknown, fields: ApprovalFields, signal?: AbortSignal) => {
        const request = subject as RefundRequest;
        try {
          const refund = await deps.api.refund(request, keyFor(request.invoiceId), signal, fields);
          slots.write(String(request.invoiceId), null);
          return refund;
        } catch (error) {
          if (!outcomeUnknown(error)) slots.write(String(request.invoiceId), null);
          throw error;
        }
      },
    },
    /** This order's refunds answered by the terminal or the bank, and a reconnection that may have missed one. */
    watchRefunds: fromCallback<EventObject, { invoiceId: number }>(({ input, sendBack }) => {
      let lost = deps.hub.status() !== 'connected';
      const offUpdated = deps.hub.on('sale', 'refund_updated', (payload) => {
        const parsed = refundUpdatedSchema.safeParse(payload);
        if (parsed.success && parsed.data.data.invoice_id === input.invoiceId) sendBack({ type: 'REFUND.UPDATED' });
      });
      const offStatus = deps.hub.onStatus((status) => {
        if (status !== 'connected') lost = true;
      });
      const offConnected = deps.hub.onConnected('sale', ({ recovered }) => {
        const missed = lost && !recovered;
        lost = false;
        if (missed) sendBack({ type: 'REFUND.UPDATED' });
      });
      return () => {
        offUpdated();
        offStatus();
        offConnected();
      };
    }),
  };
}

export type RefundsActors = ReturnType<typeof createRefundsActors>;
