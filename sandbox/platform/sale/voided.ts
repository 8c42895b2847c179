import { ORDER_VOIDED } from '../../../src/rules/orderVoid';
import { ApiError } from '../http/envelope';

/**
 * A voided order (D301) is closed for good: nothing is added to it, it is not confirmed, its customer
 * does not change, and no payment takes it (cash, VietQR, card, link). Shared by the sale service's
 * areas that change or pay an order (orders, orderpayment, checkout), which may not import each other;
 * the statements that complete or change an order also name only open statuses (OPEN_ORDER_SQL), so a
 * void racing a payment leaves one of the two.
 */

export { ORDER_VOIDED };

/** An order still being served: 2 selecting or 1 handling (not 0 completed, not 3 voided). */
export const OPEN_ORDER_SQL = 'IN (1, 2)';

export const orderVoided = () => new ApiError(409, 'ORDER_VOIDED', 'The order was voided and cannot be changed or paid');

/** 409 ORDER_VOIDED for a voided order; any other order passes. */
export function refuseVoided(order: { status: number }): void {
  if (Number(order.status) === ORDER_VOIDED) throw orderVoided();
}
