import type { Database } from '../../platform/db/database';
import type { SeededMerchant } from '../../platform/area';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A restaurant evening for the bell: notifications of each type on the orders area's seeded bills
 * (orders/seed.ts PHOCO_BILLS, found by code), some seen, some not, from seconds to days old (so every
 * relative-time form shows). Bills 01–03 are open (the click opens the bill), 04–05 are paid (the click
 * opens the order list, core §4). Only food-and-beverage templates (phoco) get them.
 */
export const SALE_SEED = [
  // [order suffix, notifications: [type, age ms, seen]]
  ['01', [[0, 20 * 1000, false]]],
  [
    '02',
    [
      [0, 25 * MINUTE, true],
      [2, 12 * MINUTE, false],
      [1, 3 * MINUTE, false],
    ],
  ],
  [
    '03',
    [
      [0, 3 * HOUR, true],
      [1, 2 * HOUR, true],
    ],
  ],
  [
    '04',
    [
      [0, 2 * DAY, true],
      [2, 2 * DAY - HOUR, true],
      [1, 2 * DAY - 2 * HOUR, true],
    ],
  ],
  ['05', [[0, 5 * DAY, false]]],
] as const;

export function orderCode(merchantId: string, suffix: string): string {
  return `DH${merchantId.slice(-4)}${suffix}`;
}

export async function seedSale(db: Database, merchant: SeededMerchant): Promise<void> {
  if (merchant.template !== 'phoco') return;
  for (const [suffix, notes] of SALE_SEED) {
    const [order] = await db.query<{ id: number; table_name: string | null }>(
      `SELECT id, table_name FROM sale_orders WHERE merchant_id = $1 AND order_code = $2`,
      [merchant.id, orderCode(merchant.id, suffix)],
    );
    if (!order) continue;
    for (const [type, age, seen] of notes) {
      await db.query(
        `INSERT INTO notifications (merchant_id, notification_type, order_id, order_code, table_name, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [merchant.id, type, order.id, orderCode(merchant.id, suffix), order.table_name, seen ? 2 : 0, merchant.now - age],
      );
    }
  }
}
