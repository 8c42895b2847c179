import { z } from '../../config/zod-classic';
import { notificationTypeSchema } from '../realtime/schemas';

/** GET/PUT /notification and GET /order/{id} of the sale service (contract "realtime" calls). */

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

export const unseenCountsSchema = z.object({ '0': count, '1': count, '2': count });
export type UnseenCounts = z.infer<typeof unseenCountsSchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema).max(100),
  total_page: count,
  page: count,
  page_size: count,
  unseen: unseenCountsSchema,
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const saleOrderSchema = z.object({
  id: z.number().int().positive(),
  order_code: z.string().max(64),
  /** 0 = new: the notification opens the order list (core §4). */
  status: z.number().int(),
  table_name: z.string().max(200).nullable(),
  total_price: z.number().int().nonnegative(),
});
export type SaleOrder = z.infer<typeof saleOrderSchema>;
