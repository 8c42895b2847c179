import type { ZReport } from '../../../src/services/closing/schemas';

/** A closed shift's Z report for tests (D306): cash and card sales, a cash refund, a void, two VAT rates. */
export const sampleZReport: ZReport = {
  kind: 'shift',
  store_id: 7,
  store_name: 'Phố Cổ – Hàng Bạc',
  date: '2026-12-06',
  shift_id: 31,
  status: 'CLOSED',
  from: 1_796_500_000,
  to: 1_796_530_000,
  generated_at: 1_796_530_100,
  figures: {
    sales: {
      CASH: { count: 1, amount: 130_000 },
      CARD: { count: 1, amount: 20_000 },
      QR: { count: 0, amount: 0 },
      LINK: { count: 0, amount: 0 },
    },
    refunds: {
      CASH: { count: 1, amount: 45_000 },
      CARD: { count: 0, amount: 0 },
      QR: { count: 0, amount: 0 },
      LINK: { count: 0, amount: 0 },
    },
    voids: { count: 1, amount: 135_000 },
    discounts: { count: 0, amount: 0 },
    vat: [
      { rate: '10%', net: 36_364, vat: 3_636, gross: 40_000 },
      { rate: '8%', net: 60_185, vat: 4_815, gross: 65_000 },
    ],
    invoiced: { count: 1, amount: 20_000 },
    notInvoiced: { count: 1, amount: 130_000 },
    cash: {
      shifts: 1,
      float: 500_000,
      sales: 130_000,
      refunds: 45_000,
      cashIn: 0,
      cashOut: 0,
      expected: 585_000,
      counted: 580_000,
      difference: -5_000,
    },
  },
};
