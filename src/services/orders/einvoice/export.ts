import type { VatRateTable } from '../../../rules/vatRates';
import { vnToday } from '../../../rules/vnTime';
import { ServiceError } from '../../http/errors';
import {
  type Buyer,
  type CompanyInfo,
  type EinvoiceSettings,
  type ExportResult,
  type ProviderAdapter,
  type ProviderRoute,
  type Serial,
  datesAtSale,
} from '../../einvoice';
import type { OrdersApi } from '../api';
import { ORDER_COMPLETED } from '../schemas';
import { storedCode, type BulkOutcome } from '../schemas';
import { issueDatedAtSale } from './dating';
import { paidAtOf, termsForYear, toExportInput, walkInBuyer } from './mapping';

/**
 * The orders area's e-invoice export (doc 2 §4, §6, §7): the product backend (settings, saving the
 * code), the provider's adapter with a token from the backend, and the order read again before it is
 * issued. Every provider call goes through `withToken`, which asks a new token once when the provider
 * says it expired.
 */

/** What this service needs of src/services/einvoice/core/ (createEinvoiceServices). */
export interface EinvoicePorts {
  getSettings(signal?: AbortSignal): Promise<EinvoiceSettings | null>;
  saveEivCode(orderId: string, eivCode: string): Promise<{ eivCode: string; cqtCode: string | null }>;
  adapter(route: ProviderRoute): ProviderAdapter;
  withToken<T>(route: ProviderRoute, fn: (token: string) => Promise<T>, signal?: AbortSignal): Promise<T>;
}

const localError = (code: string) => new ServiceError({ code, status: 0, kind: 'server', message: code });

export interface OrderEinvoiceService {
  settings(signal?: AbortSignal): Promise<EinvoiceSettings | null>;
  declarationApproved(settings: EinvoiceSettings, signal?: AbortSignal): Promise<boolean>;
  lookupCompany(settings: EinvoiceSettings, taxCode: string, signal?: AbortSignal): Promise<CompanyInfo | null>;
  /** Issues the order's invoice (the order id is the provider's key); an order that already has a code answers it, `existing`. */
  createInvoice(orderId: number, buyer: Buyer, settings: EinvoiceSettings, signal?: AbortSignal): Promise<ExportResult>;
  saveCode(orderId: number, eivCode: string): Promise<{ eivCode: string }>;
  /** The bulk run's start: an active set-up whose declaration is approved, or EINV_NOT_SET_UP / EINV_DECLARATION_PENDING. */
  prepareRun(signal?: AbortSignal): Promise<EinvoiceSettings>;
  /** One order of a bulk run, for a walk-in buyer (doc 2 §5): skipped when it already has a code. */
  exportOne(orderId: number, settings: EinvoiceSettings, signal?: AbortSignal): Promise<BulkOutcome>;
}

/** What the export's steps share: the backend and provider ports, the order reader, the VAT table, the clock and the serials. */
interface ExportDeps {
  ports: EinvoicePorts;
  orders: Pick<OrdersApi, 'get'>;
  vatRates: VatRateTable;
  now: () => number;
  serialsOf: (settings: EinvoiceSettings, signal?: AbortSignal) => Promise<readonly Serial[]>;
}

/** The provider's serials, listed once per saved version of the settings. */
function cachedSerials(ports: EinvoicePorts, now: () => number) {
  let listed: { key: string; value: readonly Serial[] } | null = null;

  return async function serialsOf(settings: EinvoiceSettings, signal?: AbortSignal): Promise<readonly Serial[]> {
    const key = `${settings.provider}|${settings.serial}|${settings.updatedAt}`;
    if (listed?.key === key) return listed.value;
    const serials = await ports.withToken(
      settings.provider,
      (token) => ports.adapter(settings.provider).listSerials(token, signal),
      signal,
    );
    // A symbol the provider lists in no year (termsForYear answers 'invalid' whatever the date).
    if (termsForYear(serials, settings.serial, now()) === 'invalid') {
      throw localError('EINV_SERIAL_INVALID');
    }
    listed = { key, value: serials };
    return serials;
  };
}

