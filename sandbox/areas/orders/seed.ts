import type { SeededMerchant } from '../../platform/area';
import type { Database } from '../../platform/db/database';
import { fold, foldedOrder, hasTablesArea } from './model';

/**
 * Orders of each seeded merchant and every throwaway copy (by template), with lines copied from the
 * merchant's own catalogue (products area, by SQL) and some customers (customers area). Deterministic:
 * everything is derived from the index and the seeding clock.
 *
 * - phoco (a restaurant): 150 completed orders over the last 30 days, every payment method and source,
 *   on its tables; the evening's open bills (selecting and handling) and the two paid ones the bell's
 *   notifications name (codes DH{last 4}01–06; notifications/seed.ts adds their notifications).
 * - colan (a grocery, not F&B): 300 completed counter orders without tables.
 *
 * Open bills sit on the tables area's tables when a table of that name exists (looked up by name in
 * fnb_tables); without it they keep the table's name only (table_id null).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const HISTORY_COUNT: Record<string, number> = { phoco: 150, colan: 300 };

type Method = 'QR' | 'CASH' | 'CARD' | 'LINK';
const METHODS: readonly Method[] = ['QR', 'QR', 'QR', 'CASH', 'CASH', 'CASH', 'CARD', 'CARD', 'LINK', 'QR'];
const SOURCES = ['IN_STORE', 'IN_STORE', 'IN_STORE', 'WEBSITE', 'IN_STORE', 'KIOSK', 'IN_STORE', 'MOBILE', 'IN_STORE', 'CALL_CENTER'];

/** The evening at phoco: [code suffix, table, status (2 selecting, 1 handling, 0 paid), age, lines as [product index, amount]]. */
export const PHOCO_BILLS = [
  ['01', 'Bàn 1', 2, 20 * 1000, [[0, 2]]],
  [
    '02',
    'Bàn 4',
    1,
    25 * MINUTE,
    [
      [2, 3],
      [40, 3],
      [45, 2],
    ],
  ],
  [
    '03',
    'Bàn 8',
    1,
    3 * HOUR,
    [
      [8, 1],
      [50, 1],
    ],
  ],
  [
    '04',
    'Sân vườn 2',
    0,
    2 * DAY,
    [
      [1, 4],
      [14, 4],
      [42, 6],
      [47, 4],
    ],
  ],
  [
    '05',
    'Bàn 9',
    0,
    5 * DAY,
    [
      [3, 2],
      [44, 2],
    ],
  ],
  ['06', 'Bàn 10', 2, 2 * MINUTE, []],
] as const;

export function billCode(merchantId: string, suffix: string): string {
  return `DH${merchantId.slice(-4)}${suffix}`;
}

interface Product {
  id: number;
  code: string;
  name: string;
  price: number;
  image_id: number | null;
}

interface PlannedOrder {
  code: string;
  tableName: string | null;
  status: number;
  createdAt: number;
  paidAt: number | null;
  method: Method | null;
  source: string;
  customerId: number;
  customerName: string | null;
  phone: string | null;
  lines: { product: Product; amount: number }[];
  eiv: string | null;
}

const total = (o: PlannedOrder) => o.lines.reduce((sum, l) => sum + l.product.price * l.amount, 0);

/** What the guest hands over for a cash bill: the next 10,000, 50,000 or 100,000 above the total. */
export function cashReceived(amount: number, i: number): number {
  const step = [10_000, 50_000, 100_000][i % 3]!;
  return Math.ceil((amount + 1) / step) * step;
}

function history(
  merchant: SeededMerchant,
  products: Product[],
  customers: { id: number; name: string; phone_number: string }[],
): PlannedOrder[] {
  const count = HISTORY_COUNT[merchant.template] ?? 0;
  const fnb = merchant.template === 'phoco';
  const orders: PlannedOrder[] = [];
  for (let i = 1; i <= count && products.length > 0; i++) {
    // Spread over 30 days, newest with the smallest index, at opening hours (7:00–22:00 in spirit).
    const age = Math.floor(((i - 0.5) / count) * 30 * DAY) + ((i * 7_919) % (3 * HOUR));
    const createdAt = merchant.now - age;
    const paidAt = Math.min(createdAt + (15 + ((i * 13) % 50)) * MINUTE, merchant.now - MINUTE);
    const n = 1 + (i % 4);
    const lines: PlannedOrder['lines'] = [];
    for (let k = 0; k < n; k++) {
      const product = products[(i * 31 + k * 17) % products.length]!;
      if (lines.some((l) => l.product.id === product.id)) continue;
      lines.push({ product, amount: 1 + ((i + k) % 3) });
    }
    const customer = i % 3 === 0 && customers.length > 0 ? customers[(i / 3) % customers.length]! : null;
    orders.push({
      code: `DH${merchant.id.slice(-4)}${String(i).padStart(4, '0')}`,
      tableName: fnb && i % 6 !== 0 ? `Bàn ${1 + (i % 12)}` : null,
      status: 0,
      createdAt,
      paidAt,
      method: METHODS[i % METHODS.length]!,
      source: fnb ? SOURCES[i % SOURCES.length]! : i % 10 === 7 ? 'MOBILE' : 'IN_STORE',
      customerId: customer?.id ?? 0,
      customerName: customer?.name ?? null,
      phone: customer?.phone_number ?? null,
      lines,
      // A few already have their e-invoice (the e-invoice issue makes more).
      eiv:
        i % 9 === 0
          ? `M1-26-${merchant.id.slice(-4)}-${String(i).padStart(5, '0')}::${(i * 7_777_777).toString(36).toUpperCase()}::${i}`
          : null,
    });
  }
  return orders;
}

