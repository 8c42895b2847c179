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
  issuedAt: Date.parse('2026-03-10T10:00:00+07:00'),
  buyer: {
    isIndividual: false,
    name: 'Trần Thị Hường',
    company: 'CÔNG TY TNHH THƯƠNG MẠI DỊCH VỤ BẾN THÀNH XANH',
    taxCode: '0315639181',
    address: '45 Lê Lợi, Phường Bến Thành, Thành phố Hồ Chí Minh',
  },
  lines: [
    { name: 'Lẩu riêu cua bắp bò sườn sụn', unit: 'nồi', quantity: 1, unitPriceGross: 1_750_000 },
    { name: 'Trà đá', unit: 'cốc', quantity: 10, unitPriceGross: 15_000 },
  ],
  paymentMethod: 'CK',
  rounding: 'round',
  clientRef: 'r',
};
const options = { lookupCode: 'QK7M2P9XWA', lookupUrl: 'https://sinvoice.example.vn/tra-cuu', providerName: 'Viettel S-Invoice' };

describe('invoice PDF', () => {
  it('is a PDF file', async () => {
    const pdf = await renderInvoicePdf(buildHDon(base, seller, 42), options);
    expect(Buffer.from(pdf.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(Buffer.from(pdf.slice(-6)).toString('latin1')).toContain('%%EOF');
  });

  it.skipIf(!PDFTOTEXT)(
    'reads back with seller, buyer, lines, VAT per rate, totals, words, symbol, number and lookup code intact',
    async () => {
      const hdon = { ...buildHDon(base, seller, 42), MCCQT: 'M1-26-8QW3E-00000000042' };
      const text = pdfText(await renderInvoicePdf(hdon, { ...options, signedAt: Date.parse('2026-03-10T10:05:00+07:00') }), 'full');
      for (const expected of [
        'HÓA ĐƠN GIÁ TRỊ GIA TĂNG',
        'CÔNG TY TNHH ẨM THỰC PHỐ CỔ',
        '36 Hàng Bạc, Phường Hoàn Kiếm, Thành phố Hà Nội',
        'Trần Thị Hường',
        'CÔNG TY TNHH THƯƠNG MẠI DỊCH VỤ BẾN THÀNH XANH',
        '0315639181',
        'Lẩu riêu cua bắp bò sườn sụn',
        'Trà đá',
        'Tiền thuế GTGT 8%',
        // 1,900,000 at 8%: 1,759,259 + 140,741.
        '1.759.259',
        '140.741',
        '1.900.000',
        'Một triệu chín trăm nghìn đồng',
        // The template and the symbol as two fields (D224): never '1C26TVT' glued.
        'Mẫu số (Form): 1',
        'Ký hiệu (Serial): C26TVT',
        '00000042',
        'Ngày 10 tháng 03 năm 2026',
        'M1-26-8QW3E-00000000042',
        'QK7M2P9XWA',
        'https://sinvoice.example.vn/tra-cuu',
        'Viettel S-Invoice',
        'Ký bởi: CÔNG TY TNHH ẨM THỰC PHỐ CỔ',
        '2026-03-10 10:05',
      ])
        expect(text).toContain(expected);
    },
  );

  it.skipIf(!PDFTOTEXT)('a sales invoice has no VAT lines; a walk-in buyer; many lines run onto more pages', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      name: `Bánh mì pa tê số ${i + 1}`,
      unit: 'ổ',
      quantity: 1,
      unitPriceGross: 25_000,
    }));
    const hdon = buildHDon({ ...base, templateCode: '2', series: 'C26TVB', buyer: { isIndividual: true, name: '' }, lines }, seller, 1);
    const pdf = await renderInvoicePdf(hdon, { ...options, copy: 'Bản sao' });
    const text = pdfText(pdf, 'sales');
    expect(text).toContain('HÓA ĐƠN BÁN HÀNG');
    expect(text).toContain('Khách lẻ');
    expect(text).toContain('Bản sao');
    expect(text).toContain('Bánh mì pa tê số 60');
    expect(text).toContain('1.500.000');
    expect(text).toContain('Một triệu năm trăm nghìn đồng');
    expect(text).not.toContain('Tiền thuế GTGT 8%');
    expect(text).toContain('Chưa ký số');
    expect(text.split('\f').filter((p) => p.trim()).length).toBeGreaterThan(1);
  });

  it.skipIf(!PDFTOTEXT)(
    'prints hostile text as text: markup literal, emoji replaced, long words cut, nothing lost around them',
    async () => {
      const name = `<script>alert(1)</script> Cơm 🍚 rang ${'dưa'.repeat(60)} ĐẶC BIỆT`;
      const hdon = buildHDon({ ...base, lines: [{ name, unit: 'đĩa', quantity: 1, unitPriceGross: 55_000 }] }, seller, 2);
      const text = pdfText(await renderInvoicePdf(hdon, options), 'hostile');
      expect(text).toContain('<script>alert(1)</script>');
      expect(text).toContain('Cơm ? rang');
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
