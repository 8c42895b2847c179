/** The approvals area's service face (areas.json `uses`): the approval fields a gated call carries, the calls and actors (D310). */
export type { ApprovalFields, Approval, PinState, ApprovalFilter, ApprovalDecision } from './schemas';
export { APPROVAL_FILTERS } from './schemas';
export { createApprovalsApi, type ApprovalsApi } from './api';
export { createApprovalsActors } from './actors';
