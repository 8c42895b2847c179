/** The approvals area's face for the gated sandbox areas (areas.json `uses: ["approvals"]`): the gate (D310). */
export { approvalGate, type ApprovalSubject, type Gate } from './gate';
