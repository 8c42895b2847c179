import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import type { ReceiptData } from '../../../services/shared/print/receipt';
import { renderReceipt } from './render';

const receipt: ReceiptData = {
  shopName: 'Phở <img src=x onerror=alert(1)>',
  shopAddress: null,
  orderCode: 'PHO0041',
  tableName: 'Bàn 3',
  time: 1_795_000_000,
  lines: [
    { name: 'Phở bò', amount: 2, price: 65_000 },
    { name: 'Trà đá', amount: 1, price: 5_000 },
  ],
  total: 135_000,
  paid: false,
  paymentMethod: null,
  receiveAmount: null,
  returnAmount: null,
  qr: '00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA53037045802VN6304AE9F',
  copy: false,
  language: 'vi',
};

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
}

describe('printed receipt', () => {
  beforeAll(async () => {
    await initI18n({ defaultLanguage: 'vi' });
  });

  it("renders what the shop typed as text, lines with their amounts, the total and an unpaid bill's QR", async () => {
    const { html, css } = await renderReceipt(receipt);
    const doc = parse(html);
    expect(doc.querySelector('img[onerror]')).toBeNull();
    expect(doc.body.textContent).toContain('Phở <img src=x onerror=alert(1)>');
    expect(doc.querySelector('[data-testid="receipt-order-code"]')?.textContent).toBe('PHO0041');
    expect(doc.querySelectorAll('.receipt-lines tbody tr')).toHaveLength(2);
    expect(doc.querySelector('[data-testid="receipt-total"]')?.textContent).toBe('135.000\u00a0₫');
    expect(doc.querySelector('.receipt-qr img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(doc.querySelector('[data-testid="receipt-copy"]')).toBeNull();
    expect(css).toContain('72mm');
  });

  it('a paid bill has its method and no QR; a reprint says BẢN SAO, or COPY in English', async () => {
    const paid = { ...receipt, paid: true, paymentMethod: 'CASH' as const, receiveAmount: 200_000, returnAmount: 65_000, copy: true };
    const vi = parse((await renderReceipt(paid)).html);
    expect(vi.querySelector('.receipt-qr')).toBeNull();
    expect(vi.querySelector('[data-testid="receipt-method"]')?.textContent).toBe('Tiền mặt');
    expect(vi.querySelector('[data-testid="receipt-copy"]')?.textContent).toBe('BẢN SAO');
    const en = parse((await renderReceipt({ ...paid, language: 'en' })).html);
    expect(en.querySelector('[data-testid="receipt-copy"]')?.textContent).toBe('COPY');
  });
});
