/** The orders area's addresses (doc 2 §2): the one place that spells them. */
export const ordersPaths = {
  list: () => '/sale-order',
  /** Where a completed order opened for editing goes (doc 2 §2: /sale-order?page=1&page_size=10). */
  listFirstPage: () => '/sale-order?page=1&page_size=10',
  /** The list searched for one order (the bell's e-invoice notification, D257; `q` as orderUrl reads it). */
  listSearch: (q: string) => `/sale-order?${new URLSearchParams({ q }).toString()}`,
  detail: (orderId: number) => `/sale-order/${orderId}`,
  /** A local order, taken while the sale service could not be reached, by its client uuid (D349). */
  local: (localId: string) => `/sale-order/local/${localId}`,
  /** A local order's payment (cash only: the other ways need the service, D339). */
  localPayment: (localId: string) => `/sale-order/payment/local/${localId}`,
  /** The payment screen is the orderpayment area's; this builder is shared until that area has its own paths.ts. */
  payment: (orderId: number) => `/sale-order/payment/${orderId}`,
} as const;

/** The segment OrdersRoute mounts under ordersPaths.list() for one order. */
export const orderSegments = { detail: ':orderId', local: 'local/:localId' } as const;
