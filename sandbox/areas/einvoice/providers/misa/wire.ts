import { z } from 'zod';
import { amount, signed } from '../wire-numbers';

/**
 * MISA meInvoice's own words on the wire (docs/areas/einvoice.md, "Provider emulators" → "MISA
 * meInvoice"). Every answer is HTTP 200 `{success, errorCode, descriptionErrorCode, errors, data}`;
 * invoice calls carry `data` as a JSON TEXT (MISA serialises it twice), which the portal's adapter
 * must parse a second time. Per-invoice results carry their own `ErrorCode` ("" = success).
 */

/** Call-level `errorCode` values (the whole request failed). */
export const MISA_ERRORS = {
  /** appid is not the integration's. */
  INVALID_APP_ID: 'InvalidAppID',
  /** Wrong user name or password, or the account is not this tax code's. */
  LOGIN_FAILED: 'UserNameOrPasswordIncorrect',
  /** Missing, unknown or expired token, or a CompanyTaxCode header that is not the token's. */
  INVALID_TOKEN: 'InvalidTokenCode',
  /** The body or the query is malformed (`errors`: the field names). */
  INVALID_PARAMETER: 'InvalidParameter',
  /** More than 50 ids in one status or download call, or more than 50 invoices in one publish. */
  TOO_MANY: 'ExceedMaxItemInRequest',
  /** A tax code that fails the check digit or the format. */
  INVALID_TAX_CODE: 'InvalidTaxCode',
  /** A valid tax code the register does not know. */
  TAX_CODE_NOT_FOUND: 'TaxCodeNotFound',
  /** MISA signs while it publishes; there is no separate signing (doc 2 §4: misa never). */
  SIGN_NOT_SUPPORTED: 'SignNotSupported',
  /** No invoice with that id for this token's seller. */
  NOT_FOUND: 'InvoiceNotFound',
} as const;

/** Per-invoice `ErrorCode` values in publish, status and download results. */
export const MISA_ITEM_ERRORS = {
  OK: '',
  /** This RefID already has an invoice; the item carries that invoice's ids (idempotency). */
  DUPLICATE_REF: 'DuplicateInvoiceRefID',
  /** The series exists but is not activated (notes: TemplateIsNotUsing). */
  TEMPLATE_NOT_USING: 'TemplateIsNotUsing',
  /** The series is not one of this seller's. */
  TEMPLATE_NOT_FOUND: 'InvoiceTemplateNotExist',
  /** Buyer tax code fails the check digit. */
  INVALID_BUYER_TAX_CODE: 'InvalidBuyerTaxCode',
  /** The seller's registration is not approved yet: no invoice may be issued. */
  DECLARATION_PENDING: 'RegisterInvoiceNotApproved',
  /** The item itself is malformed. */
  INVALID_DATA: 'InvalidInvoiceData',
  /** The PDF is still being made: ask again (fault `pdf-not-ready`). */
  FILE_NOT_READY: 'InvoiceFileNotReady',
  /** Unknown TransactionID/RefID in a status or download call. */
  NOT_FOUND: 'InvoiceNotFound',
} as const;

/**
 * MISA's statuses (doc 2 §4 has no MISA map: the portal shows "waiting to sign" without a received
 * status; these are what the emulator answers so the adapter can map them). `PublishStatus` 1 = issued;
 * `SendTaxStatus` 1 = sent to the tax authority and coded (C series) or sent in the summary (K series).
 */
export const MISA_PUBLISH_STATUS = { 0: 'not issued', 1: 'issued' } as const;
export const MISA_EINVOICE_STATUS = {
  1: 'original',
  2: 'cancelled',
  3: 'replaced',
  4: 'adjusted',
  5: 'replaced by another',
  6: 'adjusted by another',
} as const;
export const MISA_SEND_TAX_STATUS = { 0: 'not sent', 1: 'sent, accepted', 2: 'sent, rejected' } as const;

