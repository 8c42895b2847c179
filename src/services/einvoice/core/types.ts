/**
 * The one shape the portal sees of any e-invoice provider (doc 2 §3, §4, §7). Each provider speaks its
 * own API (docs/areas/einvoice.md "Provider emulators"); its adapter turns it into these types, so
 * machines and screens never branch on the provider except through the registry's data.
 * Every method rejects with a ServiceError whose `code` is one of EINVOICE_ERROR_CODES or a shared
 * local code (NETWORK_ERROR, TIMEOUT, INVALID_RESPONSE, UNKNOWN_ERROR).
 */
import type { InvoiceTax } from '../../../rules/invoiceTax';
import type { TaxClass } from '../../../rules/vatRates';

export type ProviderRoute = 'm-invoice' | 'misa' | 'fpt' | 'viettel';
export const PROVIDER_ROUTES: readonly ProviderRoute[] = ['m-invoice', 'misa', 'fpt', 'viettel'];

/** doc 2 §3 provider features. */
export type ProviderFeature = 'invoices' | 'view' | 'export' | 'sign' | 'sso' | 'check_status' | 'serial' | 'export_sign';

/** doc 2 §3 "E-invoice provider": static facts, from the registry (no I/O). */
export interface ProviderInfo {
  route: ProviderRoute;
  /** Display name, not translated (a brand). */
  name: string;
  /** URL of the logo asset bundled with the portal. */
  logo: string;
  features: readonly ProviderFeature[];
  /** Offers "login with the merchant account" (D174: M-Invoice and Viettel). */
  isSSO: boolean;
  /** The setup shows the serial and VAT modal after save (doc 2 §4 setup modal sequence). */
  showSerial: boolean;
  /** Where a buyer looks an invoice up (printed on the invoice; shown in the list). */
  invoiceLookupUrl: string;
  /** The "link to research" of the credentials form (doc 2 §5). */
  researchUrl: string;
}

export type LoginMethod = 'einv_provider_account' | 'merchant_account';
export type VatRate = 10 | 8 | 5 | 0;
export const VAT_CHOICES: readonly VatRate[] = [10, 8, 5, 0];

export interface Credentials {
  taxCode: string;
  username: string;
  password: string;
}

/** A provider bearer token, held in memory only (never storage, URL, log or inspector). */
export interface ProviderToken {
  token: string;
  /** Unix ms; the adapter asks again a minute before. */
  expiresAt: number;
  /** The seller's tax code, when known: the token source writes it into the adapters' token (seller-token.ts). */
  taxCode?: string;
}

/** doc 2 §3 serial list item. */
export interface Serial {
  /** The symbol as the provider writes it, template digit included where it does (e.g. '1C26TMV'). */
  value: string;
  invTypeName: string;
  /** '1' VAT invoice, '2' sales invoice. */
  templateCode: '1' | '2';
  /** A sales-invoice serial: VAT 0 and locked (doc 2 §5 serial modal). */
  isSalesInvoice: boolean;
  /** The provider's own code of the serial's template where its create names it (Viettel '1/001', '1/0224'; D231). */
  providerTemplate?: string;
}

export interface CompanyInfo {
  taxCode: string;
  name: string;
  address: string;
  representative: string;
  email: string;
  phone: string;
}

/** doc 2 §3 declaration record. */
export interface DeclarationRecord {
  type: string;
  email: string;
  createDate: string;
  statusSent: string;
  statusReply: string;
  sender: string;
  sentDate: string;
  status: string;
}

export interface DeclarationStatus {
  approved: boolean;
  records: DeclarationRecord[];
}

/** doc 2 §3 E-invoice buyer. */
export interface Buyer {
  isIndividual: boolean;
  /** The person; "Khách lẻ" for a walk-in individual. */
  name: string;
  company?: string;
  taxCode?: string;
  address?: string;
  email?: string;
  phone?: string;
  /** An individual's 12-digit personal identification number (Decree 70: CCCDan), when given. */
  idCard?: string;
}

export interface ExportLine {
  name: string;
  unit?: string;
  quantity: number;
  /** Whole đồng, VAT included: the menu price the guest paid for one unit. */
  unitPriceGross: number;
  /** The product's tax class when the line was added (D226): its rate comes from the dated table. */
  taxClass: TaxClass;
}

