import { REPORT_CHANNELS, TRANSACTION_STATUSES } from '../../../src/rules/transactionStatus';

/**
 * The transactions table's channels and statuses (docs/contracts/reports.md §1) and how generated
 * history draws them. Shared: the reports list them, the dashboard sums paid ones, triggers of other
 * areas add rows. How the reports present them is areas/reports/columns.ts.
 */
export const CHANNELS = REPORT_CHANNELS;
export type Channel = (typeof CHANNELS)[number];

export const STATUSES = TRANSACTION_STATUSES;
export type Status = (typeof STATUSES)[number];

/** Statuses that mean the money arrived: revenue on the dashboard, credited after a day. */
export const PAID_STATUSES: readonly Status[] = ['success', 'PAID', 'settled'];

/**
 * Channels whose rows are payments a customer made to the merchant (decision D62). Saving and loan
 * rows move the merchant's own accounts (deposits, withdrawals, loan credits and repayments): money,
 * but not revenue.
 */
export const PAYMENT_CHANNELS: readonly Channel[] = ['card', 'va', 'cash', 'momo', 'installment', 'ecom'];

/** `qr` is core §7's other name of the virtual-account report. */
export function channelFromPath(value: string): Channel | null {
  if (value === 'qr') return 'va';
  return (CHANNELS as readonly string[]).includes(value) ? (value as Channel) : null;
}

type Weights<T extends string> = ReadonlyArray<readonly [T, number]>;

/** How often each channel occurs in generated data (shares of all rows). */
// QR to a virtual account is the busiest channel of a food-and-beverage shop; at half of phoco's
// 210,000 rows it holds over 100,000, the export size the benchmark asks for.
export const CHANNEL_WEIGHTS: Weights<Channel> = [
  ['card', 0.22],
  ['va', 0.5],
  ['cash', 0.09],
  ['momo', 0.07],
  ['ecom', 0.04],
  ['installment', 0.02],
  ['saving', 0.03],
  ['loan', 0.03],
];

/** Per channel: the statuses it offers and how often each occurs. Every status of core §4 appears. */
export const STATUS_WEIGHTS: Record<Channel, Weights<Status>> = {
  card: [
    ['success', 0.7],
    ['settled', 0.08],
    ['unsettled', 0.04],
    ['fail', 0.05],
    ['pending', 0.03],
    ['error', 0.02],
    ['processing', 0.02],
    ['dispute_in_progress', 0.01],
    ['holding', 0.02],
    ['cancelled', 0.03],
  ],
  ecom: [
    ['success', 0.7],
    ['settled', 0.08],
    ['unsettled', 0.04],
    ['fail', 0.05],
    ['pending', 0.03],
    ['error', 0.02],
    ['processing', 0.02],
    ['dispute_in_progress', 0.01],
    ['holding', 0.02],
    ['cancelled', 0.03],
  ],
  va: [
    ['success', 0.62],
    ['PAID', 0.12],
    ['WAITING_FOR_PAID', 0.06],
    ['fail', 0.06],
    ['pending', 0.06],
    ['error', 0.04],
    ['cancelled', 0.04],
  ],
  momo: [
    ['success', 0.8],
    ['fail', 0.07],
    ['pending', 0.05],
    ['error', 0.04],
    ['cancelled', 0.04],
  ],
  cash: [
    ['success', 0.8],
    ['fail', 0.07],
    ['pending', 0.05],
    ['error', 0.04],
    ['cancelled', 0.04],
  ],
  installment: [
    ['success', 0.75],
    ['fail', 0.08],
    ['pending', 0.07],
    ['processing', 0.05],
    ['cancelled', 0.05],
  ],
  saving: [
    ['success', 0.85],
    ['fail', 0.05],
    ['pending', 0.05],
    ['processing', 0.05],
  ],
  loan: [
    ['success', 0.85],
    ['fail', 0.05],
    ['pending', 0.05],
    ['processing', 0.05],
  ],
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
  card: 0.011,
  cash: 0,
  momo: 0.015,
  installment: 0,
  va: 0,
  ecom: 0.02,
  saving: 0,
  loan: 0,
};
