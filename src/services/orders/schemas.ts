import type { DayRange } from '../../rules/timeRange';
import { VOID_NOTE_MAX, VOID_REASONS } from '../../rules/orderVoid';
import { TAX_CLASSES } from '../../rules/vatRates';
import { z } from '../../config/zod-classic';

/**
 * Orders of the sale service as the portal reads them (doc 2 §3 Order/invoice, Order products, §4
 * order status, §7 /order; the wire shapes are the issue-13 contract, written down in
 * docs/areas/orders.md). Times are unix seconds, money whole đồng.
 */

/** The service takes q of at most 100 characters. */
export const ORDER_SEARCH_MAX = 100;
/** doc 2 §4: 2 selecting (new), 1 handling (confirmed at least once), 0 completed (paid); D301: 3 voided. */
export const ORDER_STATUSES = [2, 1, 0, 3] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_SELECTING: OrderStatus = 2;
export const ORDER_HANDLING: OrderStatus = 1;
export const ORDER_COMPLETED: OrderStatus = 0;
export const ORDER_VOIDED: OrderStatus = 3;
export const ORDER_SOURCES = ['WEBSITE', 'KIOSK', 'MOBILE', 'IN_STORE', 'CALL_CENTER'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const PAYMENT_METHODS = ['QR', 'CASH', 'CARD', 'LINK'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** One line of PUT /order/product takes 1..999 of a product. */
export const LINE_AMOUNT_MAX = 999;
/** A line's note for the kitchen ("ít đá"), D333: the service's limit, in characters. */
export const LINE_NOTE_MAX = 100;

/** A dish as the till showed it when it went into a basket: kept with a confirm attempt and a queued add (D124, D349). */
export const shownDishSchema = z.object({
  product_id: z.number().int().positive(),
  code: z.string().max(100),
  name: z.string().max(500),
  price: z.number().int().nonnegative(),
});
/** The most lines one PUT /order/product takes (the service refuses more). */
export const BASKET_LINES_MAX = 100;
/** doc 2 §3 E-invoice buyer: the walk-in customer. */
export const WALK_IN_CUSTOMER_ID = 0;

const money = z.number().int().nonnegative();
const seconds = z.number().int().nonnegative();

export const orderStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const orderSourceSchema = z.enum(ORDER_SOURCES);

export const EINVOICE_JOB_STATES = ['QUEUED', 'ISSUED', 'FAILED'] as const;
export const einvoiceJobSchema = z.object({
  state: z.enum(EINVOICE_JOB_STATES),
  serial: z.string().max(20).nullable(),
  error_code: z.string().max(64).nullable(),
  attempts: z.number().int().nonnegative(),
  next_at: seconds.nullable(),
});
export type EinvoiceJob = z.infer<typeof einvoiceJobSchema>;

/** D301: who voided the order (the name as it was), when (seconds) and why (a reason code and its note). */
export const orderVoidedSchema = z.object({
  voided_at: seconds,
  voided_by: z.string().max(255),
  reason: z.enum(VOID_REASONS),
  note: z.string().max(VOID_NOTE_MAX).nullable(),
});
export type OrderVoided = z.infer<typeof orderVoidedSchema>;

/** doc 2 §3 Order/invoice (one invoice per order; invoice_code = order_code). */
export const orderSchema = z.object({
  order_id: z.number().int().positive(),
  order_code: z.string(),
  invoice_id: z.number().int().positive(),
  invoice_code: z.string(),
  status: orderStatusSchema,
  payment_status: z.union([z.literal(0), z.literal(1)]),
  total_price: money,
  total_money: money,
  sub_total: money,
  point: money,
  updated_at: seconds,
  created_at: seconds,
  /** When the order was paid (D236: its Vietnam day picks the VAT rates); null while unpaid. */
  paid_at: seconds.nullable(),
  table_id: z.number().int().positive().nullable(),
  table_name: z.string().nullable(),
  customer_id: z.number().int().nonnegative(),
  name: z.string(),
  phone_number: z.string().nullable(),
  payment_method: paymentMethodSchema.nullable(),
  receive_amount: money,
  return_amount: money,
  eiv_code: z.string().nullable(),
  cqt_code: z.string().nullable(),
  is_eiv_exported: z.boolean(),
  product_amount: z.number().int().nonnegative(),
  source: orderSourceSchema,
  /**
   * D248: the sale service's invoice at the moment of sale, when auto export queued
   * one: QUEUED (waiting or being retried; next_at when the next try is due), ISSUED (serial as the
   * provider answered it) or FAILED (error_code, with a retry). Absent from a service that has none.
   */
  einvoice_job: einvoiceJobSchema.nullish(),
  /** D301: set once the order is voided (status 3); absent from a service without voiding. */
  voided: orderVoidedSchema.nullish(),
});
export type Order = z.infer<typeof orderSchema>;
export const ordersSchema = z.array(orderSchema);

/** doc 2 §3 Order products: the price is fixed when the line was added. */
export const orderProductSchema = z.object({
  product_id: z.number().int().positive(),
  code: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  amount: z.number().int().positive(),
  price: money,
  /** The product's VAT class when the line was added (D226). */
  tax_class: z.enum(TAX_CLASSES),
  /** The latest note sent with the dish for the kitchen (D333); older services send none. */
  note: z.string().max(LINE_NOTE_MAX).nullish(),
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

/** GET /order/{id}, PUT /order/product: the order and its lines. */
export const orderDetailSchema = z.object({ invoice_data: orderSchema, products_data: z.array(orderProductSchema) });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** PUT /order/product answers HTTP 201 with `code: 201` (doc 2 §7 "success code 201"). */
export const productsAddedSchema = z.object({ code: z.literal(201), data: orderDetailSchema });

/** POST /order: 201 a new order; 200 with `existing: true` when the table already has an open bill. */
export const orderCreatedSchema = z.object({
  code: z.union([z.literal(201), z.literal(200)]),
  data: z.object({ order_id: z.number().int().positive(), existing: z.boolean().optional() }),
});
export interface OrderCreated {
  orderId: number;
  existing: boolean;
}

/** GET /payment/qr/{invoice_id}: the order's VietQR (printed on an unpaid bill). */
export const orderQrSchema = z.object({ qr: z.string().min(1).max(512), amount: money, order_code: z.string() });

/**
 * A payment holding the order's amount (D214): a card payment on a terminal, a VietQR made for the
 * order (sale payment ids), or a payment link made for it (the checkout service's `pl_…` id).
 */
export const pendingPaymentSchema = z.object({
  method: paymentMethodSchema,
  id: z.union([z.number().int().positive(), z.string().min(1).max(64)]),
  amount: money,
  serial_number: z.string().max(64).nullish(),
  created_at: seconds.nullish(),
});
export type PendingPayment = z.infer<typeof pendingPaymentSchema>;
/** 409 ORDER_PAYMENT_PENDING's data: every pending payment of the order, newest first. */
export const orderPaymentPendingSchema = z.object({ pending: z.array(pendingPaymentSchema).min(1).max(50) });
/** POST /payment/{id}/cancel (D216): the payment as it is now. */
export const cancelledPaymentSchema = z.object({ payment_id: z.number().int().positive(), status: z.string() });

/** A product the cashier can pick (GET /inventory/product?status=0): only what the picker reads. */
export const pickableProductSchema = z.object({
  product_id: z.number().int().positive(),
  code: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  price: money,
  status: z.literal(0),
  category_ids: z.array(z.number().int().positive()),
});
export type PickableProduct = z.infer<typeof pickableProductSchema>;
export const pickableProductsSchema = z.array(pickableProductSchema);
/** Every available product matching the search comes in one answer (the service's maximum page). */
export const PICKER_PAGE_SIZE = 10_000;

/** GET /category/ as the picker's tabs read it. */
export const orderCategorySchema = z.object({ category_id: z.number().int().positive(), category_name: z.string() });
export type OrderCategory = z.infer<typeof orderCategorySchema>;
export const orderCategoriesSchema = z.array(orderCategorySchema);
export const CATEGORY_PAGE_SIZE = 1000;

/** A customer as the order's customer step reads GET /customer. */
export const orderCustomerSchema = z.object({
  customer_id: z.number().int().positive(),
  code: z.string(),
  name: z.string(),
  phone_number: z.string(),
  point: z.number().nonnegative(),
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;
export const customerSearchSchema = z.object({ customers: z.array(orderCustomerSchema) });
export const customerCreatedSchema = z.object({ customer_id: z.number().int().positive(), code: z.string() });

/** The order list's filters (doc 2 §2 /sale-order; e-invoice exported yes/no). */
export interface OrderFilter {
  q: string;
  status: OrderStatus | null;
  exported: boolean | null;
  source: OrderSource | null;
  /** Vietnam days the order was created on, both included (D269); absent: every day. */
  days?: DayRange;
}

export interface OrderPage {
  rows: Order[];
  totalPage: number;
  /** D288: today's paid orders and those without an e-invoice yet; null from a service that does not say. */
  today?: OrderToday | null;
}

const count = z.number().int().nonnegative();
/** GET /order's `today` (D288): the Vietnam day's paid orders and how many of them have no e-invoice. */
export const orderTodaySchema = z.object({ paid: count, not_invoiced: count });
export type OrderToday = z.infer<typeof orderTodaySchema>;

/** GET /order's whole answer: the list envelope with `today` beside it. */
export const orderListBodySchema = z.object({
  data: ordersSchema,
  // Paging numbers may arrive as digits from older services (as the shared list envelope accepts).
  total_page: z.union([
    count,
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ]),
  today: orderTodaySchema.nullish(),
});

/** POST /order/{id}/einvoice/retry (D250): the job queued again. */
export const einvoiceRetriedSchema = z.object({ order_id: z.number().int().positive(), state: z.literal('QUEUED') });

/** A line the cashier picked and has not sent yet. */
export interface BasketLine {
  product_id: number;
  code: string;
  name: string;
  price: number;
  amount: number;
  /** For the kitchen (D333): what the cashier typed, trimmed when sent; absent or '' = none. */
  note?: string;
}

/** POST /customer as the order's quick create sends it (the address levels left empty). */
export interface QuickCustomer {
  name: string;
  phone_number: string;
}

/** PUT /order/product's body. */
export interface AddProductsBody {
  order_id: number;
  products: Array<{ product_id: number; amount: number; note?: string }>;
}

/** A confirm attempt kept across retries and reloads: its key and exactly the body sent with it. */
export interface ConfirmAttempt {
  key: string;
  body: AddProductsBody;
  /** The basket as the cashier saw it, so a reload shows what is being sent. */
  lines: BasketLine[];
}

/** A text as the service searches it (lower case, no diacritics, đ → d). */
export function foldOrderText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}

// E-invoice export (doc 2 §3 E-invoice buyer, §4 per order and bulk): what the export machines and service share.

/** doc 2 §3: the walk-in customer every individual invoice is made out to unless a name is typed. */
export const WALK_IN_BUYER = 'Khách lẻ';

/** What one order of a bulk run answers: issued and saved now, or it already had a code (skipped). */
export interface BulkOutcome {
  status: 'exported' | 'skipped';
  eivCode: string;
  /** The serial of the invoice just issued (the provider's answer, D224); null for a code the order already had. */
  serial: string | null;
  /** The instant the invoice carries when that is not the sale's day (D254: the provider refused it); absent when it is. */
  datedToday?: number;
}

/** The code INVOICE_ALREADY_EXPORTED carries (`data.eiv_code`): the one the order already has. */
export function storedCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const code = (data as { eiv_code?: unknown }).eiv_code;
  return typeof code === 'string' && code.length > 0 ? code : null;
}
