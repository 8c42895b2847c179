import type { AnyTransactionRow, ReportChannel, SortField, SortOrder, TransactionStatus } from './transactions';

/** What a report screen filters by (core §3 "Transaction list filter"; contract §6). */

export const TIME_PRESETS = ['today', 'yesterday', 'last7days', 'thisMonth', 'lastMonth', 'thisQuarter'] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

/** A custom range names Vietnam calendar days, both included. */
export type TimeRange = { preset: TimePreset } | { preset: 'custom'; from: string; to: string };

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
