/**
 * An e-invoice as the merchant reads it, and the order's stored code it comes from (D224).
 *
 * The product backend stores an order's invoice as `{CQT code}::{lookup code}::{number}` (doc 2 §3,
 * D175): the tax authority's code (mã của cơ quan thuế; empty until the authority has coded the
 * invoice: M-Invoice, FPT and Viettel issue it uncoded and the code arrives after signing and
 * sending, so "::DLBGLTG52H::1" is an ordinary new invoice), the lookup code (mã tra cứu) and the
 * number (số). The symbol (ký hiệu) is not part of it: it comes from the provider's answer at export.
 * Nothing shows the stored form: the screens show the symbol, the number and the lookup code.
 *
 * Shared by the e-invoice services (composing the code), the orders export screens and the e-invoice
 * screens (reading it and writing serials), hence a shared rule rather than one area's.
 */

const EIV_PART = /^[A-Za-z0-9._/-]{1,100}$/;
const MAX_SEQ = 2_147_483_647;

export interface EivCodeParts {
  /** Null when the invoice had no tax-authority code yet when it was saved (the first part is empty). */
  cqtCode: string | null;
  /** The lookup code (mã tra cứu) the provider's look-up page takes. */
  searchCode: string;
  /** The invoice number (số), 1 to 2147483647. */
  seq: number;
}

/** Throws on parts the backend would refuse, so an adapter's mistake surfaces here, not as EIV_CODE_UNKNOWN later. */
export function composeEivCode(cqtCode: string | null | undefined, searchCode: string, seq: number): string {
  const cqtPart = cqtCode?.trim() ?? '';
  if (cqtPart !== '' && !EIV_PART.test(cqtPart)) throw new Error('eivCode: tax-authority code has characters the backend refuses');
  if (!EIV_PART.test(searchCode)) throw new Error('eivCode: search code missing or malformed');
  if (!Number.isInteger(seq) || seq < 1 || seq > MAX_SEQ) throw new Error('eivCode: sequence out of range');
  return `${cqtPart}::${searchCode}::${seq}`;
}

/**
 * The parts of a stored code, or null when it is not one. Spaces around the code or a part are
 * ignored and the number may carry leading zeros (MISA writes `00000012`); anything else that is not
 * the backend's format (two or four parts, an empty lookup code, a number 0 or not a number) is null.
 */
export function parseEivCode(code: string | null | undefined): EivCodeParts | null {
  if (typeof code !== 'string' || code.length > 320) return null;
  const parts = code.trim().split('::');
  if (parts.length !== 3) return null;
  const [cqtPart, searchCode, seqText] = parts.map((part) => part.trim()) as [string, string, string];
  if (cqtPart !== '' && !EIV_PART.test(cqtPart)) return null;
  if (!EIV_PART.test(searchCode) || !/^\d{1,10}$/.test(seqText)) return null;
  const seq = Number(seqText);
  if (seq < 1 || seq > MAX_SEQ) return null;
  return { cqtCode: cqtPart === '' ? null : cqtPart, searchCode, seq };
}

// ---------------------------------------------------------------------------------------------------
// Serials (Circular 78/2021 art. 4: "ký hiệu mẫu số hóa đơn", one digit, and "ký hiệu hóa đơn", six
// characters). Providers write them joined ('1C26TMV', M-Invoice, MISA and every adapter's rows, D191)
// or apart (FPT's form and serial); the backend keeps the six characters (docs/areas/einvoice.md).

export interface SerialParts {
  /** The template digit (1 VAT invoice, 2 sales invoice, …) when the value carries it, else null. */
  template: string | null;
  /** The six-character symbol ('C26TMV'); a value in no known shape, trimmed and upper-cased. */
  symbol: string;
}

export function splitSerial(value: string | null | undefined): SerialParts {
  const trimmed = (value ?? '').trim().toUpperCase();
  const joined = /^(\d)([A-Z0-9]{6})$/.exec(trimmed);
  return joined ? { template: joined[1]!, symbol: joined[2]! } : { template: null, symbol: trimmed };
}

/**
 * The one way a serial is written on every screen (D224): the six-character symbol, 'C26TFP',
 * whichever way the provider wrote it. The template is never glued in front: where a screen knows
 * it, it names the kind of invoice beside the symbol (the series picker's "Hóa đơn giá trị gia tăng").
 */
export function serialText(value: string | null | undefined): string {
  return splitSerial(value).symbol;
}

// ---------------------------------------------------------------------------------------------------
// What a screen shows for an order's code (texts: orders `einvoice.code.<kind>`).

export type InvoiceCodeView =
  /** Symbol, number and lookup code: the code of an export just made, whose provider answer gave the serial. */
  | { kind: 'full'; serial: string; number: string; lookupCode: string; cqtCode: string | null }
  /** Number and lookup code: a stored code alone (the order keeps no serial). */
  | { kind: 'noSerial'; number: string; lookupCode: string; cqtCode: string | null }
  /** A stored value in no readable shape: shown as it is, labelled, so it can still be quoted. */
  | { kind: 'unreadable'; raw: string };

/** `serial` only when it is the serial of this very invoice (the provider's answer to the export that saved this code). */
export function invoiceCodeView(code: string, serial?: string | null): InvoiceCodeView {
  const parts = parseEivCode(code);
  if (parts === null) return { kind: 'unreadable', raw: code.trim() };
  const facts = { number: String(parts.seq), lookupCode: parts.searchCode, cqtCode: parts.cqtCode };
  const symbol = serialText(serial);
  return symbol === '' ? { kind: 'noSerial', ...facts } : { kind: 'full', serial: symbol, ...facts };
}
