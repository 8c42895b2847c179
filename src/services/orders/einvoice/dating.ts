import { vnToday } from '../../../rules/vnTime';

/** Codes with which a provider refuses an invoice's date or its year's symbol: worth one try dated now. */
const DATE_REFUSALS: ReadonlySet<string> = new Set(['EINV_INVOICE_REFUSED', 'EINV_SERIAL_YEAR']);

export interface Dated<T> {
  result: T;
  /** The instant the invoice carries. */
  issuedAt: number;
  /** The invoice's Vietnam day is the sale's. */
  datedAtSale: boolean;
}

/**
 * D254 (replaces D210), for the manual export and the auto-export queue alike: an invoice is dated at
 * the moment of sale (Decree 123 art. 9, Decree 70) where the provider's create takes a date. A provider refuses a
 * date before its series' last invoice (numbers and dates rise together, art. 10) or a year its symbol
 * is not offered for, so a refused sale date is tried once more dated now; the first request made no
 * invoice. A provider that takes no date dates the invoice now. The rates stay the sale's (D226): that
 * is the caller's input, not the date's.
 */
export async function issueDatedAtSale<T>(
  at: { paidAt: number; now: number; providerDates: boolean },
  issue: (dated: number) => Promise<T>,
  codeOf: (error: unknown) => string | undefined,
): Promise<Dated<T>> {
  const sameDay = vnToday(at.paidAt) === vnToday(at.now);
  if (!at.providerDates) return { result: await issue(at.now), issuedAt: at.now, datedAtSale: sameDay };
  try {
    return { result: await issue(at.paidAt), issuedAt: at.paidAt, datedAtSale: true };
  } catch (error) {
    const code = codeOf(error);
    if (code === undefined || !DATE_REFUSALS.has(code)) throw error;
    // Later the same day (a job retried after a later sale's invoice) this is still the sale's day.
    return { result: await issue(at.now), issuedAt: at.now, datedAtSale: sameDay };
  }
}
