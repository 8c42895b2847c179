/** The approvals area's machine face for the gated areas (areas.json `uses`): the approval step they invoke (D310). */
export { approvalGateMachine, APPROVAL_POLL_MS, type PerformInput, type ApprovalGateOutput } from './approvalGate.machine';
export { selectApprovalGate, type ApprovalGateView } from './selectors';
