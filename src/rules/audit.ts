/**
 * The audit log's action codes (D299): one code per sensitive action the service records. The list is
 * open: an action added later adds its code here, and the portal's filter and labels (i18n
 * `audit:action.<code>`) follow from it. Voids, the drawer (open, cash in and out, the count and
 * close) and price changes: D319.
 */
export const AUDIT_ACTIONS = [
  'bank.account.add',
  'bank.account.delete',
  'shopqr.add',
  'shopqr.delete',
  'staff.add',
  'staff.update',
  'staff.delete',
  'einvoice.settings.save',
  'einvoice.settings.cancel',
  'payment.settings.save',
  'refund.create',
  'approval.pin.set',
  'approval.approve',
  'approval.decline',
  'order.void',
  'shift.open',
  'shift.cash_in',
  'shift.cash_out',
  'shift.close',
  'product.price',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The action's label key (i18n `audit:action.<key>`): dots would be read as nesting, so they become underscores. */
export const auditActionKey = (action: string): string => action.replace(/\./g, '_');

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** What an entry is about (its target type); the id beside it is the record's own. */
export const AUDIT_TARGETS = [
  'bank_account',
  'shopqr',
  'staff',
  'einvoice_settings',
  'payment_settings',
  'refund',
  'approval',
  'order',
  'shift',
  'product',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

const MASK = '••••';

/**
 * An account number as the audit log keeps it (D299): the last 4 digits only, like the masked keys of
 * the payment settings, so the log is no copy of the merchant's account numbers.
 */
export function maskAccountNo(value: string | null | undefined): string {
  if (!value) return '';
  return value.length <= 4 ? MASK : `${MASK}${value.slice(-4)}`;
}

/** A phone number in the log: the first 3 and last 3 digits (personal data, D299). */
export function maskPhone(value: string | null | undefined): string {
  if (!value) return '';
  return value.length <= 6 ? MASK : `${value.slice(0, 3)}${MASK}${value.slice(-3)}`;
}

/** A value of an entry's before/after: text, number, yes/no or nothing. */
export type AuditValue = string | number | boolean | null;
export type AuditValues = Record<string, AuditValue>;

/** The fields whose value differs between before and after, in the order they first appear (the row's "what changed"). */
export function changedFields(before: AuditValues | null, after: AuditValues | null): string[] {
  const keys = [...Object.keys(before ?? {}), ...Object.keys(after ?? {})];
  return [...new Set(keys)].filter((k) => (before?.[k] ?? null) !== (after?.[k] ?? null));
}
