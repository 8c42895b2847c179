import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../../platform/http/authenticate';
import { ApiError, ok } from '../../../platform/http/envelope';
import { wakeInvoiceQueue } from '../../../platform/sale/einvoice-wake';
import { badRequest } from './common';

/**
 * POST /api/sale/order/{id}/einvoice/retry (D250): the merchant asks again for an order
 * whose invoice at the moment of sale failed (the provider refused it, the set-up or serial needed
 * fixing, or the provider stayed down past the last try). Owner and staff (the cashier sees the
 * failure at the till, as they export, D115). The job goes back to the queue, due now, with its
 * tries counted afresh; the order id stays the provider's key, so an invoice the provider made on a
 * try whose answer was lost comes back instead of a second one. 409 EINV_JOB_NOT_FAILED for a job
 * that is queued or issued (nothing to retry), 404 for an order that is not the merchant's or has
 * no job.
 */
const MAX_ID = 2_147_483_647;

export function registerAutoExportRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/order/:id/einvoice/retry', async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const raw = (request.params as { id?: string }).id ?? '';
    const id = /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_ID ? Number(raw) : null;
    if (id === null) throw badRequest('id', 'The id is a whole number');
    const now = ctx.clock.now();
    const [retried] = await ctx.db.query<{ state: string }>(
      `UPDATE sale_einvoice_jobs SET state = 'QUEUED', attempts = 0, next_at = $3, error_code = NULL, error_message = NULL, updated_at = $3
        WHERE order_id = $1 AND merchant_id = $2 AND state = 'FAILED' RETURNING state`,
      [id, user.merchant_id, now],
    );
    if (!retried) {
      const [job] = await ctx.db.query<{ state: string }>(`SELECT state FROM sale_einvoice_jobs WHERE order_id = $1 AND merchant_id = $2`, [
        id,
        user.merchant_id,
      ]);
      if (!job) throw new ApiError(404, 'NOT_FOUND', 'No e-invoice job for this order');
      throw new ApiError(409, 'EINV_JOB_NOT_FAILED', 'The order’s e-invoice is not failed', {
        state: job.state === 'ISSUING' ? 'QUEUED' : job.state,
      });
    }
    wakeInvoiceQueue(ctx.db);
    return ok({ order_id: id, state: 'QUEUED' });
  });
}
