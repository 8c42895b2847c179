/**
 * Sale invoice rules shared by the create form and the sandbox's POST /invoice (doc 2 §3 Invoice list
 * row; CONTRACT13; D136). Pure.
 */

/** One line's amount, as the order lines take it (CONTRACT13: 1..999). */
export const INVOICE_AMOUNT_MAX = 999;
/** Lines on one counter sale. */
export const INVOICE_LINES_MAX = 100;
export const INVOICE_NOTE_MAX_LENGTH = 500;
export const INVOICE_SEARCH_MAX_LENGTH = 50;
/** CONTRACT13: an Idempotency-Key is 1..255 visible characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

/** The list's search as sent: visible, no control characters, no spaces inside a code, bounded. */
export function invoiceSearchText(value: string): string {
  return value
    .replace(/[\u0000-\u001F\u007F\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, INVOICE_SEARCH_MAX_LENGTH);
}

/** Lower case without Vietnamese diacritics, đ made d (codes are matched accent- and case-insensitively). */
export function foldInvoiceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}

/** A whole amount the line accepts, or null. */
export function parseAmount(raw: string): number | null {
  if (!/^\d{1,3}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= 1 && n <= INVOICE_AMOUNT_MAX ? n : null;
}
