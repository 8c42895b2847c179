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
  /** This key_api already has an invoice (`data` carries it; the emulator's code, none is published). */
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

/** doc 2 §4 "m-invoice" CQT status (`trang_thai`; D259). */
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

/**
 * The CQT status as M-Invoice answers it (D259): the number in `trang_thai`, its words in `tthai`
 * (its published answer: `"trang_thai": 3, "tthai": "Đã gửi"`; `1`, "Chờ ký").
 */
export const MI_CQT_TEXT: Record<MiCqtStatus, string> = {
  0: 'Chờ duyệt',
  1: 'Chờ ký',
  2: 'Đã ký',
  3: 'Đã gửi',
  4: 'Thành công',
  5: 'Có lỗi',
  6: 'Đang ký',
};

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
 * A line's tax code `ma_thue` as M-Invoice's API 2.0 takes it (D259): the percent ('10', '8', '5', '0'),
 * '-1' not subject (KCT) and '-2' not declared (KKKNT), a string or a number; mapped to the tax
 * authority's TSuat the core checks. Absent on a sales invoice (template 2).
 */
export const MI_TAX_CODES = { '10': '10%', '8': '8%', '5': '5%', '0': '0%', '-1': 'KCT', '-2': 'KKKNT' } as const;
export type MiTaxCode = keyof typeof MI_TAX_CODES;
const maThue = z
  .union([z.number(), z.string().trim()])
  .transform(String)
  .pipe(z.enum(Object.keys(MI_TAX_CODES) as [MiTaxCode, ...MiTaxCode[]]));

/** A discount M-Invoice reads per line and per invoice; the portal gives none, the emulator takes 0 only. */
const noDiscount = amount(999_999_999_999).refine((v) => v === 0, 'discounts are not emulated');

/**
 * One line of `details[0].data` in M-Invoice's API 2.0 names (D259): `inv_unitPrice` the unit price
 * before tax, `inv_TotalAmountWithoutVat` the amount before tax (= inv_quantity × inv_unitPrice to
 * the đồng), `ma_thue` the line's rate, `inv_vatAmount` its VAT, `inv_TotalAmount` the two together.
 */
export const miLine = z.object({
  stt_rec0: z.union([z.number().int().min(0).max(99_999), z.string().trim().max(10)]).optional(),
  /** tchat (tính chất): 1 goods or service (default); 4 a note, only on an adjustment of information (D247, D260). */
  tchat: z
    .union([z.number(), z.string().trim().regex(/^\d$/).transform(Number)])
    .pipe(z.union([z.literal(1), z.literal(4)]))
    .optional(),
  inv_itemCode: optionalText(50),
  inv_itemName: text(500).min(1),
  inv_unitCode: optionalText(50),
  /** Negative only on an adjusting invoice: the line lowers the original. Absent on a note line. */
  inv_quantity: signed(1_000_000)
    .refine((v) => v !== 0, 'must not be 0')
    .optional(),
  inv_unitPrice: amount(100_000_000_000).optional(),
  inv_discountPercentage: amount(100)
    .refine((v) => v === 0, 'discounts are not emulated')
    .optional(),
  inv_discountAmount: noDiscount.optional(),
  inv_TotalAmountWithoutVat: dong.optional(),
  ma_thue: maThue.optional(),
  inv_vatAmount: dong.optional(),
  inv_TotalAmount: dong.nullish(),
});
export type MiLine = z.infer<typeof miLine>;

/**
 * The invoice's own fields in M-Invoice's API 2.0 names (D259), as its published sample body, the
 * NestJS DTO and the Python client send them: everything but the lines, which Save and ThayThe put in
 * `details[0].data` and DieuChinh in `data`.
 */
