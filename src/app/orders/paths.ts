/** The orders area's addresses (doc 2 §2): the one place that spells them. */
export const ordersPaths = {
  list: () => '/sale-order',
  detail: (orderId: number) => `/sale-order/${orderId}`,
  payment: (orderId: number) => `/sale-order/payment/${orderId}`,
} as const;
