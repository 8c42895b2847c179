import { describe, expect, it } from 'vitest';
import { composeEivCode, invoiceCodeView, parseEivCode, serialText, splitSerial } from './einvoiceCode';

describe('the order e-invoice code and the serial as the merchant reads them (D224, D175)', () => {
  it('issue 24 §7: "::DLBGLTG52H::1" is an invoice not coded by the tax authority yet, lookup code DLBGLTG52H, number 1', () => {
    expect(parseEivCode('::DLBGLTG52H::1')).toEqual({ cqtCode: null, searchCode: 'DLBGLTG52H', seq: 1 });
    expect(invoiceCodeView('::DLBGLTG52H::1', '1C26TMV')).toEqual({
      kind: 'full',
      serial: 'C26TMV',
      number: '1',
      lookupCode: 'DLBGLTG52H',
      cqtCode: null,
    });
  });

  it('issue 24 §7: a coded invoice keeps its tax-authority code apart; without the serial, number and lookup code only', () => {
    const code = '00A1B2C3D4E5F60718293A4B5C6D7E8F90::P3RZ8WQK2M::12';
    expect(invoiceCodeView(code)).toEqual({
      kind: 'noSerial',
      number: '12',
      lookupCode: 'P3RZ8WQK2M',
      cqtCode: '00A1B2C3D4E5F60718293A4B5C6D7E8F90',
    });
    expect(invoiceCodeView(code, '')).toMatchObject({ kind: 'noSerial' });
    expect(invoiceCodeView(code, null)).toMatchObject({ kind: 'noSerial' });
  });

  it('issue 24 §7: composing and reading agree, and the composer refuses what the backend would', () => {
    expect(composeEivCode(null, 'K7Q2M9XRTA', 1)).toBe('::K7Q2M9XRTA::1');
    expect(composeEivCode('  M1-26-AB  ', 'K7Q2M9XRTA', 9)).toBe('M1-26-AB::K7Q2M9XRTA::9');
    expect(parseEivCode(composeEivCode('M1-26-AB', 'K7Q2M9XRTA', 9))).toEqual({ cqtCode: 'M1-26-AB', searchCode: 'K7Q2M9XRTA', seq: 9 });
    expect(() => composeEivCode(null, '', 1)).toThrow();
    expect(() => composeEivCode(null, 'ABC', 0)).toThrow();
    expect(() => composeEivCode('x::y', 'ABC', 1)).toThrow();
  });

  it('issue 24 §7: legacy spellings are read: spaces around the code or a part, a number with leading zeros (MISA 00000012)', () => {
    expect(parseEivCode('  ::DLBGLTG52H::1 ')).toEqual({ cqtCode: null, searchCode: 'DLBGLTG52H', seq: 1 });
    expect(parseEivCode(' M1 :: DLBGLTG52H :: 00000012')).toEqual({ cqtCode: 'M1', searchCode: 'DLBGLTG52H', seq: 12 });
    expect(invoiceCodeView('::DLBGLTG52H::00000012', 'C26TMS')).toMatchObject({ kind: 'full', number: '12' });
  });

  it.each([
    ['empty', ''],
    ['the lookup code alone', 'DLBGLTG52H'],
    ['two parts', 'DLBGLTG52H::1'],
    ['four parts', 'A::B::C::1'],
    ['no lookup code', 'M1::::1'],
    ['number 0 (a seeded legacy value)', 'M1-26-0001-00000::0::0'],
    ['a number past the backend range', '::ABC::2147483648'],
    ['a number that is not one', '::ABC::12a'],
    ['characters the backend refuses', '::ABC DEF::1'],
  ])('issue 24 §7: a malformed stored value (%s) is shown as the saved code, labelled, never half-read', (_, raw) => {
    expect(parseEivCode(raw)).toBeNull();
    expect(invoiceCodeView(raw, '1C26TMV')).toEqual({ kind: 'unreadable', raw: raw.trim() });
  });

  it('parseEivCode takes only text', () => {
    expect(parseEivCode(null)).toBeNull();
    expect(parseEivCode(undefined)).toBeNull();
    expect(parseEivCode(12 as unknown as string)).toBeNull();
    expect(parseEivCode(`::${'A'.repeat(400)}::1`)).toBeNull();
  });

  it('issue 24 §7, D224: a serial is written as its six-character symbol, whichever way the provider wrote it', () => {
    for (const [value, symbol] of [
      ['1C26TFP', 'C26TFP'],
      ['C26TFP', 'C26TFP'],
      [' 2c26tvb ', 'C26TVB'],
      ['1C26TMV', 'C26TMV'],
    ] as const) {
      expect(serialText(value), value).toBe(symbol);
    }
    expect(splitSerial('1C26TFP')).toEqual({ template: '1', symbol: 'C26TFP' });
    expect(splitSerial('C26TFP')).toEqual({ template: null, symbol: 'C26TFP' });
    // Not a serial shape: shown as typed (upper-cased), not cut.
    expect(serialText('12C26TFP')).toBe('12C26TFP');
    expect(serialText('1/001')).toBe('1/001');
    expect(serialText(null)).toBe('');
    expect(serialText(undefined)).toBe('');
  });
});
