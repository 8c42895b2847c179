import { z } from '../../config/zod-classic';

/**
 * Payloads of the realtime sockets (docs/areas/notifications.md, "Realtime wire"). The hub hands
 * them over as `unknown`; every consumer parses with one of these first.
 */

/** va `<merchant_id>`: money arrived on a virtual account. `amount` is text with separators (core §7). */
export const vaPaymentEventSchema = z.object({
  transaction_id: z.union([z.string().min(1).max(64), z.number().int().nonnegative()]).transform(String),
  amount: z.string().min(1).max(64),
  message: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => v ?? ''),
  va_account_no: z
    .string()
    .max(64)
    .nullish()
    .transform((v) => v ?? null),
  created_at: z.number().nullish(),
});
export type VaPaymentEvent = z.infer<typeof vaPaymentEventSchema>;

/**
 * 0 new order, 1 payment request, 2 dishes added (core §3); 3 an e-invoice the sale service could not
 * issue (D257); 4 a staff member's void or refund waiting for the owner's approval (D310, the owner's only).
 */
export const NOTIFICATION_TYPES = [0, 1, 2, 3, 4] as const;
export const notificationTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** sale `notification`: a new order, a payment request or added dishes (core §3). */
export const saleNotificationEventSchema = z.object({
  id: z.number().int().positive().optional(),
  notification_type: notificationTypeSchema,
  order_id: z.number().int().positive().nullish(),
  order_code: z.string().max(64),
  table_name: z.string().max(200).nullish(),
  created_at: z.number().nullish(),
});
export type SaleNotificationEvent = z.infer<typeof saleNotificationEventSchema>;

/**
 * sale `payment_success`: an order was paid (core §3), by any way (cash, QR, card, link). `order_id`,
 * `invoice_id` and `payment_method` are beyond the spec's two fields (D130); optional,
 * so an older sender's event still announces the payment.
 */
export const salePaymentSuccessSchema = z.object({
  data: z.object({
    invoice_data: z.object({
      total_price: z.union([z.number().int().nonnegative(), z.string().min(1).max(64)]),
      order_code: z.string().min(1).max(64),
      order_id: z.number().int().positive().optional(),
      invoice_id: z.number().int().positive().optional(),
      payment_method: z.enum(['QR', 'CASH', 'CARD', 'LINK']).nullish(),
    }),
  }),
});
export type SalePaymentSuccess = z.infer<typeof salePaymentSuccessSchema>;

/**
 * sale `payment_failed` (beyond the spec): the terminal declined a card payment, or went offline during
 * it; the approval was for another amount than the order's total (AMOUNT_MISMATCH, D215); the merchant
 * cancelled it to change the order (CANCELLED, D216).
 */
export const salePaymentFailedSchema = z.object({
  data: z.object({
    invoice_id: z.number().int().positive(),
    order_id: z.number().int().positive().optional(),
    order_code: z.string().max(64).optional(),
    payment_method: z.literal('CARD'),
    reason: z.enum(['DECLINED', 'TERMINAL_OFFLINE', 'AMOUNT_MISMATCH', 'CANCELLED']),
  }),
});
export type SalePaymentFailed = z.infer<typeof salePaymentFailedSchema>;
