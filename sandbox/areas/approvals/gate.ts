import { createHash } from 'node:crypto';
import { APPROVAL_REQUIRED, type ApprovalKind } from '../../../src/rules/approvals';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { isOwnerRole } from '../../platform/http/authenticate';
import { ApiError } from '../../platform/http/envelope';
import { stableJson } from '../../platform/http/idempotency';
import { recordAudit, type AuditActor } from '../audit';
import { approvalOut, askApproval, type ApprovalRow } from './records';
import { assertPinShape, checkPin, pinState, type PinOwner } from './pin';

/**
 * The gate a staff-type user's void or refund passes (D310), the same for both. The gated route names
 * what is asked (the subject: kind, order, amount and the request's own fields) and the gate reads
 * the call's approval fields:
 *   - none → 403 APPROVAL_REQUIRED (D311: one code for every gated action), `data.pin_set` telling the
 *     portal whether the owner's PIN can be typed on this screen;
 *   - `approval_request: true` → a pending request (one per subject and requester) and a bell
 *     notification for the owner; the route answers 202 with it and does nothing else;
 *   - `approval_pin` (with or without `approval_id`) → the owner's PIN, braked (pin.ts): right, the
 *     action is approved and carried out in the same transaction;
 *   - `approval_id` alone → a request the owner approved from the bell.
 * An approval is bound to its subject and used once: the statement that uses it names the requester,
 * kind, order, amount and request hash and the APPROVED status, inside the action's transaction, so a
 * replay for another order or amount, a second use, or a declined request is refused (409
 * APPROVAL_NOT_VALID) and a failed action leaves it unused. The owner passes straight through.
 */

export interface ApprovalSubject {
  kind: ApprovalKind;
  orderId: number;
  orderCode: string;
  amount: number;
  /** What exactly is asked (reason, note, lines): shown to the owner and bound by its hash. */
  request: Record<string, string | number | boolean | null>;
}

export type Requester = AuditActor & { username: string };

/**
 * What the gate decided: carry on (using the approval inside the action's transaction; `use` is null
 * for the owner, who needs none), or answer the pending request.
 */
export type Gate = { asked: null; use: ((tx: Database) => Promise<void>) | null } | { asked: ReturnType<typeof approvalOut>; use?: never };

const hashOf = (request: ApprovalSubject['request']) => createHash('sha256').update(stableJson(request)).digest('hex');

function approvalFields(body: Record<string, unknown>) {
  const rawId = body.approval_id;
  if (rawId !== undefined && rawId !== null && !(typeof rawId === 'number' && Number.isSafeInteger(rawId) && rawId >= 1)) {
    throw new ApiError(400, 'BAD_REQUEST', 'approval_id is a whole number', { field: 'approval_id' });
  }
  if (body.approval_request !== undefined && typeof body.approval_request !== 'boolean') {
    throw new ApiError(400, 'BAD_REQUEST', 'approval_request is true or false', { field: 'approval_request' });
  }
  const pin = body.approval_pin === undefined || body.approval_pin === null ? null : assertPinShape(body.approval_pin, 'approval_pin');
  return { id: typeof rawId === 'number' ? rawId : null, ask: body.approval_request === true, pin };
}

const notValid = (why: string, data: Record<string, unknown>) =>
  new ApiError(409, 'APPROVAL_NOT_VALID', `This approval cannot be used: ${why}`, { reason: why, ...data });

