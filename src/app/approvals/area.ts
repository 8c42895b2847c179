import { defineArea } from '../shared/define-area';

/**
 * Manager approval (D310): the approval step a staff member's void meets (the owner's PIN on the same
 * screen, or a request to the owner's bell). The owner's page to set the PIN and decide requests is
 * not built yet (docs/areas/approvals.md). The sale service's rules are in sandbox/areas/approvals.
 */
export default defineArea({
  name: 'approvals',
  inspector: {
    machines: ['approvalGate'],
    // The PIN is never shown (masked as any field not listed); the request's status and the tries left are.
    fields: ['pinSet', 'showErrors', 'attemptsLeft', 'error'],
  },
});
