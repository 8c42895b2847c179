import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * /audit-log (D299, D300): the audit log of sensitive actions, with filters in the address bar and an
 * xlsx export; owner only (D87: the shell shows staff-type users its note; the service refuses them
 * too), in the business-info section after staff.
 */
export default defineArea({
  name: 'audit',
  inspector: {
    machines: ['auditList', 'auditExport'],
    // Paging, status and error fields always show; names, stores and the entries' values stay masked.
    fields: ['action', 'received', 'total', 'usersError'],
  },
  entries: [
    {
      path: 'audit-log',
      labelKey: 'nav.audit',
      flag: null,
      ownerOnly: true,
      nested: true,
      menu: { section: 'businessInfo', order: 4 },
      route: lazyPage(() => import('./AuditRoute')),
    },
  ],
});
