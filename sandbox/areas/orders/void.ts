import type { FastifyInstance } from 'fastify';
import { isVoidReason, voidProblem } from '../../../src/rules/orderVoid';
import type { SandboxContext } from '../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { sendOnce } from '../../platform/http/idempotency';
import { assertNoPendingPayment, noPendingPaymentSql, orderPaid, orderVoided } from '../../platform/sale/settlement';
import { findOrder, idOf, ORDER_COMPLETED, ORDER_VOIDED, orderDetail, orderNotFound, orderOut, type OrderRecord } from './model';
import { bodyOf } from '../../platform/http/body';
import { approvalGate } from '../approvals';
import { recordAudit, type AuditActor } from '../audit';
import type { Database } from '../../platform/db/database';

/**
 * PUT /order/void `{order_id, reason, note?}` with an Idempotency-Key (D301): the owner voids an
 * unpaid order with a reason. The order keeps its lines; its status becomes 3 (voided) and its invoice
 * status 2 (cancelled); it leaves the one-open-bill-per-table index, so its table is free at once; who,
 * when and why are kept. A staff-type caller needs the owner's approval (voiding takes
 * money off the books, so it is the owner's, as "manager confirmation to prevent fraud" at the peers'
 * tills); D310 lets the owner approve it (the approvals area's gate: 403 APPROVAL_REQUIRED, D311, until
 * an approval or the owner's PIN comes with the call; the approval is used in the void's transaction).
 * Refused: a paid order (409 ORDER_PAID; refunds are another piece), an order a payment is
 * waiting on (409 ORDER_PAYMENT_PENDING naming it, D214: cancel it first, D216), an order voided already
 * (409 ORDER_VOIDED with who/when/why). The same key answers the first call's answer (20 tabs, one
 * void); another key on a voided order is ORDER_VOIDED. The statement that voids names the open
 * statuses and no pending payment, so a void and a payment racing leave exactly one of the two.
 */

interface VoidInput {
  orderId: number;
  reason: string;
  note: string | null;
}

function voidInput(body: Record<string, unknown>): VoidInput {
  const orderId = typeof body.order_id === 'number' ? idOf(body.order_id) : null;
  if (orderId === null) throw required(['order_id']);
  if (body.reason === undefined || body.reason === null || body.reason === '') throw required(['reason']);
  if (body.note !== undefined && body.note !== null && typeof body.note !== 'string') {
    throw new ApiError(400, 'BAD_REQUEST', 'note is text', { field: 'note' });
  }
  const note = typeof body.note === 'string' ? body.note : '';
  const problem = voidProblem(body.reason, note);
  if (problem !== null) {
    const field = problem === 'reasonRequired' ? 'reason' : 'note';
    throw new ApiError(400, 'BAD_REQUEST', `The ${field} is not accepted (${problem})`, { field, problem });
  }
  return { orderId, reason: isVoidReason(body.reason) ? body.reason : 'OTHER', note: note.trim() === '' ? null : note.trim() };
}

/** Why an order cannot be voided now, as an error; undefined when it can. */
async function refusal(ctx: SandboxContext, order: OrderRecord): Promise<ApiError | undefined> {
  if (order.status === ORDER_COMPLETED) return orderPaid(ctx.db, order.id);
  if (order.status === ORDER_VOIDED) {
    const error = orderVoided();
    return new ApiError(error.status, error.code, error.message, { voided: orderOut(order).voided });
  }
  try {
    await assertNoPendingPayment(ctx.db, order.id, ctx.clock.now());
  } catch (error) {
    return error as ApiError;
  }
  return undefined;
}

class NotVoided extends Error {}

/**
 * The void's audit entry (D299, D319), in the void's transaction: the order, its store (D297: the one
 * the bill was opened in), the amount taken off the books and why.
 */
async function auditVoid(tx: Database, now: number, user: AuditActor, order: OrderRecord, input: VoidInput): Promise<void> {
  const [store] = await tx.query<{ id: number; name: string }>(
    `SELECT s.id, s.name FROM sale_orders o JOIN stores s ON s.id = o.store_id AND s.merchant_id = o.merchant_id WHERE o.id = $1`,
    [order.id],
  );
  await recordAudit(tx, now, user, {
    action: 'order.void',
    target: 'order',
    targetId: order.id,
    store: store ?? null,
    before: { order_code: order.order_code, voided: false },
    after: { order_code: order.order_code, voided: true, amount: Number(order.total_price), reason: input.reason, note: input.note ?? '' },
  });
}

export function registerVoidRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.put('/order/void', async (request, reply) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    return sendOnce(ctx, request, reply, user.merchant_id, { required: true }, async () => {
      const body = bodyOf(request);
      const input = voidInput(body);
      const order = await findOrder(ctx.db, user.merchant_id, { id: input.orderId });
      if (!order) throw orderNotFound();
      const refused = await refusal(ctx, order);
      if (refused) throw refused;
      const what = { reason: input.reason, note: input.note };
      const subject = { kind: 'VOID' as const, orderId: order.id, orderCode: order.order_code, amount: order.total_price, request: what };
      const gate = await approvalGate(ctx, user, body, subject);
      if (gate.asked) return { status: 202, body: ok(gate.asked) };
      const now = ctx.clock.now();
      const unlocked = await noPendingPaymentSql(ctx.db, '$1::int', '$3');
      // The approval is used in the void's transaction: a void that does not happen leaves it unused.
      const [voided] = await ctx.db
        .transaction(async (tx) => {
          await gate.use?.(tx);
          const rows = await tx.query<{ id: number }>(
            `UPDATE sale_orders SET status = 3, invoice_status = 2, voided_at = $3, voided_by = $4, voided_by_name = $5,
                void_reason = $6, void_note = $7, updated_at = $3
          WHERE id = $1 AND merchant_id = $2 AND status IN (1, 2) AND ${unlocked} RETURNING id`,
            [order.id, user.merchant_id, now, user.id, user.full_name || user.username, input.reason, input.note],
          );
          // Nothing voided: undo the approval's use, then say why below.
          if (rows.length === 0) throw new NotVoided();
          await auditVoid(tx, now, user, order, input);
          return rows;
        })
        .catch((error: unknown) => {
          if (error instanceof NotVoided) return [];
          throw error;
        });
      if (!voided) {
        // Paid, voided or made pending between the read and the statement: say which.
        const again = await findOrder(ctx.db, user.merchant_id, { id: order.id });
        throw (again && (await refusal(ctx, again))) ?? new ApiError(409, 'CONFLICT', 'The order changed meanwhile; read it again');
      }
      return { status: 200, body: ok(await orderDetail(ctx.db, user.merchant_id, { id: order.id })) };
    });
  });
}
