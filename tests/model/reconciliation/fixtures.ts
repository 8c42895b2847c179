import type { ReconDay } from '../../../src/services/reconciliation/schemas';

/** A reconciled day of store 7 for the reconciliation machines' model paths (issue 27 §5, D308). */

export const query = { storeId: 7, day: '2026-12-06' };
export const otherQuery = { storeId: 8, day: '2026-12-05' };

const zero = { count: 0, gross: 0, fee: 0, net: 0 };
export const reconDay: ReconDay = {
  store_id: 7,
  store_name: 'Phố Cổ – Hàng Bạc',
  day: '2026-12-06',
  rows: [
    {
      group: 'OURS_ONLY',
      kind: 'PAYMENT',
      method: 'QR',
      channel: 'va',
      payment_id: 41,
      refund_id: null,
      order_code: 'DH00070041',
      invoice_id: 5_000_041,
      paid_at: 1_796_500_000,
      bank_id: null,
      reference: null,
      bank_at: null,
      amount: 90_000,
      fee: 0,
      credited: 0,
      credit_date: null,
    },
  ],
  totals: {
    MATCHED: zero,
    WAITING: zero,
    OURS_ONLY: { count: 1, gross: 90_000, fee: 0, net: 0 },
    BANK_ONLY: zero,
    ALL: { count: 1, gross: 90_000, fee: 0, net: 0 },
  },
};
