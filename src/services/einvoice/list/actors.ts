import { fromPromise } from 'xstate';
import { rangeOf } from '../../../rules/timeRange';
import { vnToday } from '../../../rules/vnTime';
import { einvError } from '../core/http';
import { sameSerial, serialSymbol } from '../core/registry';
import type {
  CorrectionRequest,
  EinvoiceRow,
  EinvoiceSettings,
  ExportResult,
  ProviderAdapter,
  ProviderInfo,
  ProviderRoute,
  Serial,
} from '../core/types';
import type { CorrectionDraft, EinvoiceListPage, EinvoiceListProvider, EinvoiceListRow, EinvoiceQuery, StatusLabel } from './schemas';

/**
 * The /e-invoice list's calls (doc 2 §2, §4, §7): the settings say which provider (none or not active:
 * EINV_NOT_SET_UP, D203), the provider lists, draws and signs its invoices with a token the caller's
 * `withToken` supplies (and renews once when it expired). The provider's rules (status labels,
 * who may sign, which features it has) come from the registry as data and travel with each row, so
 * the machine and the screens never branch on the provider.
 */

/** What the list needs of the shared registry (src/services/einvoice/core/registry.ts). */
export interface ListRegistry {
  providerInfo(route: ProviderRoute): ProviderInfo;
  cqtStatus(route: ProviderRoute, statusReceived: string | null): StatusLabel;
  invoiceStatus(route: ProviderRoute, status: string | null): StatusLabel | null;
  canSign(route: ProviderRoute, row: EinvoiceRow): boolean;
  canCorrect(route: ProviderRoute, row: EinvoiceRow): boolean;
}

export interface EinvoiceListDeps {
  getSettings(signal?: AbortSignal): Promise<EinvoiceSettings | null>;
  adapter(route: ProviderRoute): ProviderAdapter;
  withToken<T>(route: ProviderRoute, fn: (token: string) => Promise<T>, signal?: AbortSignal): Promise<T>;
  registry: ListRegistry;
  now?: () => number;
}

function providerOf(info: ProviderInfo): EinvoiceListProvider {
  return { route: info.route, name: info.name, features: info.features, invoiceLookupUrl: info.invoiceLookupUrl };
}

export function decorateRow(registry: ListRegistry, info: ProviderInfo, invoice: EinvoiceRow): EinvoiceListRow {
  const route = info.route;
  return {
    provider: route,
    invoice,
    cqt: registry.cqtStatus(route, invoice.statusReceived),
    status: registry.invoiceStatus(route, invoice.status),
    signable: info.features.includes('sign') && registry.canSign(route, invoice),
    viewable: info.features.includes('view'),
    correctable: registry.canCorrect(route, invoice),
    correctedBy: [],
    totalAfter: null,
  };
}

const sameInvoice = (row: EinvoiceRow, serial: string, seq: number) =>
  row.seq === seq && row.serial.trim().toUpperCase() === serial.trim().toUpperCase();

/**
 * Original and correction together (D243): each correction on the page is placed right under
 * its original when that is on the page too, the original lists it (and is no longer correctable once
 * replaced), and an original's total after its amount adjustments is worked from the page.
 */
export function pairCorrections(rows: readonly EinvoiceListRow[]): EinvoiceListRow[] {
  const originals = rows.map((row) => ({ ...row, correctedBy: [...row.correctedBy] }));
  const placed = new Set<number>();
  const children = new Map<number, EinvoiceListRow[]>();
  originals.forEach((row, index) => {
    const ref = row.invoice.corrects;
    if (!ref) return;
    const parent = originals.findIndex((o) => o !== row && sameInvoice(o.invoice, ref.serial, ref.seq));
    if (parent < 0) return;
    const original = originals[parent]!;
    original.correctedBy.push({ kind: ref.kind, serial: row.invoice.serial, seq: row.invoice.seq });
    if (ref.kind === 'replace') original.correctable = false;
    if (ref.kind === 'adjust' && ref.adjustKind === 'amount') {
      original.totalAfter = (original.totalAfter ?? original.invoice.total) + row.invoice.total;
    }
    children.set(parent, [...(children.get(parent) ?? []), row]);
    placed.add(index);
  });
  const out: EinvoiceListRow[] = [];
  originals.forEach((row, index) => {
    if (placed.has(index)) return;
    out.push(row);
    // Newest first on the page; under its original, the corrections in the order they were made.
    for (const child of [...(children.get(index) ?? [])].reverse()) out.push(child);
  });
  return out;
}

