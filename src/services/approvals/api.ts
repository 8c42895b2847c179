import type { ServiceClient } from '../http/client';
import { approvalSchema, pinStateSchema, type Approval, type PinState } from './schemas';

/** The approval calls on the sale service (D310; docs/areas/approvals.md). Every answer is validated. */
export interface ApprovalsApi {
  pinState(signal?: AbortSignal): Promise<PinState>;
  get(approvalId: number, signal?: AbortSignal): Promise<Approval>;
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
