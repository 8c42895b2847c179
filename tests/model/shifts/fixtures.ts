import type { Shift, StoreShifts } from '../../../src/services/shifts/schemas';

/** Shifts of store 7 for the shift machines' model paths (D303). */

export const openShift: Shift = {
  shift_id: 31,
  store_id: 7,
  store_name: 'Phố Cổ – Hàng Bạc',
  status: 'OPEN',
  float_amount: 1_000_000,
  opened_by_name: 'Nguyễn Văn Minh',
  opened_at: 1_780_000_000,
  cash_sales: 250_000,
  cash_refunds: 0,
  cash_in: 0,
  cash_out: 0,
  expected: 1_250_000,
  closed_by_name: null,
  closed_at: null,
  counted: null,
  counts: null,
  difference: null,
  close_reason: null,
  movements: [],
};

export const movedShift: Shift = {
  ...openShift,
  cash_out: 50_000,
  expected: 1_200_000,
  movements: [
    {
      movement_id: 4,
      kind: 'OUT',
      amount: 50_000,
      reason: 'SUPPLIER',
      note: '',
      created_by_name: 'Nguyễn Văn Minh',
      created_at: 1_780_000_100,
    },
  ],
};

export const closedShift: Shift = {
  ...movedShift,
  status: 'CLOSED',
  closed_by_name: 'Nguyễn Văn Minh',
  closed_at: 1_780_030_000,
  counted: 1_000_000,
  counts: { '500000': 2 },
  difference: -200_000,
  close_reason: 'Thiếu tiền',
};

export const withOpen: StoreShifts = { open: openShift, last_closed: null };
export const withoutOpen: StoreShifts = { open: null, last_closed: closedShift };
