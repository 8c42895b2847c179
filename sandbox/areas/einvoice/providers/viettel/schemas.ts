import { z } from 'zod';

/** Viettel S-Invoice's request bodies as the emulator accepts them (docs/areas/einvoice.md "Viettel S-Invoice"). */

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).optional();
const epochMs = z.number().int().min(0).max(8_640_000_000_000);

export const viettelLoginSchema = z.object({
  username: text(100).min(1),
  password: z.string().min(1).max(200),
});

/**
 * Viettel's transactionUuid: the caller's key for one invoice, 10 to 36 characters (integration
 * document §6.2, "Minlength: 10, Maxlength: 36"; UUID v4 recommended). D231.
 */
export const transactionUuidSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{10,36}$/, 'transactionUuid: 10 to 36 letters, digits, _ . : -');

/**
 * The account's own template code (§6.2 templateCode, at most 20 characters): Circular 78's "1/001" or
 * "1/0224" (kind, slash, the template's number), or an older Circular 32 code such as "01GTKT0/001".
 */
export const templateCodeSchema = z
  .string()
  .trim()
  .regex(/^(?:[1-6]\/\d{3,4}|\d{2}[A-Z]{4}\d\/\d{3})$/, 'templateCode: like 1/001, 1/0224 or 01GTKT0/001');

export const seriesSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{6}$/, 'invoiceSeries: six capital letters or digits');

/** A BigDecimal as Viettel reads it (§5.2: digits and a point); JSON numbers here, never text. */
const amount = z.number().min(-999_999_999_999_999).max(999_999_999_999_999);

/**
 * The rates Viettel takes (§6.6 taxPercentage, §8 VAT_PERCENTAGE_INVALID): -2 not subject to VAT
 * (KCT), -1 not declared (KKKNT), 0, 5, 8, 10. Checked in the route, so a wrong one answers Viettel's
 * own error rather than a schema message.
 */
export const VIETTEL_RATES = [-2, -1, 0, 5, 8, 10] as const;

/**
 * One line of itemInfo (§6.6), by its published meaning (D231): `unitPrice` before tax,
 * `itemTotalAmountWithoutTax` = quantity × unitPrice, `taxPercentage` the line's rate and `taxAmount`
 * its VAT (absent = 0). `unitPriceWithTax` belongs to the fuel-invoice draft API and is not read here.
 * The amounts Viettel works out itself (after discount, with tax) are accepted and not read.
 */
export const viettelItemSchema = z.object({
  lineNumber: z.number().int().min(1).max(10_000).nullish(),
  /** 1 goods (or null), 2 a note line; discount, other-fee, promotion and special lines are not played. */
  selection: z.union([z.literal(1), z.literal(2)]).nullish(),
  itemCode: z.string().max(50).nullish(),
  itemName: text(400).min(1),
  unitName: text(300).nullish(),
  unitPrice: amount.nullish(),
  quantity: z.number().min(-1_000_000).max(1_000_000).nullish(),
  itemTotalAmountWithoutTax: amount.nullish(),
  taxPercentage: z.number().nullish(),
  taxAmount: amount.nullish(),
  /** Line discount in %; the sandbox plays none, so only 0 (or nothing) is taken. */
  discount: z.literal(0).nullish(),
  itemDiscount: z.literal(0).nullish(),
  itemTotalAmountAfterDiscount: amount.nullish(),
  itemTotalAmountWithTax: amount.nullish(),
  /** Adjustment invoices: false = the line decreases the original, true = increases it. */
  isIncreaseItem: z.boolean().nullish(),
  adjustmentTaxAmount: amount.nullish(),
  itemNote: z.string().max(300).nullish(),
});

/** One row of taxBreakdowns (§6.7): each rate once, its lines' amounts and VAT. */
export const viettelBreakdownSchema = z.object({
  taxPercentage: z.number(),
  taxableAmount: amount.nullish(),
  taxAmount: amount.nullish(),
  taxableAmountPos: z.boolean().nullish(),
  taxAmountPos: z.boolean().nullish(),
  taxExemptionReason: z.string().max(255).nullish(),
});

/** paymentMethodName (§6.5) the sandbox maps to the invoice's HTTToan. */
export const VIETTEL_PAYMENT_NAMES = {
  TM: 'TM',
  CK: 'CK',
  'TM/CK': 'TM/CK',
  'Tiền mặt': 'TM',
  'Chuyển khoản': 'CK',
  'Tiền mặt/Chuyển khoản': 'TM/CK',
} as const;
const paymentName = z.enum(
  Object.keys(VIETTEL_PAYMENT_NAMES) as [keyof typeof VIETTEL_PAYMENT_NAMES, ...(keyof typeof VIETTEL_PAYMENT_NAMES)[]],
);

/** A phone as Viettel takes it (§6.3/§6.4 `\s*[0-9]*\s*`); Odoo sends '' when there is none. */
const phone = z
  .string()
  .trim()
  .regex(/^[0-9]{0,15}$/, 'phone: digits only');

