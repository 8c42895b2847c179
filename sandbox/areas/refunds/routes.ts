import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refundReasonProblem } from '../../../src/rules/refunds';
import type { SandboxContext } from '../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { sendOnce } from '../../platform/http/idempotency';
import { linesToRefund, recordRefund, refundableOf, refundsOfOrder, type Refundable } from './refunds';
import { bodyOf, wholeId } from '../../platform/http/body';
import { approvalGate } from '../approvals';
import type { Database } from '../../platform/db/database';

/**
 * The sale service's refund calls (D305): what an order may still give back, its refunds, and a
 * refund by line or whole with a reason and an Idempotency-Key (required, like the money calls of
 * orderpayment: D122). Scoped to the caller's merchant. Giving money back is the owner's: a
 * staff-type caller passes the approvals area's gate whatever the portal shows (D310: 403
 * APPROVAL_REQUIRED until the owner's approval or PIN comes with the call; the approval is bound to
 * the order, the amount and the lines, and used in the refund's transaction).
 */

/** What the portal shows before a refund: the payment, what is refunded and each line's remaining quantity. */
const refundableOut = (r: Refundable) => ({
  order_id: r.order_id,
  invoice_id: r.invoice_id,
  order_code: r.order_code,
  total_price: r.total,
  payment: r.payment,
  refunded_amount: r.refunded,
  refundable_amount: r.payment.amount - r.refunded,
  lines: r.lines.map((l) => ({
    item_id: l.item_id,
    product_id: l.product_id,
    code: l.code,
    name: l.name,
    price: l.price,
    sold: l.sold,
    refunded: l.refunded,
    refundable: l.quantity,
  })),
});

export function registerRefundRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  app.get('/payment/refund', async (request) => {
    const { user } = await caller(request);
    const invoiceId = wholeId((request.query as Record<string, unknown> | undefined)?.invoice_id);
    if (invoiceId === null) throw required(['invoice_id']);
    const refundable = await refundableOf(ctx.db, user.merchant_id, invoiceId);
    return ok({ ...refundableOut(refundable), refunds: await refundsOfOrder(ctx.db, user.merchant_id, refundable.order_id) });
  });

  app.post('/payment/refund', async (request, reply) => {
    const { user } = await caller(request);
    return sendOnce(ctx, request, reply, user.merchant_id, { required: true }, async () => {
      const body = bodyOf(request);
      const invoiceId = typeof body.invoice_id === 'number' ? wholeId(body.invoice_id) : null;
      if (invoiceId === null) throw required(['invoice_id']);
      const problem = refundReasonProblem(body.reason, body.note);
      if (problem)
        throw new ApiError(400, 'BAD_REQUEST', `reason: ${problem}`, { field: problem.startsWith('NOTE') ? 'note' : 'reason', problem });
      if (body.full !== undefined && typeof body.full !== 'boolean')
        throw new ApiError(400, 'BAD_REQUEST', 'full is true or false', { field: 'full' });
      const full = body.full === true;
      if (full && body.lines !== undefined) throw new ApiError(400, 'BAD_REQUEST', 'Either full or lines, not both', { field: 'lines' });
      const refundable = await refundableOf(ctx.db, user.merchant_id, invoiceId);
      const lines = linesToRefund(refundable, full, body.lines);
      const note = typeof body.note === 'string' ? body.note.trim() : '';
      const amount = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
      const what = { reason: body.reason as string, note, lines: lines.map((l) => `${l.item_id}×${l.quantity}`).join(',') };
      const subject = { kind: 'REFUND' as const, orderId: refundable.order_id, orderCode: refundable.order_code, amount, request: what };
      const gate = await approvalGate(ctx, user, body, subject);
      if (gate.asked) return { status: 202, body: ok(gate.asked) };
      const refundWith = (db: Database) =>
        recordRefund({ ...ctx, db }, user.merchant_id, refundable, { lines, reason: body.reason as string, note, user });
      const use = gate.use;
      // An approval is used in the refund's transaction (recordRefund's joins it): no refund, no use.
      const refund = use ? await ctx.db.transaction(async (tx) => (await use(tx), refundWith(tx))) : await refundWith(ctx.db);
      return { status: 201, body: ok(refund) };
    });
  });
}