/** The order read again: one that got a code meanwhile (another tab, a lost answer) is not issued again. */
async function issue(
  { ports, orders, vatRates, now, serialsOf }: ExportDeps,
  orderId: number,
  buyer: Buyer,
  settings: EinvoiceSettings,
  signal?: AbortSignal,
): Promise<{ had: string } | { issued: ExportResult }> {
  const detail = await orders.get(orderId, signal);
  const order = detail.invoice_data;
  if (order.eiv_code) return { had: order.eiv_code };
  if (order.status !== ORDER_COMPLETED) throw localError('ORDER_NOT_COMPLETED');
  const serials = await serialsOf(settings, signal);
  const at = now();
  const paidAt = paidAtOf(detail);

  // D230, D254: the symbol's two year digits are the invoice date's year; the saved symbol is used
  // for the year of the date the invoice carries, or the merchant is asked for that year's serial.
  const attempt = async (issuedAt: number): Promise<ExportResult> => {
    const terms = termsForYear(serials, settings.serial, issuedAt);
    if (terms === 'invalid') throw localError('EINV_SERIAL_INVALID');
    if (terms === 'year') throw localError('EINV_SERIAL_YEAR');
    const input = toExportInput(detail, buyer, terms, issuedAt, vatRates);
    return ports.withToken(settings.provider, (token) => ports.adapter(settings.provider).createInvoice(token, input, signal), signal);
  };

  // D254: dated at the sale where the provider takes a date, else (or once refused) now.
  const dated = await issueDatedAtSale({ paidAt, now: at, providerDates: datesAtSale(settings.provider) }, attempt, (error) =>
    typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined,
  );
  const issued = dated.result;
  return { issued: issued.existing ? issued : { ...issued, issuedAt: dated.issuedAt, datedAtSale: dated.datedAtSale } };
}

async function saveCode(ports: EinvoicePorts, orderId: number, eivCode: string) {
  const saved = await ports.saveEivCode(String(orderId), eivCode);
  return { eivCode: saved.eivCode };
}

async function declarationApproved(ports: EinvoicePorts, now: () => number, settings: EinvoiceSettings, signal?: AbortSignal) {
  const today = vnToday(now());
  const range = { from: `${today.slice(0, 4)}-01-01`, to: today };
  const status = await ports.withToken(
    settings.provider,
    (token) => ports.adapter(settings.provider).declarationStatus(token, range, signal),
    signal,
  );
  return status.approved;
}

/** One order of a bulk run, for a walk-in buyer (doc 2 §5): issued and its code saved, or skipped when it has one. */
async function exportOne(deps: ExportDeps, orderId: number, settings: EinvoiceSettings, signal?: AbortSignal): Promise<BulkOutcome> {
  const outcome = await issue(deps, orderId, walkInBuyer(), settings, signal);
  if ('had' in outcome) return { status: 'skipped', eivCode: outcome.had, serial: null };
  const result = outcome.issued;
  try {
    const saved = (await saveCode(deps.ports, orderId, result.eivCode)).eivCode;
    // The serial names this invoice only (D224): a code the backend answered otherwise is shown without one.
    const mine = saved === result.eivCode;
    return {
      status: 'exported',
      eivCode: saved,
      serial: mine ? result.serial : null,
      // D254: the run says which invoices are not dated at the sale, as the single export does.
      ...(mine && result.datedAtSale === false && result.issuedAt !== undefined ? { datedToday: result.issuedAt } : {}),
    };
  } catch (error) {
    // doc 2 §4: an order exported meanwhile (another tab) is skipped with the code it has.
    const stored = (error as { code?: unknown }).code === 'INVOICE_ALREADY_EXPORTED' ? storedCode(error) : null;
    if (stored !== null) return { status: 'skipped', eivCode: stored, serial: null };
    throw error;
  }
}

export function createOrderEinvoiceService(
  ports: EinvoicePorts,
  orders: Pick<OrdersApi, 'get'>,
  /** The dated VAT table of the runtime configuration (D226). */
  vatRates: VatRateTable,
  now: () => number = Date.now,
): OrderEinvoiceService {
  const deps: ExportDeps = { ports, orders, vatRates, now, serialsOf: cachedSerials(ports, now) };

  return {
    settings: (signal) => ports.getSettings(signal),
    declarationApproved: (settings, signal) => declarationApproved(ports, now, settings, signal),
    lookupCompany: (settings, taxCode, signal) =>
      ports.withToken(settings.provider, (token) => ports.adapter(settings.provider).lookupCompany(token, taxCode, signal), signal),
    async createInvoice(orderId, buyer, settings, signal) {
      const outcome = await issue(deps, orderId, buyer, settings, signal);
      // Saving the code the order has answers the same (D175), so the machine's next step needs no special case.
      return 'had' in outcome ? { eivCode: outcome.had, serial: null, providerId: '', existing: true } : outcome.issued;
    },
    saveCode: (orderId, eivCode) => saveCode(ports, orderId, eivCode),
    async prepareRun(signal) {
      const settings = await ports.getSettings(signal);
      if (settings === null || !settings.active) throw localError('EINV_NOT_SET_UP');
      if (!(await declarationApproved(ports, now, settings, signal))) throw localError('EINV_DECLARATION_PENDING');
      await deps.serialsOf(settings, signal);
      return settings;
    },
    exportOne: (orderId, settings, signal) => exportOne(deps, orderId, settings, signal),
  };
}
