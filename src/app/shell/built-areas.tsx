import { lazy, type ComponentType } from 'react';

/**
 * Areas that exist, by path. Each is its own lazy chunk (the eight reports share one), so /login
 * and the shell do not grow with them. Areas not listed still show "not built yet".
 */
const ReportRoute = lazy(() => import('../reports/ReportRoute'));
const DashboardRoute = lazy(() => import('../dashboard/DashboardRoute'));
const BankRoute = lazy(() => import('../bank/BankRoute'));
const EdcRoute = lazy(() => import('../edc/EdcRoute'));
const PaymentRoute = lazy(() => import('../shopqr/ShopQrRoute'));

const report = (channel: 'card' | 'cash' | 'momo' | 'installment' | 'va' | 'ecom' | 'saving' | 'loan'): ComponentType =>
  function Report() {
    return <ReportRoute channel={channel} />;
  };

export const BUILT_AREAS: Readonly<Record<string, ComponentType>> = {
  dashboard: DashboardRoute,
  bank: BankRoute,
  payment: PaymentRoute,
  'tx-card': report('card'),
  'tx-cash': report('cash'),
  'tx-momo': report('momo'),
  'tx-installment': report('installment'),
  'tx-va': report('va'),
  'tx-ecom': report('ecom'),
  'tx-saving': report('saving'),
  'tx-loan': report('loan'),
  edc: EdcRoute,
};
