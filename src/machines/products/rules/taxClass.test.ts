import { describe, expect, it } from 'vitest';
import { REPO_VAT_RATES_INPUT, vatRateTableSchema } from '../../../rules/vatRates';
import { taxClassRate } from './taxClass';

const table = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);
const at = (iso: string) => Date.parse(iso);

describe('issue 25 §1, D226: the rate a product form shows for a class', () => {
  it('comes from the table on the day: 8% until 31/12/2026 for food in 2026, 10% with no end from 2027', () => {
    expect(taxClassRate(table, 'REDUCED_ELIGIBLE', at('2026-12-31T23:59:00+07:00'))).toEqual({
      rate: '8%',
      percent: true,
      until: '2026-12-31',
    });
    expect(taxClassRate(table, 'REDUCED_ELIGIBLE', at('2027-01-01T00:00:00+07:00'))).toEqual({ rate: '10%', percent: true, until: null });
    expect(taxClassRate(table, 'STANDARD', at('2026-06-01T12:00:00+07:00'))).toEqual({ rate: '10%', percent: true, until: null });
    expect(taxClassRate(table, 'NOT_SUBJECT', at('2026-06-01T12:00:00+07:00'))).toEqual({ rate: 'KCT', percent: false, until: null });
  });

  it('says nothing rather than fail for a day the table does not cover', () => {
    expect(taxClassRate(table, 'FIVE', at('2001-01-01T00:00:00+07:00'))).toBeNull();
  });
});
