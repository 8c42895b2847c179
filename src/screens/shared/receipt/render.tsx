import QRCode from 'qrcode';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { getI18n } from 'react-i18next';
import type { ReceiptData } from '../../../services/shared/print/receipt';
import type { RenderedReceipt } from '../../../services/shared/print/printer';
import { Receipt, RECEIPT_CSS } from './Receipt';

/** The QR printed on an unpaid bill: large modules, a quiet zone, black on white. */
const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2, scale: 6, color: { dark: '#000000', light: '#ffffff' } };

export async function receiptQrImage(receipt: ReceiptData): Promise<string | null> {
  if (receipt.paid || !receipt.qr) return null;
  try {
    return await QRCode.toDataURL(receipt.qr, QR_OPTIONS);
  } catch {
    return null;
  }
}

/** D252: the QR of the provider's lookup page, on a paid receipt that carries an issued invoice. */
export async function invoiceQrImage(receipt: ReceiptData): Promise<string | null> {
  if (!receipt.paid || receipt.refund || receipt.invoice?.state !== 'issued') return null;
  try {
    return await QRCode.toDataURL(receipt.invoice.lookupUrl, QR_OPTIONS);
  } catch {
    return null;
  }
}

/**
 * The receipt as markup for the print frame: React renders it into a detached element (so every value
 * is escaped as text), and the markup is taken from there.
 */
export async function renderReceipt(receipt: ReceiptData): Promise<RenderedReceipt> {
  // The receipt's language may not be the one on screen: its texts must be in before a synchronous render.
  await getI18n().loadLanguages(receipt.language);
  await getI18n().loadNamespaces('common');
  const qrImage = await receiptQrImage(receipt);
  const invoiceQr = await invoiceQrImage(receipt);
  const host = document.createElement('div');
  const root = createRoot(host);
  flushSync(() => root.render(<Receipt receipt={receipt} qrImage={qrImage} invoiceQrImage={invoiceQr} />));
  const html = host.innerHTML;
  if (!html) throw new Error('the receipt did not render');
  root.unmount();
  return { html, css: RECEIPT_CSS };
}
