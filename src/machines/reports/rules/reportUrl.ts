import type { ReportFilters } from '../../../services/shared/schemas/reportFilters';
import type { ReportChannel } from '../../../services/shared/schemas/transactions';
import { defaultFilters, isStatusFilter, MAX_PAGE, parsePageSize, cleanBillSearch } from './reportFilters';
import { parseVnDate } from '../../../rules/vnTime';
import { TIME_PRESETS } from '../../../services/shared/schemas/reportFilters';

/**
 * Report filters in the address bar (bookmarkable, Back steps through them). Only filter values go
 * there: range, status, store id, bill text, page, size, sort. Defaults are left out so a plain
 * /tx-card stays plain. Keys: range, from, to, status, store, bill, page, size, sort, order.
 */

const positiveInt = (raw: string | null, max: number): number | null => {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
};

/**
 * Hostile or stale values fall back to defaults one by one. Custom dates are only checked for form
 * here; the reportList machine applies the range rules against today (sanitizeFilters).
 */
export function filtersFromSearchParams(params: URLSearchParams, channel: ReportChannel): ReportFilters {
  const f = defaultFilters(channel);
  const range = params.get('range');
  if (range === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    if (from !== null && to !== null && parseVnDate(from) !== null && parseVnDate(to) !== null) f.range = { preset: 'custom', from, to };
  } else if (range !== null && (TIME_PRESETS as readonly string[]).includes(range)) {
    f.range = { preset: range as (typeof TIME_PRESETS)[number] };
  }
  const status = params.get('status');
  if (isStatusFilter(status)) f.status = status;
  f.storeId = positiveInt(params.get('store'), 2 ** 31 - 1);
  f.billId = cleanBillSearch(params.get('bill') ?? '');
  f.page = positiveInt(params.get('page'), MAX_PAGE) ?? 1;
  f.pageSize = parsePageSize(params.get('size')) ?? f.pageSize;
  const sort = params.get('sort');
  if (sort === 'amount' || sort === 'created_at') f.sort = sort;
  const order = params.get('order');
  if (order === 'asc' || order === 'desc') f.order = order;
  return f;
}

export function filtersToSearchParams(filters: ReportFilters, channel: ReportChannel): URLSearchParams {
  const d = defaultFilters(channel);
  const p = new URLSearchParams();
  if (filters.range.preset !== d.range.preset) p.set('range', filters.range.preset);
  if (filters.range.preset === 'custom') {
    p.set('from', filters.range.from);
    p.set('to', filters.range.to);
  }
  if (filters.status !== d.status) p.set('status', filters.status);
  if (filters.storeId !== null) p.set('store', String(filters.storeId));
  if (filters.billId !== '') p.set('bill', filters.billId);
  if (filters.page !== 1) p.set('page', String(filters.page));
  if (filters.pageSize !== d.pageSize) p.set('size', String(filters.pageSize));
  if (filters.sort !== d.sort) p.set('sort', filters.sort);
  if (filters.order !== d.order) p.set('order', filters.order);
  return p;
}