export interface ExportInput {
  /** The idempotency key sent to the provider (D178: the order, never a per-click key). */
  orderId: string;
  orderCode: string;
  /** Unix ms of the payment: the sale's moment (Decree 70), whose Vietnam day took the rates of `tax`. */
  paidAt: number;
  /** Unix ms of the invoice date the request states (the payment, or now where the provider dates it itself). */
  issuedAt: number;
  buyer: Buyer;
  lines: ExportLine[];
  paymentMethod: 'CASH' | 'QR' | 'CARD' | 'LINK';
  /** Whole đồng, VAT included: what the buyer paid (= tax.totals.gross). */
  total: number;
  serial: Serial;
  /**
   * The invoice's tax, worked once by the portal (invoiceTotals, D226): per line its rate, amount
   * before tax, VAT and unit price before tax (in the order of `lines`), the breakdown by rate and the
   * totals. Adapters send these figures in the fields the provider reads them from; none works tax out.
   */
  tax: InvoiceTax;
}

export interface ExportResult {
  /** `{CQT code}::{lookup code}::{number}` (doc 2 §3), what POST /invoice/eiv/{id} stores. */
  eivCode: string;
  /**
   * The invoice's serial as the provider answered it (template digit + symbol, '1C26TMV', D191): the
   * stored code carries none, so this is how the export's message names the symbol (D224). Null when
   * not known (an order that already had a code).
   */
  serial: string | null;
  /** The provider's own id of the invoice (hoadon68_id, TransactionID, sid, transactionUuid). */
  providerId: string;
  /** True when the provider answered "already exported" and the existing invoice was fetched. */
  existing: boolean;
  /** The invoice's date (unix ms) as the export dated it; absent where not known (an existing invoice). D254. */
  issuedAt?: number;
  /**
   * False when the invoice could not be dated at the sale (the provider refused the sale's date: a later
   * invoice of the series exists) and carries the day of the export: the screen says so. D254, D261.
   */
  datedAtSale?: boolean;
}

/** What a correcting invoice names of its original, as the list row carries it (D243). */
export interface CorrectionRef {
  kind: 'replace' | 'adjust';
  /** An adjustment of amounts or of information only; null for a replacement. */
  adjustKind: 'amount' | 'info' | null;
  /** The original's serial with its template digit ('1C26TVT') and number. */
  serial: string;
  seq: number;
  /** Unix ms of the original's date (its Vietnam day is what the reference prints). */
  invoiceDate: number | null;
  reason: string;
}

/**
 * One correction (D243): Decree 70/2025 leaves no cancellation, an issued invoice is
 * replaced by a new one or adjusted by one that states the difference (or the information only),
 * each naming the original and the reason.
 */
export interface CorrectionRequest {
  kind: 'replace' | 'adjust';
  /** adjust only: 'amount' (difference lines) or 'info' (the corrected buyer, no amounts). */
  adjustKind: 'amount' | 'info' | null;
  /**
   * The provider's idempotency key of this correction (D178's rule for corrections): one per
   * correction the merchant confirms, kept across retries, so a double click or a lost answer issues
   * it once. 10 to 36 characters (Viettel's transactionUuid bounds, the tightest of the four).
   */
  key: string;
  reason: string;
  /**
   * The correcting invoice in the export's shape: a replacement's whole invoice; an adjustment of
   * amounts its difference lines, each at its size with its tax worked by invoiceTotals; an adjustment
   * of information the corrected buyer and no lines. `orderId` is not sent (the key is).
   */
  invoice: ExportInput;
  /** Per line of `invoice.lines` in an adjustment of amounts: true = the line lowers the original. */
  decreases: boolean[];
}

/** doc 2 §3 E-invoice row, normalised. */
export interface EinvoiceRow {
  /** The provider's own id (as ExportResult.providerId). */
  id: string;
  serial: string;
  seq: number;
  /** Unix ms. */
  invoiceDate: number;
  taxAuthorityCode: string | null;
  searchCode: string;
  buyerName: string;
  vat: number;
  total: number;
  /** The provider's invoice status, as it writes it, or null. */
  status: string | null;
  /** The provider's CQT status as it writes it (a number as text or a name), or null: "waiting to sign". */
  statusReceived: string | null;
  /** A replacing or adjusting invoice: what it corrects; null for an original (D243). */
  corrects?: CorrectionRef | null;
}

