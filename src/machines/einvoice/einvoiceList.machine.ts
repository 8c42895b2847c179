import { assign } from 'xstate';
import {
  EINVOICE_PAGE_SIZES,
  EINVOICE_SEARCH_MAX,
  EINVOICE_SERIAL_MAX,
  type EinvoiceFilter,
  type EinvoiceListPage,
  type EinvoiceListProvider,
  type EinvoiceListRow,
  type EinvoiceQuery,
} from '../../services/einvoice/list/schemas';
import { defineList } from '../shared/list/pagedList';
import type { SearchEvent, Typed } from '../shared/list/search';
import { cleanSearch, DEFAULT_EINVOICE_QUERY, isAcceptableRange, isReleasedFilter } from './list/einvoiceUrl';
import { invoicePdfMachine } from './invoicePdf.machine';
import { invoiceSignMachine, type InvoiceSignOutput } from './invoiceSign.machine';
import { invoiceCorrectMachine, type InvoiceCorrectOutput } from './invoiceCorrect.machine';
import { REPO_VAT_RATES_INPUT, vatRateTableSchema, type VatRateTable } from '../../rules/vatRates';

/**
 * /e-invoice (doc 2 §2 "E-invoice list", §3 E-invoice row, §4 status maps and signing rules): the
 * invoices of the provider the merchant set up, paged on the provider's side, on the shared list
 * (../shared/list). Filters: time range (this month by default), invoice search and symbol search
 * (sent 800 ms after the last key), all / released / unreleased; page, size and filters mirrored in
 * the address bar (QUERY.REPLACE for Back or an edited address). A row opens the PDF popup
 * (invoicePdf) or, where the provider's rule allows it, the sign confirmation (invoiceSign); the two
 * are one region, so only one is ever open (doc 2 §2 "exclusive"). A signature that went through, or
 * one the provider refused because the invoice moved on meanwhile, reloads the page. Each load also
 * reads the settings: not set up answers EINV_NOT_SET_UP, which the screen turns into a link to
 * /e-inv-setting (D203).
 */

export type EinvoiceListEvent =
  | { type: 'QUERY.REPLACE'; query: EinvoiceQuery }
  | SearchEvent<'q' | 'serial'>
  | { type: 'VIEW.OPEN'; row: EinvoiceListRow }
  | { type: 'SIGN.OPEN'; row: EinvoiceListRow }
  /** D243: adjust or replace an issued invoice; `key` is the correction's own (a uuid the screen makes). */
  | { type: 'CORRECT.OPEN'; row: EinvoiceListRow; key: string };

export interface EinvoiceListExtra {
  /** What the search boxes show (the filter's once the debounce ran). */
  typed: Typed<'q' | 'serial'>;
  /** Today in Vietnam ('YYYY-MM-DD'), for the custom range rule. */
  today: string;
  /** The provider of the last answer (null before the first). */
  provider: EinvoiceListProvider | null;
  /** The row the open popup shows. */
  popupRow: EinvoiceListRow | null;
  /** The open correction's key. */
  popupKey: string | null;
  /** The deployment's VAT table (config.json): a correction's lines take the rates of the original's day. */
  vatRates: VatRateTable;
}

const REPO_VAT_RATES = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);

const typedOf = (filter: EinvoiceFilter) => ({ q: filter.q, serial: filter.serial });

export const einvoiceList = defineList({
  types: {
    row: {} as EinvoiceListRow,
    filter: {} as EinvoiceFilter,
    page: {} as EinvoiceListPage,
    loadInput: {} as EinvoiceQuery,
    context: {} as EinvoiceListExtra,
    events: {} as EinvoiceListEvent,
    tags: {} as 'searching' | 'viewing' | 'signing' | 'correcting',
    input: {} as { query?: EinvoiceQuery; today: string; vatRates?: VatRateTable },
    query: {} as EinvoiceQuery,
  },
  pageSizes: EINVOICE_PAGE_SIZES,
  acceptFilter: (patch, context) =>
    Object.entries(patch).every(([key, value]) => {
      if (key === 'q') return typeof value === 'string' && value === cleanSearch(value, EINVOICE_SEARCH_MAX);
      if (key === 'serial') return typeof value === 'string' && value === cleanSearch(value, EINVOICE_SERIAL_MAX).toUpperCase();
      if (key === 'released') return isReleasedFilter(value);
      if (key === 'range') return isAcceptableRange(value, context.today);
      return false;
    }),
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, filter: context.filter }),
  pageExtras: (page) => ({ provider: page.provider }),
  actors: { invoicePdf: invoicePdfMachine, invoiceSign: invoiceSignMachine, invoiceCorrect: invoiceCorrectMachine },
  search: {
    keep: (field, value) => value.slice(0, field === 'q' ? EINVOICE_SEARCH_MAX : EINVOICE_SERIAL_MAX),
    toFilter: (typed) => ({
      q: cleanSearch(typed.q ?? '', EINVOICE_SEARCH_MAX),
      serial: cleanSearch(typed.serial ?? '', EINVOICE_SERIAL_MAX).toUpperCase(),
    }),
  },
  address: {
    queryOf: (context) => ({ page: context.page, pageSize: context.pageSize, filter: context.filter }),
    apply: (query) => ({ page: query.page, pageSize: query.pageSize, filter: query.filter, typed: typedOf(query.filter) }),
  },
});

