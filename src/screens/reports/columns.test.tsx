import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { i18n } from '../../i18n';
import { CHANNEL_CONFIG } from '../../services/reports/schemas/transactions';
import { renderScreen } from '../shared/test/render';
import { DataTable } from '../shared/table';
import { billLabel, buildColumns, type ReportRow } from './columns';

afterEach(cleanup);

const base = {
  id: 'card-1',
  channel: 'card',
  created_at: '2026-11-22T09:15:03+07:00',
  store_id: 1,
  store_name: 'Phố Cổ – Hàng Bạc',
  merchant_name: 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ',
  bill_id: '',
  card_id: '970436******1234',
  amount: 150000,
  commission_fee: 1650,
  credit_status: 'not_credited',
  credit_amount: 148350,
  credit_date: null,
  settlement_time: '2026-11-22T23:00:00+07:00',
  status: 'WAITING_FOR_PAID',
  response_code: '00',
  bill_url: '/api/portal/transaction/bill/card-1.svg',
  va_account_receiver: null,
  use_qrpay: false,
  payment_channel: null,
  logo_url: null,
  transaction_type: null,
} as unknown as ReportRow;

async function renderChannel(channel: keyof typeof CHANNEL_CONFIG, rows: ReportRow[], openBill = vi.fn()) {
  await renderScreen(<div />, { language: 'vi' });
  cleanup();
  const config = CHANNEL_CONFIG[channel];
  const columns = buildColumns(config.columns, config.sortable, i18n.t.bind(i18n), openBill);
  await renderScreen(<DataTable<ReportRow> label="r" columns={columns} rows={rows} loading={false} />, { language: 'vi' });
  return screen.getByRole('table', { name: 'r' });
}

describe('report columns (core §3 transaction row)', () => {
  it('card: bill 0000 when empty, Vietnam time, VND, credit state, status in words, invoice link', async () => {
    const openBill = vi.fn();
    const table = await renderChannel('card', [base], openBill);
    const cells = within(table).getAllByRole('cell').map((c) => c.textContent);
    expect(within(table).getByRole('rowheader')).toHaveTextContent('22/11/2026 09:15:03');
    expect(cells).toContain('0000');
    expect(cells.some((c) => /150\.000\s₫/.test(c ?? ''))).toBe(true);
    expect(cells).toContain('Chưa ghi có');
    expect(within(table).getByText('Chờ thanh toán')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Xem hóa đơn 0000' }));
    expect(openBill).toHaveBeenCalledOnce();
    expect(billLabel({ bill_id: 'HD1' })).toBe('HD1');
  });

  it('installment adds fee, total, approval code, bank, card type, period and customer', async () => {
    const row = { ...base, channel: 'installment', fee: 3000, total_amount: 153000, approval_code: 'A1B2', bank_code: 'VCB', card_type: 'VISA', period: 6, full_name: 'Nguyễn Văn An', phone: '0912345678', identity_card: '0123' } as unknown as ReportRow;
    const table = await renderChannel('installment', [row]);
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent ?? '');
    for (const name of ['Phí', 'Tổng tiền', 'Mã chuẩn chi', 'Ngân hàng', 'Loại thẻ', 'Kỳ hạn', 'Khách hàng']) {
      expect(headers.some((h) => h.startsWith(name)), name).toBe(true);
    }
    expect(within(table).getByText('6 tháng')).toBeInTheDocument();
    expect(within(table).getByText('Nguyễn Văn An')).toBeInTheDocument();
  });

  it('saving shows the account, running and cumulative balance, overdraft and CREDIT/DEBIT', async () => {
    const row = { ...base, channel: 'saving', saving_account: 'TK001', running_balance: 5000000, cumulative_balance: 7000000, overdraft_amount: 0, transaction_type: 'DEBIT' } as unknown as ReportRow;
    const table = await renderChannel('saving', [row]);
    expect(within(table).getByText('TK001')).toBeInTheDocument();
    expect(within(table).getByText('Ghi nợ (DEBIT)')).toBeInTheDocument();
    expect(within(table).getAllByRole('cell').some((c) => /5\.000\.000\s₫/.test(c.textContent ?? ''))).toBe(true);
  });
});
