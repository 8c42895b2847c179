import { z } from '../../config/zod-classic';

/** Sale invoices (doc 2 §3 Invoice list row, §7 /invoice; CONTRACT13). */

export const PAYMENT_METHODS = ['CASH', 'CARD', 'QR', 'LINK'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** doc 2 §3: status 1 paid, otherwise cancelled (2). */
export const invoiceRowSchema = z.object({
  invoice_id: z.number().int().positive(),
  invoice_code: z.string(),
  /** unix seconds */
  created_at: z.number().int().nonnegative(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  status: z.number().int(),
  total_amount: z.number().nonnegative(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const invoiceRowsSchema = z.array(invoiceRowSchema);

/** POST /invoice: HTTP 201 `{code: 201, data: {invoice_id, invoice_code}}`. */
export const invoiceCreatedSchema = z.object({
  code: z.literal(201),
  data: z.object({ invoice_id: z.number().int().positive(), invoice_code: z.string() }),
});
export type InvoiceCreated = z.infer<typeof invoiceCreatedSchema>['data'];

export const invoiceCancelledSchema = z.object({ invoice_id: z.number().int().positive(), status: z.literal(2) });

/** The methods a counter sale may be recorded with (CONTRACT13: a link is not taken at the counter). */
export const COUNTER_METHODS = ['CASH', 'CARD', 'QR'] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];

export interface InvoiceBody {
  products: Array<{ product_id: number; amount: number }>;
  customer_id: number;
  payment_method: CounterMethod;
  note?: string;
}

export interface InvoicePage {
  rows: InvoiceRow[];
  totalPage: number;
}

export interface InvoiceListQuery {
  page: number;
  pageSize: number;
  q: string;
}

/**
 * A product the counter sale can pick and a category tab: what it reads of the orders client's dish
 * catalogue (GET /inventory/product?status=0 and GET /category/, validated by that client's schemas),
 * which the counter sale shares with the order page (D354).
 */
export interface CounterProduct {
  product_id: number;
  code: string;
  name: string;
  price: number;
  status: number;
  img: string | null;
  category_ids: readonly number[];
}
export interface CounterCategory {
  category_id: number;
  category_name: string;
}

/** A customer the create form can pick (GET /customer). */
export const pickableCustomerSchema = z.object({
  customer_id: z.number().int().positive(),
  code: z.string(),
  name: z.string(),
  phone_number: z.string(),
});
export type PickableCustomer = z.infer<typeof pickableCustomerSchema>;
export const pickableCustomersSchema = z.object({ customers: z.array(pickableCustomerSchema), total_page: z.number().int().nonnegative() });
