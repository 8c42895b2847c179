import { describe, expect, it } from 'vitest';
import { invoiceTotals, netOfGross, unitPriceOf, type InvoiceLineInput } from './invoiceTax';
import { RATE_PERCENT, REPO_VAT_RATES_INPUT, TAX_CLASSES, vatRateTableSchema, type TaxClass, type VatRateTable } from './vatRates';

const table: VatRateTable = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);
const at = (iso: string) => Date.parse(iso);
const LAST_MINUTE_2026 = at('2026-12-31T23:59:00+07:00');
const FIRST_MINUTE_2027 = at('2027-01-01T00:01:00+07:00');
const line = (unitPrice: number, quantity: number, taxClass: TaxClass = 'REDUCED_ELIGIBLE'): InvoiceLineInput => ({
  unitPrice,
  quantity,
  taxClass,
});

/** A seeded generator, so a failing cart can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('issue 25 §1, D226: invoice tax from VAT-inclusive prices', () => {
  it('the rounding rule: net = gross × 100 / (100 + rate) half up, VAT the rest (1,900,000 at 8% → 1,759,259 + 140,741)', () => {
    expect(netOfGross(1_900_000, 8)).toBe(1_759_259);
    const tax = invoiceTotals([line(1_900_000, 1)], LAST_MINUTE_2026, table);
    expect(tax.breakdown).toEqual([{ rateCode: '8%', net: 1_759_259, vat: 140_741, gross: 1_900_000 }]);
    expect(tax.totals).toEqual({ net: 1_759_259, vat: 140_741, gross: 1_900_000 });
    // Half a đồng rounds up: 54 at 8% is 50 exactly; 27 is 25; 1 is 0.9259… → 1.
    expect(netOfGross(54, 8)).toBe(50);
    expect(netOfGross(1, 8)).toBe(1);
    // 21 at 10% is 19.0909… → 19; 11 at 10% is exactly 10; 0.5 cases: 105 at 5% is 100, 21 at 5% is 20.
    expect(netOfGross(21, 10)).toBe(19);
    expect(netOfGross(11, 10)).toBe(10);
    expect(netOfGross(21, 5)).toBe(20);
    expect(netOfGross(0, 10)).toBe(0);
  });

  it('the year boundary: a phở and a beer at 23:59 on 31 Dec 2026 (8% and 10%), and at 00:01 on 1 Jan 2027 (10% both)', () => {
    const cart = [line(55_000, 2), line(20_000, 3, 'STANDARD')];
    const before = invoiceTotals(cart, LAST_MINUTE_2026, table);
    expect(before.day).toBe('2026-12-31');
    expect(before.lines.map((l) => [l.rateCode, l.gross, l.net, l.vat, l.netUnitPrice])).toEqual([
      ['8%', 110_000, 101_852, 8_148, 50_926],
      ['10%', 60_000, 54_545, 5_455, 18_181.7],
    ]);
    expect(before.breakdown).toEqual([
      { rateCode: '10%', net: 54_545, vat: 5_455, gross: 60_000 },
      { rateCode: '8%', net: 101_852, vat: 8_148, gross: 110_000 },
    ]);
    expect(before.totals).toEqual({ net: 156_397, vat: 13_603, gross: 170_000 });

    const after = invoiceTotals(cart, FIRST_MINUTE_2027, table);
    expect(after.day).toBe('2027-01-01');
    expect(after.lines.map((l) => l.rateCode)).toEqual(['10%', '10%']);
    expect(after.breakdown).toEqual([{ rateCode: '10%', net: 154_545, vat: 15_455, gross: 170_000 }]);
    // The same instants in UTC answer the same.
    expect(invoiceTotals(cart, at('2026-12-31T16:59:00Z'), table)).toEqual(before);
    expect(invoiceTotals(cart, at('2026-12-31T17:01:00Z'), table)).toEqual(after);
  });

  it('mixed rates with 5%, 0%, KCT and KKKNT: each its own row, no VAT on the last three, lines in their order', () => {
    const cart = [
      line(30_000, 1, 'FIVE'),
      line(45_000, 2, 'NOT_SUBJECT'),
      line(15_000, 1, 'SUGARY_DRINK'),
      line(12_000, 3, 'ZERO'),
      line(99_999, 1, 'NOT_DECLARED'),
      line(55_000, 1),
    ];
    const tax = invoiceTotals(cart, at('2026-06-15T12:00:00+07:00'), table);
    expect(tax.lines.map((l) => l.rateCode)).toEqual(['5%', 'KCT', '10%', '0%', 'KKKNT', '8%']);
    expect(tax.breakdown.map((r) => r.rateCode)).toEqual(['10%', '8%', '5%', '0%', 'KCT', 'KKKNT']);
    for (const code of ['0%', 'KCT', 'KKKNT'] as const) {
      const row = tax.breakdown.find((r) => r.rateCode === code)!;
      expect(row.vat, code).toBe(0);
      expect(row.net, code).toBe(row.gross);
    }
    expect(tax.lines[1]).toMatchObject({ gross: 90_000, net: 90_000, vat: 0, netUnitPrice: 45_000 });
    expect(tax.breakdown.find((r) => r.rateCode === '5%')).toEqual({ rateCode: '5%', net: 28_571, vat: 1_429, gross: 30_000 });
    expect(tax.totals.gross).toBe(30_000 + 90_000 + 15_000 + 36_000 + 99_999 + 55_000);
  });

  it('D256: each line is rounded on its own and the rate adds its lines up; an exact line stays exact', () => {
    // 108,000 at 8% is exactly 100,000; a 1-đồng line's exact net 0.93 rounds to 1.
    const tax = invoiceTotals([line(108_000, 1), line(1, 1), line(1, 1), line(1, 1)], LAST_MINUTE_2026, table);
    const row = tax.breakdown[0]!;
    expect(tax.lines.map((l) => [l.net, l.vat])).toEqual([
      [100_000, 8_000],
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
    expect(row).toEqual({ rateCode: '8%', net: 100_003, vat: 8_000, gross: 108_003 });
    // Lines of 25, 50 and 25 at 8% (exact 23.148, 46.296, 23.148): 23 + 46 + 23.
    const three = invoiceTotals([line(25, 1), line(50, 1), line(25, 1)], LAST_MINUTE_2026, table);
    expect(three.lines.map((l) => l.net)).toEqual([23, 46, 23]);
    expect(three.breakdown[0]).toEqual({ rateCode: '8%', net: 92, vat: 8, gross: 100 });
  });

  it("D256: on a bill of many lines at one rate every line's VAT stays within one đồng of rate × net (the split by largest remainders missed it)", () => {
    // 27 lines of 13 đồng at 8%: each exact net 12.037, the rate's 325 exactly. The old split gave
    // one line 13 (0.963 up) and so a VAT of 0 against 1.04.
    const lines = Array.from({ length: 27 }, () => line(13, 1));
    const odd = [...lines, ...Array.from({ length: 20 }, () => line(55, 1))];
    for (const cart of [lines, odd]) {
      const tax = invoiceTotals(cart, LAST_MINUTE_2026, table);
      for (const l of tax.lines) expect(Math.abs(l.vat - (l.net * 8) / 100)).toBeLessThanOrEqual(0.55);
    }
  });

  it('the unit price before tax keeps quantity × unit price within half a đồng of the line net, with at most 6 decimals', () => {
    expect(unitPriceOf(101_852, 2)).toBe(50_926);
    expect(unitPriceOf(54_545, 3)).toBe(18_181.7);
    expect(unitPriceOf(100, 3)).toBe(33.3);
    expect(unitPriceOf(1, 7)).toBe(0.1);
    expect(unitPriceOf(1_000_001, 99_999)).toBe(10.00011);
    expect(unitPriceOf(0, 5)).toBe(0);
    const worst = unitPriceOf(123_456_789, 999_983);
    expect(Math.abs(worst * 999_983 - 123_456_789)).toBeLessThanOrEqual(0.5);
  });

  it('property: random carts with awkward prices and quantities keep every sum exact (seeded, 1,000 carts)', () => {
    const next = random(20261231);
    const awkward = [1, 3, 7, 9, 11, 13, 99, 101, 999, 1_001, 9_999, 12_345, 33_333, 54_321, 99_999, 1_900_000, 9_999_999];
    const instants = [LAST_MINUTE_2026, FIRST_MINUTE_2027, at('2025-12-31T23:59:00+07:00'), at('2023-03-01T08:00:00+07:00')];
    const failures: string[] = [];
    for (let cart = 0; cart < 1_000; cart += 1) {
      const count = 1 + Math.floor(next() * 30);
      const lines = Array.from({ length: count }, () => {
        const unitPrice = next() < 0.4 ? awkward[Math.floor(next() * awkward.length)]! : Math.floor(next() * 2_000_000);
        const quantity = next() < 0.7 ? 1 + Math.floor(next() * 9) : 1 + Math.floor(next() * 99_999);
        return line(unitPrice, quantity, TAX_CLASSES[Math.floor(next() * TAX_CLASSES.length)]!);
      });
      const instant = instants[cart % instants.length]!;
      const tax = invoiceTotals(lines, instant, table);
      const paid = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
      // Plain checks, one expect at the end: 1,000 carts of expects would be slow.
      const fail = (what: string) => failures.push(`cart ${cart}: ${what}`);
      if (tax.totals.gross !== paid || tax.totals.net + tax.totals.vat !== paid) fail('totals are not what was paid');
      if (tax.breakdown.reduce((s, r) => s + r.net, 0) !== tax.totals.net) fail('rates do not add up to the net');
      if (tax.breakdown.reduce((s, r) => s + r.vat, 0) !== tax.totals.vat) fail('rates do not add up to the VAT');
      for (const row of tax.breakdown) {
        const members = tax.lines.filter((l) => l.rateCode === row.rateCode);
        if (row.net + row.vat !== row.gross) fail(`${row.rateCode}: net + VAT ≠ gross`);
        if (members.reduce((s, l) => s + l.gross, 0) !== row.gross) fail(`${row.rateCode}: lines' gross ≠ the rate's`);
        if (members.reduce((s, l) => s + l.net, 0) !== row.net) fail(`${row.rateCode}: lines' net ≠ the rate's`);
        if (members.reduce((s, l) => s + l.vat, 0) !== row.vat) fail(`${row.rateCode}: lines' VAT ≠ the rate's`);
      }
      tax.lines.forEach((l, i) => {
        const percent = RATE_PERCENT[l.rateCode!] ?? 0;
        if (l.gross !== lines[i]!.unitPrice * lines[i]!.quantity) fail(`line ${i}: gross is not price × quantity`);
        if (l.net + l.vat !== l.gross || l.vat < 0) fail(`line ${i}: net + VAT ≠ gross`);
        // D256: the line's exact net rounded half up, so its VAT is within (1 + rate) / 2 đồng of rate × net.
        if (l.net !== netOfGross(l.gross, percent)) fail(`line ${i}: not the rounding rule`);
        if (Math.abs(l.vat - (l.net * percent) / 100) > 0.55 + 1e-9) fail(`line ${i}: VAT more than 0.55 đồng off rate × net`);
        if (Math.abs(l.netUnitPrice * l.quantity - l.net) > 0.5 + 1e-6) fail(`line ${i}: quantity × unit price off the net`);
        if ((String(l.netUnitPrice).split('.')[1]?.length ?? 0) > 6) fail(`line ${i}: more than 6 decimals`);
      });
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it('a sales invoice (template 2): every line at its gross, no VAT, and the Resolution 204 note while it is in force', () => {
    const cart = [line(55_000, 2), line(20_000, 1, 'STANDARD'), line(35_000, 1)];
    const tax = invoiceTotals(cart, LAST_MINUTE_2026, table, 'sales');
    expect(tax.kind).toBe('sales');
    expect(tax.lines.map((l) => [l.rateCode, l.gross, l.net, l.vat, l.netUnitPrice])).toEqual([
      [null, 110_000, 110_000, 0, 55_000],
      [null, 20_000, 20_000, 0, 20_000],
      [null, 35_000, 35_000, 0, 35_000],
    ]);
    expect(tax.breakdown).toEqual([]);
    expect(tax.totals).toEqual({ net: 165_000, vat: 0, gross: 165_000 });
    // Once, whatever the number of eligible lines.
    expect(tax.notes).toEqual(['giảm 20% mức tỷ lệ % để tính thuế GTGT theo Nghị quyết 204/2025/QH15']);
    // Beer alone is not reduced; after the cut nothing is.
    expect(invoiceTotals([line(20_000, 1, 'STANDARD')], LAST_MINUTE_2026, table, 'sales').notes).toEqual([]);
    expect(invoiceTotals(cart, FIRST_MINUTE_2027, table, 'sales').notes).toEqual([]);
    // A back-dated sale names the resolution of its own day.
    expect(invoiceTotals(cart, at('2024-08-01T12:00:00+07:00'), table, 'sales').notes).toEqual([
      'giảm 20% mức tỷ lệ % để tính thuế GTGT theo Nghị quyết 142/2024/QH15',
    ]);
    // A VAT invoice prints the rate instead of a note.
    expect(invoiceTotals(cart, LAST_MINUTE_2026, table).notes).toEqual([]);
  });

  it('an empty invoice is all zeros; prices and quantities that are not whole are refused (order lines hold whole units)', () => {
    expect(invoiceTotals([], LAST_MINUTE_2026, table)).toMatchObject({ lines: [], breakdown: [], totals: { net: 0, vat: 0, gross: 0 } });
    expect(() => invoiceTotals([line(1.5, 1)], LAST_MINUTE_2026, table)).toThrow(RangeError);
    expect(() => invoiceTotals([line(-1, 1)], LAST_MINUTE_2026, table)).toThrow(RangeError);
    expect(() => invoiceTotals([line(1_000, 0)], LAST_MINUTE_2026, table)).toThrow(RangeError);
    expect(() => invoiceTotals([line(1_000, 1.5)], LAST_MINUTE_2026, table)).toThrow(/whole number/);
    expect(() => invoiceTotals([line(1_000, 2_000_000)], LAST_MINUTE_2026, table)).toThrow(RangeError);
    expect(() => invoiceTotals([line(1_000, 1)], Number.NaN, table)).toThrow(RangeError);
    expect(() => invoiceTotals([line(1_000, 1)], at('2000-01-01T00:00:00+07:00'), table)).toThrow(/no VAT rate/);
    // A total beyond what a number holds exactly is refused rather than rounded.
    expect(() => invoiceTotals([line(9_999_999_999_999, 999_999)], LAST_MINUTE_2026, table)).toThrow(/beyond/);
    expect(() => netOfGross(100, 8.5)).toThrow(RangeError);
  });
});
