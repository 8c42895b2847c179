import { describe, expect, it } from 'vitest';
import { cleanTaxNoInput, taxNoLooksValid, taxNoProblem } from './taxNo';
import { storeQueryFromSearchParams, storeQueryToSearchParams } from './storeUrl';

describe('tax code (core §5 Store, Inputs)', () => {
  it('keeps only digits and hyphens, at most 14', () => {
    expect(cleanTaxNoInput(' 0100 109106-002 ')).toBe('0100109106-002');
    expect(cleanTaxNoInput('01a0<b>0109106\u0000')).toBe('0100109106');
    expect(cleanTaxNoInput('٠١٢3')).toBe('3');
    expect(cleanTaxNoInput('1'.repeat(40))).toHaveLength(14);
  });

  it('needs at least 10 characters, digits and hyphens only', () => {
    expect(taxNoProblem('')).toBe('required');
    expect(taxNoProblem('010010910')).toBe('tooShort');
    expect(taxNoProblem('0100 109106')).toBe('characters');
    expect(taxNoProblem('0100109106')).toBeNull();
  });

  it('checks the check digit as a warning, branch numbers and 12-digit personal codes included', () => {
    for (const ok of ['0100109106', '0100233488', '0314409058-002', '001085012345']) expect(taxNoLooksValid(ok), ok).toBe(true);
    for (const bad of ['0100233480', '0314409058-000', '0100000001', '01-00109106', '0109876543'])
      expect(taxNoLooksValid(bad), bad).toBe(false);
  });
});

describe('the store list query in the address', () => {
  it('round-trips and drops hostile values one by one', () => {
    const q = { page: 3, pageSize: 25, sort: { field: 'code' as const, order: 'desc' as const } };
    expect(storeQueryFromSearchParams(storeQueryToSearchParams(q))).toEqual(q);
    expect(storeQueryToSearchParams({ page: 1, pageSize: 10, sort: null }).toString()).toBe('');
    expect(storeQueryFromSearchParams(new URLSearchParams('page=-1&size=7&sort=tax_no&order=up'))).toEqual({
      page: 1,
      pageSize: 10,
      sort: null,
    });
    expect(storeQueryFromSearchParams(new URLSearchParams('sort=name&order=sideways')).sort).toBeNull();
  });
});
