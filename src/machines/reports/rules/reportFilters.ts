import { TIME_PRESETS, type ReportFilters, type TimeRange } from '../../../services/reports/schemas/reportFilters';
import {
  CHANNEL_CONFIG,
  MAX_PAGE_SIZE,
  TRANSACTION_STATUSES,
  type ReportChannel,
  type TransactionStatus,
} from '../../../services/reports/schemas/transactions';
import { validateCustomRange } from '../../../rules/timeRange';
import { MAX_PAGE } from '../../../rules/listPaging';

/** Report filters: defaults (core §3, §9) and a gate for values from URLs or other untrusted places. */

export const MAX_BILL_SEARCH_LENGTH = 64;

export function defaultFilters(channel: ReportChannel): ReportFilters {
  return {
    range: { preset: 'today' },
    status: 'all',
    storeId: null,
    billId: '',
    page: 1,
    pageSize: CHANNEL_CONFIG[channel].defaultPageSize,
    sort: 'created_at',
    order: 'desc',
  };
}

/** A page size typed by hand: a whole number 1..100, else null (core §9's numeric input). */
export function parsePageSize(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_PAGE_SIZE ? n : null;
}

export function isStatusFilter(value: unknown): value is TransactionStatus | 'all' {
  return value === 'all' || (typeof value === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(value));
}

export function isTimeRange(value: unknown): value is TimeRange {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  if (r.preset === 'custom') return typeof r.from === 'string' && typeof r.to === 'string';
  return typeof r.preset === 'string' && (TIME_PRESETS as readonly string[]).includes(r.preset);
}

/** Bill search as sent: trimmed, invisible characters dropped, bounded. */
export function cleanBillSearch(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/[\u0000-\u001F\u007F\u200B-\u200D\u2060\uFEFF]/g, '')
    .trim()
    .slice(0, MAX_BILL_SEARCH_LENGTH);
}

/**
 * Every field checked on its own; a bad one takes its default so a hand-edited address still opens
 * the report. A custom range that breaks the rules (D16) falls back to today.
 */
export function sanitizeFilters(input: unknown, channel: ReportChannel, today: string): ReportFilters {
  const d = defaultFilters(channel);
  if (typeof input !== 'object' || input === null) return d;
  const f = input as Record<string, unknown>;
  const range =
    isTimeRange(f.range) && (f.range.preset !== 'custom' || validateCustomRange(f.range.from, f.range.to, today) === null)
      ? f.range.preset === 'custom'
        ? { preset: 'custom' as const, from: f.range.from, to: f.range.to }
        : { preset: f.range.preset }
      : d.range;
  const page = typeof f.page === 'number' && Number.isInteger(f.page) && f.page >= 1 && f.page <= MAX_PAGE ? f.page : d.page;
  const storeId = typeof f.storeId === 'number' && Number.isInteger(f.storeId) && f.storeId > 0 && f.storeId < 2 ** 31 ? f.storeId : null;
  return {
    range,
    status: isStatusFilter(f.status) ? f.status : d.status,
    storeId,
    billId: cleanBillSearch(f.billId),
    page,
    pageSize: parsePageSize(f.pageSize) ?? d.pageSize,
    sort: f.sort === 'amount' || f.sort === 'created_at' ? f.sort : d.sort,
    order: f.order === 'asc' || f.order === 'desc' ? f.order : d.order,
  };
}
