import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import type { ReceiptData, ReceiptInvoice } from '../../../services/shared/print/receipt';
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
  invoice: null,
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

  const paidOrder = { ...receipt, paid: true, paymentMethod: 'CASH' as const, qr: null };
  // What receiptInvoice (src/services/shared/print/receipt.test.ts) makes of print invoice on and an issued order.
  const issued: ReceiptInvoice = {
    state: 'issued',
    symbol: 'C26TMV',
    number: 12,
    lookupCode: 'DLBGLTG52H',
    lookupUrl: 'https://tracuu.minvoice.com.vn',
  };

  it('issue 25 §3: print invoice on: the paid receipt carries the symbol, number, lookup code and a QR of the lookup page', async () => {
    const invoice = issued;
    const doc = parse((await renderReceipt({ ...paidOrder, invoice })).html);
    expect(doc.querySelector('[data-testid="receipt-invoice-symbol"]')?.textContent).toBe('C26TMV');
    expect(doc.querySelector('[data-testid="receipt-invoice-number"]')?.textContent).toBe('12');
    expect(doc.querySelector('[data-testid="receipt-invoice-lookup-code"]')?.textContent).toBe('DLBGLTG52H');
    expect(doc.querySelector('[data-testid="receipt-invoice-lookup-url"]')?.textContent).toBe('https://tracuu.minvoice.com.vn');
    expect(doc.querySelector('[data-testid="receipt-invoice-qr"] img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(doc.body.textContent).toContain('Hóa đơn điện tử');
    const en = parse((await renderReceipt({ ...paidOrder, invoice, language: 'en' })).html);
    expect(en.body.textContent).toContain('Lookup code');
  });

  it('issue 25 §3: print invoice off: the same paid order prints no invoice, no lookup code and no QR', async () => {
    // Print invoice off: receiptInvoice answers null.
    const invoice = null;
    const doc = parse((await renderReceipt({ ...paidOrder, invoice })).html);
    expect(doc.querySelector('[data-testid="receipt-invoice"]')).toBeNull();
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.body.textContent).not.toContain('DLBGLTG52H');
  });

  it('an invoice still being issued prints the pending line and the lookup page, without a QR', async () => {
    const invoice: ReceiptInvoice = {
      state: 'pending',
      symbol: null,
      number: null,
      lookupCode: null,
      lookupUrl: 'https://einvoice.fpt.com.vn/tra-cuu',
    };
    const doc = parse((await renderReceipt({ ...paidOrder, invoice })).html);
    expect(doc.querySelector('[data-testid="receipt-invoice-pending"]')?.textContent).toContain('Đang phát hành');
    expect(doc.querySelector('[data-testid="receipt-invoice-lookup-url"]')?.textContent).toBe('https://einvoice.fpt.com.vn/tra-cuu');
    expect(doc.querySelector('img')).toBeNull();
  });

  it('issue 27 §1: a refund receipt has the refunded lines, the amount given back, the way, reason, who and what stays paid; no QR, no invoice', async () => {
    const refund = {
      ...paidOrder,
      invoice: issued,
      qr: 'ignored',
      receiveAmount: 200_000,
      returnAmount: 65_000,
      lines: [{ name: 'Trà đá', amount: 2, price: 5_000 }],
      total: 10_000,
      refund: { method: 'CASH' as const, reason: 'Returned by the customer', note: '', by: 'Lan', paid: 135_000, remainingPaid: 125_000 },
      language: 'en' as const,
    };
    const doc = parse((await renderReceipt(refund)).html);
    expect(doc.querySelector('[data-testid="receipt-title"]')?.textContent).toBe('Refund receipt');
    expect(doc.querySelector('[data-testid="receipt-total"]')?.textContent).toBe('10.000\u00a0₫');
    expect(doc.querySelector('[data-testid="receipt-refund-way"]')?.textContent).toBe('Cash');
    expect(doc.querySelector('[data-testid="receipt-refund-by"]')?.textContent).toBe('Lan');
    expect(doc.querySelector('[data-testid="receipt-refund-remaining"]')?.textContent).toBe('125.000\u00a0₫');
    expect(doc.querySelector('[data-testid="receipt-refund-note"]')).toBeNull();
    expect(doc.querySelector('[data-testid="receipt-method"]')).toBeNull();
    // The refund receipt is not the order's bill: neither its change nor its e-invoice block.
    expect(doc.body.textContent).not.toContain('Change');
    expect(doc.querySelector('img')).toBeNull();
  });
});
