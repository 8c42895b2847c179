// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COMPANIES, lookupCompany } from './companies';
import { buildHDon, EARLIEST_INVOICE_DAY, escapeXml, hdonToXml, InvoiceInputError } from './document';
import { checkDigit, isValidTaxCode, taxCodeProblem } from './taxcode';
import type { IssueInput, Seller } from './types';
import { rateOn, splitGross, VAT_PERIODS, vnDay } from './vat';
import { amountInWords } from './words';

describe('VAT', () => {
  it('reads the rate from the table by Vietnam day: 10% before July 2025, 8% to the end of 2026, 10% after', () => {
    expect(rateOn('2025-06-30')).toBe(10);
    expect(rateOn('2025-07-01')).toBe(8);
    expect(rateOn('2026-12-31')).toBe(8);
    expect(rateOn('2027-01-01')).toBe(10);
    // 31 Dec 2026 23:30 in Vietnam is still 2026 there, though 16:30 UTC.
    expect(rateOn(Date.parse('2026-12-31T23:30:00+07:00'))).toBe(8);
    expect(rateOn(Date.parse('2027-01-01T00:10:00+07:00'))).toBe(10);
    expect(vnDay(Date.parse('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
    expect(() => rateOn('1999-01-01')).toThrow(RangeError);
    // Data, not code: another table answers from its own rows.
    expect(rateOn('2026-01-01', [{ from: '2026-01-01', to: null, rate: 5, why: 'test' }])).toBe(5);
    expect(VAT_PERIODS.every((p, i) => i === 0 || p.from > VAT_PERIODS[i - 1]!.from)).toBe(true);
  });

  it('splits a gross so net + vat = gross, rounded or (Viettel) up', () => {
    expect(splitGross(1_900_000, 8)).toEqual({ net: 1_759_259, vat: 140_741 });
    expect(splitGross(1_900_000, 8, 'up')).toEqual({ net: 1_759_260, vat: 140_740 });
    expect(splitGross(110_000, 10)).toEqual({ net: 100_000, vat: 10_000 });
    expect(splitGross(110_000, 10, 'up')).toEqual({ net: 100_000, vat: 10_000 });
    expect(splitGross(65_000, 8)).toEqual({ net: 60_185, vat: 4_815 });
    expect(splitGross(105, 5)).toEqual({ net: 100, vat: 5 });
    expect(splitGross(99_999, 0)).toEqual({ net: 99_999, vat: 0 });
    expect(splitGross(0, 8)).toEqual({ net: 0, vat: 0 });
    // 14 / 1.08 = 12.96: the nearest đồng is 13.
    expect(splitGross(14, 8)).toEqual({ net: 13, vat: 1 });
    expect(splitGross(999_999_999_999, 8).net + splitGross(999_999_999_999, 8).vat).toBe(999_999_999_999);
    for (const gross of [1, 7, 13, 99, 1001, 123_457, 5_432_109]) {
      for (const rate of [0, 5, 8, 10]) {
        const { net, vat } = splitGross(gross, rate);
        expect(net + vat).toBe(gross);
        expect(Math.abs(net - gross / (1 + rate / 100))).toBeLessThanOrEqual(0.5);
      }
    }
    expect(() => splitGross(-1, 8)).toThrow(RangeError);
    expect(() => splitGross(1.5, 8)).toThrow(RangeError);
    expect(() => splitGross(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('amount in words', () => {
  it.each([
    [0, 'Không đồng'],
    [5, 'Năm đồng'],
    [10, 'Mười đồng'],
    [11, 'Mười một đồng'],
    [14, 'Mười bốn đồng'],
    [15, 'Mười lăm đồng'],
    [21, 'Hai mươi mốt đồng'],
    [24, 'Hai mươi tư đồng'],
    [25, 'Hai mươi lăm đồng'],
    [105, 'Một trăm lẻ năm đồng'],
    [110, 'Một trăm mười đồng'],
    [1_001, 'Một nghìn không trăm lẻ một đồng'],
    [1_015, 'Một nghìn không trăm mười lăm đồng'],
    [140_741, 'Một trăm bốn mươi nghìn bảy trăm bốn mươi mốt đồng'],
    [1_900_000, 'Một triệu chín trăm nghìn đồng'],
    [1_000_005, 'Một triệu không trăm lẻ năm đồng'],
    [2_050_000, 'Hai triệu không trăm năm mươi nghìn đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [35_000_024_000, 'Ba mươi lăm tỷ không trăm hai mươi tư nghìn đồng'],
    [
      999_999_999_999,
      'Chín trăm chín mươi chín tỷ chín trăm chín mươi chín triệu chín trăm chín mươi chín nghìn chín trăm chín mươi chín đồng',
    ],
  ])('%i → %s', (n, words) => {
    expect(amountInWords(n)).toBe(words);
  });

  it('refuses what it cannot say', () => {
    expect(() => amountInWords(1_000_000_000_000)).toThrow(RangeError);
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});

describe('tax codes', () => {
  it('accepts codes with the right check digit, branches and 12-digit personal codes', () => {
    for (const code of ['0100109106', '0100233488', '0314409058-002', '0108123455', '079185001234'])
      expect(isValidTaxCode(code)).toBe(true);
    expect(checkDigit('010010910')).toBe(6);
  });

  it('refuses a wrong check digit, branch -000, bad provinces and serials, other shapes', () => {
    expect(taxCodeProblem('0100233480')).toBe('check-digit');
    expect(taxCodeProblem('0100109106-000')).toBe('branch');
    expect(taxCodeProblem('0000000000')).toBe('province');
    expect(taxCodeProblem('0100000000')).toBe('serial');
    for (const code of ['', '010010910', '01001091066', '0100109106-1', '0100109106 ', '01001O9106', '٠١٠٠١٠٩١٠٦', '0100109106-0020'])
      expect(isValidTaxCode(code)).toBe(false);
    for (const value of [100109106, null, undefined, {}, ['0100109106']]) expect(isValidTaxCode(value)).toBe(false);
    // r = 0 leaves no digit that could be right.
    const zero = Array.from({ length: 1000 }, (_, i) => `01${String(i).padStart(7, '0')}`).find((p) => checkDigit(p) === null)!;
    for (let d = 0; d <= 9; d++) expect(isValidTaxCode(`${zero}${d}`)).toBe(false);
  });

  it('the lookup registry holds only codes that pass, and the seeded merchants', () => {
    expect(COMPANIES.length).toBeGreaterThanOrEqual(9);
    for (const c of COMPANIES) expect(isValidTaxCode(c.taxCode), c.taxCode).toBe(true);
    expect(lookupCompany(' 0108123455 ')).toMatchObject({ name: 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ', representative: 'Nguyễn Văn Minh' });
    expect(lookupCompany('0314409058-002')!.address).toContain('Đà Nẵng');
    expect(lookupCompany('0100233488')).toBeNull();
    expect(lookupCompany(42)).toBeNull();
  });
});

describe('HDon and its XML', () => {
  const seller: Seller = { name: 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ', taxCode: '0108123455', address: '36 Hàng Bạc, Hà Nội' };
  const base: IssueInput = {
    merchantId: '10000001',
    provider: 'm-invoice',
    templateCode: '1',
    series: 'C26TMV',
    issuedAt: Date.parse('2026-03-10T10:00:00+07:00'),
    buyer: { isIndividual: true, name: '' },
    lines: [
      { name: 'Phở bò tái', unit: 'bát', quantity: 3, unitPriceGross: 65_000 },
      { name: 'Nem rán', unit: 'đĩa', quantity: 1, unitPriceGross: 45_000 },
      { name: 'Trà đá', unit: 'cốc', quantity: 3, unitPriceGross: 5_000 },
    ],
    paymentMethod: 'TM/CK',
    rounding: 'round',
    clientRef: 'x',
  };

  it('works the net and the VAT back from gross prices; the lines add up to the printed totals', () => {
    const h = buildHDon(base, seller, 7);
    expect(h.TTChung).toMatchObject({
      KHMSHDon: '1',
      KHHDon: 'C26TMV',
      SHDon: 7,
      NLap: '2026-03-10',
      HTTToan: 'TM/CK',
      MSTTCGP: '0106026495',
    });
    expect(h.NDHDon.NMua).toMatchObject({ Ten: 'Khách lẻ', MST: '', HVTNMHang: '' });
    const t = h.NDHDon.TToan;
    expect(t.TgTTTBSo).toBe(255_000);
    expect(t.TgTCThue + t.TgTThue).toBe(255_000);
    expect(t).toMatchObject({ TgTCThue: 236_111, TgTThue: 18_889, THTTLTSuat: [{ TSuat: '8%', ThTien: 236_111, TThue: 18_889 }] });
    expect(h.NDHDon.DSHHDVu.reduce((s, l) => s + l.ThTien, 0)).toBe(236_111);
    expect(h.NDHDon.DSHHDVu.map((l) => l.TSuat)).toEqual(['8%', '8%', '8%']);
    expect(h.NDHDon.DSHHDVu[0]).toMatchObject({ STT: 1, THHDVu: 'Phở bò tái', DVTinh: 'bát', SLuong: 3, DGia: 60_185 });
    expect(t.TgTTTBChu).toBe('Hai trăm năm mươi lăm nghìn đồng');
  });

  it("takes the serial modal's rate, none on a sales invoice, the rate of the day otherwise; Viettel rounds up", () => {
    const ten = buildHDon({ ...base, vatRate: 10 }, seller, 1).NDHDon.TToan;
    expect(ten.THTTLTSuat[0]!.TSuat).toBe('10%');
    expect(ten.TgTCThue).toBe(231_818);
    const sales = buildHDon({ ...base, templateCode: '2', vatRate: 10 }, seller, 1);
    expect(sales.TTChung.THDon).toBe('Hóa đơn bán hàng');
    expect(sales.NDHDon.TToan).toMatchObject({ TgTThue: 0, TgTCThue: 255_000, THTTLTSuat: [] });
    expect(sales.NDHDon.DSHHDVu[0]!.TSuat).toBeUndefined();
    const in2027 = buildHDon({ ...base, issuedAt: Date.parse('2027-02-01T09:00:00+07:00') }, seller, 1);
    expect(in2027.NDHDon.TToan.THTTLTSuat[0]!.TSuat).toBe('10%');
    const up = buildHDon({ ...base, lines: [{ name: 'Lẩu', quantity: 1, unitPriceGross: 1_900_000 }], rounding: 'up' }, seller, 1);
    expect(up.NDHDon.TToan).toMatchObject({ TgTCThue: 1_759_260, TgTThue: 140_740 });
    expect(() => buildHDon({ ...base, vatRate: 7 }, seller, 1)).toThrow(InvoiceInputError);
  });

  it('issue 24 §4: an invoice dated before the first VAT period (2000-01-01), or at no real instant, is the input refused (InvoiceInputError on issuedAt), never a RangeError', () => {
    expect(EARLIEST_INVOICE_DAY).toBe(VAT_PERIODS[0]!.from);
    const refusal = (issuedAt: unknown, vatRate?: number) => {
      try {
        buildHDon({ ...base, issuedAt: issuedAt as number, ...(vatRate !== undefined ? { vatRate } : {}) }, seller, 1);
        return 'built';
      } catch (error) {
        return error instanceof InvoiceInputError ? error.field : String(error);
      }
    };
    for (const issuedAt of [Date.parse('1999-12-31T23:59:59+07:00'), 0, -1, Date.parse('0001-01-01T00:00:00Z'), NaN, 1e300, 8.64e15, 1.5])
      expect(refusal(issuedAt), String(issuedAt)).toBe('issuedAt');
    // With a chosen rate too: no invoice dates from before the table.
    expect(refusal(Date.parse('1999-06-01T12:00:00+07:00'), 10)).toBe('issuedAt');
    expect(buildHDon({ ...base, issuedAt: Date.parse('2000-01-01T00:00:00+07:00') }, seller, 1).TTChung.NLap).toBe('2000-01-01');
  });

  it('names a business buyer by its company and keeps the person who bought', () => {
    const h = buildHDon(
      {
        ...base,
        buyer: {
          isIndividual: false,
          name: 'Trần An',
          company: 'CÔNG TY A',
          taxCode: '0100109106',
          address: 'Hà Nội',
          customerCode: 'KH01',
        },
      },
      seller,
      1,
    );
    expect(h.NDHDon.NMua).toEqual({ Ten: 'CÔNG TY A', MST: '0100109106', DChi: 'Hà Nội', MKHang: 'KH01', HVTNMHang: 'Trần An' });
    expect(() => buildHDon({ ...base, buyer: { isIndividual: false, name: 'Trần An', taxCode: '0100109106' } }, seller, 1)).toThrow(
      /company/,
    );
  });

  it('keeps the phone, e-mail and ID card a buyer gave, and writes them in the XML', () => {
    const h = buildHDon(
      { ...base, buyer: { isIndividual: true, name: 'Lan', phone: '0908765432', email: 'lan@example.vn', idCard: '079185001234' } },
      seller,
      1,
    );
    expect(h.NDHDon.NMua).toMatchObject({ SDThoai: '0908765432', DCTDTu: 'lan@example.vn', CCCDan: '079185001234' });
    expect(hdonToXml(h)).toContain(
      '<MKHang></MKHang><SDThoai>0908765432</SDThoai><DCTDTu>lan@example.vn</DCTDTu><HVTNMHang></HVTNMHang><CCCDan>079185001234</CCCDan>',
    );
    expect(buildHDon(base, seller, 1).NDHDon.NMua).not.toHaveProperty('DCTDTu');
  });

  it('refuses input no invoice can be made from, naming the field', () => {
    const refused = (over: Partial<IssueInput>) => {
      try {
        buildHDon({ ...base, ...over }, seller, 1);
      } catch (error) {
        expect(error).toBeInstanceOf(InvoiceInputError);
        return (error as InvoiceInputError).field;
      }
      return 'accepted';
    };
    expect(refused({ lines: [] })).toBe('lines');
    expect(refused({ lines: [{ name: ' ', quantity: 1, unitPriceGross: 1 }] })).toBe('lines[0].name');
    expect(refused({ lines: [{ name: 'a', quantity: 0, unitPriceGross: 1 }] })).toBe('lines[0].quantity');
    expect(refused({ lines: [{ name: 'a', quantity: Number.NaN, unitPriceGross: 1 }] })).toBe('lines[0].quantity');
    expect(refused({ lines: [{ name: 'a', quantity: 1, unitPriceGross: -1 }] })).toBe('lines[0].unitPriceGross');
    expect(refused({ lines: [{ name: 'a', quantity: 1, unitPriceGross: '1' as unknown as number }] })).toBe('lines[0].unitPriceGross');
    expect(refused({ lines: [{ name: 'a\u0000b', quantity: 1, unitPriceGross: 1 }] })).toBe('lines[0].name');
    expect(refused({ lines: [{ name: 'x'.repeat(401), quantity: 1, unitPriceGross: 1 }] })).toBe('lines[0].name');
    expect(refused({ lines: [{ name: 'a', quantity: 2, unitPriceGross: 900_000_000_000 }] })).toBe('lines');
    expect(refused({ buyer: { isIndividual: true, name: 42 as unknown as string } })).toBe('buyer.name');
    expect(refused({ paymentMethod: 'BTC' as 'TM' })).toBe('paymentMethod');
    expect(refused({ templateCode: '3' as '1' })).toBe('templateCode');
  });

  it('writes well-formed, escaped XML in the tax authority element names', () => {
    const hostile = '<script>alert("x")</script> & \'Bún chả\' 🍜';
    const h = buildHDon({ ...base, lines: [{ name: hostile, unit: 'suất', quantity: 1, unitPriceGross: 50_000 }] }, seller, 3);
    const xml = hdonToXml({ ...h, MCCQT: 'M1-26-XYZ' });
    expect(xml).toContain('<THHDVu>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;Bún chả&apos; 🍜</THHDVu>');
    expect(xml).not.toContain('<script>');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><HDon><DLHDon Id="data"><TTChung><PBan>/);
    expect(xml).toContain('<SHDon>3</SHDon>');
    expect(xml).toContain('<LTSuat><TSuat>8%</TSuat><ThTien>46296</ThTien><TThue>3704</TThue></LTSuat>');
    expect(xml).toContain('</DLHDon><MCCQT>M1-26-XYZ</MCCQT></HDon>');
    // Balanced: every opening tag closes, in order.
    const stack: string[] = [];
    for (const [, close, name] of xml.replace(/^<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([A-Za-z]+)[^>]*>/g)) {
      if (close) expect(stack.pop()).toBe(name);
      else stack.push(name!);
    }
    expect(stack).toEqual([]);
    expect(escapeXml('a&b<c>"d\'')).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});
