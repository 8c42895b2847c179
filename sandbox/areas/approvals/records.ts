import type { ApprovalKind, ApprovalStatus } from '../../../src/rules/approvals';
import type { SandboxContext } from '../../platform/context';
import type { ApprovalSubject, Requester } from './gate';
import { seconds } from './pin';

/** The approval requests as stored and as answered (D310). */

export interface ApprovalRow extends Record<string, unknown> {
  id: number;
  merchant_id: string;
  kind: ApprovalKind;
  order_id: number;
  order_code: string;
  amount: string | number;
  request: Record<string, unknown>;
  request_hash: string;
  status: ApprovalStatus;
  requested_by: number;
  requested_by_name: string;
  requested_at: string | number;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: string | number | null;
  decided_with: 'PIN' | 'BELL' | null;
  used_at: string | number | null;
}

const secondsOrNull = (ms: string | number | null) => (ms === null ? null : seconds(Number(ms)));

/** Wire shape: times in unix seconds; the request hash stays inside. */
export function approvalOut(row: ApprovalRow) {
  return {
    approval_id: row.id,
    kind: row.kind,
    order_id: row.order_id,
    order_code: row.order_code,
    amount: Number(row.amount),
    request: row.request,
    status: row.status,
    requested_by: row.requested_by_name,
    requested_at: seconds(Number(row.requested_at)),
    decided_by: row.decided_by_name,
    decided_at: secondsOrNull(row.decided_at),
    decided_with: row.decided_with,
    used_at: secondsOrNull(row.used_at),
  };
}
export type ApprovalOut = ReturnType<typeof approvalOut>;

/** The bell's kind for "a staff member asks for the owner's approval" (notifications, D310). */
export const BELL_APPROVAL = 4;

/**
 * A pending request for the subject, one per requester and subject: asking again answers the waiting
 * one. The owner's bell gets a notification pointing at the order, and every tab of the merchant hears
 * `approval_updated` (the owner's approvals page reloads).
 */
export async function askApproval(ctx: SandboxContext, user: Requester, subject: ApprovalSubject, hash: string): Promise<ApprovalOut> {
  const now = ctx.clock.now();
  const made = await ctx.db.transaction(async (tx) => {
    // One waiting request per subject and requester; the advisory lock makes two tabs asking at once see one.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`approval:${user.merchant_id}:${user.id}:${hash}`]);
    const [waiting] = await tx.query<ApprovalRow>(
      `SELECT * FROM approvals WHERE merchant_id = $1 AND requested_by = $2 AND kind = $3 AND order_id = $4 AND amount = $5
          AND request_hash = $6 AND status = 'PENDING' ORDER BY id DESC LIMIT 1`,
      [user.merchant_id, user.id, subject.kind, subject.orderId, subject.amount, hash],
    );
    if (waiting) return { row: waiting, fresh: false };
    const [row] = await tx.query<ApprovalRow>(
      `INSERT INTO approvals (merchant_id, kind, order_id, order_code, amount, request, request_hash, requested_by, requested_by_name, requested_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10) RETURNING *`,
      [
        user.merchant_id,
        subject.kind,
        subject.orderId,
        subject.orderCode,
        subject.amount,
        JSON.stringify(subject.request),
        hash,
        user.id,
        user.full_name || user.username,
        now,
      ],
    );
    const [note] = await tx.query<{ id: number }>(
      `INSERT INTO notifications (merchant_id, notification_type, order_id, order_code, table_name, status, created_at)
       VALUES ($1, $2, $3, $4, NULL, 0, $5) RETURNING id`,
      [user.merchant_id, BELL_APPROVAL, subject.orderId, subject.orderCode, now],
    );
    return { row: row!, fresh: true, noteId: note!.id };
  });
  const out = approvalOut(made.row);
  if (made.fresh) {
    ctx.realtime.emitToMerchant('sale', user.merchant_id, 'notification', {
      id: made.noteId,
      notification_type: BELL_APPROVAL,
      order_id: subject.orderId,
      order_code: subject.orderCode,
      table_name: null,
      created_at: seconds(now),
    });
    ctx.realtime.emitToMerchant('sale', user.merchant_id, 'approval_updated', out);
  }
  return out;
}
