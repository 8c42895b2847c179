/**
 * The checkout area's public face in the services layer: the checkout service's payment-link calls and
 * schemas (contract §5), which payment links (paylink), an order's link payment (orderpayment) and the
 * order list's cancel (orders) use (areas.json).
 */
export * from './link';
