import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { RealtimeHub } from '../realtime/hub';
import { newIdempotencyKey } from '../../rules/idempotency';
import type { ApprovalsApi } from './api';
import { approvalUpdatedSchema, type Approval, type ApprovalDecision, type ApprovalFilter, type PinState } from './schemas';

/**
 * The approval step's actors for `machine.provide({ actors })` in src/app (D310). `ask` needs the gated
 * call the subject stands for (the void or refund route and body), which the gated area gives.
 */
export function createApprovalsActors(api: ApprovalsApi, hub?: RealtimeHub) {
  return {
    setPin: fromPromise<PinState, { pin: string }>(({ input, signal }) => api.setPin(input.pin, signal)),
    loadApprovals: fromPromise<Approval[], { filter: ApprovalFilter }>(({ input, signal }) => api.list(input.filter, signal)),
    decide: fromPromise<Approval, { approvalId: number; decision: ApprovalDecision }>(({ input, signal }) =>
      api.decide(input.approvalId, input.decision, signal),
    ),
    /** The approvals page follows `approval_updated` on the sale socket, and a reconnection that may have missed one (D317). */
    watchApprovals: fromCallback<EventObject, void>(({ sendBack }) => {
      if (!hub) return () => {};
      let lost = hub.status() !== 'connected';
      const offUpdated = hub.on('sale', 'approval_updated', (payload) => {
        if (approvalUpdatedSchema.safeParse(payload).success) sendBack({ type: 'APPROVALS.UPDATED' });
      });
      const offStatus = hub.onStatus((status) => {
        if (status !== 'connected') lost = true;
      });
      const offConnected = hub.onConnected('sale', ({ recovered }) => {
        const missed = lost && !recovered;
        lost = false;
        if (missed) sendBack({ type: 'APPROVALS.UPDATED' });
      });
      return () => {
        offUpdated();
        offStatus();
        offConnected();
      };
    }),
    loadPinState: fromPromise<PinState, void>(({ signal }) => api.pinState(signal)),
    readApproval: fromPromise<Approval, { approvalId: number }>(({ input, signal }) => api.get(input.approvalId, signal)),
    askFor: (gated: (subject: unknown) => { method: 'PUT' | 'POST'; path: string; body: Record<string, unknown> }) =>
      // One request per subject and requester on the service's side, so a new key per ask is safe (D310).
      fromPromise<Approval, { subject: unknown }>(({ input, signal }) =>
        api.ask(gated(input.subject), newIdempotencyKey('approval'), signal),
      ),
  };
}
