import { z } from '../../../config/zod-classic';
import { REPORT_CHANNELS, TRANSACTION_STATUSES } from '../../../rules/transactionStatus';

export { REPORT_CHANNELS, TRANSACTION_STATUSES };

/** Transaction reports (core §3, §4; docs/areas/reports.md §1–§3). */

export const reportChannelSchema = z.enum(REPORT_CHANNELS);
export type ReportChannel = z.infer<typeof reportChannelSchema>;

export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/** ISO 8601 with an offset, as the service sends row times (e.g. 2026-11-22T09:15:03+07:00). */
const isoTime = z.iso.datetime({ offset: true });
const money = z.number().int();

export const transactionRowSchema = z.object({
  id: z.string().min(1),
  channel: reportChannelSchema,
  created_at: isoTime,
  store_id: z.number().int(),
  store_name: z.string(),
  merchant_name: z.string(),
  /** '' when the bill has none; screens show 0000. */
  bill_id: z.string(),
  card_id: z.string().nullable(),
  amount: money,
  commission_fee: money,
  credit_status: z.enum(['credited', 'not_credited']),
  credit_amount: money.nullable(),
  credit_date: isoTime.nullable(),
  settlement_time: isoTime.nullable(),
  status: transactionStatusSchema,
  response_code: z.string(),
  /** Service path of the printable invoice (needs the session: load with ReportsApi.billImage). */
  bill_url: z.string().nullable(),
  va_account_receiver: z.string().nullable(),
  use_qrpay: z.boolean(),
  payment_channel: z.enum(['STORE', 'STAFF', 'BILL']).nullable(),
  logo_url: z.string().nullable(),
  transaction_type: z.enum(['CREDIT', 'DEBIT']).nullable(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

export const installmentRowSchema = transactionRowSchema.extend({
  channel: z.literal('installment'),
  fee: money,
  /** amount + fee of this row (not the list's total_amount). */
  total_amount: money,
  approval_code: z.string(),
  bank_code: z.string(),
  card_type: z.string(),
  period: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  identity_card: z.string(),
});
export type InstallmentRow = z.infer<typeof installmentRowSchema>;

export const savingRowSchema = transactionRowSchema.extend({
  channel: z.literal('saving'),
  saving_account: z.string(),
  running_balance: money,
  cumulative_balance: money,
  overdraft_amount: money,
});
export type SavingRow = z.infer<typeof savingRowSchema>;

export type AnyTransactionRow = TransactionRow | InstallmentRow | SavingRow;

export function rowSchemaFor(channel: ReportChannel): z.ZodType<AnyTransactionRow> {
  if (channel === 'installment') return installmentRowSchema;
  if (channel === 'saving') return savingRowSchema;
  return transactionRowSchema;
}

/** The list answer beside `data` (the envelope's own fields are checked by listEnvelope too). */
export const transactionListSchema = <S extends z.ZodType>(row: S) =>
  z.object({
    data: z.array(row),
    total_page: z.number().int().nonnegative(),
    total_amount: z.number(),
    total_count: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
  });

export type ReportColumn =
  | 'created_at'
  | 'store_name'
  | 'bill_id'
  | 'card_id'
  | 'amount'
  | 'commission_fee'
  | 'credit_status'
  | 'credit_amount'
  | 'credit_date'
  | 'settlement_time'
  | 'status'
  | 'bill_url'
  | 'va_account_receiver'
  | 'payment_channel'
  | 'full_name'
  | 'phone'
  | 'bank_code'
  | 'card_type'
  | 'period'
  | 'fee'
  | 'total_amount'
  | 'approval_code'
  | 'saving_account'
  | 'transaction_type'
  | 'running_balance'
  | 'cumulative_balance'
  | 'overdraft_amount';

export type SortField = 'created_at' | 'amount';
export type SortOrder = 'asc' | 'desc';

export interface ChannelConfig {
  route: string;
  /** 80 for card and va, 10 otherwise (core §9). */
  defaultPageSize: number;
  /** What the status filter offers, besides 'all'. */
  statuses: readonly TransactionStatus[];
  columns: readonly ReportColumn[];
  sortable: readonly SortField[];
}

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 80, 100] as const;
export const MAX_PAGE_SIZE = 100;

const CARD_STATUSES: readonly TransactionStatus[] = [
  'success',
  'fail',
  'pending',
  'error',
  'processing',
  'dispute_in_progress',
  'holding',
  'cancelled',
  'settled',
  'unsettled',
];
const SIMPLE_STATUSES: readonly TransactionStatus[] = ['success', 'fail', 'pending', 'error', 'cancelled'];
const ACCOUNT_STATUSES: readonly TransactionStatus[] = ['success', 'fail', 'pending', 'processing'];
const SORTABLE: readonly SortField[] = ['created_at', 'amount'];

export const CHANNEL_CONFIG: Record<ReportChannel, ChannelConfig> = {
  card: {
    route: '/tx-card',
    defaultPageSize: 80,
    statuses: CARD_STATUSES,
    columns: [
      'created_at',
      'store_name',
      'bill_id',
      'card_id',
      'amount',
      'commission_fee',
      'credit_status',
      'credit_amount',
      'credit_date',
      'status',
      'bill_url',
    ],
    sortable: SORTABLE,
  },
  cash: {
    route: '/tx-cash',
    defaultPageSize: 10,
    statuses: SIMPLE_STATUSES,
    columns: ['created_at', 'store_name', 'bill_id', 'amount', 'status', 'bill_url'],
    sortable: SORTABLE,
  },
  momo: {
    route: '/tx-momo',
    defaultPageSize: 10,
    statuses: SIMPLE_STATUSES,
    columns: ['created_at', 'store_name', 'bill_id', 'amount', 'commission_fee', 'credit_status', 'credit_amount', 'credit_date', 'status'],
    sortable: SORTABLE,
  },
  installment: {
    route: '/tx-installment',
    defaultPageSize: 10,
    statuses: ['success', 'fail', 'pending', 'processing', 'cancelled'],
    columns: [
      'created_at',
      'store_name',
      'bill_id',
      'card_id',
      'full_name',
      'phone',
      'bank_code',
      'card_type',
      'period',
      'amount',
      'fee',
      'total_amount',
      'approval_code',
      'status',
    ],
    sortable: SORTABLE,
  },
  va: {
    route: '/tx-va',
    defaultPageSize: 80,
    statuses: ['success', 'fail', 'pending', 'PAID', 'WAITING_FOR_PAID', 'error', 'cancelled'],
    columns: [
      'created_at',
      'store_name',
      'bill_id',
      'va_account_receiver',
      'payment_channel',
      'amount',
      'credit_status',
      'credit_amount',
      'settlement_time',
      'status',
      'bill_url',
    ],
    sortable: SORTABLE,
  },
  ecom: {
    route: '/tx-ecom',
    defaultPageSize: 10,
    statuses: CARD_STATUSES,
    columns: ['created_at', 'store_name', 'bill_id', 'card_id', 'amount', 'commission_fee', 'credit_status', 'settlement_time', 'status'],
    sortable: SORTABLE,
  },
  saving: {
    route: '/tx-saving',
    defaultPageSize: 10,
    statuses: ACCOUNT_STATUSES,
    columns: [
      'created_at',
      'saving_account',
      'transaction_type',
      'amount',
      'running_balance',
      'cumulative_balance',
      'overdraft_amount',
      'status',
    ],
    sortable: SORTABLE,
  },
  loan: {
    route: '/tx-loan',
    defaultPageSize: 10,
    statuses: ACCOUNT_STATUSES,
    columns: ['created_at', 'store_name', 'bill_id', 'transaction_type', 'amount', 'status'],
    sortable: SORTABLE,
  },
};