export type ReleasedFilter = 'all' | 'released' | 'unreleased';

export interface InvoiceQuery {
  /** yyyy-MM-dd, Vietnam calendar, both days included. */
  from: string;
  to: string;
  q: string;
  serial: string;
  released: ReleasedFilter;
  page: number;
  pageSize: number;
}

export interface InvoicePage {
  rows: EinvoiceRow[];
  total: number;
}

/**
 * One provider. `token` comes from a ProviderTokenSource (provider-token.ts), except for `login`
 * and `checkTaxCode`, which need none.
 */
export interface ProviderAdapter {
  readonly route: ProviderRoute;
  /** Public check before login (doc 2 §5). Rejects EINV_TAX_CODE_INVALID. */
  checkTaxCode(taxCode: string, signal?: AbortSignal): Promise<void>;
  /** Rejects EINV_LOGIN_FAIL or EINV_TAX_CODE_INVALID. */
  login(credentials: Credentials, signal?: AbortSignal): Promise<ProviderToken>;
  /** Resolves null when the provider knows no such company. */
  lookupCompany(token: string, taxCode: string, signal?: AbortSignal): Promise<CompanyInfo | null>;
  /** Active series only. The caller applies the 40 s time-out (doc 2 §9) through `signal`. */
  listSerials(token: string, signal?: AbortSignal): Promise<Serial[]>;
  declarationStatus(token: string, range: { from: string; to: string }, signal?: AbortSignal): Promise<DeclarationStatus>;
  /** Rejects INVOICE_ALREADY_EXPORTED only when the existing invoice cannot be fetched; otherwise resolves `existing: true`. */
  createInvoice(token: string, input: ExportInput, signal?: AbortSignal): Promise<ExportResult>;
  listInvoices(token: string, query: InvoiceQuery, signal?: AbortSignal): Promise<InvoicePage>;
  /** The PDF bytes; retries a provider's "not ready" a few times before rejecting EINV_PDF_NOT_READY. */
  pdf(token: string, row: Pick<EinvoiceRow, 'id' | 'serial' | 'seq'>, signal?: AbortSignal): Promise<Blob>;
  /** Rejects EINV_SIGN_REFUSED when the provider refuses (including MISA, which never signs). */
  sign(token: string, row: EinvoiceRow, signal?: AbortSignal): Promise<void>;
  /**
   * Issues a replacing or adjusting invoice of `original` (D243) in the provider's own
   * fields. Rejects EINV_CORRECTION_REFUSED ({reason}: unknown, not-issued, replaced, adjustment,
   * mismatch) when the provider will not take the original; a repeat of `key` answers the first.
   */
  correctInvoice(token: string, original: EinvoiceRow, correction: CorrectionRequest, signal?: AbortSignal): Promise<ExportResult>;
}

// The codes live in the rules (no zod, no adapters), so the error catalogue that /login loads does not pull
// the e-invoice adapters' schemas in with them (D360).
export { EINVOICE_ERROR_CODES, type EinvoiceErrorCode } from '../../../rules/einvoiceErrorCodes';

/** GET/PUT /api/portal/einvoice/setting (docs/areas/einvoice.md "Settings"). */
export interface EinvoiceSettings {
  provider: ProviderRoute;
  activeMethod: LoginMethod;
  taxCode: string;
  username: string | null;
  hasPassword: boolean;
  serial: string | null;
  tax: VatRate | null;
  autoExport: boolean;
  printInvoice: boolean;
  active: boolean;
  updatedAt: number;
}

export interface SettingsSave {
  provider: ProviderRoute;
  taxCode: string;
  activeMethod: LoginMethod;
  /** Absent for merchant_account. */
  username?: string;
  /** Absent for merchant_account, or for a later sync of the same account. */
  password?: string;
  serial?: string;
  tax?: VatRate;
  autoExport: boolean;
  printInvoice: boolean;
}
