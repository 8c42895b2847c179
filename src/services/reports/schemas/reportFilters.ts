import type { AnyTransactionRow, ReportChannel, SortField, SortOrder, TransactionStatus } from './transactions';

/** What a report screen filters by (core §3 "Transaction list filter"; contract §6). */

export { TIME_PRESETS, type TimePreset, type TimeRange } from '../../../rules/timeRange';
import type { TimeRange } from '../../../rules/timeRange';

export interface ReportFilters {
  range: TimeRange;
  status: TransactionStatus | 'all';
  storeId: number | null;
  billId: string;
  page: number;
  pageSize: number;
  sort: SortField;
  order: SortOrder;
}

export interface ReportPage {
  rows: AnyTransactionRow[];
  totalPage: number;
  totalAmount: number;
  totalCount: number;
  page: number;
  pageSize: number;
}

export type { ReportChannel, SortField, SortOrder };
