import { z } from '../../config/zod-classic';
import { REFUND_REASONS, REFUND_STATUSES } from '../../rules/refunds';

/**
 * The sale service's refund answers (D305; docs/areas/refunds.md "Service calls"). Money whole đồng,
 * times unix ms of the service's clock.
 */

const money = z.number().int().nonnegative();
const text = (max: number) => z.string().max(max);
const id = z.number().int().positive();

export const refundMethodSchema = z.enum(['CASH', 'QR', 'CARD', 'LINK']);
export type RefundMethod = z.infer<typeof refundMethodSchema>;

export const refundLineSchema = z.object({
  item_id: id,
  product_id: id,
  code: text(64),
  name: text(255),
  price: money,
  quantity: z.number().int().positive(),
});

export const refundSchema = z.object({
  id,
  order_id: id,
  invoice_id: id.nullable(),
  order_code: text(64),
  payment_id: id,
  method: refundMethodSchema,
  status: z.enum(REFUND_STATUSES),
  amount: money,
  lines: z.array(refundLineSchema).max(500),
  // A reason the portal does not know yet is still a refund: shown by its code.
  reason: text(40),
  note: text(400),
  points_reversed: money,
  serial_number: text(64).nullable(),
  created_by_name: text(255),
  created_at: z.number().nonnegative(),
  updated_at: z.number().nonnegative(),
});
export type Refund = z.infer<typeof refundSchema>;

export const refundableLineSchema = z.object({
  item_id: id,
  product_id: id,
  code: text(64),
  name: text(255),
  price: money,
  sold: z.number().int().nonnegative(),
  refunded: z.number().int().nonnegative(),
  refundable: z.number().int().nonnegative(),
});
export type RefundableLine = z.infer<typeof refundableLineSchema>;

/** GET /payment/refund?invoice_id= */
export const refundableSchema = z.object({
  order_id: id,
  invoice_id: id.nullable(),
  order_code: text(64),
  total_price: money,
  payment: z.object({ id, method: refundMethodSchema, amount: money, serial_number: text(64).nullable() }),
  refunded_amount: money,
  refundable_amount: money,
  lines: z.array(refundableLineSchema).max(500),
  refunds: z.array(refundSchema).max(500),
});
export type Refundable = z.infer<typeof refundableSchema>;

export const refundReasonSchema = z.enum(REFUND_REASONS);

/** What a refund asks for: the whole order, or some of its lines. */
export type RefundRequest = {
  invoiceId: number;
  reason: (typeof REFUND_REASONS)[number];
  note: string;
} & ({ full: true } | { full: false; lines: Array<{ itemId: number; quantity: number }> });

/** The sale socket's refund_updated event. */
export const refundUpdatedSchema = z.object({
  data: z.object({ refund_id: id, order_id: id, invoice_id: id.nullable(), status: z.enum(REFUND_STATUSES), amount: money }),
});
