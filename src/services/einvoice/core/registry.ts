import { composeEivCode, parseEivCode, serialText, type EivCodeParts } from '../../../rules/einvoiceCode';
import { vnToday } from '../../../rules/vnTime';
import { PROVIDER_ROUTES, type EinvoiceRow, type ProviderInfo, type ProviderRoute, type Serial } from './types';

/**
 * The four providers as data (doc 2 §3 "E-invoice provider", §4 status maps and signing rules). Screens
 * and machines ask these functions instead of branching on the provider, so a fifth provider is a new
 * entry here and an adapter, not a change in every screen.
 */

// Logo assets by URL rather than by import: Vite bundles `new URL(…, import.meta.url)` the same way,
// and Node (e2e's fixtures build invoices through the adapters, which use this module) never has to
// load an .svg as a module.
const fptLogo = new URL('./logos/fpt.svg', import.meta.url).href;
const mInvoiceLogo = new URL('./logos/m-invoice.svg', import.meta.url).href;
const misaLogo = new URL('./logos/misa.svg', import.meta.url).href;
const viettelLogo = new URL('./logos/viettel.svg', import.meta.url).href;

export const PROVIDERS: Readonly<Record<ProviderRoute, ProviderInfo>> = {
  'm-invoice': {
    route: 'm-invoice',
    name: 'M-Invoice',
    logo: mInvoiceLogo,
    features: ['invoices', 'view', 'export', 'sign', 'sso', 'check_status', 'serial', 'export_sign'],
    isSSO: true,
    showSerial: true,
    invoiceLookupUrl: 'https://tracuu.minvoice.com.vn',
    researchUrl: 'https://minvoice.com.vn',
  },
  misa: {
    route: 'misa',
    name: 'MISA meInvoice',
    logo: misaLogo,
    // MISA signs with its own certificate while it publishes (D180): no signing step, but exporting signs.
    features: ['invoices', 'view', 'export', 'check_status', 'serial', 'export_sign'],
    isSSO: false,
    showSerial: true,
    invoiceLookupUrl: 'https://www.meinvoice.vn/tra-cuu',
    researchUrl: 'https://www.meinvoice.vn',
  },
  fpt: {
    route: 'fpt',
    name: 'FPT eInvoice',
    logo: fptLogo,
    features: ['invoices', 'view', 'export', 'sign', 'check_status', 'serial', 'export_sign'],
    isSSO: false,
    showSerial: true,
    invoiceLookupUrl: 'https://einvoice.fpt.com.vn/tra-cuu',
    researchUrl: 'https://einvoice.fpt.com.vn',
  },
  viettel: {
    route: 'viettel',
    name: 'Viettel S-Invoice',
    logo: viettelLogo,
    features: ['invoices', 'view', 'export', 'sign', 'sso', 'check_status', 'serial', 'export_sign'],
    isSSO: true,
    showSerial: true,
    invoiceLookupUrl: 'https://vinvoice.viettel.vn/utilities/invoice-search',
    researchUrl: 'https://sinvoice.viettel.vn',
  },
};

export function isProviderRoute(value: unknown): value is ProviderRoute {
  return typeof value === 'string' && (PROVIDER_ROUTES as readonly string[]).includes(value);
}

export function providerInfo(route: ProviderRoute): ProviderInfo {
  return PROVIDERS[route];
}

export function hasFeature(route: ProviderRoute, feature: ProviderInfo['features'][number]): boolean {
  return PROVIDERS[route].features.includes(feature);
}

/** The product backend writes the route upper-cased ('M-INVOICE'); null for anything else. */
export function fromBackendProvider(value: string | null | undefined): ProviderRoute | null {
  const route = value?.trim().toLowerCase();
  return isProviderRoute(route) ? route : null;
}

export function toBackendProvider(route: ProviderRoute): string {
  return route.toUpperCase();
}

// ---------------------------------------------------------------------------------------------------
// Status maps (doc 2 §4). A label is an i18n key of the `einvoice` namespace and a Mantine colour.

export type StatusColor = 'gray' | 'yellow' | 'orange' | 'blue' | 'cyan' | 'green' | 'red';

export interface StatusLabel {
  labelKey: string;
  color: StatusColor;
  /** For `status.unknown`: the provider's own value, shown as it is (text only). */
  params?: { value: string };
}

type StatusMap = Readonly<Record<string, StatusLabel>>;

const cqt = (name: string, color: StatusColor): StatusLabel => ({ labelKey: `status.cqt.${name}`, color });
const inv = (name: string, color: StatusColor): StatusLabel => ({ labelKey: `status.invoice.${name}`, color });

