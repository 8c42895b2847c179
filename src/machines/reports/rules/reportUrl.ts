import type { ReportFilters } from '../../../services/reports/schemas/reportFilters';
import type { ReportChannel } from '../../../services/reports/schemas/transactions';
import { defaultFilters, isStatusFilter, parsePageSize, cleanBillSearch } from './reportFilters';
import { parseVnDate } from '../../../rules/vnTime';
import { TIME_PRESETS } from '../../../rules/timeRange';
import { MAX_PAGE } from '../../../rules/listPaging';
import { choiceParam, defineListUrl, pageParam, spelledAsIs, textParam, type ListUrl, type UrlParam } from '../../shared/list/url';

/**
 * Report filters in the address bar (bookmarkable, Back steps through them). Only filter values go
 * there: range, status, store id, bill text, page, size, sort. Defaults are left out so a plain
 * /tx-card stays plain. Keys: range, from, to, status, store, bill, page, size, sort, order.
 * Hostile or stale values fall back to defaults one by one. Custom dates are only checked for form
 * here; the reportList machine applies the range rules against today (sanitizeFilters).
 */

const positiveInt = (raw: string | null, max: number): number | null => {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
};

function rangeParam(fallback: ReportFilters['range']): UrlParam<ReportFilters['range']> {
  return {
    parse: (params) => {
      const range = params.get('range');
      if (range === 'custom') {
        const from = params.get('from');
        const to = params.get('to');
        if (from !== null && to !== null && parseVnDate(from) !== null && parseVnDate(to) !== null) return { preset: 'custom', from, to };
      } else if (range !== null && (TIME_PRESETS as readonly string[]).includes(range)) {
        return { preset: range as (typeof TIME_PRESETS)[number] };
      }
      return fallback;
    },
    write: (params, range) => {
      if (range.preset !== fallback.preset) params.set('range', range.preset);
      if (range.preset === 'custom') {
        params.set('from', range.from);
        params.set('to', range.to);
      }
    },
  };
}

const storeParam: UrlParam<number | null> = {
  parse: (params) => positiveInt(params.get('store'), 2 ** 31 - 1),
  write: (params, storeId) => {
    if (storeId !== null) params.set('store', String(storeId));
  },
};

/** A page size typed by hand (core §9's numeric input, parsePageSize), not one of a list's sizes. */
const typedSizeParam = (fallback: number): UrlParam<number> => ({
  parse: (params) => parsePageSize(params.get('size')) ?? fallback,
  write: (params, size) => {
    if (size !== fallback) params.set('size', String(size));
  },
});

/** The channel's codec: its defaults (page size) are the channel's. */
export function reportUrl(channel: ReportChannel): ListUrl<ReportFilters> {
  const d = defaultFilters(channel);
  const status: UrlParam<ReportFilters['status']> = {
    parse: (params) => {
      const raw = params.get('status');
      return isStatusFilter(raw) ? raw : d.status;
    },
    write: (params, value) => {
      if (value !== d.status) params.set('status', value);
    },
  };
  return defineListUrl({
    range: rangeParam(d.range),
    status,
    storeId: storeParam,
    billId: textParam('bill', cleanBillSearch),
    // A page written with up to 10 digits, as the reports' addresses always took.
    page: { ...pageParam(), parse: (params: URLSearchParams) => positiveInt(params.get('page'), MAX_PAGE) ?? 1 },
    pageSize: typedSizeParam(d.pageSize),
    sort: choiceParam<ReportFilters['sort']>('sort', spelledAsIs(['amount', 'created_at'] as const), d.sort),
    order: choiceParam<ReportFilters['order']>('order', spelledAsIs(['asc', 'desc'] as const), d.order),
  });
}

export const filtersFromSearchParams = (params: URLSearchParams, channel: ReportChannel): ReportFilters => reportUrl(channel).parse(params);
export const filtersToSearchParams = (filters: ReportFilters, channel: ReportChannel): URLSearchParams => reportUrl(channel).format(filters);
