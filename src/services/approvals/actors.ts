import { fromPromise } from 'xstate';
import { newIdempotencyKey } from '../../rules/idempotency';
import type { ApprovalsApi } from './api';
import type { Approval, PinState } from './schemas';

/**
 * The approval step's actors for `machine.provide({ actors })` in src/app (D310). `ask` needs the gated
 * call the subject stands for (the void or refund route and body), which the gated area gives.
 */
export function createApprovalsActors(api: ApprovalsApi) {
  return {
    loadPinState: fromPromise<PinState, void>(({ signal }) => api.pinState(signal)),
    readApproval: fromPromise<Approval, { approvalId: number }>(({ input, signal }) => api.get(input.approvalId, signal)),
    askFor: (gated: (subject: unknown) => { method: 'PUT' | 'POST'; path: string; body: Record<string, unknown> }) =>
      // One request per subject and requester on the service's side, so a new key per ask is safe (D310).
      fromPromise<Approval, { subject: unknown }>(({ input, signal }) =>
        api.ask(gated(input.subject), newIdempotencyKey('approval'), signal),
      ),
  };
}