export const einvoiceListMachine = einvoiceList.setup
  .extend({
    actions: {
      openPopup: assign((_, params: { row: EinvoiceListRow; key?: string }) => ({ popupRow: params.row, popupKey: params.key ?? null })),
      closePopup: assign({ popupRow: null, popupKey: null }),
    },
    guards: {
      rowViewable: (_, params: { row: EinvoiceListRow }) => params.row.viewable,
      rowSignable: (_, params: { row: EinvoiceListRow }) => params.row.signable,
      signChangedRow: (_, params: { output: InvoiceSignOutput }) => params.output.refresh,
      rowCorrectable: (_, params: { row: EinvoiceListRow; key: string }) => params.row.correctable && params.key.length >= 10,
      corrected: (_, params: { output: InvoiceCorrectOutput }) => params.output.corrected,
    },
  })
  .createMachine({
    id: 'einvoiceList',
    type: 'parallel',
    context: ({ input }) => {
      const query = input.query ?? DEFAULT_EINVOICE_QUERY;
      return einvoiceList.context(query, {
        typed: typedOf(query.filter),
        today: input.today,
        provider: null,
        popupRow: null,
        popupKey: null,
        vatRates: input.vatRates ?? REPO_VAT_RATES,
      });
    },
    states: {
      list: einvoiceList.listRegion(),
      search: einvoiceList.searchRegion(),
      popup: {
        initial: 'none',
        states: {
          none: {
            on: {
              'VIEW.OPEN': {
                guard: { type: 'rowViewable', params: ({ event }) => ({ row: event.row }) },
                target: 'viewing',
                actions: { type: 'openPopup', params: ({ event }) => ({ row: event.row }) },
              },
              'SIGN.OPEN': {
                guard: { type: 'rowSignable', params: ({ event }) => ({ row: event.row }) },
                target: 'signing',
                actions: { type: 'openPopup', params: ({ event }) => ({ row: event.row }) },
                description: "Only a row the provider's rule lets sign (doc 2 §4): MISA never, M-Invoice at CQT status 1, …",
              },
              'CORRECT.OPEN': {
                guard: { type: 'rowCorrectable', params: ({ event }) => ({ row: event.row, key: event.key }) },
                target: 'correcting',
                actions: { type: 'openPopup', params: ({ event }) => ({ row: event.row, key: event.key }) },
                description: 'Only an issued invoice not replaced (issue 25 §5, D244), with the key of this correction.',
              },
            },
          },
          viewing: {
            tags: ['viewing'],
            description: 'The PDF popup (invoicePdf); it closes itself, on a load failure too.',
            invoke: {
              id: 'pdf',
              src: 'invoicePdf',
              input: ({ context }) => ({ row: context.popupRow! }),
              onDone: { target: 'none', actions: 'closePopup' },
              onError: { target: 'none', actions: 'closePopup' },
            },
          },
          signing: {
            tags: ['signing'],
            description: 'The sign confirmation (invoiceSign); the list reloads when the row changed.',
            invoke: {
              id: 'sign',
              src: 'invoiceSign',
              input: ({ context }) => ({ row: context.popupRow! }),
              onDone: [
                {
                  guard: { type: 'signChangedRow', params: ({ event }) => ({ output: event.output }) },
                  target: 'none',
                  actions: ['closePopup', 'raiseRefresh'],
                },
                { target: 'none', actions: 'closePopup' },
              ],
              onError: { target: 'none', actions: 'closePopup' },
            },
          },
          correcting: {
            tags: ['correcting'],
            description: 'The correction dialog (invoiceCorrect); the list reloads when a correction was issued.',
            invoke: {
              id: 'correct',
              src: 'invoiceCorrect',
              input: ({ context }) => ({ row: context.popupRow!, key: context.popupKey!, vatRates: context.vatRates }),
              onDone: [
                {
                  guard: { type: 'corrected', params: ({ event }) => ({ output: event.output }) },
                  target: 'none',
                  actions: ['closePopup', 'raiseRefresh'],
                },
                { target: 'none', actions: 'closePopup' },
              ],
              onError: { target: 'none', actions: 'closePopup' },
            },
          },
        },
      },
    },
  });