/** The tax authority's (CQT) status, as each provider writes it. */
export const CQT_STATUS_MAPS: Readonly<Record<ProviderRoute, StatusMap>> = {
  'm-invoice': {
    '0': cqt('pendingApproval', 'yellow'),
    '1': cqt('pendingSignature', 'orange'),
    '2': cqt('signed', 'blue'),
    '3': cqt('sent', 'cyan'),
    '4': cqt('success', 'green'),
    '5': cqt('error', 'red'),
    '6': cqt('signing', 'blue'),
  },
  fpt: {
    '0': cqt('pendingSubmission', 'yellow'),
    '1': cqt('submitted', 'cyan'),
    '2': cqt('submissionFailed', 'red'),
    '7': cqt('pendingSignature', 'orange'),
    '8': cqt('noValidCode', 'red'),
    '9': cqt('validationFailed', 'red'),
    '10': cqt('codeIssued', 'green'),
  },
  viettel: {
    '1': cqt('notSentWithCode', 'orange'),
    '2': cqt('notSentNoCode', 'orange'),
    '3': cqt('sentNoCode', 'cyan'),
    '4': cqt('sentWithCode', 'cyan'),
    '5': cqt('codeGranted', 'green'),
    '6': cqt('accepted', 'green'),
    '7': cqt('rejectedWithCode', 'red'),
    '8': cqt('rejectedNoCode', 'red'),
  },
  // Doc 2 §4 gives MISA no map; its own SendTaxStatus values are used (D185) rather than calling an
  // invoice MISA has signed and sent "waiting to sign".
  misa: {
    '0': cqt('notSent', 'yellow'),
    '1': cqt('sentAccepted', 'green'),
    '2': cqt('sentRejected', 'red'),
  },
};

/** Viettel also writes its exchange status by name (doc 2 §4 "named forms"). */
const VIETTEL_STATUS_NAMES: Readonly<Record<string, string>> = {
  INVOICE_HAS_CODE_NOT_SENT: '1',
  INVOICE_NO_CODE_NOT_SENT: '2',
  INVOICE_NO_CODE_SENT: '3',
  INVOICE_HAS_CODE_SENT: '4',
  INVOICE_HAS_CODE_APPROVED: '5',
  INVOICE_NO_CODE_APPROVED: '6',
  INVOICE_HAS_CODE_DIS_APPROVED: '7',
  INVOICE_NO_CODE_DIS_APPROVED: '8',
};

/** The invoice's own status (original, replaced, …), as each provider writes it. */
export const INVOICE_STATUS_MAPS: Readonly<Record<ProviderRoute, StatusMap>> = {
  'm-invoice': {
    '0': inv('original', 'green'),
    '1': inv('cancelled', 'red'),
    '2': inv('adjusted', 'blue'),
    '3': inv('replaced', 'blue'),
    '4': inv('explanation', 'cyan'),
    '5': inv('replacedByOther', 'gray'),
    '6': inv('adjustedByOther', 'gray'),
  },
  fpt: {
    '1': inv('waitingNumbering', 'yellow'),
    '2': inv('pendingApproval', 'orange'),
    '3': inv('approved', 'green'),
    '4': inv('cancelled', 'red'),
  },
  viettel: {
    '1': inv('original', 'green'),
    '3': inv('replaced', 'blue'),
    '5': inv('adjusted', 'blue'),
    '7': inv('deleted', 'red'),
  },
  misa: {
    '1': inv('original', 'green'),
    '2': inv('cancelled', 'red'),
    '3': inv('replaced', 'blue'),
    '4': inv('adjusted', 'blue'),
    '5': inv('replacedByOther', 'gray'),
    '6': inv('adjustedByOther', 'gray'),
  },
};

export const WAITING_TO_SIGN: StatusLabel = { labelKey: 'status.waitingToSign', color: 'orange' };

function normalise(route: ProviderRoute, value: string): string {
  const trimmed = value.trim();
  if (route === 'viettel') return VIETTEL_STATUS_NAMES[trimmed.toUpperCase()] ?? trimmed;
  return trimmed;
}

function unknown(value: string): StatusLabel {
  return { labelKey: 'status.unknown', color: 'gray', params: { value } };
}

/** The list's CQT status column: "waiting to sign" when the provider gave none (doc 2 §4). */
export function cqtStatus(route: ProviderRoute, statusReceived: string | null | undefined): StatusLabel {
  if (statusReceived === null || statusReceived === undefined || statusReceived.trim() === '') return WAITING_TO_SIGN;
  return CQT_STATUS_MAPS[route][normalise(route, statusReceived)] ?? unknown(statusReceived);
}

/** The invoice's own status; null when the provider gave none. */
export function invoiceStatus(route: ProviderRoute, status: string | null | undefined): StatusLabel | null {
  if (status === null || status === undefined || status.trim() === '') return null;
  return INVOICE_STATUS_MAPS[route][status.trim()] ?? unknown(status);
}

// ---------------------------------------------------------------------------------------------------
// Signing (doc 2 §4 "sign allowed only for provider-specific statuses")

