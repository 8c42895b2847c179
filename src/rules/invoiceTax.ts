import { periodFor, RATE_PERCENT, VAT_RATE_CODES, type TaxClass, type VatRateCode, type VatRateTable } from './vatRates';
import { vnToday } from './vnTime';

/**
 * An invoice's tax worked back from what the guest paid (D226). Menu prices include VAT, so each line
 * is a VAT-inclusive unit price, a quantity and the product's tax class; the rate of each line is its
 * class's on the Vietnam day of the payment (vatRates.ts). One rounding rule, in integer arithmetic so
 * no platform's floating point moves a đồng:
 *
 * - per line: its net = gross × 100 / (100 + rate) rounded half up to the đồng; its VAT = gross − net
 *   (D256, replacing the split of a rate's rounded net by largest remainders, which could leave one
 *   line's VAT 1.1 đồng from rate × net on a bill of many lines). KCT, KKKNT and 0% have net = gross.
 * - per rate: gross, net and VAT are the exact sums of its lines.
 * - the unit price before tax is the line's net ÷ quantity, rounded half up to the fewest decimals
 *   (0 to 6) that keep quantity × unit price within half a đồng of the line's net (Viettel checks that
 *   product against the line amount; the invoice XML's DGia takes 6 decimals).
 * - the invoice's totals are the sums of the rates: gross = what was paid, to the đồng.
 *
 * A sales invoice (template 2, direct-method sellers) carries no VAT: every line at its gross, and the
 * reduction note of the periods in force for its lines (Resolution 204's "giảm 20% mức tỷ lệ %…"), as
 * the table says.
 */

export interface InvoiceLineInput {
  /** VAT-inclusive price of one unit, whole đồng (the menu price). */
  unitPrice: number;
  /** Whole units, at least 1 (order lines hold whole quantities). */
  quantity: number;
  taxClass: TaxClass;
}

export interface InvoiceLineTax {
  taxClass: TaxClass;
  quantity: number;
  /** VAT-inclusive unit price, as given. */
  unitPrice: number;
  /** null on a sales invoice (no VAT on its lines). */
  rateCode: VatRateCode | null;
  /** unitPrice × quantity: what the guest paid for the line. */
  gross: number;
  /** Before tax. */
  net: number;
  vat: number;
  /** net ÷ quantity, with at most 6 decimals. */
  netUnitPrice: number;
}

export interface RateTotals {
  rateCode: VatRateCode;
  net: number;
  vat: number;
  gross: number;
}

export interface InvoiceTax {
  kind: InvoiceKind;
  /** The Vietnam calendar day the rates were taken from, 'YYYY-MM-DD'. */
  day: string;
  lines: InvoiceLineTax[];
  /** One row per rate present, in the order 10%, 8%, 5%, 0%, KCT, KKKNT; empty on a sales invoice. */
  breakdown: RateTotals[];
  totals: { net: number; vat: number; gross: number };
  /** Lines the invoice must print (a sales invoice's reduction note), each once. */
  notes: string[];
}

/** 'vat': a VAT invoice (template 1, credit method); 'sales': a sales invoice (template 2, direct method). */
export type InvoiceKind = 'vat' | 'sales';

export const MAX_QUANTITY = 1_000_000;
const MAX_UNIT_DECIMALS = 6;

function checkLine(line: InvoiceLineInput, index: number): void {
  if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0) {
    throw new RangeError(`line ${index}: the unit price must be a whole, non-negative number of đồng`);
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY) {
    throw new RangeError(`line ${index}: the quantity must be a whole number from 1 to ${MAX_QUANTITY}`);
  }
}

