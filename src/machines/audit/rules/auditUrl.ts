import { AUDIT_ACTIONS, type AuditAction } from '../../../rules/audit';
import { DEFAULT_PAGE_SIZE } from '../../../rules/listPaging';
import { EMPTY_AUDIT_FILTER, type AuditFilter } from '../../../services/audit/schemas';
import { choiceParam, dayRangeParam, defineListUrl, pageParam, pageSizeParam, spelledAsIs, type UrlParam } from '../../shared/list/url';

/**
 * The audit log's query in the address bar (D300: /audit-log?action=bank.account.add&user=12&store=3&
 * from=2026-12-01&to=2026-12-06&page=2): a reload, a bookmark or a link shows the same entries.
 * Defaults are left out; a hostile or stale value falls back to its default one by one.
 */

export interface AuditQuery {
  page: number;
  pageSize: number;
  filter: AuditFilter;
}

export const DEFAULT_AUDIT_QUERY: AuditQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE, filter: EMPTY_AUDIT_FILTER };

/** A row id (user, store): 1 to 9 digits, else none. */
export function idParam(key: string): UrlParam<number | null> {
  return {
    parse: (params) => {
      const raw = params.get(key);
      return raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
    },
    write: (params, value) => {
      if (value !== null) params.set(key, String(value));
    },
  };
}

export const isRowId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 1e9;

export const auditUrl = defineListUrl({
  filter: {
    action: choiceParam<AuditAction | null>('action', spelledAsIs(AUDIT_ACTIONS), null),
    userId: idParam('user'),
    storeId: idParam('store'),
    days: dayRangeParam(),
  },
  page: pageParam(),
  pageSize: pageSizeParam(),
});

export const auditQueryFromSearchParams: (params: URLSearchParams) => AuditQuery = auditUrl.parse;
// A filter without days is every day (AuditFilter.days is optional).
export const auditQueryToSearchParams = (query: AuditQuery): URLSearchParams =>
  auditUrl.format({ ...query, filter: { days: undefined, ...query.filter } });
