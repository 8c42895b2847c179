import { z } from 'zod';
import { TAX_CLASSES } from '../../../src/rules/vatRates';

/**
 * The sale service's wire shapes (orders and orderpayment areas) as the issue-13 contract writes them, for the
 * sandbox tests (the portal's own schemas live in src/services/<area>/schemas.ts). Strict, so a field
 * added or dropped here is a test failure, not a silent change of the contract.
 */

const id = z.number().int().positive();
const money = z.number().int().nonnegative();
const seconds = z.number().int().nonnegative();

export const orderSchema = z.strictObject({
  order_id: id,
  order_code: z.string().min(1),
  invoice_id: id,
  invoice_code: z.string().min(1),
  /** D301: 3 voided beside the spec's 2, 1, 0. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  payment_status: z.union([z.literal(0), z.literal(1)]),
  total_price: money,
  total_money: money,
  sub_total: money,
  point: money,
  updated_at: seconds,
  created_at: seconds,
  /** D236: the payment's moment, seconds; null while unpaid. */
  paid_at: seconds.nullable(),
  table_id: id.nullable(),
  table_name: z.string().nullable(),
  customer_id: z.number().int().nonnegative(),
  name: z.string().min(1),
  phone_number: z.string().nullable(),
  payment_method: z.enum(['QR', 'CASH', 'CARD', 'LINK']).nullable(),
  receive_amount: money,
  return_amount: money,
  eiv_code: z.string().nullable(),
  cqt_code: z.string().nullable(),
  is_eiv_exported: z.boolean(),
  product_amount: z.number().int().nonnegative(),
  source: z.enum(['WEBSITE', 'KIOSK', 'MOBILE', 'IN_STORE', 'CALL_CENTER']),
  /** D248: the sale service's invoice at the moment of sale; null when auto export queued none. */
  einvoice_job: z
    .strictObject({
      state: z.enum(['QUEUED', 'ISSUED', 'FAILED']),
      serial: z.string().nullable(),
      error_code: z.string().nullable(),
      attempts: z.number().int().nonnegative(),
      next_at: seconds.nullable(),
    })
    .nullable(),
  /** D301: who voided the order, when and why; null unless voided. */
  voided: z
    .strictObject({
      voided_at: seconds,
      voided_by: z.string(),
      reason: z.enum(['CUSTOMER_LEFT', 'WRONG_ORDER', 'DUPLICATE', 'OTHER']),
      note: z.string().nullable(),
    })
    .nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderProductSchema = z.strictObject({
  product_id: id,
  code: z.string().min(1),
  name: z.string().min(1),
  img: z.string().nullable(),
  amount: z.number().int().positive(),
  price: money,
  /** The product's VAT tax class when the line was added (D226). */
  tax_class: z.enum(TAX_CLASSES),
  /** The latest note sent with the dish for the kitchen (D333). */
  note: z.string().min(1).max(100).nullable(),
});

export const orderDetailSchema = z.strictObject({ invoice_data: orderSchema, products_data: z.array(orderProductSchema) });

export const listSchema = <T extends z.ZodType>(row: T) =>
  z.strictObject({
    data: z.array(row),
    total_page: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
    total_count: z.number().int().nonnegative(),
  });

/** GET /order also answers the Vietnam day's paid orders and those without an e-invoice (D288). */
export const orderListSchema = listSchema(orderSchema).extend({
  today: z.strictObject({ paid: z.number().int().nonnegative(), not_invoiced: z.number().int().nonnegative() }),
});

export const paymentSchema = z.strictObject({
  payment_id: id,
  invoice_id: id,
  order_code: z.string().min(1),
  method: z.enum(['CASH', 'QR', 'CARD', 'LINK']),
  status: z.enum(['PENDING', 'SUCCESS', 'DECLINED', 'CANCELLED']),
  amount: money,
  receive_amount: money,
  return_amount: money,
  serial_number: z.string().nullable(),
  created_at: seconds,
});
export type Payment = z.infer<typeof paymentSchema>;

export const deviceSchema = z.strictObject({
  serial_number: z.string().min(1),
  pos_id: z.string().min(1),
  type_edc: z.number().int(),
  status: z.enum(['ONLINE', 'OFFLINE', 'NOT_CONNECTED']),
});

export const paymentSuccessSchema = z.strictObject({
  data: z.strictObject({
    invoice_data: z.strictObject({
      total_price: money,
      order_code: z.string().min(1),
      order_id: id,
      invoice_id: id,
      payment_method: z.enum(['CASH', 'QR', 'CARD', 'LINK']),
    }),
  }),
});

export const paymentFailedSchema = z.strictObject({
  data: z.strictObject({
    invoice_id: id,
    order_id: id,
    order_code: z.string().min(1),
    payment_method: z.literal('CARD'),
    // AMOUNT_MISMATCH: approved for another amount than the order's total (D215); CANCELLED by the merchant (D216).
    reason: z.enum(['DECLINED', 'TERMINAL_OFFLINE', 'AMOUNT_MISMATCH', 'CANCELLED']),
  }),
});

export const errorSchema = z.object({ error_code: z.string(), message: z.string(), data: z.record(z.string(), z.unknown()) });

/** The contract's fnb_tables (tables area), made here when that area is absent so the table calls can be tested alone. */
export const FNB_TABLES_IF_ABSENT = `CREATE TABLE IF NOT EXISTS fnb_tables (
  id serial PRIMARY KEY, merchant_id text NOT NULL, table_name text NOT NULL, folded_name text NOT NULL, max_slot int NOT NULL DEFAULT 0,
  available_slot int NOT NULL DEFAULT 0, customer_id int NOT NULL DEFAULT 0, is_available boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL DEFAULT 0, UNIQUE (merchant_id, folded_name))`;
