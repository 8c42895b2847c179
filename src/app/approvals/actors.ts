import { fromPromise } from 'xstate';
import { approvalGateMachine, type PerformInput } from '../../machines/approvals';
import { createApprovalsActors, createApprovalsApi } from '../../services/approvals';
import type { AreaFactory } from '../shared/composition';

type Gated = (subject: unknown) => { method: 'PUT' | 'POST'; path: string; body: Record<string, unknown> };

/**
 * The approvals area's wiring for one runtime (D279), and the approval step a gated area invokes
 * (D310): `gateFor(gated, perform)` is approvalGate with the gated call (for asking) and the action
 * carried out with the approval's fields.
 */
export const approvalsActorsOf: AreaFactory<{
  gateFor: (gated: Gated, perform: (input: PerformInput, signal: AbortSignal) => Promise<unknown>) => typeof approvalGateMachine;
}> = (scope) => {
  const actors = createApprovalsActors(createApprovalsApi(scope.runtime.clients.sale));
  return {
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