/** Why an approval could not be used, read after the using statement found nothing. */
async function whyNot(
  tx: Database,
  merchantId: string,
  id: number,
  user: Requester,
  subject: ApprovalSubject,
  hash: string,
): Promise<ApiError> {
  const [row] = await tx.query<ApprovalRow>(`SELECT * FROM approvals WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
  if (!row || row.requested_by !== user.id) return notValid('NOT_FOUND', { approval_id: id });
  const same =
    row.kind === subject.kind && row.order_id === subject.orderId && Number(row.amount) === subject.amount && row.request_hash === hash;
  if (!same) return notValid('OTHER_REQUEST', { approval_id: id });
  return notValid(row.status, { approval_id: id, status: row.status });
}

async function useApproval(
  tx: Database,
  ctx: SandboxContext,
  user: Requester,
  subject: ApprovalSubject,
  id: number,
  byPin: PinOwner | null,
) {
  const hash = hashOf(subject.request);
  const now = ctx.clock.now();
  const statuses = byPin ? ['PENDING', 'APPROVED'] : ['APPROVED'];
  const [used] = await tx.query<ApprovalRow>(
    `UPDATE approvals SET status = 'USED', used_at = $8,
            decided_by = COALESCE($9, decided_by), decided_by_name = COALESCE($10, decided_by_name),
            decided_at = CASE WHEN $9::int IS NULL THEN decided_at ELSE $8 END,
            decided_with = CASE WHEN $9::int IS NULL THEN decided_with ELSE 'PIN' END
      WHERE id = $1 AND merchant_id = $2 AND requested_by = $3 AND kind = $4 AND order_id = $5 AND amount = $6
        AND request_hash = $7 AND status = ANY($11::text[]) RETURNING *`,
    [
      id,
      user.merchant_id,
      user.id,
      subject.kind,
      subject.orderId,
      subject.amount,
      hash,
      now,
      byPin?.id ?? null,
      byPin?.name ?? null,
      statuses,
    ],
  );
  if (!used) throw await whyNot(tx, user.merchant_id, id, user, subject, hash);
  if (byPin) await auditDecision(tx, now, user, byPin, used, 'approval.approve');
}

/** A PIN typed with no request yet: the request is made approved and used at once. */
async function approveAtOnce(tx: Database, ctx: SandboxContext, user: Requester, subject: ApprovalSubject, owner: PinOwner) {
  const now = ctx.clock.now();
  const [made] = await tx.query<ApprovalRow>(
    `INSERT INTO approvals (merchant_id, kind, order_id, order_code, amount, request, request_hash, status, requested_by, requested_by_name,
                            requested_at, decided_by, decided_by_name, decided_at, decided_with, used_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, 'USED', $8, $9, $10, $11, $12, $10, 'PIN', $10) RETURNING *`,
    [
      user.merchant_id,
      subject.kind,
      subject.orderId,
      subject.orderCode,
      subject.amount,
      JSON.stringify(subject.request),
      hashOf(subject.request),
      user.id,
      user.full_name || user.username,
      now,
      owner.id,
      owner.name,
    ],
  );
  await auditDecision(tx, now, user, owner, made!, 'approval.approve');
}

/**
 * The audit entry of a decision (D299): the owner decides, so the entry names the owner; a PIN decision
 * is made on the staff member's screen, which the entry says (`with`), with who asked.
 */
export async function auditDecision(
  tx: Database,
  now: number,
  requester: AuditActor,
  owner: PinOwner,
  row: ApprovalRow,
  action: 'approval.approve' | 'approval.decline',
): Promise<void> {
  await recordAudit(
    tx,
    now,
    { id: owner.id, merchant_id: row.merchant_id, full_name: owner.name, role: 'Customer' },
    {
      action,
      target: 'approval',
      targetId: row.id,
      before: { status: 'PENDING' },
      after: {
        status: action === 'approval.approve' ? 'APPROVED' : 'DECLINED',
        kind: row.kind,
        order_code: row.order_code,
        amount: Number(row.amount),
        requested_by: requester.full_name,
        with: row.decided_with ?? 'PIN',
      },
    },
  );
}

/** The gate itself: see the module's comment. PIN checks run before the action's transaction, so a wrong PIN counts even if the action then fails. */
export async function approvalGate(
  ctx: SandboxContext,
  user: Requester,
  body: Record<string, unknown>,
  subject: ApprovalSubject,
): Promise<Gate> {
  if (isOwnerRole(user.role)) return { asked: null, use: null };
  const fields = approvalFields(body);
  if (fields.pin !== null) {
    const owner = await checkPin(ctx, user.merchant_id, fields.pin);
    const id = fields.id;
    return {
      asked: null,
      use: (tx) => (id === null ? approveAtOnce(tx, ctx, user, subject, owner) : useApproval(tx, ctx, user, subject, id, owner)),
    };
  }
  if (fields.id !== null) {
    const id = fields.id;
    return { asked: null, use: (tx) => useApproval(tx, ctx, user, subject, id, null) };
  }
  if (fields.ask) return { asked: await askApproval(ctx, user, subject, hashOf(subject.request)) };
  const pin = await pinState(ctx, user.merchant_id);
  throw new ApiError(403, APPROVAL_REQUIRED, 'A staff-type user needs the owner’s approval for this', {
    kind: subject.kind,
    pin_set: pin.is_set,
  });
}
