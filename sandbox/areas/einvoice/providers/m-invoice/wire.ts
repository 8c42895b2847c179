import { z } from 'zod';
import { amount, signed } from '../wire-numbers';

/**
 * M-Invoice's own words on the wire (docs/areas/einvoice.md, "Provider emulators" → "M-Invoice"):
 * request shapes, the answer codes and the two status maps of doc 2 §4. Everything here is data the
 * portal's typed adapter mirrors; the routes only apply it.
 */

/**
 * Every answer is HTTP 200 with one of these in `code` (the notes: success is the body's code, not the
 * HTTP status). Only the `down` fault answers otherwise (503).
 */
export const MI_CODES = {
  OK: '00',
  /** A field is missing or malformed (`errors`: the field names). */
  INVALID: '01',
  /** No token, an unknown or expired one, or a TaxCode header that is not the token's. */
  UNAUTHORIZED: '02',
  /** Wrong user name, password or unit code at login. */
  LOGIN_FAILED: '03',
  /** No invoice with that id for this token's seller (the same answer whether or not it exists elsewhere). */
  NOT_FOUND: '04',
  /** Signing refused: the invoice is not waiting for a signature. */
  SIGN_REFUSED: '05',
  /** This order reference already has an invoice (`data` carries it). */
  DUPLICATE: '06',
  /** The series is not one of this seller's. */
  SERIES_UNKNOWN: '07',
  /** Tax code fails the check digit or the format. */
  TAX_CODE_INVALID: '08',
  /** No company with that tax code in the register. */
  TAX_CODE_UNKNOWN: '09',
  /** The seller's registration (tờ khai) is not approved by the tax authority yet: no invoice may be issued. */
  DECLARATION_PENDING: '10',
  /** The invoice's PDF is still being made (fault `pdf-not-ready`). */
  PDF_NOT_READY: '11',
} as const;
export type MiCode = (typeof MI_CODES)[keyof typeof MI_CODES];

/** doc 2 §4 "m-invoice status": the invoice's own state (`trang_thai_hd`). */
export const MI_INVOICE_STATUS = {
  0: 'original',
  1: 'cancelled',
  2: 'adjusted',
  3: 'replaced',
  4: 'explanation',
  5: 'replaced by another',
  6: 'adjusted by another',
} as const;

/** doc 2 §4 "m-invoice" CQT status (`tthai`). */
export const MI_CQT_STATUS = {
  0: 'pending approval',
  1: 'pending signature',
  2: 'signed',
  3: 'sent',
  4: 'success',
  5: 'error',
  6: 'signing',
} as const;
export type MiCqtStatus = keyof typeof MI_CQT_STATUS;

/** doc 2 §4 signing rule "m-invoice status 1": only an invoice waiting for its signature. */
export const MI_SIGNABLE: MiCqtStatus = 1;

/**
 * After a C-series invoice is signed and sent (3), the tax authority's code (`macqt`) arrives this long
 * later on the sandbox clock, and the invoice reads 4 "success" from then on (notes: "sent" is not
 * "coded"; poll).
 */
export const MI_CODING_DELAY_MS = 5_000;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

export const miLoginBody = z.object({
  username: text(100).min(1),
  password: z.string().min(1).max(200),
  /** Unit code (mã đơn vị cơ sở); the emulator's sellers have one unit, `VP`. */
  ma_dvcs: text(20).min(1),
});

/** A money amount in whole đồng. */
const dong = signed(999_999_999_999_999).refine(Number.isSafeInteger, 'whole đồng');

/**
 * The rate of a line (`tsuat`), as the tax authority's XML TSuat writes it (D233). Absent on a sales
 * invoice (template 2).
 */
export const MI_VAT_RATES = ['10%', '8%', '5%', '0%', 'KCT', 'KKKNT'] as const;

/**
 * One invoice line in the tax authority's meanings (D233): `dgia` the unit price before tax (DGia, up
 * to 6 decimals), `thtien` the amount before tax (ThTien = sluong × dgia to the đồng), `tsuat` the
 * line's rate and `tthue` its VAT.
 */
