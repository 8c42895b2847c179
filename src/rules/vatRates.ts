import { z } from '../config/zod-mini';
import repoTable from './vat-rates.json' with { type: 'json' };
import { DAY_MS, parseVnDate, vnDateOf, vnToday } from './vnTime';

/**
 * Product tax classes and the dated table of their VAT rates (D226). A product carries a class, never
 * a rate: the rate of a sale is the one its class has on the Vietnam calendar day of the payment, so a
 * cut that starts or ends (Resolution 204/2025/QH15 ends on 31 December 2026 unless extended) is a
 * change of rows in `vat-rates.json`, which the sandbox publishes in config.json (`vatRates`) and an
 * operator may replace (`SANDBOX_VAT_RATES_FILE`) without a release. Pure: no clock, no I/O.
 */

/**
 * - REDUCED_ELIGIBLE: goods and services at 10% that the cuts bring to 8% (food, restaurant service,
 *   most retail goods);
 * - STANDARD: 10% and never reduced: goods under special consumption tax (beer, wine, spirits,
 *   tobacco) and the excluded sectors (telecom, banking, insurance, real estate, metals, mining);
 * - SUGARY_DRINK: soft drinks over 5 g sugar per 100 ml, reduced like REDUCED_ELIGIBLE until they came
 *   under special consumption tax on 1 January 2026 (D227), so their own rows say when that changed;
 * - FIVE, ZERO: the 5% and 0% rates; NOT_SUBJECT (KCT) and NOT_DECLARED (KKKNT) carry no VAT.
 */
export const TAX_CLASSES = ['REDUCED_ELIGIBLE', 'STANDARD', 'SUGARY_DRINK', 'FIVE', 'ZERO', 'NOT_SUBJECT', 'NOT_DECLARED'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
/** What a product had before classes existed, and what a new one starts with (D226). */
export const DEFAULT_TAX_CLASS: TaxClass = 'REDUCED_ELIGIBLE';
export const isTaxClass = (value: unknown): value is TaxClass => (TAX_CLASSES as readonly unknown[]).includes(value);

/** The rate codes of the tax authority's invoice XML (`TSuat`) and the providers (MISA `VATRateName`). */
export const VAT_RATE_CODES = ['10%', '8%', '5%', '0%', 'KCT', 'KKKNT'] as const;
export type VatRateCode = (typeof VAT_RATE_CODES)[number];
/** The percentage a code applies; null for the codes without VAT (not subject, not declared). */
export const RATE_PERCENT: Readonly<Record<VatRateCode, number | null>> = {
  '10%': 10,
  '8%': 8,
  '5%': 5,
  '0%': 0,
  KCT: null,
  KKKNT: null,
};

// Control characters and angle brackets have no place in a rate's texts (config.json is data).
const PLAIN_TEXT = /^[^\u0000-\u001f\u007f<>]*$/;
const text = z.string().check(z.minLength(1), z.maxLength(300), z.regex(PLAIN_TEXT, { message: 'must be plain text' }));
const day = z.string().check(z.refine((v) => parseVnDate(v) !== null, { message: 'must be a calendar day YYYY-MM-DD' }));

export const vatPeriodSchema = z.object({
  class: z.enum(TAX_CLASSES),
  /** First Vietnam calendar day of the period. */
  from: day,
  /** Last Vietnam calendar day (inclusive); null: until further notice. */
  to: z.nullable(day),
  rate: z.enum(VAT_RATE_CODES),
  /** The law the row comes from, for the person who changes it. */
  basis: z.optional(text),
  /** While the period is in force, a direct-method seller's sales invoice carries this line (Resolution 204's 20% reduction note). */
  salesInvoiceNote: z.optional(text),
});
export type VatPeriod = z.output<typeof vatPeriodSchema>;

const dayAfter = (date: string) => vnDateOf(parseVnDate(date)! + DAY_MS);

/**
 * Every class has periods that follow each other day after day, without a gap (a sale that day would
 * have no rate) or an overlap (two rates), and the last one is open (a later sale would have none).
 */
export function vatTableProblems(periods: readonly VatPeriod[]): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  for (const taxClass of TAX_CLASSES) {
    const rows = periods
      .map((period, index) => ({ period, index }))
      .filter((r) => r.period.class === taxClass)
      .sort((a, b) => (a.period.from < b.period.from ? -1 : a.period.from > b.period.from ? 1 : 0));
    if (rows.length === 0) {
      problems.push({ path: ['periods'], message: `${taxClass} has no period` });
      continue;
    }
    rows.forEach(({ period, index }, i) => {
      if (period.to !== null && period.to < period.from)
        problems.push({ path: ['periods', index, 'to'], message: 'ends before it starts' });
      const next = rows[i + 1];
      if (!next) {
        if (period.to !== null)
          problems.push({ path: ['periods', index, 'to'], message: `the last period of ${taxClass} must be open (to: null)` });
        return;
      }
      if (period.to === null || next.period.from <= period.to) {
        problems.push({ path: ['periods', next.index, 'from'], message: `overlaps another period of ${taxClass}` });
      } else if (next.period.from !== dayAfter(period.to)) {
        problems.push({ path: ['periods', next.index, 'from'], message: `leaves a gap after the previous period of ${taxClass}` });
      }
    });
  }
  return problems;
}

export const vatRateTableSchema = z.object({
  periods: z.array(vatPeriodSchema).check(
    z.maxLength(1000),
    z.superRefine((periods, ctx) => {
      // Paths are relative to the array: drop the leading 'periods'.
      for (const p of vatTableProblems(periods))
        ctx.addIssue({ code: 'custom', message: p.message, path: p.path.slice(1), input: periods });
    }),
  ),
});
export type VatRateTable = z.output<typeof vatRateTableSchema>;

/** The table as this repository ships it (`vat-rates.json`), unparsed: config.json's default goes through the schema. */
export const REPO_VAT_RATES_INPUT = repoTable as unknown as z.input<typeof vatRateTableSchema>;

/** The period of a class in force on a Vietnam calendar day 'YYYY-MM-DD'; RangeError when the table has none. */
export function periodOn(table: VatRateTable, taxClass: TaxClass, vnDay: string): VatPeriod {
  const period = table.periods.find((p) => p.class === taxClass && p.from <= vnDay && (p.to === null || vnDay <= p.to));
  if (!period) throw new RangeError(`no VAT rate for ${taxClass} on ${vnDay}`);
  return period;
}

/** The period in force at an instant (unix ms), by its Vietnam calendar day (UTC+7). */
export function periodFor(table: VatRateTable, taxClass: TaxClass, instant: number): VatPeriod {
  if (!Number.isFinite(instant)) throw new RangeError('the instant must be unix milliseconds');
  return periodOn(table, taxClass, vnToday(instant));
}

/** The rate code of a class at an instant (the payment time), by its Vietnam calendar day. */
export function rateFor(table: VatRateTable, taxClass: TaxClass, instant: number): VatRateCode {
  return periodFor(table, taxClass, instant).rate;
}
