import { ApiError } from '../../platform/http/envelope';
import type { TriggerDefinition } from '../../platform/triggers/registry';
import { endRefund } from './refunds';

/**
 * The outside answers a refund waits for (D305): the card terminal approves or declines a card
 * refund; the bank completes or rejects a QR or link refund request.
 */
function refundId(params: Record<string, string>): number {
  const id = /^\d{1,10}$/.test(params.refund_id ?? '') ? Number(params.refund_id) : NaN;
  if (!Number.isSafeInteger(id) || id < 1)
    throw new ApiError(400, 'BAD_REQUEST', 'refund_id is required (a whole number)', { fields: ['refund_id'] });
  return id;
}

export const refundTriggers: TriggerDefinition[] = [
  {
    name: 'refund-terminal',
    summary:
      'The card terminal answers a card refund: approve (the money goes back to the card) or decline (nothing is refunded; it may be tried again)',
    params: [
      { name: 'refund_id', description: 'the PENDING card refund', required: true },
      { name: 'outcome', description: 'approve (default) or decline' },
    ],
    run: async (ctx, params) => {
      const outcome = params.outcome ?? 'approve';
      if (outcome !== 'approve' && outcome !== 'decline')
        throw new ApiError(400, 'BAD_REQUEST', 'outcome is approve or decline', { fields: ['outcome'] });
      return { refund: await endRefund(ctx, refundId(params), outcome === 'approve' ? 'SUCCESS' : 'DECLINED') };
    },
  },
  {
    name: 'bank-refund',
    summary: 'The bank answers a QR or link refund request: done (the money went back to the payer) or reject (nothing is refunded)',
    params: [
      { name: 'refund_id', description: 'the REQUESTED refund', required: true },
      { name: 'outcome', description: 'done (default) or reject' },
    ],
    run: async (ctx, params) => {
      const outcome = params.outcome ?? 'done';
      if (outcome !== 'done' && outcome !== 'reject')
        throw new ApiError(400, 'BAD_REQUEST', 'outcome is done or reject', { fields: ['outcome'] });
      return { refund: await endRefund(ctx, refundId(params), outcome === 'done' ? 'SUCCESS' : 'REJECTED') };
    },
  },
];
