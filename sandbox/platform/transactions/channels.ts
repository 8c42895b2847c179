/** Report channels as the sandbox stores and generates them (docs/contracts/reports.md §1). */
export const CHANNELS = ['card', 'cash', 'momo', 'installment', 'va', 'ecom', 'saving', 'loan'] as const;
export type Channel = (typeof CHANNELS)[number];

export const STATUSES = [
  'success', 'fail', 'pending', 'PAID', 'WAITING_FOR_PAID', 'error', 'processing', 'dispute_in_progress',
  'holding', 'cancelled', 'settled', 'unsettled',
] as const;
export type Status = (typeof STATUSES)[number];

/** Statuses that mean the money arrived: revenue on the dashboard, credited after a day. */
export const PAID_STATUSES: readonly Status[] = ['success', 'PAID', 'settled'];

/** `qr` is core §7's other name of the virtual-account report. */
export function channelFromPath(value: string): Channel | null {
  if (value === 'qr') return 'va';
  return (CHANNELS as readonly string[]).includes(value) ? (value as Channel) : null;
}

type Weights<T extends string> = ReadonlyArray<readonly [T, number]>;

/** How often each channel occurs in generated data (shares of all rows). */
// QR to a virtual account is the busiest channel of a food-and-beverage shop; at half of phoco's
// 210,000 rows it holds over 100,000, the export size issue 3's benchmark asks for.
export const CHANNEL_WEIGHTS: Weights<Channel> = [
  ['card', 0.22], ['va', 0.5], ['cash', 0.09], ['momo', 0.07], ['ecom', 0.04], ['installment', 0.02],
  ['saving', 0.03], ['loan', 0.03],
];

/** Per channel: the statuses it offers and how often each occurs. Every status of core §4 appears. */
export const STATUS_WEIGHTS: Record<Channel, Weights<Status>> = {
  card: [['success', 0.7], ['settled', 0.08], ['unsettled', 0.04], ['fail', 0.05], ['pending', 0.03], ['error', 0.02],
    ['processing', 0.02], ['dispute_in_progress', 0.01], ['holding', 0.02], ['cancelled', 0.03]],
  ecom: [['success', 0.7], ['settled', 0.08], ['unsettled', 0.04], ['fail', 0.05], ['pending', 0.03], ['error', 0.02],
    ['processing', 0.02], ['dispute_in_progress', 0.01], ['holding', 0.02], ['cancelled', 0.03]],
  va: [['success', 0.62], ['PAID', 0.12], ['WAITING_FOR_PAID', 0.06], ['fail', 0.06], ['pending', 0.06], ['error', 0.04],
    ['cancelled', 0.04]],
  momo: [['success', 0.8], ['fail', 0.07], ['pending', 0.05], ['error', 0.04], ['cancelled', 0.04]],
  cash: [['success', 0.8], ['fail', 0.07], ['pending', 0.05], ['error', 0.04], ['cancelled', 0.04]],
  installment: [['success', 0.75], ['fail', 0.08], ['pending', 0.07], ['processing', 0.05], ['cancelled', 0.05]],
  saving: [['success', 0.85], ['fail', 0.05], ['pending', 0.05], ['processing', 0.05]],
  loan: [['success', 0.85], ['fail', 0.05], ['pending', 0.05], ['processing', 0.05]],
};

/** Amount range in VND (log-uniform between, rounded to 1,000 đ). */
export const AMOUNT_RANGE: Record<Channel, readonly [number, number]> = {
  card: [50_000, 5_000_000],
  cash: [20_000, 1_500_000],
  momo: [20_000, 2_000_000],
  installment: [3_000_000, 60_000_000],
  va: [20_000, 3_000_000],
  ecom: [100_000, 10_000_000],
  saving: [1_000_000, 200_000_000],
  loan: [5_000_000, 500_000_000],
};

/** Merchant discount rate per channel (fraction of the amount). */
export const COMMISSION_RATE: Record<Channel, number> = {
  card: 0.011, cash: 0, momo: 0.015, installment: 0, va: 0, ecom: 0.02, saving: 0, loan: 0,
};

