import { z } from '../../config/zod-classic';
import type { ServiceClient } from '../http';
import { dataEnvelope } from '../http';
import { NOTIFICATION_SEEN, notificationListSchema, saleOrderDetailSchema, type NotificationList, type SaleOrder } from './schemas';
import type { NotificationType } from '../realtime/schemas';

/** The sale service's notification calls (contract, "realtime" calls). */
export interface NotificationsApi {
  list(type: NotificationType, page?: number, pageSize?: number, signal?: AbortSignal): Promise<NotificationList>;
  markSeen(id: number): Promise<void>;
  order(orderId: number): Promise<SaleOrder>;
}

export const BELL_PAGE_SIZE = 20;

export function createNotificationsApi(sale: ServiceClient): NotificationsApi {
  return {
    list: (type, page = 1, pageSize = BELL_PAGE_SIZE, signal) =>
      sale.call({
        name: 'sale.notifications',
        path: '/notification',
        query: { notification_type: type, page, page_size: pageSize },
        response: notificationListSchema,
        signal,
      }),
    async markSeen(id) {
      await sale.call({
        name: 'sale.notificationSeen',
        method: 'PUT',
        path: '/notification',
        body: { id, status: NOTIFICATION_SEEN },
        response: dataEnvelope(z.object({ id: z.number(), status: z.number() })),
      });
    },
    async order(orderId) {
      const { invoice_data: o } = await sale.data({
        name: 'sale.order',
        path: `/order/${encodeURIComponent(String(orderId))}`,
        schema: saleOrderDetailSchema,
      });
      return { id: o.order_id, order_code: o.order_code, status: o.status, table_name: o.table_name, total_price: o.total_price };
    },
  };
}
