import type { Channel, Status } from '../../platform/transactions/channels';

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
