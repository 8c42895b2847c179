import { describe, expect, it } from 'vitest';
import { sellerToken, splitSellerToken } from './seller-token';

describe('seller tokens', () => {
  it('round-trips a tax code (10 digits, branch, 12 digits) and a bearer of any characters', () => {
    for (const taxCode of ['0108123455', '0314409058-002', '079185001234']) {
      for (const token of ['abc-_DEF123', 'eyJ.a|b.c', '0108123455']) {
        expect(splitSellerToken(sellerToken(token, taxCode))).toEqual({ taxCode, token });
      }
    }
  });

  it('leaves the bearer bare without a usable tax code, and never prefixes twice', () => {
    expect(sellerToken('raw', null)).toBe('raw');
    expect(sellerToken('raw', '')).toBe('raw');
    expect(sellerToken('raw', '<b>1</b>')).toBe('raw');
    expect(sellerToken('0108123455|raw', '0108123455')).toBe('0108123455|raw');
    expect(splitSellerToken('raw')).toEqual({ taxCode: null, token: 'raw' });
  });
});