const miHeader = {
  /** Template digit + series, e.g. `1C26TAA` (one of GET /api/Invoice68/GetTypeInvoiceSeries). */
  inv_invoiceSeries: z
    .string()
    .trim()
    .regex(/^\d[A-Z0-9]{6}$/, 'template digit + six-character series'),
  /** The invoice's date, yyyy-MM-dd (a Vietnam day): the sale's (Decree 123 art. 9; D261). */
  inv_invoiceIssuedDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd'),
  inv_currencyCode: z.literal('VND').optional(),
  inv_exchangeRate: z.union([z.literal(1), z.literal('1')]).optional(),
  /** The partner's key (GetInfoInvoice?keyApi=): one invoice per value (idempotency key; D178). */
  key_api: text(100).min(1),
  /** The seller's own document number (the order), printed and answered as `sdhang`. */
  so_benh_an: optionalText(100),
  /** Payment method: TM cash, CK transfer, TM/CK either. */
  inv_paymentMethodName: z.enum(['TM', 'CK', 'TM/CK']),
  /** Buyer person's name ("Khách lẻ" for walk-in); required here (the invoice prints a buyer). */
  inv_buyerDisplayName: text(200).min(1),
  /** Buyer company; with `inv_buyerTaxCode` it makes a business buyer. */
  inv_buyerLegalName: optionalText(400),
  inv_buyerTaxCode: optionalText(14),
  inv_buyerAddressLine: optionalText(400),
  inv_buyerEmail: optionalText(200),
  inv_buyerBankAccount: optionalText(50),
  inv_buyerBankName: optionalText(400),
  buyerTel: optionalText(20),
  /** Buyer's customer code (mã đối tượng). */
  ma_dt: optionalText(50),
  /** The buyer's personal identification number (CCCDan) and passport number. */
  cccdan: optionalText(12),
  so_hchieu: optionalText(20),
  /** Printed under the lines (a sales invoice's reduction note). */
  inv_invoiceNote: optionalText(500),
  inv_discountAmount: noDiscount.optional(),
  /** Totals (TgTCThue before tax, TgTThue VAT, TgTTTBSo to pay), checked against the lines; the first two required on a VAT invoice. */
  inv_TotalAmountWithoutVat: dong.optional(),
  inv_vatAmount: dong.optional(),
  inv_TotalAmount: dong,
};

const details = z.array(z.object({ data: z.array(miLine).min(1).max(500) })).length(1);

export const miInvoiceInput = z.object({ ...miHeader, details });
export type MiInvoiceInput = z.infer<typeof miInvoiceInput>;

export const miSaveBody = z.object({
  /** 1 create; 2 (edit) and 3 (delete) are refused: the emulator issues and signs, corrections have their own calls. */
  editmode: z.union([z.literal(1), z.literal('1')]),
  data: z.array(miInvoiceInput).length(1),
});

/** Why and on what grounds a correction is made: `ghi_chu` the reason; `sovb`, `ngayvb` the agreement's number and date. */
const correctionGrounds = {
  ghi_chu: text(255).min(1),
  sovb: optionalText(50),
  ngayvb: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
};

/**
 * ThayThe (replace; D260): the whole replacing invoice in `data` (no `editmode`, unlike Save), naming
 * the original by its id in `inv_originalId`, with the reason in `ghi_chu`.
 */
export const miReplaceBody = z.object({
  editmode: z.union([z.literal(1), z.literal('1')]).optional(),
  data: z.array(z.object({ ...miHeader, ...correctionGrounds, inv_originalId: text(64).min(1), details })).length(1),
});

/**
 * DieuChinh (adjust; D260): a flat body naming the original by its id in `inv_InvoiceAuth_id`, the
 * difference lines in `data` (a decrease negative), the reason in `ghi_chu`; `inv_adjustmentType` 5
 * is an adjustment of information (định danh: one note line, no amounts), 19/21 or none one of amounts.
 */
export const miAdjustBody = z.object({
  ...miHeader,
  ...correctionGrounds,
  inv_InvoiceAuth_id: text(64).min(1),
  inv_adjustmentType: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/)
        .transform(Number),
    ])
    .pipe(z.union([z.literal(5), z.literal(19), z.literal(21)]))
    .optional(),
  data: z.array(miLine).min(1).max(500),
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