/** The integration's app id the emulator accepts (MISA issues one per integrating partner). */
export const MISA_APP_ID = '0f6e3b1c-5a2d-4c7e-9b8a-2d1f4e6a8c30';

/**
 * MISA's `VATRateName` values the emulator accepts (D232): the tax authority's rate codes, as MISA's
 * clients send them. MISA also knows 'KHAC:x%' (another rate); the invoices the sandbox makes never
 * carry one, so the emulator refuses it as InvalidInvoiceData rather than print a rate it cannot sum.
 */
export const MISA_VAT_RATE_NAMES = ['10%', '8%', '5%', '0%', 'KCT', 'KKKNT'] as const;

export const MAX_ITEMS = 50;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : undefined));

export const misaTokenBody = z.object({
  appid: text(100).min(1),
  taxcode: text(14).min(1),
  username: text(100).min(1),
  password: z.string().min(1).max(200),
});

/** A money amount in đồng: MISA's decimals, here whole đồng (VND's AmountDecimalDigits is 0). */
const dong = signed(999_999_999_999_999).refine(Number.isSafeInteger, 'whole đồng');

/**
 * One line of `OriginalInvoiceDetail` in MISA's meanings (D232; doc.meinvoice.vn InvoiceDataDetail):
 * `UnitPrice` before tax, `AmountOC` the goods amount (quantity × unit price), `AmountWithoutVATOC` the
 * amount before tax after the line's discount, `VATRateName` the line's rate and `VATAmountOC` its VAT.
 * The plain (non-OC) figures are the same amounts converted at ExchangeRate; the emulator takes VND
 * only, so each must equal its OC twin when sent. ItemType 1 (goods and services) is the only kind
 * the emulator issues; promotions, discounts and note lines (2, 3, 4) are refused.
 */
export const misaLine = z.object({
  /** 1 goods and services; 4 a note line, taken only on an adjustment of information (D246). */
  ItemType: z.union([z.literal(1), z.literal(4)]).optional(),
  LineNumber: z.number().int().min(1).max(10_000).optional(),
  SortOrder: z.number().int().min(1).max(10_000).optional(),
  ItemCode: optionalText(50),
  ItemName: text(500).min(1),
  UnitName: optionalText(50),
  Quantity: signed(1_000_000).refine((v) => v !== 0, 'must not be 0'),
  /** Before tax; at most 6 decimals (XML DGia). */
  UnitPrice: amount(100_000_000_000),
  DiscountRate: z.literal(0).optional(),
  DiscountAmountOC: z.literal(0).optional(),
  DiscountAmount: z.literal(0).optional(),
  AmountOC: dong,
  Amount: dong.optional(),
  AmountWithoutVATOC: dong,
  AmountWithoutVAT: dong.optional(),
  /** Required on a VAT invoice (template 1); absent or null on a sales invoice (template 2). */
  VATRateName: z.enum(MISA_VAT_RATE_NAMES).nullish(),
  VATAmountOC: dong.nullish(),
  VATAmount: dong.nullish(),
  UnitPriceAfterTax: amount(100_000_000_000).nullish(),
  AmountAfterTax: dong.nullish(),
});

/** One row of `TaxRateInfo`: the lines of one rate summed. */
export const misaTaxRate = z.object({
  VATRateName: z.enum(MISA_VAT_RATE_NAMES),
  AmountWithoutVATOC: dong,
  VATAmountOC: dong,
  AmountWithoutVAT: dong.optional(),
  VATAmount: dong.optional(),
});

