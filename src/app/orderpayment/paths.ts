import { ordersPaths } from '../orders/paths';

/**
 * The payment screen's addresses (doc 2 §2 /sale-order/payment/{order_id}): the one place that spells
 * them. `?customer` turns the screen into the guest-facing display; `success=true` marks a paid order.
 */
export const orderPaymentPaths = {
  pay: (orderId: number) => ordersPaths.payment(orderId),
  customer: (orderId: number) => `${ordersPaths.payment(orderId)}?customer`,
  /** doc 2 §2: home after payment is the table list when the invoice has a table, else the order list. */
  home: (tableId: number | null) => (tableId === null ? `${ordersPaths.list()}?page=1&page_size=10` : '/sale-table'),
  order: (orderId: number) => ordersPaths.detail(orderId),
  /** A local order's page (D349), the way back from its payment. */
  localOrder: (localId: string) => ordersPaths.local(localId),
} as const;

/** Query names the screen reads and writes. */
export const orderPaymentQuery = { customer: 'customer', success: 'success', tab: 'tab' } as const;
