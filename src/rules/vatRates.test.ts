import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TAX_CLASS,
  periodFor,
  rateFor,
  REPO_VAT_RATES_INPUT,
  TAX_CLASSES,
  vatRateTableSchema,
  type VatRateTable,
} from './vatRates';

const table: VatRateTable = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);
const at = (iso: string) => Date.parse(iso);

type Row = { class: string; from: string; to: string | null; rate: string; salesInvoiceNote?: string };
/** The repo table with some rows replaced: what an operator's file might say. */
const withRows = (taxClass: string, rows: Omit<Row, 'class'>[]) => ({
  periods: [...table.periods.filter((p) => p.class !== taxClass), ...rows.map((r) => ({ class: taxClass, ...r }))],
});
const problems = (input: unknown) => {
  const result = vatRateTableSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('issue 25 §1, D226: the dated VAT table', () => {
  it('the repository table is valid and covers every class', () => {
    expect(problems(REPO_VAT_RATES_INPUT)).toEqual([]);
    for (const c of TAX_CLASSES)
      expect(
        table.periods.some((p) => p.class === c && p.to === null),
        c,
      ).toBe(true);
    expect(DEFAULT_TAX_CLASS).toBe('REDUCED_ELIGIBLE');
  });

  it('the year boundary in Vietnam time: 23:59 on 31 Dec 2026 is 8% on food and 10% on beer; 00:01 on 1 Jan 2027 is 10% on both', () => {
    const lastMinute = at('2026-12-31T23:59:00+07:00');
    const firstMinute = at('2027-01-01T00:01:00+07:00');
    expect(rateFor(table, 'REDUCED_ELIGIBLE', lastMinute)).toBe('8%');
    expect(rateFor(table, 'STANDARD', lastMinute)).toBe('10%');
    expect(rateFor(table, 'REDUCED_ELIGIBLE', firstMinute)).toBe('10%');
    expect(rateFor(table, 'STANDARD', firstMinute)).toBe('10%');
    // The same instants written in UTC: 16:59 and 17:01 on 31 December, both the same UTC day.
    expect(at('2026-12-31T16:59:00Z')).toBe(lastMinute);
    expect(rateFor(table, 'REDUCED_ELIGIBLE', at('2026-12-31T16:59:00Z'))).toBe('8%');
    expect(rateFor(table, 'REDUCED_ELIGIBLE', at('2026-12-31T17:01:00Z'))).toBe('10%');
    expect(rateFor(table, 'REDUCED_ELIGIBLE', at('2026-12-31T16:59:59.999Z'))).toBe('8%');
    expect(rateFor(table, 'REDUCED_ELIGIBLE', at('2026-12-31T17:00:00Z'))).toBe('10%');
  });

  it('the start of Resolution 204 and back-dated sales resolve to the cut in force that day', () => {
    // 1 July 2025 00:00 in Vietnam is 30 June 17:00 UTC; the cut before it (Decree 180/2024) was 8% too.
    expect(periodFor(table, 'REDUCED_ELIGIBLE', at('2025-06-30T17:00:00Z')).basis).toMatch(/204\/2025/);
    expect(periodFor(table, 'REDUCED_ELIGIBLE', at('2025-06-30T16:59:59Z')).basis).toMatch(/180\/2024/);
    expect(rateFor(table, 'REDUCED_ELIGIBLE', at('2025-06-30T12:00:00+07:00'))).toBe('8%');
    // The first half of 2023 had no cut.
    expect(rateFor(table, 'REDUCED_ELIGIBLE', at('2023-03-15T12:00:00+07:00'))).toBe('10%');
    expect(rateFor(table, 'REDUCED_ELIGIBLE', at('2023-07-01T00:00:00+07:00'))).toBe('8%');
    expect(rateFor(table, 'REDUCED_ELIGIBLE', at('2021-06-01T12:00:00+07:00'))).toBe('10%');
  });

  it('D227: sugary soft drinks leave the cut when they come under special consumption tax on 1 Jan 2026', () => {
    expect(rateFor(table, 'SUGARY_DRINK', at('2025-12-31T23:59:00+07:00'))).toBe('8%');
    expect(rateFor(table, 'SUGARY_DRINK', at('2026-01-01T00:00:00+07:00'))).toBe('10%');
    expect(rateFor(table, 'REDUCED_ELIGIBLE', at('2026-01-01T00:00:00+07:00'))).toBe('8%');
  });

  it('the fixed classes: 10%, 5%, 0%, KCT and KKKNT whatever the day', () => {
    for (const iso of ['2020-01-01T00:00:00+07:00', '2026-06-01T00:00:00+07:00', '2030-01-01T00:00:00+07:00']) {
      expect([
        rateFor(table, 'STANDARD', at(iso)),
        rateFor(table, 'FIVE', at(iso)),
        rateFor(table, 'ZERO', at(iso)),
        rateFor(table, 'NOT_SUBJECT', at(iso)),
        rateFor(table, 'NOT_DECLARED', at(iso)),
      ]).toEqual(['10%', '5%', '0%', 'KCT', 'KKKNT']);
    }
  });

  it('a day before the table starts, or an instant that is not a number, has no rate', () => {
    expect(() => rateFor(table, 'STANDARD', at('2008-12-31T23:59:00+07:00'))).toThrow(RangeError);
    expect(() => rateFor(table, 'STANDARD', Number.NaN)).toThrow(RangeError);
  });

  it('an operator may extend the cut by changing rows: a 2027 extension resolves without code', () => {
    const extended = vatRateTableSchema.parse(
      withRows('REDUCED_ELIGIBLE', [
        { from: '2009-01-01', to: '2026-12-31', rate: '10%' },
        { from: '2027-01-01', to: '2027-06-30', rate: '8%', salesInvoiceNote: 'giảm 20% theo Nghị quyết mới' },
        { from: '2027-07-01', to: null, rate: '10%' },
      ]),
    );
    expect(rateFor(extended, 'REDUCED_ELIGIBLE', at('2027-01-01T00:01:00+07:00'))).toBe('8%');
    expect(rateFor(extended, 'REDUCED_ELIGIBLE', at('2027-07-01T00:00:00+07:00'))).toBe('10%');
  });

  it('refuses overlapping periods of one class', () => {
    expect(
      problems(
        withRows('STANDARD', [
          { from: '2009-01-01', to: '2026-12-31', rate: '10%' },
          { from: '2026-12-31', to: null, rate: '10%' },
        ]),
      ),
    ).toEqual([expect.stringMatching(/^periods\.\d+\.from: overlaps another period of STANDARD$/)]);
    // An open period followed by another overlaps it too.
    expect(
      problems(
        withRows('FIVE', [
          { from: '2009-01-01', to: null, rate: '5%' },
          { from: '2020-01-01', to: null, rate: '5%' },
        ]),
      ),
    ).toEqual([expect.stringMatching(/overlaps another period of FIVE/)]);
  });

  it('refuses a gap, an open end missing, a period that ends before it starts, and a class without rows', () => {
    expect(
      problems(
        withRows('ZERO', [
          { from: '2009-01-01', to: '2026-12-30', rate: '0%' },
          { from: '2027-01-01', to: null, rate: '0%' },
        ]),
      ),
    ).toEqual([expect.stringMatching(/leaves a gap after the previous period of ZERO/)]);
    expect(problems(withRows('ZERO', [{ from: '2009-01-01', to: '2030-12-31', rate: '0%' }]))).toEqual([
      expect.stringMatching(/the last period of ZERO must be open/),
    ]);
    expect(
      problems(
        withRows('ZERO', [
          { from: '2009-01-01', to: '2008-12-31', rate: '0%' },
          { from: '2009-01-01', to: null, rate: '0%' },
        ]),
      ).join('\n'),
    ).toMatch(/ends before it starts/);
    expect(problems(withRows('NOT_DECLARED', []))).toEqual(['periods: NOT_DECLARED has no period']);
  });

  it('refuses unknown classes and rate codes, impossible days and markup in the texts', () => {
    const one = (row: Partial<Row> & Record<string, unknown>) =>
      problems({ periods: [...table.periods, { class: 'STANDARD', from: '2040-01-01', to: null, rate: '10%', ...row }] });
    expect(one({ class: 'BEER' }).join()).toMatch(/class/);
    expect(one({ rate: '9%' }).join()).toMatch(/rate/);
    expect(one({ from: '2026-02-30' }).join()).toMatch(/calendar day/);
    expect(one({ to: '31/12/2026' }).join()).toMatch(/calendar day/);
    expect(one({ salesInvoiceNote: '<script>x</script>' }).join()).toMatch(/plain text/);
    expect(problems({ periods: 'none' })).not.toEqual([]);
    expect(problems({})).not.toEqual([]);
  });
});
