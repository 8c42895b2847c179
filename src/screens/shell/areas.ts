/**
 * The areas of the portal behind the shell (core §2, doc 2) and the deployment flag that gates each
 * (core §1, §6). The sidebar and the router both read this table, so a flag that hides a menu entry
 * also makes its address answer "not found" instead of leaving a reachable page with no way in.
 */

export type AreaFlag =
  | 'overview'
  | 'report'
  | 'payment'
  | 'payByLink'
  | 'edc'
  | 'ecom'
  | 'feedback'
  | 'einvoice'
  | 'masterMerchant';

export type AreaFeatures = Record<AreaFlag, boolean> & { feedbackComingSoon: boolean };

export interface Area {
  /** Route path under the basename, without a leading slash. */
  path: string;
  /** Key in the shell namespace. */
  labelKey: string;
  /** null: always available to a signed-in user. */
  flag: AreaFlag | null;
  /** Only for food-and-beverage merchants (core §6). */
  fnbOnly?: boolean;
  /** The area has sub-pages (add, update, detail…) that belong to it. */
  nested?: boolean;
}

export const AREAS: readonly Area[] = [
  { path: 'dashboard', labelKey: 'nav.overview', flag: 'overview' },
  { path: 'tx-card', labelKey: 'nav.txCard', flag: 'report' },
  { path: 'tx-va', labelKey: 'nav.txVa', flag: 'report' },
  { path: 'tx-cash', labelKey: 'nav.txCash', flag: 'report' },
  { path: 'tx-momo', labelKey: 'nav.txMomo', flag: 'report' },
  { path: 'tx-installment', labelKey: 'nav.txInstallment', flag: 'report' },
  { path: 'tx-ecom', labelKey: 'nav.txEcom', flag: 'report' },
  { path: 'tx-saving', labelKey: 'nav.txSaving', flag: 'report' },
  { path: 'tx-loan', labelKey: 'nav.txLoan', flag: 'report' },
  { path: 'bank', labelKey: 'nav.bank', flag: 'payment', nested: true },
  { path: 'payment', labelKey: 'nav.payment', flag: 'payment', nested: true },
  { path: 'pay-by-link', labelKey: 'nav.payByLink', flag: 'payByLink', nested: true },
  { path: 'edc', labelKey: 'nav.edc', flag: 'edc', nested: true },
  { path: 'sale-order', labelKey: 'nav.saleOrder', flag: 'ecom', nested: true },
  { path: 'sale-product', labelKey: 'nav.saleProduct', flag: 'ecom', nested: true },
  { path: 'sale-customer', labelKey: 'nav.saleCustomer', flag: 'ecom', nested: true },
  { path: 'category', labelKey: 'nav.category', flag: 'ecom', nested: true },
  { path: 'sale-table', labelKey: 'nav.saleTable', flag: 'ecom', fnbOnly: true, nested: true },
  { path: 'sale-setting', labelKey: 'nav.saleSetting', flag: 'ecom', nested: true },
  { path: 'sale-invoice', labelKey: 'nav.saleInvoice', flag: 'ecom', nested: true },
  { path: 'e-invoice', labelKey: 'nav.einvoiceList', flag: 'einvoice', nested: true },
  { path: 'e-inv-setting', labelKey: 'nav.einvoiceSetting', flag: 'einvoice', nested: true },
  { path: 'feedback', labelKey: 'nav.feedback', flag: 'feedback', nested: true },
  { path: 'profile', labelKey: 'nav.profile', flag: null },
  { path: 'store', labelKey: 'nav.store', flag: null, nested: true },
  { path: 'staff', labelKey: 'nav.staff', flag: null, nested: true },
  { path: 'master-merchant', labelKey: 'nav.masterMerchantList', flag: 'masterMerchant' },
  { path: 'master-merchant/new', labelKey: 'nav.masterMerchantNew', flag: 'masterMerchant' },
];

export function isAreaEnabled(area: Area, features: AreaFeatures, isFnb: boolean): boolean {
  if (area.flag !== null && !features[area.flag]) return false;
  if (area.fnbOnly && !isFnb) return false;
  return true;
}

/** Keys that differ between business and personal accounts (core §1). */
export function accountWording(accountType: string | undefined): 'business' | 'personal' {
  return accountType === 'business' ? 'business' : 'personal';
}

/** Label key for an area, with business/personal wording where the wording differs. */
export function areaLabelKey(area: Area, accountType: string | undefined): string {
  return area.labelKey === 'nav.profile' ? `nav.profile.${accountWording(accountType)}` : area.labelKey;
}
