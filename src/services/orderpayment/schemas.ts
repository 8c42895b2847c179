import { z } from '../../config/zod-classic';

/**
 * The sale service's answers the payment screen reads (doc 2 §3 Order/invoice, Order products, Payment
 * request, Terminal entry; §7 /invoice, /payment/*). Shapes: docs/areas/orderpayment.md "Service calls".
 * Times are unix seconds, money whole đồng.
 */

const money = z.number().int().nonnegative();
const text = (max: number) => z.string().max(max);

export const PAYMENT_METHODS = ['QR', 'CASH', 'CARD', 'LINK'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** doc 2 §4: 2 selecting, 1 handling, 0 completed (paid). */
export const ORDER_COMPLETED = 0;

export const orderSchema = z.object({
  order_id: z.number().int().positive(),
  order_code: text(64).min(1),
  invoice_id: z.number().int().positive(),
  invoice_code: text(64).nullish(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  payment_status: z.union([z.literal(0), z.literal(1)]),
  total_price: money,
  total_money: money.nullish(),
  sub_total: money.nullish(),
  point: z.number().nonnegative().nullish(),
  updated_at: z.number().nonnegative(),
  created_at: z.number().nonnegative().nullish(),
  table_id: z.number().int().positive().nullish(),
  table_name: text(200).nullish(),
  customer_id: z.number().int().nonnegative().nullish(),
  name: text(200).nullish(),
  payment_method: paymentMethodSchema.nullish(),
  receive_amount: money.nullish(),
  return_amount: z.number().int().nullish(),
  product_amount: z.number().int().nonnegative().nullish(),
  /** The order's e-invoice code once issued (doc 2 §3), read for the receipt's invoice (D252). */
  eiv_code: text(320).nullish(),
  /** D248: the sale service's auto-export job; the receipt waits briefly while it is QUEUED (D252). */
  einvoice_job: z.object({ state: z.enum(['QUEUED', 'ISSUED', 'FAILED']), serial: text(20).nullable() }).nullish(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderProductSchema = z.object({
  product_id: z.number().int().positive(),
  code: text(100).nullish(),
  name: text(500),
  img: z.string().max(2000).nullish(),
  amount: z.number().int().positive(),
  price: money,
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

/** GET /invoice/{order_id}?is_orderid=true */
export const invoiceDetailSchema = z.object({
  invoice_data: orderSchema,
  products_data: z.array(orderProductSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const PAYMENT_STATUSES = ['PENDING', 'SUCCESS', 'DECLINED', 'CANCELLED'] as const;
export const paymentSchema = z.object({
  payment_id: z.number().int().positive(),
  invoice_id: z.number().int().positive(),
  order_code: text(64).nullish(),
  method: z.enum(['CASH', 'QR', 'CARD', 'LINK']),
  status: z.enum(PAYMENT_STATUSES),
  amount: money,
  receive_amount: money.nullish(),
  return_amount: z.number().int().nullish(),
  serial_number: text(64).nullish(),
  created_at: z.number().nonnegative(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /payment/pos */
export const cardPaymentSchema = z.object({ invoice_id: z.number().int().positive(), payment: paymentSchema });

/**
 * GET /payment/qr/{invoice_id}; beyond doc 2 (D297): where it pays, the order's store's ShopQR (SHOPQR)
 * or the merchant's bank account (BANK), and which store the order is of.
 */
export const qrAnswerSchema = z.object({
  qr: z.string().min(1).max(512),
  amount: money.nullish(),
  order_code: text(64).nullish(),
  account_kind: z.enum(['SHOPQR', 'BANK']).nullish(),
  account_no: text(64).nullish(),
  store_id: z.number().int().positive().nullish(),
  store_name: text(255).nullish(),
});
export type QrAnswer = z.infer<typeof qrAnswerSchema>;

/** POST /payment/push-qr-terminal (core §7 soundbox payment, D298): what the Soundbox was sent. */
export const soundboxPushSchema = z.object({
  serial_number: text(64).min(1),
  order_id: z.number().int().positive(),
  qr: z.string().min(1).max(512),
  amount: money,
  pushed_at: z.number().nonnegative(),
  times: z.number().int().positive(),
  repeated: z.boolean(),
});
export type SoundboxPush = z.infer<typeof soundboxPushSchema>;

/** 409 ORDER_PAID carries the payment that paid the order. */
export const orderPaidDataSchema = z.object({ payment: paymentSchema });

export const TERMINAL_STATUSES = ['ONLINE', 'OFFLINE', 'NOT_CONNECTED'] as const;
export const terminalStatusSchema = z.enum(TERMINAL_STATUSES);
export type TerminalStatus = z.infer<typeof terminalStatusSchema>;

/** doc 2 §3 Terminal (EDC) entry. */
export const terminalSchema = z.object({
  serial_number: text(64).min(1),
  pos_id: z.union([z.string().max(64), z.number()]).nullish(),
  type_edc: z.union([z.string().max(32), z.number()]).nullish(),
  status: terminalStatusSchema,
});
export type Terminal = z.infer<typeof terminalSchema>;
export const terminalListSchema = z.array(terminalSchema);

export const connectionSchema = z.object({ serial_number: text(64), status: terminalStatusSchema });

/**
 * The sale socket's `payment_failed` (beyond doc 2: how a card decline reaches the screen); also an
 * approval refused because the order's total is not what the terminal was asked for (D215), and a
 * payment the merchant cancelled to change the order (D216).
 */
export const FAILURE_REASONS = ['DECLINED', 'TERMINAL_OFFLINE', 'AMOUNT_MISMATCH', 'CANCELLED'] as const;
export type CardFailureReason = (typeof FAILURE_REASONS)[number];
