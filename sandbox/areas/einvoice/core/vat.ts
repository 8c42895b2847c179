import type { Rounding } from './types';

/**
 * VAT rates with the dates they apply, as data: a new cut or its end is a new row, not new code.
 * The 10% rate was cut to 8% from 1 July 2025 to 31 December 2026 for restaurants and retail goods
 * (Resolution 204/2025/QH15, Decree 174/2025); the merchants the sandbox plays are both. Dates are
 * Vietnam calendar days (UTC+7), inclusive.
 */
export interface RatePeriod {
  from: string;
  /** Inclusive; null: until further notice. */
  to: string | null;
  rate: number;
  why: string;
}

export const VAT_PERIODS: readonly RatePeriod[] = [
  { from: '2000-01-01', to: '2025-06-30', rate: 10, why: 'standard rate' },
  {
    from: '2025-07-01',
    to: '2026-12-31',
    rate: 8,
    why: 'cut for restaurants and retail goods (Resolution 204/2025/QH15, Decree 174/2025)',
  },
  { from: '2027-01-01', to: null, rate: 10, why: 'standard rate again after the cut' },
];

const VN_OFFSET_MS = 7 * 3600_000;

/** The Vietnam calendar day of a unix-ms instant, YYYY-MM-DD. */
export function vnDay(ms: number): string {
  return new Date(ms + VN_OFFSET_MS).toISOString().slice(0, 10);
}

/** The rate in force on that instant's Vietnam day. */
export function rateOn(date: number | string, periods: readonly RatePeriod[] = VAT_PERIODS): number {
  const day = typeof date === 'number' ? vnDay(date) : date.slice(0, 10);
  const period = periods.find((p) => p.from <= day && (p.to === null || day <= p.to));
  if (!period) throw new RangeError(`no VAT rate for ${day}`);
  return period.rate;
}

/**
 * A VAT-inclusive amount split into net and tax with net + vat = gross exactly (doc 2 §9: the tax is
 * the total divided by (1 + rate), rounded). Integer arithmetic (rate as a whole or decimal percent,
 * scaled by 100) so 1,900,000 at 8% is 1,759,259 + 140,741 on every platform. 'up' (Viettel) rounds the
 * net up instead: 1,759,260 + 140,740.
 */
export function splitGross(gross: number, rate: number, rounding: Rounding = 'round'): { net: number; vat: number } {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError('gross must be a whole, non-negative number of đồng');
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) throw new RangeError('rate must be a percentage from 0 to 100');
  // net = gross * 100 / (100 + rate), with the rate in hundredths of a percent so 3.5% stays exact.
  const r = Math.round(rate * 100);
  const numerator = BigInt(gross) * 10000n;
  const denominator = 10000n + BigInt(r);
  const floor = numerator / denominator;
  const remainder = numerator % denominator;
  let net = floor;
  if (rounding === 'up') net = remainder > 0n ? floor + 1n : floor;
  else net = remainder * 2n >= denominator ? floor + 1n : floor;
  const netNumber = Number(net);
  return { net: netNumber, vat: gross - netNumber };
}