/** Spreadsheet headers (Vietnamese, as the bank's reports) per row field. */
export const COLUMN_HEADERS: Record<string, string> = {
  created_at: 'Thời gian giao dịch',
  store_name: 'Cửa hàng',
  bill_id: 'Mã hoá đơn',
  card_id: 'Số thẻ',
  amount: 'Số tiền (VND)',
  commission_fee: 'Phí dịch vụ (VND)',
  credit_status: 'Trạng thái ghi có',
  credit_amount: 'Số tiền ghi có (VND)',
  credit_date: 'Ngày ghi có',
  settlement_time: 'Thời gian quyết toán',
  status: 'Trạng thái',
  bill_url: 'Hoá đơn',
  va_account_receiver: 'Tài khoản nhận',
  payment_channel: 'Loại ShopQR',
  full_name: 'Chủ thẻ',
  phone: 'Số điện thoại',
  bank_code: 'Ngân hàng',
  card_type: 'Loại thẻ',
  period: 'Kỳ hạn (tháng)',
  fee: 'Phí trả góp (VND)',
  total_amount: 'Tổng tiền (VND)',
  approval_code: 'Mã chuẩn chi',
  saving_account: 'Tài khoản tiết kiệm',
  transaction_type: 'Loại giao dịch',
  running_balance: 'Số dư (VND)',
  cumulative_balance: 'Số dư luỹ kế (VND)',
  overdraft_amount: 'Số tiền thấu chi (VND)',
};

/** Columns per channel, the same list the client's CHANNEL_CONFIG shows (contract §1). */
export const CHANNEL_COLUMNS: Record<Channel, readonly string[]> = {
  card: ['created_at', 'store_name', 'bill_id', 'card_id', 'amount', 'commission_fee', 'credit_status', 'credit_amount', 'credit_date', 'status', 'bill_url'],
  cash: ['created_at', 'store_name', 'bill_id', 'amount', 'status', 'bill_url'],
  momo: ['created_at', 'store_name', 'bill_id', 'amount', 'commission_fee', 'credit_status', 'credit_amount', 'credit_date', 'status'],
  installment: ['created_at', 'store_name', 'bill_id', 'card_id', 'full_name', 'phone', 'bank_code', 'card_type', 'period', 'amount', 'fee', 'total_amount', 'approval_code', 'status'],
  va: ['created_at', 'store_name', 'bill_id', 'va_account_receiver', 'payment_channel', 'amount', 'credit_status', 'credit_amount', 'settlement_time', 'status', 'bill_url'],
  ecom: ['created_at', 'store_name', 'bill_id', 'card_id', 'amount', 'commission_fee', 'credit_status', 'settlement_time', 'status'],
  saving: ['created_at', 'saving_account', 'transaction_type', 'amount', 'running_balance', 'cumulative_balance', 'overdraft_amount', 'status'],
  loan: ['created_at', 'store_name', 'bill_id', 'transaction_type', 'amount', 'status'],
};

export const DEFAULT_PAGE_SIZE: Record<Channel, number> = {
  card: 80, va: 80, cash: 10, momo: 10, installment: 10, ecom: 10, saving: 10, loan: 10,
};

export const STATUS_LABELS_VI: Record<Status, string> = {
  success: 'Thành công',
  fail: 'Thất bại',
  pending: 'Đang chờ',
  PAID: 'Đã thanh toán',
  WAITING_FOR_PAID: 'Chờ thanh toán',
  error: 'Lỗi',
  processing: 'Đang xử lý',
  dispute_in_progress: 'Đang tra soát',
  holding: 'Tạm giữ',
  cancelled: 'Đã huỷ',
  settled: 'Đã quyết toán',
  unsettled: 'Chưa quyết toán',
};

/** Report titles, used in the spreadsheet's sheet and its UTF-8 file name. */
export const REPORT_TITLES_VI: Record<Channel, string> = {
  card: 'Giao dịch thẻ', cash: 'Giao dịch tiền mặt', momo: 'Giao dịch ví điện tử', installment: 'Giao dịch trả góp',
  va: 'Giao dịch ShopQR', ecom: 'Giao dịch thương mại điện tử', saving: 'Giao dịch tiết kiệm', loan: 'Giao dịch khoản vay',
};