export const miLine = z.object({
  stt: z.number().int().min(1).max(10_000).optional(),
  /** TChat: 1 goods or service (default); 4 a note, only on an adjustment of information (D247). */
  tchat: z.union([z.literal(1), z.literal(4)]).optional(),
  ten: text(500).min(1),
  dvtinh: optionalText(50),
  /** Negative only on an adjusting invoice: the line lowers the original. Absent on a note line. */
  sluong: signed(1_000_000)
    .refine((v) => v !== 0, 'must not be 0')
    .optional(),
  dgia: amount(100_000_000_000).optional(),
  thtien: dong.optional(),
  tsuat: z.enum(MI_VAT_RATES).optional(),
  tthue: dong.optional(),
});

export const miInvoiceInput = z.object({
  /** Template digit + series, e.g. `1C26TAA` (one of GET /api/Invoice68/GetTypeInvoiceSeries). */
  khieu: z
    .string()
    .trim()
    .regex(/^\d[A-Z0-9]{6}$/, 'template digit + six-character series'),
  /** The caller's order reference: one invoice per value (idempotency key). */
  sdhang: text(100).min(1),
  /** Payment method: TM cash, CK transfer, TM/CK either. */
  htttoan: z.enum(['TM', 'CK', 'TM/CK']),
  /** Buyer person's name ("Khách lẻ" for walk-in); required. */
  tnmua: text(200).min(1),
  /** Buyer company; with `mst` it makes a business buyer. */
  ten: optionalText(400),
  mst: optionalText(14),
  dchi: optionalText(400),
  email: optionalText(200),
  sdtnmua: optionalText(20),
  mnmua: optionalText(50),
  cccdan: optionalText(12),
  details: z.array(z.object({ data: z.array(miLine).min(1).max(500) })).length(1),
  /** Totals (TgTCThue before tax, TgTThue VAT, TgTTTBSo to pay): required, checked against the lines. */
  tgtcthue: dong,
  tgtthue: dong,
  tgtttbso: dong,
  /** Printed under the lines (a sales invoice's reduction note). */
  ghichu: optionalText(500),
  /**
   * The invoice a ThayThe (replacing) or DieuChinh (adjusting) call corrects, in the tax authority's
   * XML names as M-Invoice writes its other fields (TTHDLQuan; D247): tchdon 1 replacing / 2 adjusting,
   * lhdclquan 1 (an e-invoice under Decree 123), the original's template digit, symbol, number and
   * date, and the reason (gchu). dcthongtin true: an adjustment of information, no amounts.
   */
  tthdlquan: z
    .object({
      tchdon: z.union([z.literal(1), z.literal(2)]),
      lhdclquan: z.literal(1),
      khmshdclquan: z.enum(['1', '2']),
      khhdclquan: z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{6}$/),
      shdclquan: z.number().int().min(1).max(99_999_999),
      nlhdclquan: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      gchu: text(255),
      dcthongtin: z.boolean().optional(),
    })
    .optional(),
});
export type MiInvoiceInput = z.infer<typeof miInvoiceInput>;

export const miSaveBody = z.object({
  /** 1 create; 2 (edit) and 3 (delete) are refused: the emulator issues and signs, corrections are out of scope. */
  editmode: z.literal(1),
  data: z.array(miInvoiceInput).length(1),
});

export const miSignBody = z.object({ hoadon68_id: text(64).min(1) });

/** GetInvoices query: dates as yyyy-MM-dd (Vietnam days, both included). */
export const miListQuery = z.object({
  tu_ngay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  den_ngay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  khieu: optionalText(7),
  tim_kiem: optionalText(100),
  /** 1 released (signed and sent), 0 not yet (waiting to sign); absent: both. */
  da_phat_hanh: z.enum(['0', '1']).optional(),
  trang: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .default(1),
  so_dong: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .default(10),
});

/** Field names of the first problems of a zod failure, for `errors`. */
export function fieldsOf(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((i) => i.path.join('.') || '(body)'))].slice(0, 20);
}
