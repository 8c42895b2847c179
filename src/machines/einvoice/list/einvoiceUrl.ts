import {
  DEFAULT_EINVOICE_PAGE_SIZE,
  EINVOICE_PAGE_SIZES,
  EINVOICE_SEARCH_MAX,
  EINVOICE_SERIAL_MAX,
  RELEASED_FILTERS,
  type EinvoiceFilter,
  type EinvoiceQuery,
} from '../../../services/einvoice/list/schemas';
import { TIME_PRESETS, type TimeRange } from '../../../rules/timeRange';
import type { ReleasedFilter } from '../../../services/einvoice/core/types';
import { validateCustomRange } from '../../../rules/timeRange';
import { vnToday } from '../../../rules/vnTime';
import {
  choiceParam,
  defineListUrl,
  pageParam,
  pageSizeParam,
  spelledAsIs,
  textParam,
  type ListUrl,
  type UrlParam,
} from '../../shared/list/url';

/**
 * The /e-invoice query in the address bar (?range=lastMonth&q=lan&serial=1C26TMV&released=unreleased&
 * page=2&page_size=20, or from=2026-11-01&to=2026-11-10 for a custom range), so a reload, Back or a
 * bookmark shows the same invoices. Defaults are left out when written; a hostile or stale value takes
 * its default (a custom range breaking the picker's rules falls back to this month).
 */

export const DEFAULT_EINVOICE_FILTER: EinvoiceFilter = { range: { preset: 'thisMonth' }, q: '', serial: '', released: 'all' };
export const DEFAULT_EINVOICE_QUERY: EinvoiceQuery = { page: 1, pageSize: DEFAULT_EINVOICE_PAGE_SIZE, filter: DEFAULT_EINVOICE_FILTER };

export const isReleasedFilter = (value: unknown): value is ReleasedFilter => (RELEASED_FILTERS as readonly unknown[]).includes(value);

/** Control characters never reach a provider; what is left is trimmed and bounded. */
export function cleanSearch(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/[\u0000-\u001F\u007F\u200B-\u200D\u2060\uFEFF]/g, '')
    .trim()
    .slice(0, max);
}

/** A range the list accepts: a preset, or custom days the shared picker's rules accept on `today`. */
export function isAcceptableRange(value: unknown, today: string): value is TimeRange {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  if (r.preset === 'custom') return Object.keys(r).length === 3 && validateCustomRange(r.from, r.to, today) === null;
  return Object.keys(r).length === 1 && typeof r.preset === 'string' && (TIME_PRESETS as readonly string[]).includes(r.preset);
}

/** The days: `from` and `to` for custom days, `range` for another preset than this month. */
function rangeParam(today: string): UrlParam<TimeRange> {
  return {
    parse: (params) => {
      const from = params.get('from');
      const to = params.get('to');
      const preset = params.get('range');
      const candidate: unknown = from !== null || to !== null ? { preset: 'custom', from, to } : preset !== null ? { preset } : null;
      return isAcceptableRange(candidate, today) ? candidate : DEFAULT_EINVOICE_FILTER.range;
    },
    write: (params, range) => {
      if (range.preset === 'custom') {
        params.set('from', range.from);
        params.set('to', range.to);
      } else if (range.preset !== DEFAULT_EINVOICE_FILTER.range.preset) params.set('range', range.preset);
    },
  };
}

/** The list's codec on the Vietnam day of `nowMs` (custom days are checked against it). */
export const einvoiceUrl = (nowMs: number): ListUrl<EinvoiceQuery> =>
  defineListUrl({
    filter: {
      range: rangeParam(vnToday(nowMs)),
      q: textParam('q', (raw) => cleanSearch(raw, EINVOICE_SEARCH_MAX)),
      serial: textParam('serial', (raw) => cleanSearch(raw, EINVOICE_SERIAL_MAX).toUpperCase()),
      released: choiceParam<ReleasedFilter>('released', spelledAsIs(RELEASED_FILTERS), 'all'),
    },
    page: pageParam(),
    pageSize: pageSizeParam({ sizes: EINVOICE_PAGE_SIZES, fallback: DEFAULT_EINVOICE_PAGE_SIZE }),
  });

export const einvoiceQueryFromSearchParams = (params: URLSearchParams, nowMs: number = Date.now()): EinvoiceQuery =>
  einvoiceUrl(nowMs).parse(params);

/** Writing does not depend on the day. */
export const einvoiceQueryToSearchParams = (query: EinvoiceQuery): URLSearchParams => einvoiceUrl(Date.now()).format(query);
