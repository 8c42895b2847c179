import QRCode from 'qrcode';
import { buildVietQr } from '../../../src/services/qr/vietqr';

export interface QrSubject {
  va_type: 'STORE' | 'STAFF' | 'BILL';
  va_account_no: string;
  bin: string;
  amount: number | null;
  store_code: string | null;
  staff_id: string | null;
}

/**
 * The transfer description a payer's banking app pre-fills: who is being paid, so the merchant can
 * tell ShopQRs apart in statements. ASCII and at most 25 characters (vietqr.ts MAX_PURPOSE_LENGTH).
 */
export function qrPurpose(s: QrSubject): string {
  const ref = s.va_type === 'STORE' ? (s.store_code ?? '') : (s.staff_id ?? '');
  const text = s.va_type === 'BILL' ? `Hoa don ${ref}` : `Thanh toan ${ref}`;
  return text.trim().slice(0, 25);
}

/** VietQR payload: the virtual account at the linked bank's BIN; BILL codes are dynamic (amount set). */
export function qrPayload(s: QrSubject): string {
  return buildVietQr({
    bin: s.bin,
    accountNumber: s.va_account_no,
    ...(s.va_type === 'BILL' && s.amount ? { amount: s.amount } : {}),
    purpose: qrPurpose(s),
  });
}

/** PNG (base64, no data: prefix) a phone camera and zbarimg read: quiet zone 4 modules, level M. */
export async function qrPngBase64(payload: string): Promise<string> {
  const png = await QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 360 });
  return png.toString('base64');
}
