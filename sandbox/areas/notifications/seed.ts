import type { Database } from '../../platform/db/database';
import type { SeededMerchant } from '../../platform/area';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A restaurant evening for the bell: orders and their notifications of each type, some seen, some
 * not, from seconds to days old (so every relative-time form shows). Order codes carry the merchant
 * id, so throwaway copies never share one. Only food-and-beverage templates (phoco) get them.
 */
export const SALE_SEED = [
  // [order suffix, table, order status, total, notifications: [type, age ms, seen]]
  ['01', 'Bàn 1', 2, 185_000, [[0, 20 * 1000, false]]],
  [
    '02',
    'Bàn 4',
    1,
    420_000,
    [
      [0, 25 * MINUTE, true],
      [2, 12 * MINUTE, false],
      [1, 3 * MINUTE, false],
    ],
  ],
  [
    '03',
    'Bàn 7',
    1,
    96_000,
    [
      [0, 3 * HOUR, true],
      [1, 2 * HOUR, true],
    ],
  ],
  [
    '04',
    'Sân vườn 2',
    1,
    1_250_000,
    [
      [0, 2 * DAY, true],
      [2, 2 * DAY - HOUR, true],
      [1, 2 * DAY - 2 * HOUR, true],
    ],
  ],
  ['05', 'Bàn 9', 2, 150_000, [[0, 5 * DAY, false]]],
] as const;

export function orderCode(merchantId: string, suffix: string): string {
  return `DH${merchantId.slice(-4)}${suffix}`;
}

export async function seedSale(db: Database, merchant: SeededMerchant): Promise<void> {
  if (merchant.template !== 'phoco') return;
  for (const [suffix, table, status, total, notes] of SALE_SEED) {
    const oldest = Math.max(...notes.map(([, age]) => age));
    const [order] = await db.query<{ id: number }>(
      `INSERT INTO sale_orders (merchant_id, order_code, table_name, status, total_price, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [merchant.id, orderCode(merchant.id, suffix), table, status, total, merchant.now - oldest],
    );
    for (const [type, age, seen] of notes) {
      await db.query(
        `INSERT INTO notifications (merchant_id, notification_type, order_id, order_code, table_name, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [merchant.id, type, order!.id, orderCode(merchant.id, suffix), table, seen ? 2 : 0, merchant.now - age],
      );
    }
  }
}
