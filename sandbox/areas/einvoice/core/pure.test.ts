// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { seriesInForce } from './accounts';
import { COMPANIES, lookupCompany } from './companies';
import { buildHDon, EARLIEST_INVOICE_DAY, escapeXml, hdonToXml, InvoiceInputError, SERIES_FORMAT } from './document';
import { checkDigit, isValidTaxCode, taxCodeProblem } from './taxcode';
import type { IssueInput, Seller } from './types';
import { vnDay } from './vat';
import { amountInWords } from './words';

describe('Vietnam days', () => {
  it('reads an instant as its Vietnam calendar day (UTC+7)', () => {
    expect(vnDay(Date.parse('2026-12-31T16:59:59Z'))).toBe('2026-12-31');
    expect(vnDay(Date.parse('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
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
  /**
   * The rate tests' bill as a provider states it, paid at 23:59 on 31 December 2026: phở 65,000 × 2 at 8 %
   * (net 120,370, VAT 9,630) and beer 25,000 × 3 at 10 % (net 68,182, VAT 6,818), 205,000 paid.
   */
  const base: IssueInput = {
    merchantId: '10000001',
    provider: 'm-invoice',
    templateCode: '1',
    series: 'C26TMV',
    issuedAt: Date.parse('2026-12-31T23:59:00+07:00'),
    buyer: { isIndividual: true, name: '' },
    lines: [
      { name: 'Phở bò tái', unit: 'bát', quantity: 2, unitPrice: 60_185, amount: 120_370, rate: '8%', vat: 9_630 },
      { name: 'Bia Hà Nội', unit: 'chai', quantity: 3, unitPrice: 22_727.33, amount: 68_182, rate: '10%', vat: 6_818 },
    ],
    paymentMethod: 'TM/CK',
    clientRef: 'x',
  };
  const stated: Pick<IssueInput, 'rates' | 'totals'> = {
    rates: [
      { rate: '8%', net: 120_370, vat: 9_630 },
      { rate: '10%', net: 68_182, vat: 6_818 },
    ],
    totals: { net: 188_552, vat: 16_448, gross: 205_000 },
  };
  const refused = (over: Partial<IssueInput>) => {
    try {
      buildHDon({ ...base, ...over }, seller, 1);
    } catch (error) {
      expect(error).toBeInstanceOf(InvoiceInputError);
      return (error as InvoiceInputError).field;
    }
    return 'accepted';
  };

  it("issue 25 §2: keeps the request's own figures, each line at its rate, one breakdown row per rate, totals that add up", () => {
    const h = buildHDon({ ...base, ...stated }, seller, 7);
    expect(h.TTChung).toMatchObject({
      KHMSHDon: '1',
      KHHDon: 'C26TMV',
      SHDon: 7,
      NLap: '2026-12-31',
      HTTToan: 'TM/CK',
      MSTTCGP: '0106026495',
    });
    expect(h.NDHDon.NMua).toMatchObject({ Ten: 'Khách lẻ', MST: '', HVTNMHang: '' });
    expect(h.NDHDon.DSHHDVu).toEqual([
      { TChat: 1, STT: 1, THHDVu: 'Phở bò tái', DVTinh: 'bát', SLuong: 2, DGia: 60_185, ThTien: 120_370, TSuat: '8%', TThue: 9_630 },
      { TChat: 1, STT: 2, THHDVu: 'Bia Hà Nội', DVTinh: 'chai', SLuong: 3, DGia: 22_727.33, ThTien: 68_182, TSuat: '10%', TThue: 6_818 },
    ]);
    expect(h.NDHDon.TToan).toEqual({
      THTTLTSuat: [
        { TSuat: '8%', ThTien: 120_370, TThue: 9_630 },
        { TSuat: '10%', ThTien: 68_182, TThue: 6_818 },
      ],
      TgTCThue: 188_552,
      TgTThue: 16_448,
      TgTTTBSo: 205_000,
      TgTTTBChu: amountInWords(205_000),
    });
    expect(h.NDHDon).not.toHaveProperty('GChu');
  });

  it('issue 25 §2: without a stated breakdown (M-Invoice), works one row per rate from the lines, 10 % first', () => {
    const t = buildHDon(base, seller, 1).NDHDon.TToan;
    expect(t.THTTLTSuat).toEqual([
      { TSuat: '10%', ThTien: 68_182, TThue: 6_818 },
      { TSuat: '8%', ThTien: 120_370, TThue: 9_630 },
    ]);
    expect([t.TgTCThue, t.TgTThue, t.TgTTTBSo]).toEqual([188_552, 16_448, 205_000]);
    // Lines without their own VAT: the rate's VAT is its net × rate, rounded.
    const noVat = buildHDon({ ...base, lines: base.lines.map(({ vat: _vat, ...line }) => line) }, seller, 1).NDHDon.TToan;
    expect(noVat.THTTLTSuat).toEqual([
      { TSuat: '10%', ThTien: 68_182, TThue: 6_818 },
      { TSuat: '8%', ThTien: 120_370, TThue: 9_630 },
    ]);
    // KCT and KKKNT carry no VAT.
    const exempt = buildHDon(
      { ...base, lines: [{ name: 'Sách', quantity: 1, unitPrice: 50_000, amount: 50_000, rate: 'KCT', vat: 0 }] },
      seller,
      1,
    ).NDHDon.TToan;
    expect(exempt).toMatchObject({ THTTLTSuat: [{ TSuat: 'KCT', ThTien: 50_000, TThue: 0 }], TgTThue: 0, TgTTTBSo: 50_000 });
  });

  it('issue 25 §2: the same bill at 00:01 on 1 January 2027 is 10 % on both lines, on a C27 symbol', () => {
    const h = buildHDon(
      {
        ...base,
        series: 'C27TMV',
        issuedAt: Date.parse('2027-01-01T00:01:00+07:00'),
        lines: [
          { name: 'Phở bò tái', unit: 'bát', quantity: 2, unitPrice: 59_091, amount: 118_182, rate: '10%', vat: 11_818 },
          { name: 'Bia Hà Nội', unit: 'chai', quantity: 3, unitPrice: 22_727.33, amount: 68_182, rate: '10%', vat: 6_818 },
        ],
        rates: [{ rate: '10%', net: 186_364, vat: 18_636 }],
        totals: { net: 186_364, vat: 18_636, gross: 205_000 },
      },
      seller,
      1,
    );
    expect(h.TTChung.NLap).toBe('2027-01-01');
    expect(h.NDHDon.TToan.THTTLTSuat).toEqual([{ TSuat: '10%', ThTien: 186_364, TThue: 18_636 }]);
    expect(h.NDHDon.TToan.TgTTTBSo).toBe(205_000);
  });

  it("issue 25 §2: the symbol's year is the invoice's: 2027-01-01 on C26TAA is refused, on C27TAA accepted; the format is checked", () => {
    const newYear = Date.parse('2027-01-01T00:01:00+07:00');
    expect(refused({ series: 'C26TAA', issuedAt: newYear })).toBe('series');
    expect(refused({ series: 'C27TAA', issuedAt: newYear })).toBe('accepted');
    expect(refused({ series: 'C27TAA' })).toBe('series');
    for (const series of ['C26TA', '1C26TAA', 'X26TAA', 'C26ZAA', 'c26taa', 'C2ATAA', ''])
      expect([series, refused({ series })]).toEqual([series, 'series']);
    for (const series of ['C26TAA', 'K26MAB', 'C26L01']) expect(SERIES_FORMAT.test(series)).toBe(true);
  });

  it('issue 25 §1: a sales invoice (template 2) carries no rate and no VAT, and prints its reduction note in GChu', () => {
    const note = 'giảm 20% mức tỷ lệ % để tính thuế GTGT theo Nghị quyết 204/2025/QH15';
    const salesLines = [
      { name: 'Phở bò tái', unit: 'bát', quantity: 2, unitPrice: 65_000, amount: 130_000, rate: null },
      { name: 'Bia Hà Nội', unit: 'chai', quantity: 3, unitPrice: 25_000, amount: 75_000, rate: null },
    ];
    const sales = buildHDon(
      { ...base, templateCode: '2', lines: salesLines, rates: [], totals: { net: 205_000, vat: 0, gross: 205_000 }, notes: [note] },
      seller,
      1,
    );
    expect(sales.TTChung.THDon).toBe('Hóa đơn bán hàng');
    expect(sales.NDHDon.TToan).toMatchObject({ TgTThue: 0, TgTCThue: 205_000, TgTTTBSo: 205_000, THTTLTSuat: [] });
    expect(sales.NDHDon.DSHHDVu.map((l) => [l.TSuat, l.TThue])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
    expect(sales.NDHDon.GChu).toEqual([note]);
    expect(hdonToXml(sales)).not.toContain('<TSuat>');
    expect(refused({ templateCode: '2', lines: [{ ...salesLines[0]!, rate: '8%' }] })).toBe('lines[0].rate');
    expect(refused({ templateCode: '2', lines: salesLines, rates: [{ rate: '8%', net: 1, vat: 0 }] })).toBe('rates');
  });

  it('issue 24 §4: an invoice dated before 2000-01-01, or at no real instant, is the input refused (InvoiceInputError on issuedAt), never a RangeError', () => {
    expect(EARLIEST_INVOICE_DAY).toBe('2000-01-01');
    for (const issuedAt of [Date.parse('1999-12-31T23:59:59+07:00'), 0, -1, Date.parse('0001-01-01T00:00:00Z'), NaN, 1e300, 8.64e15, 1.5])
      expect(refused({ issuedAt: issuedAt as number }), String(issuedAt)).toBe('issuedAt');
    expect(buildHDon({ ...base, series: 'C00TMV', issuedAt: Date.parse('2000-01-01T00:00:00+07:00') }, seller, 1).TTChung.NLap).toBe(
      '2000-01-01',
    );
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

  it('issue 25 §2: refuses figures that do not add up, each refusal naming its field', () => {
    const line = (over: Record<string, unknown>) => ({ lines: [{ ...base.lines[0]!, ...over }, base.lines[1]!] as IssueInput['lines'] });
    expect(refused({ lines: [] })).toBe('lines');
    expect(refused(line({ name: ' ' }))).toBe('lines[0].name');
    expect(refused(line({ name: 'a\u0000b' }))).toBe('lines[0].name');
    expect(refused(line({ name: 'x'.repeat(401) }))).toBe('lines[0].name');
    expect(refused(line({ quantity: 0 }))).toBe('lines[0].quantity');
    expect(refused(line({ quantity: Number.NaN }))).toBe('lines[0].quantity');
    // The unit price before tax: a number, not negative, at most 6 decimals (XML DGia).
    expect(refused(line({ unitPrice: -1 }))).toBe('lines[0].unitPrice');
    expect(refused(line({ unitPrice: '60185' }))).toBe('lines[0].unitPrice');
    expect(refused(line({ unitPrice: 60_185.0000001 }))).toBe('lines[0].unitPrice');
    // The amount: whole đồng, and quantity × unit price within one đồng.
    expect(refused(line({ amount: 120_370.5 }))).toBe('lines[0].amount');
    expect(refused(line({ amount: 130_000 }))).toBe('lines[0].amount');
    expect(refused(line({ amount: 120_372, vat: 9_630 }))).toBe('lines[0].amount');
    expect(refused({ ...line({ amount: 120_371, vat: 9_630 }) })).toBe('accepted');
    // The rate: one of the tax authority's codes on every line of a VAT invoice.
    expect(refused(line({ rate: null }))).toBe('lines[0].rate');
    expect(refused(line({ rate: '7%' }))).toBe('lines[0].rate');
    expect(refused(line({ rate: '8' }))).toBe('lines[0].rate');
    // The line's VAT: the rate of its amount within one đồng; none on KCT.
    expect(refused(line({ vat: 9_632 }))).toBe('lines[0].vat');
    expect(refused(line({ vat: 10_407 }))).toBe('lines[0].vat');
    expect(refused(line({ rate: 'KCT', vat: 9_630 }))).toBe('lines[0].vat');
    // The breakdown: one row for each rate on the lines, each the exact sum of its lines.
    const rates = stated.rates!;
    expect(refused({ ...stated, rates: [rates[0]!] })).toBe('rates');
    expect(refused({ ...stated, rates: [...rates, { rate: '5%', net: 0, vat: 0 }] })).toBe('rates[2].rate');
    expect(refused({ ...stated, rates: [{ ...rates[0]!, net: 120_371 }, rates[1]!] })).toBe('rates[0].net');
    expect(refused({ ...stated, rates: [{ ...rates[0]!, vat: 9_700 }, rates[1]!] })).toBe('rates[0].vat');
    expect(refused({ ...stated, rates: [...rates, rates[1]!] })).toBe('rates');
    // The totals: exact sums.
    expect(refused({ ...stated, totals: { net: 188_553, vat: 16_448, gross: 205_001 } })).toBe('totals.net');
    expect(refused({ ...stated, totals: { net: 188_552, vat: 16_447, gross: 204_999 } })).toBe('totals.vat');
    expect(refused({ ...stated, totals: { net: 188_552, vat: 16_448, gross: 205_001 } })).toBe('totals.gross');
    expect(refused({ lines: [{ name: 'a', quantity: 2, unitPrice: 500_000_000_000, amount: 1_000_000_000_000, rate: '0%' }] })).not.toBe(
      'accepted',
    );
    expect(refused({ buyer: { isIndividual: true, name: 42 as unknown as string } })).toBe('buyer.name');
    expect(refused({ paymentMethod: 'BTC' as 'TM' })).toBe('paymentMethod');
    expect(refused({ templateCode: '3' as '1' })).toBe('templateCode');
  });

  it('writes well-formed, escaped XML in the tax authority element names', () => {
    const hostile = '<script>alert("x")</script> & \'Bún chả\' 🍜';
    const h = buildHDon(
      { ...base, lines: [{ name: hostile, unit: 'suất', quantity: 1, unitPrice: 46_296, amount: 46_296, rate: '8%', vat: 3_704 }] },
      seller,
      3,
    );
    const xml = hdonToXml({ ...h, MCCQT: 'M1-26-XYZ' });
    expect(xml).toContain('<THHDVu>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;Bún chả&apos; 🍜</THHDVu>');
    expect(xml).not.toContain('<script>');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><HDon><DLHDon Id="data"><TTChung><PBan>/);
    expect(xml).toContain('<SHDon>3</SHDon>');
    expect(xml).toContain('<DGia>46296</DGia><ThTien>46296</ThTien><TSuat>8%</TSuat><TThue>3704</TThue></HHDVu>');
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

describe('series in force (D253)', () => {
  const registered = [
    { value: 'C26TMS', inv_type_name: 'VAT', template_code: '1' as const, active: true },
    { value: 'K24TUT', inv_type_name: 'VAT', template_code: '1' as const, active: true },
  ];
  it('issue 25 §4: in June a registered symbol is offered for its year and the current one, never the next', () => {
    const june27 = Date.parse('2027-06-15T12:00:00+07:00');
    expect(seriesInForce(registered, june27).map((s) => s.value)).toEqual(['C26TMS', 'K24TUT', 'C27TMS', 'K27TUT']);
  });
  it("issue 25 §4: from 1 December (Vietnam time) next year's symbol is offered too; on 30 November it is not", () => {
    const lastOfNovember = Date.parse('2026-11-30T23:59:00+07:00');
    const firstOfDecember = Date.parse('2026-12-01T00:00:00+07:00');
    expect(seriesInForce(registered, lastOfNovember).map((s) => s.value)).toEqual(['C26TMS', 'K24TUT', 'K26TUT']);
    expect(seriesInForce(registered, firstOfDecember).map((s) => s.value)).toEqual(['C26TMS', 'K24TUT', 'K26TUT', 'C27TMS', 'K27TUT']);
  });
  it('keeps what else the registration says (template, activity, type name) on every year', () => {
    expect(seriesInForce([{ ...registered[0]!, active: false }], Date.parse('2026-12-05T10:00:00+07:00'))).toEqual([
      { value: 'C26TMS', inv_type_name: 'VAT', template_code: '1', active: false },
      { value: 'C27TMS', inv_type_name: 'VAT', template_code: '1', active: false },
    ]);
  });
});
