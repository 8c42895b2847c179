import QRCode from 'qrcode';
import { saveBlob } from '../shared/download';

/** A file name from the table's name: letters and digits kept (accents dropped), the rest made '-'. */
export function qrFileName(tableName: string): string {
  const base = tableName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `qr-${base || 'table'}.png`;
}

/** The table's ordering QR as a PNG of `size` px (doc 2 §9: 600), with a quiet zone so a printed copy scans. */
export async function renderQrPng(text: string, size: number): Promise<Blob> {
  const url = await QRCode.toDataURL(text, {
    errorCorrectionLevel: 'M',
    margin: 4,
    width: size,
    color: { dark: '#000000', light: '#ffffff' },
  });
  const bytes = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}

export async function saveTableQr(text: string, tableName: string, size: number): Promise<void> {
  if (!text) throw new Error('no QR text');
  saveBlob(await renderQrPng(text, size), qrFileName(tableName));
}