const SIGN_RULES: Readonly<Record<ProviderRoute, (row: Pick<EinvoiceRow, 'status' | 'statusReceived'>) => boolean>> = {
  // "m-invoice status 1" is the CQT status 1, pending signature (D179): invoice status 1 is "cancelled".
  'm-invoice': (row) => row.statusReceived !== null && row.statusReceived.trim() === '1',
  // "fpt when a value is present" (D181): FPT itself refuses a second approval.
  fpt: (row) => row.status !== null && row.status.trim() !== '',
  // "viettel only when not sent" (D183): exchange status 1 or 2.
  viettel: (row) => row.statusReceived !== null && ['1', '2'].includes(normalise('viettel', row.statusReceived)),
  // MISA signs while it publishes (D180).
  misa: () => false,
};

export function canSign(route: ProviderRoute, row: Pick<EinvoiceRow, 'status' | 'statusReceived'>): boolean {
  return hasFeature(route, 'sign') && SIGN_RULES[route](row);
}

// ---------------------------------------------------------------------------------------------------
// Corrections (D243, D244): only an issued invoice (signed and sent) is replaced or
// adjusted; the legacy statuses stay read-only.

/** Invoice statuses no correction is offered on: cancelled and deleted (legacy), replaced by another. */
export const READ_ONLY_STATUSES: Readonly<Record<ProviderRoute, readonly string[]>> = {
  'm-invoice': ['1', '5'],
  misa: ['2', '5'],
  fpt: ['4'],
  viettel: ['7'],
};

const ISSUED_RULES: Readonly<Record<ProviderRoute, (row: Pick<EinvoiceRow, 'status' | 'statusReceived'>) => boolean>> = {
  // M-Invoice: signed (CQT status 2 and on), not pending approval (0) or signature (1).
  'm-invoice': (row) => row.statusReceived !== null && !['0', '1'].includes(row.statusReceived.trim()),
  // MISA signs while it publishes (D180): every listed invoice is issued.
  misa: () => true,
  // FPT: approved (3).
  fpt: (row) => row.status !== null && row.status.trim() === '3',
  // Viettel: sent to the tax authority (exchange status 3 and on).
  viettel: (row) => row.statusReceived !== null && !['1', '2'].includes(normalise('viettel', row.statusReceived)),
};

/** The row may be replaced or adjusted: the provider exports, the invoice is issued and not read-only. */
export function canCorrect(route: ProviderRoute, row: Pick<EinvoiceRow, 'status' | 'statusReceived'>): boolean {
  if (!hasFeature(route, 'export')) return false;
  if (row.status !== null && READ_ONLY_STATUSES[route].includes(row.status.trim())) return false;
  return ISSUED_RULES[route](row);
}

// ---------------------------------------------------------------------------------------------------
// The order's e-invoice code (doc 2 §3: "tax authority code::search code::sequence", D175): composed and
// read by the one shared rule (D224), which the screens use too.

export type { EivCodeParts };
export { parseEivCode };

/** Throws on parts the backend would refuse, so an adapter's mistake surfaces here, not as EIV_CODE_UNKNOWN later. */
export function eivCode(cqtCode: string | null | undefined, searchCode: string, seq: number): string {
  return composeEivCode(cqtCode, searchCode, seq);
}

// ---------------------------------------------------------------------------------------------------
// Serials and VAT (doc 2 §5 serial modal, §9 default VAT)

/**
 * A sales-invoice series: template 2. Providers that write the template digit into the symbol
 * (M-Invoice '2C26TMB', MISA '2C26TMH') start with '2'; FPT and Viettel give it as the template code.
 */
export function isSalesInvoiceSerial(serial: Pick<Serial, 'value' | 'templateCode'>): boolean {
  return serial.templateCode === '2' || /^2[A-Z]/.test(serial.value.trim().toUpperCase());
}

/**
 * The six-character symbol ('C26TMV') of a serial however the provider writes it: M-Invoice and MISA
 * put the template digit in front ('1C26TMV'), FPT and Viettel do not. The product backend's settings
 * keep the symbol (docs/areas/einvoice.md "Settings"), so the setup saves this and the export matches
 * the saved serial against the provider's list with `sameSerial`.
 */
export function serialSymbol(value: string): string {
  return serialText(value);
}

export function sameSerial(a: string, b: string): boolean {
  return serialSymbol(a) === serialSymbol(b);
}

/**
 * The declaration status is asked from 1 January of this year to today (doc 2 §4, §9), Vietnam
 * calendar days, yyyy-MM-dd.
 */
export function declarationRange(now: number = Date.now()): { from: string; to: string } {
  const today = vnToday(now);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/**
 * The providers whose create takes the invoice's date (D254): MISA `InvDate`, FPT `idt`, Viettel
 * `invoiceIssuedDate`, M-Invoice `inv_invoiceIssuedDate` (API 2.0, D261): all four. Kept as a list so
 * that a provider added without a date is dated the day its invoice is made, and the result says so.
 */
const DATED_BY_REQUEST: readonly ProviderRoute[] = ['m-invoice', 'misa', 'fpt', 'viettel'];
export const datesAtSale = (route: ProviderRoute): boolean => DATED_BY_REQUEST.includes(route);
