import { z } from 'zod';

/** Viettel S-Invoice's request bodies as the emulator accepts them (docs/areas/einvoice.md "Viettel S-Invoice"). */

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).optional();
const epochMs = z.number().int().min(0).max(8_640_000_000_000);

export const viettelLoginSchema = z.object({
  username: text(100).min(1),
  password: z.string().min(1).max(200),
});

/** Viettel's transactionUuid: the caller's id for one create, never reusable. */
export const transactionUuidSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'transactionUuid: 1 to 64 letters, digits, _ . : -');

/** "1/770": template digit (1 VAT invoice, 2 sales invoice), slash, three digits. */
export const templateCodeSchema = z
  .string()
  .trim()
  .regex(/^[12]\/\d{3}$/, 'templateCode: like 1/001');

export const seriesSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{6}$/, 'invoiceSeries: six capital letters or digits');

export const viettelItemSchema = z.object({
  lineNumber: z.number().int().min(1).max(10_000).optional(),
  itemName: text(400).min(1),
  unitName: optionalText(50),
  quantity: z.number().positive().max(1_000_000),
  /** Unit price with VAT (menu prices include it); Viettel totals the invoice itself, rounding up. */
  unitPriceWithTax: z.number().int().min(0).max(999_999_999_999),
  /** 10, 8, 5 or 0; all lines of one invoice carry the same rate (absent = the rate in force, none for template 2). */
  taxPercentage: z.union([z.literal(10), z.literal(8), z.literal(5), z.literal(0)]).optional(),
});

export const viettelCreateSchema = z.object({
  generalInvoiceInfo: z.object({
    invoiceType: z.enum(['1', '2']).optional(),
    templateCode: templateCodeSchema,
    invoiceSeries: seriesSchema,
    currencyCode: z.literal('VND').default('VND'),
    exchangeRate: z.literal(1).default(1),
    adjustmentType: z.literal('1').default('1'),
    paymentStatus: z.boolean().optional(),
    cusGetInvoiceRight: z.boolean().optional(),
    transactionUuid: transactionUuidSchema,
    /** Epoch milliseconds (Viettel's date form); now when absent. */
    invoiceIssuedDate: epochMs.optional(),
  }),
  buyerInfo: z.object({
    /** Person's name; "Khách lẻ" for a walk-in customer. */
    buyerName: text(200).min(1),
    buyerLegalName: optionalText(400),
    buyerTaxCode: optionalText(14),
    buyerAddressLine: optionalText(400),
    buyerEmail: optionalText(200),
    buyerPhoneNumber: optionalText(20),
    buyerCode: optionalText(50),
    buyerIdNo: optionalText(20),
  }),
  /** Accepted and ignored: the seller on the invoice is the account's registered company. */
  sellerInfo: z.record(z.string(), z.unknown()).optional(),
  payments: z
    .array(z.object({ paymentMethodName: z.enum(['TM', 'CK', 'TM/CK']) }))
    .min(1)
    .max(1),
  itemInfo: z.array(viettelItemSchema).min(1).max(500),
  /** Accepted and ignored: Viettel works the totals out itself. */
  summarizeInfo: z.record(z.string(), z.unknown()).optional(),
  taxBreakdowns: z.array(z.unknown()).max(10).optional(),
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