export function createEinvoiceListApi(deps: EinvoiceListDeps) {
  const now = deps.now ?? Date.now;

  async function settingsProvider(signal?: AbortSignal): Promise<ProviderRoute> {
    const settings = await deps.getSettings(signal);
    if (!settings || !settings.active) throw einvError('EINV_NOT_SET_UP');
    return settings.provider;
  }

  return {
    async loadPage(query: EinvoiceQuery, signal?: AbortSignal): Promise<EinvoiceListPage> {
      const route = await settingsProvider(signal);
      const info = deps.registry.providerInfo(route);
      const provider = providerOf(info);
      // A provider without the list shows "coming soon" (doc 2 §2); nothing to ask it.
      if (!info.features.includes('invoices')) return { rows: [], totalPage: 0, total: 0, provider };
      const { start, end } = rangeOf(query.filter.range, now());
      const page = await deps.withToken(
        route,
        (token) =>
          deps.adapter(route).listInvoices(
            token,
            {
              from: vnToday(start),
              to: vnToday(end),
              q: query.filter.q,
              serial: query.filter.serial,
              released: query.filter.released,
              page: query.page,
              pageSize: query.pageSize,
            },
            signal,
          ),
        signal,
      );
      return {
        rows: pairCorrections(page.rows.map((invoice) => decorateRow(deps.registry, info, invoice))),
        total: page.total,
        totalPage: Math.ceil(page.total / query.pageSize),
        provider,
      };
    },
    loadPdf(row: EinvoiceListRow, signal?: AbortSignal): Promise<Blob> {
      const { id, serial, seq } = row.invoice;
      return deps.withToken(row.provider, (token) => deps.adapter(row.provider).pdf(token, { id, serial, seq }, signal), signal);
    },
    sign(row: EinvoiceListRow, signal?: AbortSignal): Promise<void> {
      return deps.withToken(row.provider, (token) => deps.adapter(row.provider).sign(token, row.invoice, signal), signal);
    },
    /**
     * Replaces or adjusts the row's invoice (D243) on the set-up's serial, dated now, with
     * the rates of the original's sale day (the draft's tax); the draft's key makes a repeat answer the
     * first. No serial set up: EINV_SERIAL_INVALID, nothing sent.
     */
    async correct(row: EinvoiceListRow, draft: CorrectionDraft, signal?: AbortSignal): Promise<ExportResult> {
      const settings = await deps.getSettings(signal);
      if (!settings || !settings.active) throw einvError('EINV_NOT_SET_UP');
      // The set-up's serial as the provider lists it (its template, Viettel's own template code), as the export resolves it.
      const chosen = settings.serial ?? '';
      const serials = await deps.withToken(row.provider, (token) => deps.adapter(row.provider).listSerials(token, signal), signal);
      const serial: Serial | undefined = serials.find((s) => sameSerial(s.value, chosen));
      if (!chosen || !serial) throw einvError('EINV_SERIAL_INVALID', { serial: chosen });
      const at = now();
      // D230: a correction issued today is on this year's serial, whatever the original's year.
      if (serialSymbol(serial.value).slice(1, 3) !== vnToday(at).slice(2, 4)) throw einvError('EINV_SERIAL_YEAR');
      const tax = draft.tax ?? { kind: 'vat' as const, day: '', lines: [], breakdown: [], totals: { net: 0, vat: 0, gross: 0 }, notes: [] };
      const request: CorrectionRequest = {
        kind: draft.kind,
        adjustKind: draft.adjustKind,
        key: draft.key,
        reason: draft.reason,
        decreases: draft.decreases,
        invoice: {
          orderId: draft.key,
          orderCode: draft.key,
          paidAt: row.invoice.invoiceDate,
          issuedAt: at,
          buyer: draft.buyer,
          lines: draft.lines,
          // The original's way of payment is not in the list; cash is the restaurant's usual (TM).
          paymentMethod: 'CASH',
          total: tax.totals.gross,
          serial,
          tax,
        },
      };
      return deps.withToken(
        row.provider,
        (token) => deps.adapter(row.provider).correctInvoice(token, row.invoice, request, signal),
        signal,
      );
    },
  };
}

export type EinvoiceListApi = ReturnType<typeof createEinvoiceListApi>;

/** The machines' actors, passing the machine's abort signal on. */
export function createEinvoiceListActors(api: EinvoiceListApi) {
  return {
    loadPage: fromPromise<EinvoiceListPage, EinvoiceQuery>(({ input, signal }) => api.loadPage(input, signal)),
    loadPdf: fromPromise<Blob, { row: EinvoiceListRow }>(({ input, signal }) => api.loadPdf(input.row, signal)),
    signInvoice: fromPromise<void, { row: EinvoiceListRow }>(({ input, signal }) => api.sign(input.row, signal)),
    correctInvoice: fromPromise<ExportResult, { row: EinvoiceListRow; draft: CorrectionDraft }>(({ input, signal }) =>
      api.correct(input.row, input.draft, signal),
    ),
  };
}

/** The download's file name: symbol and number, as the providers name their PDFs ('1C26TMV-12.pdf'). */
export function pdfFileName(row: EinvoiceListRow): string {
  const serial = row.invoice.serial.replace(/[^A-Za-z0-9]/g, '') || 'einvoice';
  return `${serial}-${row.invoice.seq}.pdf`;
}
