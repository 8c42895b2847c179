import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * /reconciliation (issue 27 §5, D308, D309): a store's day of VietQR, card and link payments matched
 * against the bank's records, with the flagged payments the bank never received, totals and an xlsx
 * export. Owner only (D309: the shell shows staff-type users its note; the service refuses them too),
 * in the business-info section after the audit log (the owner's other checking tool; D309).
 */
export default defineArea({
  name: 'reconciliation',
  inspector: {
    machines: ['reconciliationDay', 'reconciliationExport'],
    // The flow's state and error codes; the payments, amounts and references stay masked.
    fields: ['loadError', 'received', 'total', 'errorCode'],
  },
  entries: [
    {
      path: 'reconciliation',
      labelKey: 'nav.reconciliation',
      flag: null,
      ownerOnly: true,
      nested: true,
      menu: { section: 'businessInfo', order: 5 },
      route: lazyPage(() => import('./ReconciliationRoute')),
    },
  ],
});