function bills(merchant: SeededMerchant, products: Product[]): PlannedOrder[] {
  if (merchant.template !== 'phoco' || products.length === 0) return [];
  return PHOCO_BILLS.map(([suffix, table, status, age, lines], i) => {
    const createdAt = merchant.now - age;
    const paid = status === 0;
    return {
      code: billCode(merchant.id, suffix),
      tableName: table,
      status,
      createdAt,
      paidAt: paid ? createdAt + 40 * MINUTE : null,
      method: paid ? (i % 2 === 0 ? 'CASH' : 'QR') : null,
      source: 'IN_STORE',
      customerId: 0,
      customerName: null,
      phone: null,
      lines: lines.map(([index, amount]) => ({ product: products[index % products.length]!, amount })),
      eiv: null,
    };
  });
}

export async function seedOrders(db: Database, merchant: SeededMerchant): Promise<void> {
  if (!(merchant.template in HISTORY_COUNT)) return;
  const products = await db.query<Product & Record<string, unknown>>(
    `SELECT id, code, name, price, image_id FROM products WHERE merchant_id = $1 AND status = 0 ORDER BY id`,
    [merchant.id],
  );
  const customers = await db.query<{ id: number; name: string; phone_number: string }>(
    `SELECT id, name, phone_number FROM customers WHERE merchant_id = $1 ORDER BY id LIMIT 40`,
    [merchant.id],
  );
  const planned = [...bills(merchant, products), ...history(merchant, products, customers)];
  if (planned.length === 0) return;

  const tableIds = new Map<string, number>();
  if (await hasTablesArea(db)) {
    const rows = await db.query<{ id: number; table_name: string }>(`SELECT id, table_name FROM fnb_tables WHERE merchant_id = $1`, [
      merchant.id,
    ]);
    for (const r of rows) tableIds.set(fold(r.table_name), r.id);
  }

  const col = <T>(pick: (o: PlannedOrder, i: number) => T) => planned.map(pick);
  const ids = await db.query<{ id: number; order_code: string }>(
    `INSERT INTO sale_orders (merchant_id, order_code, table_id, table_name, customer_id, status, payment_status, invoice_status, payment_method,
       receive_amount, return_amount, total_price, source, eiv_code, cqt_code, is_eiv_exported, folded, created_at, updated_at, paid_at)
     SELECT $1, code, table_id, table_name, customer_id, status, CASE WHEN status = 0 THEN 1 ELSE 0 END, CASE WHEN status = 0 THEN 1 END,
            method, receive, CASE WHEN status = 0 THEN receive - total ELSE 0 END, total, source, eiv, split_part(eiv, '::', 1), eiv IS NOT NULL, folded, created_at,
            COALESCE(paid_at, created_at), paid_at
       FROM unnest($2::text[], $3::int[], $4::text[], $5::int[], $6::smallint[], $7::text[], $8::bigint[], $9::bigint[], $10::text[],
                   $11::text[], $12::text[], $13::bigint[], $14::bigint[])
         AS t(code, table_id, table_name, customer_id, status, method, receive, total, source, eiv, folded, created_at, paid_at)
     RETURNING id, order_code`,
    [
      merchant.id,
      col((o) => o.code),
      col((o) => (o.tableName ? (tableIds.get(fold(o.tableName)) ?? null) : null)),
      col((o) => o.tableName),
      col((o) => o.customerId),
      col((o) => o.status),
      col((o) => o.method),
      col((o, i) => (o.method === 'CASH' ? cashReceived(total(o), i) : o.status === 0 ? total(o) : 0)),
      col((o) => total(o)),
      col((o) => o.source),
      col((o) => o.eiv),
      col((o) => foldedOrder({ order_code: o.code, table_name: o.tableName, customer_name: o.customerName, phone: o.phone })),
      col((o) => o.createdAt),
      col((o) => o.paidAt),
    ],
  );
  const idOf = new Map(ids.map((r) => [r.order_code, r.id]));
  const lines = planned.flatMap((o) => o.lines.map((l) => ({ orderId: idOf.get(o.code)!, at: o.createdAt, ...l })));
  if (lines.length === 0) return;
  await db.query(
    `INSERT INTO sale_order_items (order_id, product_id, code, name, img, price, amount, added_at)
     SELECT order_id, product_id, code, name, CASE WHEN image_id IS NULL THEN NULL ELSE '/api/sale/inventory/product/image/' || image_id END,
            price, amount, added_at
       FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::int[], $8::bigint[])
         AS t(order_id, product_id, code, name, image_id, price, amount, added_at)`,
    [
      lines.map((l) => l.orderId),
      lines.map((l) => l.product.id),
      lines.map((l) => l.product.code),
      lines.map((l) => l.product.name),
      lines.map((l) => l.product.image_id),
      lines.map((l) => Number(l.product.price)),
      lines.map((l) => l.amount),
      lines.map((l) => l.at),
    ],
  );
}
