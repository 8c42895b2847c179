import type { ReportChannel } from '../../services/reports/schemas/transactions';
import { defineArea, type AreaRoute } from '../shared/define-area';
import { lazyPage, type PageComponent } from '../shared/lazy-page';

// The eight reports share one chunk and one route component (core §2 Reports).
const ReportRoute = lazyPage(() => import('./ReportRoute'));

function report(channel: ReportChannel, labelKey: string, menuOrder?: number): AreaRoute {
  const Report: PageComponent = Object.assign(() => <ReportRoute channel={channel} />, { preload: ReportRoute.preload });
  return {
    path: `tx-${channel}`,
    labelKey,
    flag: 'report',
    route: Report,
    ...(menuOrder === undefined ? {} : { menu: { section: 'reports' as const, order: menuOrder } }),
  };
}

/** The transaction reports; the menu lists card and ShopQR, the others are reached by address. */
export default defineArea({
  name: 'reports',
  inspector: {
    machines: ['reportList', 'export'],
    // Context and event fields these machines may show (everything else is masked).
    fields: ['channel', 'filters', 'time', 'preset', 'from', 'to', 'statuses', 'sort', 'order', 'pageSizeDraft', 'rows', 'totalAmount', 'totalCount', 'rangeError', 'today', 'received', 'total', 'filename', 'amount', 'created_at', 'transaction_status'],
  },
  entries: [
    report('card', 'nav.txCard', 1),
    report('va', 'nav.txVa', 2),
    report('cash', 'nav.txCash'),
    report('momo', 'nav.txMomo'),
    report('installment', 'nav.txInstallment'),
    report('ecom', 'nav.txEcom'),
    report('saving', 'nav.txSaving'),
    report('loan', 'nav.txLoan'),
  ],
});
