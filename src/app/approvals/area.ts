import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * Manager approval (D310, D317): the approval step a staff member's void or refund meets (the owner's
 * PIN on the same screen, or a request to the owner's bell), and /approvals: the owner sets the
 * approval PIN and decides the requests; a staff member follows their own. Flag `ecom` like the
 * drawer and the Z report (part of selling), open to staff (read-only for them; the service scopes and
 * refuses); in the sales section after the Z report. The sale service's rules are in
 * sandbox/areas/approvals.
 */
export default defineArea({
  name: 'approvals',
  inspector: {
    machines: ['approvalGate', 'approvalPin', 'approvalList'],
    // The PIN is never shown (masked as any field not listed); the request's status, the tries left,
    // the list's filter and the forms' bookkeeping are.
    fields: ['pinSet', 'showErrors', 'attemptsLeft', 'error', 'filter', 'loadError', 'saveError', 'refusals', 'field', 'decision'],
  },
  entries: [
    {
      path: 'approvals',
      labelKey: 'nav.approvals',
      flag: 'ecom',
      nested: true,
      menu: { section: 'sales', order: 1.7 },
      route: lazyPage(() => import('./ApprovalsRoute')),
    },
  ],
});
