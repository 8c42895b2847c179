import { periodFor, RATE_PERCENT, type TaxClass, type VatRateCode, type VatRateTable } from '../../../rules/vatRates';

/**
 * What the product form and list say about a tax class today (D226): its rate code now and, when the
 * period in force ends (a cut), its last day, so "8% until 31/12/2026" comes from the table and not
 * from a text that would go stale on 1 January.
 */
export interface TaxClassRate {
  rate: VatRateCode;
  /** false for KCT and KKKNT, which are codes rather than percentages. */
  percent: boolean;
  /** 'YYYY-MM-DD', the period's last Vietnam day; null when open. */
  until: string | null;
}

/** null when the table has no rate for the class today (a table that starts later). */
export function taxClassRate(table: VatRateTable, taxClass: TaxClass, now: number): TaxClassRate | null {
  try {
    const period = periodFor(table, taxClass, now);
    return { rate: period.rate, percent: RATE_PERCENT[period.rate] !== null, until: period.to };
  } catch {
    return null;
  }
}
