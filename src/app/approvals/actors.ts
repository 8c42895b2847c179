import { fromPromise } from 'xstate';
import { approvalGateMachine, type PerformInput } from '../../machines/approvals';
import { createApprovalsActors, createApprovalsApi } from '../../services/approvals';
import type { AreaFactory } from '../shared/composition';
import { realtimeHubOf } from '../shared/realtime-runtime';

type Gated = (subject: unknown) => { method: 'PUT' | 'POST'; path: string; body: Record<string, unknown> };

/**
 * The approvals area's wiring for one runtime (D279), and the approval step a gated area invokes
 * (D310): the approvals page's calls (D317), and `gateFor(gated, perform)`, approvalGate with the gated call (for asking) and the action
 * carried out with the approval's fields.
 */
export const approvalsActorsOf: AreaFactory<
  ReturnType<typeof createApprovalsActors> & {
    gateFor: (gated: Gated, perform: (input: PerformInput, signal: AbortSignal) => Promise<unknown>) => typeof approvalGateMachine;
  }
> = (scope) => {
  // The approvals page follows the sale socket's approval_updated (D317).
  const actors = createApprovalsActors(createApprovalsApi(scope.runtime.clients.sale), scope.use(realtimeHubOf));
  return {
    ...actors,
    gateFor: (gated, perform) =>
      approvalGateMachine.provide({
        actors: {
          loadPinState: actors.loadPinState,
          readApproval: actors.readApproval,
          ask: actors.askFor(gated),
          perform: fromPromise<unknown, PerformInput>(({ input, signal }) => perform(input, signal)),
        },
      }),
  };
};
