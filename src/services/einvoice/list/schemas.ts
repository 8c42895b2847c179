import type { TimeRange } from '../../../rules/timeRange';
import type { InvoiceTax } from '../../../rules/invoiceTax';
import type { VatRateTable } from '../../../rules/vatRates';
import type { Buyer, CorrectionRequest, EinvoiceRow, ExportLine, ProviderFeature, ProviderRoute, ReleasedFilter } from '../core/types';

/**
 * The /e-invoice list's contract between its service, machine and screens (doc 2 §2 "E-invoice list",
 * §3 E-invoice row, §4 status maps and signing rules). The provider's own rules (status labels, who may
 * sign) are worked out by the service from the registry, so machines and screens read plain data.
 */

export const EINVOICE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_EINVOICE_PAGE_SIZE = 10;
/** The providers' search fields take at most 100 characters (docs/areas/einvoice.md). */
export const EINVOICE_SEARCH_MAX = 100;
/** A symbol with its template digit is 7 characters ('1C26TMV'); a little room for a typo is harmless. */
export const EINVOICE_SERIAL_MAX = 20;
export const RELEASED_FILTERS = ['all', 'released', 'unreleased'] as const satisfies readonly ReleasedFilter[];

export interface EinvoiceFilter {
  /** Vietnam calendar days; "this month" by default (doc 2 §2). */
  range: TimeRange;
  /** Invoice search: number, buyer, tax code, lookup or CQT code. */
  q: string;
  /** Symbol search ('1C26TMV' or 'C26TMV'); empty: every series of the account (D206). */
  serial: string;
  released: ReleasedFilter;
}

export interface EinvoiceQuery {
  page: number;
  pageSize: number;
  filter: EinvoiceFilter;
}

/** The label and colour of a status, from the provider's map (doc 2 §4). */
export interface StatusLabel {
  /** A key of the `einvoice` namespace (`status.*`). */
  labelKey: string;
  color: string;
  /** Values for the label (the provider's own value of an unknown status, shown as text). */
  params?: Record<string, string>;
}

/** One row as the list shows it: the provider's row and what the provider's rules say about it. */
export interface EinvoiceListRow {
  /** Whose row it is: the PDF and the signature go to the same provider. */
  provider: ProviderRoute;
  invoice: EinvoiceRow;
  /** The CQT status; "waiting to sign" when the provider gives none. */
  cqt: StatusLabel;
  /** The invoice status, when the provider gives one. */
  status: StatusLabel | null;
  /** The provider's sign rule (doc 2 §4) and its features allow signing this row. */
  signable: boolean;
  /** The provider can show the PDF. */
  viewable: boolean;
  /** An issued invoice not replaced yet: it may be adjusted or replaced (D244). */
  correctable: boolean;
  /** The corrections of this invoice on the same page (each names it), in date order. */
  correctedBy: { kind: 'replace' | 'adjust'; serial: string; seq: number }[];
  /** The total once its amount adjustments on the page are counted; null without any. */
  totalAfter: number | null;
}

/** The provider the merchant set up, as the list needs it (names and features are data, not branches). */
export interface EinvoiceListProvider {
  route: ProviderRoute;
  name: string;
  features: readonly ProviderFeature[];
  invoiceLookupUrl: string;
}

export interface EinvoiceListPage {
  rows: EinvoiceListRow[];
  totalPage: number;
  total: number;
  provider: EinvoiceListProvider;
}

/** What a PDF popup is given: the row to show. */
export interface InvoicePdfInput {
  row: EinvoiceListRow;
}

export interface InvoiceSignInput {
  row: EinvoiceListRow;
}

/** What the correction dialog is given (D243): the row, its key (one per dialog) and the VAT table. */
export interface InvoiceCorrectInput {
  row: EinvoiceListRow;
  /** A uuid (36 characters): the provider's idempotency key of this correction (D243). */
  key: string;
  vatRates: VatRateTable;
}

/**
 * The correction as the dialog states it; the list service adds the set-up's serial and dates it now
 * (the rates are the original's sale day's, in `tax`).
 */
export interface CorrectionDraft extends Pick<CorrectionRequest, 'kind' | 'adjustKind' | 'key' | 'reason' | 'decreases'> {
  buyer: Buyer;
  lines: ExportLine[];
  /** Null for an adjustment of information (no lines). */
  tax: InvoiceTax | null;
}
