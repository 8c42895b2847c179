import type { SeededMerchant } from '../../platform/area';
import type { Database } from '../../platform/db/database';

/**
 * The SUCCESS payment of every order the orders seed made completed, as its method recorded it (cash
 * with what was handed over and the change; card on the merchant's first POS terminal), so GET
 * /payment answers for seeded invoices as for new ones.
 */
export async function seedPayments(db: Database, merchant: SeededMerchant): Promise<void> {
  await db.query(
    `INSERT INTO sale_payments (merchant_id, order_id, method, status, amount, receive_amount, return_amount, serial_number, created_at, updated_at)
     SELECT o.merchant_id, o.id, o.payment_method, 'SUCCESS', o.total_price, o.receive_amount, o.return_amount,
            CASE WHEN o.payment_method = 'CARD' THEN
              (SELECT serial_number FROM edc_devices d WHERE d.merchant_id = o.merchant_id AND d.type_edc = 1 ORDER BY d.id LIMIT 1) END,
            o.paid_at, o.paid_at
       FROM sale_orders o
      WHERE o.merchant_id = $1 AND o.status = 0 AND o.payment_method IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM sale_payments p WHERE p.order_id = o.id)`,
    [merchant.id],
  );
}
