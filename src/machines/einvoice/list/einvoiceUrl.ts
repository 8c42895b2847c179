import {
  DEFAULT_EINVOICE_PAGE_SIZE,
  EINVOICE_PAGE_SIZES,
  EINVOICE_SEARCH_MAX,
  EINVOICE_SERIAL_MAX,
  RELEASED_FILTERS,
  type EinvoiceFilter,
  type EinvoiceQuery,
} from '../../../services/einvoice/list/schemas';
import { TIME_PRESETS, type TimeRange } from '../../../services/shared/schemas/reportFilters';
import type { ReleasedFilter } from '../../../services/einvoice/core/types';
import { validateCustomRange } from '../../../rules/timeRange';
import { vnToday } from '../../../rules/vnTime';

/**
 * The /e-invoice query in the address bar (?range=lastMonth&q=lan&serial=1C26TMV&released=unreleased&
 * page=2&page_size=20, or from=2026-11-01&to=2026-11-10 for a custom range), so a reload, Back or a
 * bookmark shows the same invoices. Defaults are left out when written; a hostile or stale value takes
 * its default (a custom range breaking the picker's rules falls back to this month).
 */

const MAX_PAGE = 1_000_000;

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

export function einvoiceQueryFromSearchParams(params: URLSearchParams, nowMs: number = Date.now()): EinvoiceQuery {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  const rawSize = Number(params.get('page_size'));
  const pageSize = (EINVOICE_PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_EINVOICE_PAGE_SIZE;
  const from = params.get('from');
  const to = params.get('to');
  const preset = params.get('range');
  const candidate: unknown = from !== null || to !== null ? { preset: 'custom', from, to } : preset !== null ? { preset } : null;
  const range = isAcceptableRange(candidate, vnToday(nowMs)) ? candidate : DEFAULT_EINVOICE_FILTER.range;
  const released = params.get('released');
  return {
    page,
    pageSize,
    filter: {
      range,
      q: cleanSearch(params.get('q'), EINVOICE_SEARCH_MAX),
      serial: cleanSearch(params.get('serial'), EINVOICE_SERIAL_MAX).toUpperCase(),
      released: isReleasedFilter(released) ? released : 'all',
    },
  };
}

export function einvoiceQueryToSearchParams(query: EinvoiceQuery): URLSearchParams {
  const p = new URLSearchParams();
  const { range, q, serial, released } = query.filter;
  if (range.preset === 'custom') {
    p.set('from', range.from);
    p.set('to', range.to);
  } else if (range.preset !== DEFAULT_EINVOICE_FILTER.range.preset) p.set('range', range.preset);
  if (q !== '') p.set('q', q);
  if (serial !== '') p.set('serial', serial);
  if (released !== 'all') p.set('released', released);
  if (query.page !== 1) p.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_EINVOICE_PAGE_SIZE) p.set('page_size', String(query.pageSize));
  return p;
}
