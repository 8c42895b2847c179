// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHDon } from './document';
import { formatVnd, renderInvoicePdf } from './pdf';
import type { IssueInput, Seller } from './types';

/** `pdftotext` (poppler-utils) reads the PDF back as a reader would; without it these tests say so and skip. */
function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const PDFTOTEXT = hasPdftotext();
if (!PDFTOTEXT) console.warn('pdf.test.ts: pdftotext (poppler-utils) is not installed; the text-extraction checks are skipped');

const dir = mkdtempSync(join(tmpdir(), 'einv-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pdfText(pdf: Uint8Array, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

const seller: Seller = {
  name: 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ',
  taxCode: '0108123455',
  address: '36 Hàng Bạc, Phường Hoàn Kiếm, Thành phố Hà Nội',
};
const base: IssueInput = {
  merchantId: '10000001',
  provider: 'viettel',
  templateCode: '1',
  series: 'C26TVT',
  issuedAt: Date.parse('2026-12-31T23:59:00+07:00'),
  buyer: {
    isIndividual: false,
    name: 'Trần Thị Hường',
    company: 'CÔNG TY TNHH THƯƠNG MẠI DỊCH VỤ BẾN THÀNH XANH',
    taxCode: '0315639181',
    address: '45 Lê Lợi, Phường Bến Thành, Thành phố Hồ Chí Minh',
  },
  // The rate tests' bill, as the provider states it: phở at 8 % and beer at 10 % (D229).
  lines: [
    { name: 'Phở bò tái', unit: 'bát', quantity: 2, unitPrice: 60_185, amount: 120_370, rate: '8%', vat: 9_630 },
    { name: 'Bia Hà Nội', unit: 'chai', quantity: 3, unitPrice: 22_727.33, amount: 68_182, rate: '10%', vat: 6_818 },
  ],
  rates: [
    { rate: '8%', net: 120_370, vat: 9_630 },
    { rate: '10%', net: 68_182, vat: 6_818 },
  ],
  totals: { net: 188_552, vat: 16_448, gross: 205_000 },
  paymentMethod: 'CK',
  clientRef: 'r',
};
const options = { lookupCode: 'QK7M2P9XWA', lookupUrl: 'https://sinvoice.example.vn/tra-cuu', providerName: 'Viettel S-Invoice' };

describe('invoice PDF', () => {
  it('is a PDF file', async () => {
    const pdf = await renderInvoicePdf(buildHDon(base, seller, 42), options);
    expect(Buffer.from(pdf.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(Buffer.from(pdf.slice(-6)).toString('latin1')).toContain('%%EOF');
  });

  it.skipIf(!PDFTOTEXT)('reads back with seller, buyer, lines, symbol, number, words and lookup code intact', async () => {
    const hdon = { ...buildHDon(base, seller, 42), MCCQT: 'M1-26-8QW3E-00000000042' };
    const text = pdfText(await renderInvoicePdf(hdon, { ...options, signedAt: Date.parse('2027-01-01T00:05:00+07:00') }), 'full');
    for (const expected of [
      'HÓA ĐƠN GIÁ TRỊ GIA TĂNG',
      'CÔNG TY TNHH ẨM THỰC PHỐ CỔ',
      '36 Hàng Bạc, Phường Hoàn Kiếm, Thành phố Hà Nội',
      'Trần Thị Hường',
      'CÔNG TY TNHH THƯƠNG MẠI DỊCH VỤ BẾN THÀNH XANH',
      '0315639181',
      'Hai trăm lẻ năm nghìn đồng',
      // The template and the symbol as two fields (D224): never '1C26TVT' glued.
      'Mẫu số (Form): 1',
      'Ký hiệu (Serial): C26TVT',
      '00000042',
      'Ngày 31 tháng 12 năm 2026',
      'M1-26-8QW3E-00000000042',
      'QK7M2P9XWA',
      'https://sinvoice.example.vn/tra-cuu',
      'Viettel S-Invoice',
      'Ký bởi: CÔNG TY TNHH ẨM THỰC PHỐ CỔ',
      '2027-01-01 00:05',
    ])
      expect(text).toContain(expected);
  });

  it.skipIf(!PDFTOTEXT)(
    "issue 25 §2: prints each line's rate and VAT, one breakdown row per rate and totals, and what it prints adds up",
    async () => {
      const text = pdfText(await renderInvoicePdf(buildHDon(base, seller, 43), options), 'mixed');
      const n = (s: string) => Number(s.replace(/\./g, '').replace(',', '.'));
      // Lines: quantity, unit price and amount before tax, rate, VAT.
      const lines = [
        ...text.matchAll(/^\s*\d+\s+(Phở bò tái|Bia Hà Nội)\s+\S+\s+(\d+)\s+([\d.,]+)\s+([\d.]+)\s+(\d+%)\s+([\d.]+)\s*$/gm),
      ].map((m) => ({ name: m[1], quantity: n(m[2]!), price: n(m[3]!), amount: n(m[4]!), rate: m[5], vat: n(m[6]!) }));
      expect(lines).toEqual([
        { name: 'Phở bò tái', quantity: 2, price: 60_185, amount: 120_370, rate: '8%', vat: 9_630 },
        { name: 'Bia Hà Nội', quantity: 3, price: 22_727.33, amount: 68_182, rate: '10%', vat: 6_818 },
      ]);
      // The breakdown: one row per rate, net + VAT = its total.
      const rates = [...text.matchAll(/^\s*(\d+%)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$/gm)].map((m) => ({
        rate: m[1],
        net: n(m[2]!),
        vat: n(m[3]!),
        gross: n(m[4]!),
      }));
      expect(rates).toEqual([
        { rate: '8%', net: 120_370, vat: 9_630, gross: 130_000 },
        { rate: '10%', net: 68_182, vat: 6_818, gross: 75_000 },
      ]);
      const total = (label: string) => n(new RegExp(`${label.replace(/[()]/g, '\\$&')}\\s+([\\d.]+)`).exec(text)![1]!);
      const net = total('Cộng tiền hàng (Total before tax)');
      const vat = total('Tiền thuế GTGT (VAT amount)');
      const gross = total('Tổng cộng tiền thanh toán (Total)');
      expect([net, vat, gross]).toEqual([188_552, 16_448, 205_000]);
      // Everything printed adds up: lines to each rate, rates to the totals, quantity × price to each amount (within 1 đồng).
      for (const r of rates) {
        const members = lines.filter((l) => l.rate === r.rate);
        expect(members.reduce((sum, l) => sum + l.amount, 0)).toBe(r.net);
        expect(members.reduce((sum, l) => sum + l.vat, 0)).toBe(r.vat);
        expect(r.net + r.vat).toBe(r.gross);
      }
      for (const l of lines) expect(Math.abs(l.quantity * l.price - l.amount)).toBeLessThanOrEqual(1);
      expect(rates.reduce((sum, r) => sum + r.net, 0)).toBe(net);
      expect(rates.reduce((sum, r) => sum + r.vat, 0)).toBe(vat);
      expect(net + vat).toBe(gross);
    },
  );

  it.skipIf(!PDFTOTEXT)(
    'a sales invoice has no rate, VAT or breakdown and prints its note; a walk-in buyer; many lines run onto more pages',
    async () => {
      const lines = Array.from({ length: 60 }, (_, i) => ({
        name: `Bánh mì pa tê số ${i + 1}`,
        unit: 'ổ',
        quantity: 1,
        unitPrice: 25_000,
        amount: 25_000,
        rate: null,
      }));
      const note = 'giảm 20% mức tỷ lệ % để tính thuế GTGT theo Nghị quyết 204/2025/QH15';
      const hdon = buildHDon(
        {
          ...base,
          templateCode: '2',
          series: 'C26TVB',
          buyer: { isIndividual: true, name: '' },
          lines,
          rates: [],
          totals: { net: 1_500_000, vat: 0, gross: 1_500_000 },
          notes: [note],
        },
        seller,
        1,
      );
      const pdf = await renderInvoicePdf(hdon, { ...options, copy: 'Bản sao' });
      const text = pdfText(pdf, 'sales');
      expect(text).toContain('HÓA ĐƠN BÁN HÀNG');
      expect(text).toContain('Khách lẻ');
      expect(text).toContain('Bản sao');
      expect(text).toContain('Bánh mì pa tê số 60');
      expect(text).toContain('1.500.000');
      expect(text).toContain('Một triệu năm trăm nghìn đồng');
      expect(text).not.toContain('Tổng hợp theo thuế suất');
      expect(text).not.toMatch(/\d+%\s+[\d.]+\s*$/m);
      // D256: the reduction note under the totals.
      expect(text.replace(/\s+/g, ' ')).toContain(`Ghi chú (Note): ${note}`);
      expect(text).toContain('Chưa ký số');
      expect(text.split('\f').filter((p) => p.trim()).length).toBeGreaterThan(1);
    },
  );

  it.skipIf(!PDFTOTEXT)(
    'prints hostile text as text: markup literal, emoji replaced, long words cut, nothing lost around them',
    async () => {
      const name = `<script>alert(1)</script> Cơm 🍚 rang ${'dưa'.repeat(60)} ĐẶC BIỆT`;
      const line = { name, unit: 'đĩa', quantity: 1, unitPrice: 50_926, amount: 50_926, rate: '8%' as const, vat: 4_074 };
      const hdon = buildHDon({ ...base, lines: [line], rates: undefined, totals: undefined }, seller, 2);
      const text = pdfText(await renderInvoicePdf(hdon, options), 'hostile');
      expect(text).toContain('<script>alert(1)</script>');
      // The name column wraps: read across its lines.
      expect(text.replace(/\s+/g, ' ')).toMatch(/Cơm \?( \S+)*? rang/);
      expect(text).toContain('ĐẶC BIỆT');
      expect(text.replace(/\s+/g, '')).toContain('dưa'.repeat(60));
    },
  );

  it.skipIf(!PDFTOTEXT)('an individual with a personal tax code is printed as the buyer, not as a company', async () => {
    const buyer = {
      isIndividual: true,
      name: 'Nguyễn Thị Lan',
      taxCode: '079185001234',
      address: '15 Nơ Trang Long',
      email: 'lan@example.vn',
    };
    const text = pdfText(await renderInvoicePdf(buildHDon({ ...base, buyer }, seller, 3), options), 'person');
    expect(text).toMatch(/Họ tên người mua hàng \(Buyer\): Nguyễn Thị Lan/);
    expect(text).toContain('079185001234');
    expect(text).not.toContain('Tên đơn vị (Company)');
    expect(text).toContain('lan@example.vn');
  });

  it('formats amounts the Vietnamese way', () => {
    expect(formatVnd(1_900_000)).toBe('1.900.000');
    expect(formatVnd(999)).toBe('999');
    expect(formatVnd(1.5)).toBe('1,5');
    expect(formatVnd(-12_000)).toBe('-12.000');
  });
});
