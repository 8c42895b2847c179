import { z } from '../../config/zod-classic';
import { notificationTypeSchema } from '../realtime/schemas';

/** GET/PUT /notification and GET /order/{id} of the sale service (contract "realtime" calls; the order is the orders area's). */

export const NOTIFICATION_SEEN = 2;

export const notificationSchema = z.object({
  id: z.number().int().positive(),
  notification_type: notificationTypeSchema,
  order_id: z.number().int().positive().nullable(),
  order_code: z.string().max(64),
  table_name: z.string().max(200).nullable(),
  /** 2 = seen (core §3); anything else is unseen. */
  status: z.number().int(),
  /** unix seconds */
  created_at: z.number().int().nonnegative(),
});
export type Notification = z.infer<typeof notificationSchema>;

const count = z.number().int().nonnegative();

// '3' (D257) and '4' (D310) default to 0 so a service without those notifications still answers a valid list.
export const unseenCountsSchema = z.object({ '0': count, '1': count, '2': count, '3': count.default(0), '4': count.default(0) });
export type UnseenCounts = z.infer<typeof unseenCountsSchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema).max(100),
  total_page: count,
  page: count,
  page_size: count,
  unseen: unseenCountsSchema,
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * GET /order/{id} of the orders area (`{data: {invoice_data, products_data}}`): only what a notification
 * click reads. Status 0 = completed (paid), 1 handling, 2 selecting (doc 2 §3).
 */
export const saleOrderDetailSchema = z.object({
  invoice_data: z.object({
    order_id: z.number().int().positive(),
    order_code: z.string().max(64),
    status: z.number().int(),
    table_name: z.string().max(200).nullable(),
    total_price: z.number().int().nonnegative(),
  }),
  products_data: z.array(z.unknown()),
});

export interface SaleOrder {
  id: number;
  order_code: string;
  /** 0 = completed: the notification opens the order list (core §4). */
  status: number;
  table_name: string | null;
  total_price: number;
}
