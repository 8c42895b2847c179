import { describe, expect, it } from 'vitest';
import { checkDigitOk, taxCodeKind, taxCodeValid } from './taxCode';

describe('Vietnamese tax codes (issue 25 §6)', () => {
  it('tells organisations, branches and 12-digit personal codes apart', () => {
    expect(taxCodeKind('0100109106')).toBe('organisation');
    expect(taxCodeKind('0314409058-002')).toBe('branch');
    expect(taxCodeKind('001085012345')).toBe('personal');
    for (const bad of ['010010910', '0100109106-000', '0100109106-1', '01001091061', '0100-109106', ' 0100109106'])
      expect(taxCodeKind(bad), bad).toBeNull();
  });

  it('verifies the check digit of 10-digit codes and branches (weights 31 … 3, mod 11)', () => {
    for (const ok of ['0100109106', '0100233488', '0314409058', '0314409058-002', '0101243150', '0106026495'])
      expect(taxCodeValid(ok), ok).toBe(true);
    // One digit changed: the check digit no longer matches.
    for (const bad of ['0100109107', '0100233480', '0314409059-002', '0100000001']) expect(taxCodeValid(bad), bad).toBe(false);
    expect(checkDigitOk('0100109106-001')).toBe(true);
    expect(taxCodeValid('001085012345')).toBe(true);
  });
});
