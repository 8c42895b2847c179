/** The approvals area's screen face for the gated dialogs (areas.json `uses`): the approval step (D310). */
export { ApprovalStep, type ApprovalStepActor } from './ApprovalStep';
