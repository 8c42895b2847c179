/** The approvals area's face for the app layer of the gated areas (areas.json `uses`): the approval step's wiring and the address (D310). */
export { approvalsActorsOf } from './actors';
export { approvalsPaths } from './paths';