export const viettelCreateSchema = z.object({
  generalInvoiceInfo: z.object({
    invoiceType: z.enum(['1', '2']).nullish(),
    templateCode: templateCodeSchema,
    invoiceSeries: seriesSchema,
    currencyCode: z.literal('VND').default('VND'),
    exchangeRate: z.union([z.literal(1), z.literal('1'), z.literal('1.00')]).nullish(),
    /** 1 original, 3 replacement, 5 adjustment (§6.2); 7 (deleted) is not made by a create. */
    adjustmentType: z.enum(['1', '3', '5']).default('1'),
    /** 1 money, 2 information; required with adjustmentType 5. */
    adjustmentInvoiceType: z.enum(['1', '2', '']).nullish(),
    adjustedNote: z.string().max(255).nullish(),
    originalInvoiceId: z
      .string()
      .trim()
      .regex(/^[a-zA-Z0-9]{7,15}$/, 'originalInvoiceId: like C26TVT12')
      .nullish(),
    originalInvoiceIssueDate: epochMs.nullish(),
    originalInvoiceType: z.union([z.enum(['0', '1', '2', '3', '4', '']), z.number().int().min(0).max(4)]).nullish(),
    originalTemplateCode: z.string().max(20).nullish(),
    additionalReferenceDesc: z.string().max(225).nullish(),
    additionalReferenceDate: epochMs.nullish(),
    invoiceNote: z.string().max(500).nullish(),
    /** Required (§6.2): whether the invoice is paid. */
    paymentStatus: z.boolean(),
    cusGetInvoiceRight: z.boolean().nullish(),
    /** 1 (or absent): Viettel checks the figures; the sandbox always checks them. */
    validation: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).nullish(),
    transactionUuid: transactionUuidSchema,
    /** Epoch milliseconds (§5.1); now when absent. */
    invoiceIssuedDate: epochMs.nullish(),
  }),
  buyerInfo: z.object({
    /** Person's name; "Khách lẻ" for a walk-in customer. */
    buyerName: text(400).nullish(),
    buyerLegalName: text(400).nullish(),
    buyerTaxCode: text(20).nullish(),
    buyerAddressLine: text(400).nullish(),
    buyerEmail: text(400).nullish(),
    buyerPhoneNumber: phone.nullish(),
    buyerCode: text(50).nullish(),
    buyerIdNo: text(20).nullish(),
    buyerIdType: z.string().max(1).nullish(),
    buyerCityName: z.string().max(600).nullish(),
    buyerCountryCode: z.string().max(15).nullish(),
    buyerNotGetInvoice: z.union([z.literal(0), z.literal(1)]).nullish(),
  }),
  /** Printed from the account's registered company; a sellerTaxCode sent must be the account's own (§6.3). */
  sellerInfo: z
    .object({ sellerTaxCode: z.string().trim().max(20).nullish() })
    .passthrough()
    .nullish(),
  payments: z
    .array(z.object({ paymentMethod: z.string().max(50).nullish(), paymentMethodName: paymentName }))
    .min(1)
    .max(1),
  itemInfo: z.array(viettelItemSchema).min(1).max(500),
  /** "Not used: the system works the invoice's totals out itself" (§6.8); accepted and not read. */
  summarizeInfo: z.record(z.string(), z.unknown()).nullish(),
  taxBreakdowns: z.array(viettelBreakdownSchema).max(10).nullish(),
});

export const viettelFileSchema = z.object({
  supplierTaxCode: text(14).min(1),
  invoiceNo: text(20).min(1),
  templateCode: templateCodeSchema,
  /** The create's transactionUuid; optional, as in Viettel's own call. */
  transactionUuid: transactionUuidSchema.optional(),
  fileType: z.enum(['PDF', 'pdf']).default('PDF'),
});

export const viettelByUuidSchema = z.object({
  supplierTaxCode: text(14).min(1),
  transactionUuid: transactionUuidSchema,
});

export const viettelTemplatesSchema = z.object({
  taxCode: text(14).min(1),
  /** '1' VAT invoices, '2' sales invoices, absent = both. */
  invoiceType: z.enum(['1', '2']).optional(),
});

export const viettelListSchema = z.object({
  supplierTaxCode: text(14).min(1),
  /** Epoch ms, inclusive; the range may not exceed 366 days. */
  startDate: epochMs,
  endDate: epochMs,
  invoiceSeries: seriesSchema.optional(),
  /** Searches the invoice number, buyer name and buyer tax code. */
  keyword: optionalText(100),
  /** true = sent to the tax authority, false = not sent, absent = all. */
  sent: z.boolean().optional(),
  rowPerPage: z.number().int().min(1).max(100).default(20),
  pageNum: z.number().int().min(1).max(100_000).default(1),
});

export type ViettelCreateBody = z.infer<typeof viettelCreateSchema>;
