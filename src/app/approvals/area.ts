import { defineArea } from '../shared/define-area';

/**
 * Manager approval (D310): the owner's page, /approvals, with the approval PIN and the staff
 * members' requests to decide (the bell's approvals tab opens it); the same-screen PIN is part of the
 * void and refund dialogs. The sale service's rules are in sandbox/areas/approvals.
 */
export default defineArea({
  name: 'approvals',
  inspector: { machines: [], fields: [] },
  entries: [{ path: 'approvals', labelKey: 'nav.approvals', flag: null, ownerOnly: true, nested: false }],
});