export const misaInvoiceData = z.object({
  /** The caller's GUID: one invoice per RefID (idempotency key). */
  RefID: text(64).min(1),
  /** Template digit + series, e.g. `1C26TAA` (from GET …/templates). */
  InvSeries: z
    .string()
    .trim()
    .regex(/^\d[A-Z0-9]{6}$/, 'template digit + six-character series'),
  /** yyyy-MM-dd, required: the invoice's date, which the symbol's year must match. */
  InvDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Required; the emulator's sellers invoice in đồng only. */
  CurrencyCode: z.literal('VND'),
  ExchangeRate: z.literal(1),
  PaymentMethodName: z.enum(['TM', 'CK', 'TM/CK']),
  /** Buyer person ("Khách lẻ" for walk-in). */
  BuyerFullName: text(200).min(1),
  BuyerLegalName: optionalText(400),
  BuyerTaxCode: optionalText(14),
  BuyerAddress: optionalText(400),
  BuyerCode: optionalText(50),
  BuyerEmail: optionalText(200),
  BuyerPhoneNumber: optionalText(20),
  BuyerIDNumber: optionalText(12),
  /** Printed under the lines (a sales invoice's reduction note under Resolution 204). */
  InvoiceNote: optionalText(255),
  OriginalInvoiceDetail: z.array(misaLine).min(1).max(500),
  /**
   * A correcting invoice (D246; the fields MISA's public clients send): ReferenceType 1
   * replacing, 2 adjusting; OrgInvoiceType 1 an e-invoice under Decree 123; the original's template
   * digit, series (without the digit), number and date; OrgRefID its RefID when known; the reason in
   * ChangeReason (a client's InvoiceNote is taken when ChangeReason is absent). TypeChangeInvoice 1:
   * an adjustment of information only (no amounts).
   */
  ReferenceType: z.union([z.literal(1), z.literal(2)]).nullish(),
  OrgInvoiceType: z.literal(1).nullish(),
  OrgInvTemplateNo: z.enum(['1', '2']).nullish(),
  OrgInvSeries: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{6}$/, 'six-character series')
    .nullish(),
  OrgInvNo: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/)
    .nullish(),
  OrgInvDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
  OrgRefID: optionalText(64),
  ChangeReason: optionalText(255),
  TypeChangeInvoice: z.union([z.literal(0), z.literal(1)]).nullish(),
  /** The breakdown by rate; empty or absent on a sales invoice. */
  TaxRateInfo: z.array(misaTaxRate).max(6).nullish(),
  /** Goods before tax and discount (Σ AmountOC). */
  TotalSaleAmountOC: dong,
  TotalSaleAmount: dong.optional(),
  TotalDiscountAmountOC: z.literal(0).optional(),
  TotalDiscountAmount: z.literal(0).optional(),
  /** Before tax (Σ AmountWithoutVATOC). */
  TotalAmountWithoutVATOC: dong,
  TotalAmountWithoutVAT: dong.optional(),
  /** VAT (Σ TaxRateInfo.VATAmountOC; 0 on a sales invoice). */
  TotalVATAmountOC: dong,
  TotalVATAmount: dong.optional(),
  /** To pay: before tax + VAT. */
  TotalAmountOC: dong,
  TotalAmount: dong.optional(),
  TotalAmountInWords: optionalText(500),
});
export type MisaInvoiceData = z.infer<typeof misaInvoiceData>;

export const misaPublishBody = z.object({
  /** 2 = signed by MISA's server certificate while publishing (the only kind the emulator issues). */
  SignType: z.literal(2),
  /** Checked item by item: one bad invoice does not stop the others. */
  InvoiceData: z.array(z.unknown()).min(1),
  PublishInvoiceData: z.null().optional(),
});

/** Status and download bodies: a JSON array of ids (TransactionID, or RefID with inputType=2). */
export const misaIdList = z.array(text(64).min(1)).min(1);

export const misaPagingBody = z.object({
  FromDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  ToDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  InvSeries: optionalText(7),
  Keyword: optionalText(100),
  /** 1 issued and sent, 0 not yet; absent: both. */
  PublishStatus: z.union([z.literal(0), z.literal(1)]).nullish(),
  PageIndex: z.number().int().min(1).max(1_000_000).default(1),
  PageSize: z.number().int().min(1).max(100).default(10),
});

export function fieldsOf(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((i) => i.path.join('.') || '(body)'))].slice(0, 20);
}
