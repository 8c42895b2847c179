import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AnyTransactionRow, ReportColumn } from '../../services/reports/schemas/transactions';
import classes from './reports.module.css';
import { formatDateTime, formatVnd, StatusBadge, statusLabels, type DataColumn } from '../shared/table';

/** What a cell may read from any channel's row (installment and saving rows add fields). */
type Row = AnyTransactionRow & Record<string, unknown>;

const MONEY = new Set<string>([
  'amount',
  'commission_fee',
  'credit_amount',
  'fee',
  'total_amount',
  'running_balance',
  'cumulative_balance',
  'overdraft_amount',
]);
const DATES = new Set<string>(['created_at', 'credit_date', 'settlement_time']);

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** core §3: an empty bill id shows as 0000. */
export const billLabel = (row: { bill_id?: string | null }): string => (row.bill_id ? row.bill_id : '0000');

/**
 * One renderer per field of core §3, so a channel's column list (CHANNEL_CONFIG in the contract)
 * is all a report needs. Server text is rendered as text; nothing here builds HTML.
 */
export function buildColumns(
  keys: readonly ReportColumn[],
  sortable: readonly string[],
  t: TFunction,
  openBill: (row: Row) => void,
): DataColumn<Row>[] {
  // The same few words on every row: asked of i18next once each, not 80 times a page.
  const statusText = statusLabels(t);
  const words = new Map<string, string>();
  const word = (key: string): string => {
    let text = words.get(key);
    if (text === undefined) {
      text = t(key);
      words.set(key, text);
    }
    return text;
  };
  return keys.map((key): DataColumn<Row> => {
    const header = t(`reports:columns.${key}`);
    const base = { key, header, sortable: sortable.includes(key) };
    if (MONEY.has(key)) {
      return { ...base, align: 'right', minWidth: 110, cell: (row) => (row[key] === null || row[key] === undefined ? '' : formatVnd(Number(row[key]))) };
    }
    if (DATES.has(key)) {
      return { ...base, minWidth: 150, rowHeader: key === 'created_at', cell: (row) => formatDateTime(row[key] as string | number | null) };
    }
    const cell = ((): ((row: Row) => ReactNode) => {
      switch (key) {
        case 'bill_id':
          return (row) => billLabel(row as { bill_id?: string | null });
        case 'status':
          return (row) => <StatusBadge status={text(row.status)} label={statusText(text(row.status))} />;
        case 'credit_status':
          return (row) => (row.credit_status ? word(`reports:credit.${row.credit_status === 'credited' ? 'credited' : 'not_credited'}`) : '');
        case 'transaction_type':
          return (row) => (row.transaction_type === 'CREDIT' || row.transaction_type === 'DEBIT' ? word(`reports:transactionType.${row.transaction_type}`) : text(row.transaction_type));
        case 'payment_channel':
          return (row) =>
            row.payment_channel === 'STORE' || row.payment_channel === 'STAFF' || row.payment_channel === 'BILL'
              ? word(`reports:paymentChannel.${row.payment_channel}`)
              : text(row.payment_channel);
        case 'period':
          return (row) => (row.period === null || row.period === undefined ? '' : t('reports:periodMonths', { count: Number(row.period) }));
        case 'bill_url':
          return (row) =>
            row.bill_url ? (
              <button type="button" className={classes.billLink} onClick={() => openBill(row)}>
                {t('reports:bill.open', { bill: billLabel(row as { bill_id?: string | null }) })}
              </button>
            ) : (
              ''
            );
        default:
          return (row) => text(row[key]);
      }
    })();
    return { ...base, cell, minWidth: key === 'store_name' ? 160 : undefined };
  });
}

export type { Row as ReportRow };