const toSafeNumber = (value: bigint, what: string): number => {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} is beyond what a number holds exactly`);
  return Number(value);
};

/** numerator / denominator rounded half up (both non-negative). */
const roundHalfUp = (numerator: bigint, denominator: bigint): bigint => (numerator * 2n + denominator) / (denominator * 2n);

/** net ÷ quantity with the fewest decimals (0–6) that keep quantity × result within half a đồng of net. */
export function unitPriceOf(net: number, quantity: number): number {
  const n = BigInt(net);
  const q = BigInt(quantity);
  let scale = 1n;
  for (let decimals = 0; decimals < MAX_UNIT_DECIMALS; decimals += 1, scale *= 10n) {
    const scaled = roundHalfUp(n * scale, q);
    const off = q * scaled - n * scale;
    if ((off < 0n ? -off : off) * 2n <= scale) return Number(scaled) / Number(scale);
  }
  // 6 decimals: within half a đồng for any quantity up to 1,000,000.
  return Number(roundHalfUp(n * scale, q)) / Number(scale);
}

/** The one rounding rule for a rate's gross: net = gross × 100 / (100 + percent), half up. */
export function netOfGross(gross: number, percent: number): number {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError('gross must be a whole, non-negative number of đồng');
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError('percent must be a whole number from 0 to 100');
  return Number(roundHalfUp(BigInt(gross) * 100n, BigInt(100 + percent)));
}

/**
 * A rate's lines: each line's net is its exact net rounded half up, and the rate's net is their sum
 * (D256). So each line's VAT (gross − net) is within (1 + rate) ÷ 2 đồng of rate × net, under the
 * 1-đồng check of the providers and the tax authority, whatever the number of lines.
 */
function splitGroup(grosses: bigint[], percent: number): { groupNet: bigint; nets: bigint[] } {
  const denominator = BigInt(100 + percent);
  const nets = grosses.map((g) => roundHalfUp(g * 100n, denominator));
  return { groupNet: nets.reduce((a, b) => a + b, 0n), nets };
}

/**
 * The tax of an invoice paid at `instant` (unix ms; its Vietnam calendar day picks the rates) under
 * `table`. Throws RangeError for a line that is not whole đồng and whole units, or a class the table
 * has no rate for on that day.
 */
export function invoiceTotals(
  lines: readonly InvoiceLineInput[],
  instant: number,
  table: VatRateTable,
  kind: InvoiceKind = 'vat',
): InvoiceTax {
  if (!Number.isFinite(instant)) throw new RangeError('the instant must be unix milliseconds');
  lines.forEach(checkLine);
  const day = vnToday(instant);
  const periods = lines.map((line) => periodFor(table, line.taxClass, instant));
  const grosses = lines.map((line) => BigInt(line.unitPrice) * BigInt(line.quantity));
  const grossTotal = toSafeNumber(
    grosses.reduce((a, b) => a + b, 0n),
    'the invoice total',
  );

  if (kind === 'sales') {
    const notes = [...new Set(periods.flatMap((p) => (p.salesInvoiceNote ? [p.salesInvoiceNote] : [])))];
    return {
      kind,
      day,
      lines: lines.map((line, i) => {
        const gross = Number(grosses[i]);
        return { ...lineBase(line), rateCode: null, gross, net: gross, vat: 0, netUnitPrice: line.unitPrice };
      }),
      breakdown: [],
      totals: { net: grossTotal, vat: 0, gross: grossTotal },
      notes,
    };
  }

  const out: InvoiceLineTax[] = new Array(lines.length);
  const breakdown: RateTotals[] = [];
  for (const rateCode of VAT_RATE_CODES) {
    const members = periods.flatMap((p, i) => (p.rate === rateCode ? [i] : []));
    if (members.length === 0) continue;
    const percent = RATE_PERCENT[rateCode] ?? 0;
    const { groupNet, nets } = splitGroup(
      members.map((i) => grosses[i]!),
      percent,
    );
    members.forEach((lineIndex, k) => {
      const line = lines[lineIndex]!;
      const gross = Number(grosses[lineIndex]);
      const net = Number(nets[k]);
      out[lineIndex] = { ...lineBase(line), rateCode, gross, net, vat: gross - net, netUnitPrice: unitPriceOf(net, line.quantity) };
    });
    const gross = members.reduce((sum, i) => sum + grosses[i]!, 0n);
    breakdown.push({ rateCode, net: Number(groupNet), vat: Number(gross - groupNet), gross: Number(gross) });
  }
  const net = breakdown.reduce((sum, r) => sum + r.net, 0);
  return {
    kind,
    day,
    lines: out,
    breakdown,
    totals: { net, vat: grossTotal - net, gross: grossTotal },
    notes: [],
  };
}

const lineBase = (line: InvoiceLineInput) => ({ taxClass: line.taxClass, quantity: line.quantity, unitPrice: line.unitPrice });
