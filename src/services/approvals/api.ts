import type { ServiceClient } from '../http/client';
import { z } from '../../config/zod-classic';
import { approvalSchema, pinStateSchema, type Approval, type ApprovalDecision, type ApprovalFilter, type PinState } from './schemas';

const approvalListSchema = z.array(approvalSchema).max(100);

/** The approval calls on the sale service (D310; docs/areas/approvals.md). Every answer is validated. */
export interface ApprovalsApi {
  pinState(signal?: AbortSignal): Promise<PinState>;
  get(approvalId: number, signal?: AbortSignal): Promise<Approval>;
  /** PUT /approval/pin (owner only): sets or changes the PIN; answers the PIN's state, never the PIN. */
  setPin(pin: string, signal?: AbortSignal): Promise<PinState>;
  /** GET /approval?status=PENDING|ALL: the owner's requests (a staff member's own), newest first. */
  list(filter: ApprovalFilter, signal?: AbortSignal): Promise<Approval[]>;
  /** PUT /approval/decide (owner only): 409 APPROVAL_NOT_VALID when decided already. */
  decide(approvalId: number, decision: ApprovalDecision, signal?: AbortSignal): Promise<Approval>;
  /**
   * Asks the owner (D310): the gated call itself (PUT /order/void, POST /payment/refund) with
   * `approval_request: true`, answered 202 with the pending request.
   */
  ask(
    gated: { method: 'PUT' | 'POST'; path: string; body: Record<string, unknown> },
    idempotencyKey: string,
    signal?: AbortSignal,
  ): Promise<Approval>;
}

export function createApprovalsApi(sale: ServiceClient): ApprovalsApi {
  return {
    pinState: (signal) => sale.data({ name: 'approvals.pin', path: '/approval/pin', schema: pinStateSchema, signal }),
    get: (approvalId, signal) => sale.data({ name: 'approvals.get', path: `/approval/${approvalId}`, schema: approvalSchema, signal }),
    setPin: (pin, signal) =>
      sale.data({ name: 'approvals.setPin', method: 'PUT', path: '/approval/pin', body: { pin }, schema: pinStateSchema, signal }),
    list: (filter, signal) =>
      sale.data({ name: 'approvals.list', path: '/approval', query: { status: filter }, schema: approvalListSchema, signal }),
    decide: (approvalId, decision, signal) =>
      sale.data({
        name: 'approvals.decide',
        method: 'PUT',
        path: '/approval/decide',
        body: { approval_id: approvalId, decision },
        schema: approvalSchema,
        signal,
      }),
    ask: (gated, idempotencyKey, signal) =>
      sale.data({
        name: 'approvals.ask',
        method: gated.method,
        path: gated.path,
        body: { ...gated.body, approval_request: true },
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: approvalSchema,
        signal,
      }),
  };
}
