import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOwnerRole, authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import type { SandboxContext } from '../../platform/context';
import { bodyOf, wholeId } from '../../platform/http/body';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { recordAudit } from '../audit';
import { auditDecision } from './gate';
import { assertPinShape, pinState, setPin } from './pin';
import { approvalOut, type ApprovalRow } from './records';

/**
 * The approval calls of the sale service (D310), beside the void and refund calls they gate:
 *   GET /approval/pin → {is_set, set_at, locked_until}: whether the PIN can be typed (any signed-in user)
 *   PUT /approval/pin {pin} → sets or changes the owner's PIN (owner only; audited without the PIN)
 *   GET /approval?status=PENDING → the owner's requests to decide (staff: their own), newest first
 *   GET /approval/:id → one request (the owner, or the staff member who asked: their screen polls it)
 *   PUT /approval/decide {approval_id, decision: APPROVE|DECLINE} → the owner's answer from the bell
 * Every call is scoped to the caller's merchant; deciding is the owner's (PERMISSION_DENY otherwise).
 */

const DECISIONS = { APPROVE: 'APPROVED', DECLINE: 'DECLINED' } as const;
const LIST_MAX = 100;

export function registerApprovalRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);
  const owner = async (request: FastifyRequest) => {
    const c = await caller(request);
    if (!isOwnerRole(c.user.role)) throw new ApiError(403, 'PERMISSION_DENY', 'Only the owner may do this');
    return c;
  };

  app.get('/approval/pin', async (request) => ok(await pinState(ctx, (await caller(request)).user.merchant_id)));

  app.put('/approval/pin', async (request) => {
    const { user } = await owner(request);
    const pin = assertPinShape(bodyOf(request).pin, 'pin');
    const before = await pinState(ctx, user.merchant_id);
    await ctx.db.transaction(async (tx) => {
      await setPin({ ...ctx, db: tx }, user.merchant_id, user.id, pin);
      // The PIN itself never reaches the log (D299): only that it was set or changed.
      await recordAudit(tx, ctx.clock.now(), user, {
        action: 'approval.pin.set',
        target: 'approval',
        targetId: user.merchant_id,
        before: { pin_set: before.is_set },
        after: { pin_set: true },
      });
    });
    return ok(await pinState(ctx, user.merchant_id));
  });

  app.get('/approval', async (request) => {
    const { user } = await caller(request);
    const status = (request.query as Record<string, unknown> | undefined)?.status ?? 'PENDING';
    if (status !== 'PENDING' && status !== 'ALL') throw new ApiError(400, 'BAD_REQUEST', 'status is PENDING or ALL', { field: 'status' });
    const rows = await ctx.db.query<ApprovalRow>(
      `SELECT * FROM approvals WHERE merchant_id = $1 AND ($2::int IS NULL OR requested_by = $2) AND ($3 = 'ALL' OR status = 'PENDING')
        ORDER BY requested_at DESC, id DESC LIMIT ${LIST_MAX}`,
      [user.merchant_id, isOwnerRole(user.role) ? null : user.id, status],
    );
    return ok(rows.map(approvalOut));
  });

  app.get('/approval/:id', async (request) => {
    const { user } = await caller(request);
    const id = wholeId((request.params as Record<string, unknown>).id);
    if (id === null) throw required(['id']);
    const [row] = await ctx.db.query<ApprovalRow>(`SELECT * FROM approvals WHERE id = $1 AND merchant_id = $2`, [id, user.merchant_id]);
    if (!row || (!isOwnerRole(user.role) && row.requested_by !== user.id))
      throw new ApiError(404, 'NOT_FOUND', 'No such request', { approval_id: id });
    return ok(approvalOut(row));
  });

  app.put('/approval/decide', async (request) => {
    const { user } = await owner(request);
    const body = bodyOf(request);
    const id = typeof body.approval_id === 'number' ? wholeId(body.approval_id) : null;
    if (id === null) throw required(['approval_id']);
    const decision = body.decision;
    if (decision !== 'APPROVE' && decision !== 'DECLINE')
      throw new ApiError(400, 'BAD_REQUEST', 'decision is APPROVE or DECLINE', { field: 'decision' });
    const now = ctx.clock.now();
    const decided = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.query<ApprovalRow>(
        `UPDATE approvals SET status = $3, decided_by = $4, decided_by_name = $5, decided_at = $6, decided_with = 'BELL'
          WHERE id = $1 AND merchant_id = $2 AND status = 'PENDING' RETURNING *`,
        [id, user.merchant_id, DECISIONS[decision], user.id, user.full_name || user.username, now],
      );
      if (!row) return null;
      const requester = { id: row.requested_by, merchant_id: row.merchant_id, full_name: row.requested_by_name, role: '' };
      await auditDecision(
        tx,
        now,
        requester,
        { id: user.id, name: user.full_name || user.username },
        row,
        decision === 'APPROVE' ? 'approval.approve' : 'approval.decline',
      );
      return row;
    });
    if (!decided) {
      const [row] = await ctx.db.query<ApprovalRow>(`SELECT * FROM approvals WHERE id = $1 AND merchant_id = $2`, [id, user.merchant_id]);
      if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such request', { approval_id: id });
      // Decided already (another tab, or the PIN on the staff member's screen): say how it stands.
      throw new ApiError(409, 'APPROVAL_NOT_VALID', 'This request was decided already', {
        reason: row.status,
        status: row.status,
        approval: approvalOut(row),
      });
    }
    const out = approvalOut(decided);
    ctx.realtime.emitToMerchant('sale', user.merchant_id, 'approval_updated', out);
    return ok(out);
  });
}
