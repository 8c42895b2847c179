import type { VatRateCode } from '../vatRates';

/**
 * The end-of-day report (Z report, D306): one figure object made by the sale service, and the one
 * list of lines the screen, the 80 mm paper and the spreadsheet are all drawn from, so the three can
 * never disagree (a peer failure the spec's close names: end-of-day cash figures that differ between
 * screen and print). Pure: no clock, no I/O. Money in whole đồng.
 */

export const PAY_METHODS = ['CASH', 'CARD', 'QR', 'LINK'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export interface CountAmount {
  count: number;
  amount: number;
}

export interface ZReportFigures {
  sales: Record<PayMethod, CountAmount>;
  refunds: Record<PayMethod, CountAmount>;
  voids: CountAmount;
  discounts: CountAmount;
  vat: { rate: VatRateCode; net: number; vat: number; gross: number }[];
  invoiced: CountAmount;
  notInvoiced: CountAmount;
  cash: {
    shifts: number;
    float: number;
    sales: number;
    refunds: number;
    cashIn: number;
    cashOut: number;
    expected: number;
    /** Null while a shift of the scope is still open (not counted yet). */
    counted: number | null;
    difference: number | null;
  };
}

/** One printed/exported/shown line: a label key of the `closing` namespace with its values, and its figures. */
export interface ZReportLine {
  id: string;
  section: 'sales' | 'refunds' | 'voids' | 'discounts' | 'vat' | 'invoices' | 'cash';
  labelKey: string;
  labelValues?: Record<string, string>;
  count: number | null;
  amount: number | null;
  strong?: boolean;
}

export const ZREPORT_SECTIONS = ['sales', 'refunds', 'voids', 'discounts', 'vat', 'invoices', 'cash'] as const;

const sum = (rows: Record<PayMethod, CountAmount>): CountAmount =>
  PAY_METHODS.reduce((a, m) => ({ count: a.count + rows[m].count, amount: a.amount + rows[m].amount }), { count: 0, amount: 0 });

const byMethod = (section: 'sales' | 'refunds', rows: Record<PayMethod, CountAmount>): ZReportLine[] => [
  ...PAY_METHODS.map((m) => ({
    id: `${section}.${m}`,
    section,
    labelKey: `method.${m}`,
    count: rows[m].count,
    amount: rows[m].amount,
  })),
  { id: `${section}.total`, section, labelKey: `line.${section}Total`, count: sum(rows).count, amount: sum(rows).amount, strong: true },
];

function vatLines(f: ZReportFigures): ZReportLine[] {
  const total = f.vat.reduce((a, r) => ({ net: a.net + r.net, vat: a.vat + r.vat }), { net: 0, vat: 0 });
  return [
    ...f.vat.flatMap((r): ZReportLine[] => [
      { id: `vat.${r.rate}.net`, section: 'vat', labelKey: 'line.vatNet', labelValues: { rate: r.rate }, count: null, amount: r.net },
      { id: `vat.${r.rate}.vat`, section: 'vat', labelKey: 'line.vatTax', labelValues: { rate: r.rate }, count: null, amount: r.vat },
    ]),
    { id: 'vat.totalNet', section: 'vat', labelKey: 'line.vatTotalNet', count: null, amount: total.net },
    { id: 'vat.total', section: 'vat', labelKey: 'line.vatTotal', count: null, amount: total.vat, strong: true },
  ];
}

function cashLines(c: ZReportFigures['cash']): ZReportLine[] {
  const line = (id: string, amount: number | null, strong = false): ZReportLine => ({
    id: `cash.${id}`,
    section: 'cash',
    labelKey: `line.cash.${id}`,
    count: null,
    amount,
    strong,
  });
  return [
    { ...line('shifts', null), count: c.shifts },
    line('float', c.float),
    line('sales', c.sales),
    line('refunds', c.refunds),
    line('cashIn', c.cashIn),
    line('cashOut', c.cashOut),
    line('expected', c.expected, true),
    line('counted', c.counted, true),
    line('difference', c.difference, true),
  ];
}

/**
 * Every line of the report, in order. Net sales = sales − refunds given back (D306), which is also the
 * gross of the VAT lines when every refund of the scope is of a sale of the scope.
 */
export function zReportLines(f: ZReportFigures): ZReportLine[] {
  const sales = sum(f.sales);
  const refunds = sum(f.refunds);
  return [
    ...byMethod('sales', f.sales),
    ...byMethod('refunds', f.refunds),
    { id: 'net', section: 'refunds', labelKey: 'line.net', count: null, amount: sales.amount - refunds.amount, strong: true },
    { id: 'voids', section: 'voids', labelKey: 'line.voids', count: f.voids.count, amount: f.voids.amount },
    { id: 'discounts', section: 'discounts', labelKey: 'line.discounts', count: f.discounts.count, amount: f.discounts.amount },
    ...vatLines(f),
    { id: 'invoiced', section: 'invoices', labelKey: 'line.invoiced', count: f.invoiced.count, amount: f.invoiced.amount },
    { id: 'notInvoiced', section: 'invoices', labelKey: 'line.notInvoiced', count: f.notInvoiced.count, amount: f.notInvoiced.amount },
    ...cashLines(f.cash),
  ];
}
