import { EINVOICE_ERROR_CODES } from '../../rules/einvoiceErrorCodes';

/**
 * Error-code catalogue: every code of core §8 and doc 2 §8 plus the client's own. The texts live in
 * the i18n namespace `errors` (src/i18n/{vi,en}/errors.json) under the same names.
 */

export const SERVER_ERROR_CODES = [
  // core §8
  'AUTHEN_FAIL',
  'LOGIN_FAIL',
  'TOKEN_EXPIRED',
  'TOKEN_INCORRECT',
  'USER_LOCKED_USING',
  'BANK_INCORRECT',
  'BANK_EXIST',
  'BANK_NOT_EXIST',
  'DELETE_BANK_ERROR',
  'USER_INCORRECT',
  'EMAIL_IS_EXIST',
  'INVALID_EMAIL',
  'PHONE_IS_EXIST',
  'PHONE_EXIST',
  'ACCOUNT_EXIST',
  'STAFF_EXIST',
  'STORE_NOT_EXIST',
  'TAX_NO_INCORECT',
  'TAX_NO_IS_EXST',
  'TAX_NO_NOT_EXIST',
  'HOLDER_NAME_NOT_MATCH',
  'CHANNEL_EXIST',
  'CHANNEL_NOT_FOUND',
  'STORE_LINK_VA',
  'VA_NOT_FOUND',
  'LINK_EDC_VA_FAIL',
  'STAFF_LINK_VA',
  'PERMISSION_DENY',
  'PASSWORD_NOT_MATCH',
  'PASSWORD_DUPLICATE',
  'OTP_EXPIRE',
  'SEND_EMAIL_ERROR',
  'REQUIRED',
  'TXN_SAVE_ERROR',
  'BIN_CODE_EXPIRE',
  'E_ADD_DEVICE',
  'SUBSCRIBE_NOTY_ERROR',
  'DELETE_DEVICE_ERROR',
  'ACCOUNT_SPECILIZED',
  'ACCOUNT_WRITE_LOCKED',
  'ACCOUNT_CLOSED_REDISTERED',
  // doc 2 §8
  'NAME_CODE_EXIST',
  'PERFIX_EXIST',
  'INVOICE_ALREADY_EXPORTED',
  'SYSTEM_FAIL',
  'SYNC_WESAP_FAIL',
  // The server's own limits: core §5's 30 days, and one export at a time per merchant (D81).
  'RANGE_TOO_LONG',
  'EXPORT_IN_PROGRESS',
  // Orders (doc 2 §8): an order already paid refuses every change; a dish no longer on sale.
  'ORDER_COMPLETED',
  'PRODUCT_NOT_AVAILABLE',
  // Taking payment (D122): a paid order, the card terminal, a reused payment key.
  'ORDER_PAID',
  'ORDER_EMPTY',
  'TERMINAL_OFFLINE',
  'TERMINAL_BUSY',
  'IDEMPOTENCY_KEY_REUSED',
  // An order's dishes are locked while a payment is pending on it (D214); money offered that
  // is not the order's total is refused (D215).
  'ORDER_PAYMENT_PENDING',
  'AMOUNT_MISMATCH',
  // tables: a table with an open bill cannot be removed (D135).
  'TABLE_HAS_ORDER',
  // A transaction rule overlapping another of its store and card (D166); a wrong purchase or referral code (D170).
  'RULE_EXIST',
  'CODE_INVALID',
  // The cash drawer (D303): one open shift per store, a closed shift is read-only, a big difference needs a reason.
  'SHIFT_ALREADY_OPEN',
  'SHIFT_CLOSED',
  'SHIFT_NOT_FOUND',
  'CLOSE_REASON_REQUIRED',
  // The e-invoice adapters' (D184, D187) and the product backend's e-invoice codes (INVOICE_ALREADY_EXPORTED among them).
  ...EINVOICE_ERROR_CODES,
] as const;

/** Bank-side checks carry a bank-specific suffix (core §8), e.g. ACCOUNT_NAME_INVALID_VCB. */
export const PREFIX_ERROR_FAMILIES = [
  'ACCOUNT_NAME_INVALID',
  'ACCOUNT_NUMBER_INVALID',
  'CUSTOMER_NOT_FOUND',
  'PHONE_NO_MATCH',
  'TAX_NUMBER_NO_MATCH',
] as const;

export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE', 'UNKNOWN_ERROR', 'BAD_REQUEST'] as const;

export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];
export type ErrorFamily = (typeof PREFIX_ERROR_FAMILIES)[number];
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
/** Every key of the `errors` namespace that names a code. */
export type CatalogueCode = ServerErrorCode | ErrorFamily | ClientErrorCode;

/** General texts of core §8 that are not tied to one code; also keys of the `errors` namespace. */
export const GENERAL_ERROR_KEYS = [
  'system_unavailable',
  'check_network',
  'login_failed',
  'something_went_wrong',
  'account_locked_title',
  'account_locked_temporary',
  'account_locked_retry',
  'access_token_not_found',
] as const;
export type GeneralErrorKey = (typeof GENERAL_ERROR_KEYS)[number];

const EXACT = new Set<string>([...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES, ...PREFIX_ERROR_FAMILIES]);

/** The catalogue entry for a code: itself, its prefix family, BAD_REQUEST when empty, else UNKNOWN_ERROR. */
export function catalogueCode(code: string | null | undefined): CatalogueCode {
  const trimmed = (code ?? '').trim();
  if (!trimmed) return 'BAD_REQUEST';
  if (EXACT.has(trimmed)) return trimmed as CatalogueCode;
  const family = PREFIX_ERROR_FAMILIES.find((prefix) => trimmed.startsWith(`${prefix}_`));
  return family ?? 'UNKNOWN_ERROR';
}

/** i18n key (namespace-qualified) for a code: `t(errorMessageKey(code))`. */
export function errorMessageKey(code: string | null | undefined): `errors:${CatalogueCode}` {
  return `errors:${catalogueCode(code)}`;
}

export interface ErrorMessage {
  key: `errors:${CatalogueCode}`;
  /** Options for `t(key, params)`: interpolation and context for texts that name something (STAFF_LINK_VA). */
  params: Record<string, string>;
}

function pickString(data: unknown, keys: readonly string[]): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  for (const key of keys) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

/**
 * Key plus interpolation values for an error from a service call. The staff named by STAFF_LINK_VA
 * comes from the error's data (field name not shown in the spec, so the likely ones are tried);
 * without it the text falls back to a neutral "this staff member".
 */
export function errorMessage(error: { code?: string | null; data?: unknown } | null | undefined): ErrorMessage {
  const key = errorMessageKey(error?.code);
  const params: Record<string, string> = {};
  if (key === 'errors:STAFF_LINK_VA') {
    const staff = pickString(error?.data, ['staff', 'staff_name', 'full_name', 'name', 'staff_id']);
    // i18next context: STAFF_LINK_VA_named carries {{staff}}; plain STAFF_LINK_VA reads without it.
    if (staff) Object.assign(params, { staff, context: 'named' });
  }
  return { key, params };
}
