// @vitest-environment node
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { SandboxArea } from '../../platform/area';
import { loadAreas } from '../../platform/areas';
import { migrate } from '../../platform/db/migrate';
import { openTestDatabase } from '../../platform/test/harness';

/**
 * A developer's data folder from before the sale areas has the notifications area's small `sale_orders` (0
 * new, 1/2 being served, 3 paid) with notifications pointing at it. Starting the new code on it must
 * keep those rows, give them the spec's statuses and leave the same schema a fresh database gets.
 */

// notifications/001_notifications.sql as it was before the sale areas (the file's statements, verbatim).
const OLD_NOTIFICATIONS_SQL = `
CREATE TABLE sale_orders (
  id          serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  order_code  text NOT NULL,
  table_name  text,
  status      smallint NOT NULL DEFAULT 0,
  total_price bigint NOT NULL DEFAULT 0,
  created_at  bigint NOT NULL
);

CREATE TABLE notifications (
  id                serial PRIMARY KEY,
  merchant_id       text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  notification_type smallint NOT NULL CHECK (notification_type IN (0, 1, 2)),
  order_id          integer REFERENCES sale_orders(id) ON DELETE CASCADE,
  order_code        text NOT NULL,
  table_name        text,
  status            smallint NOT NULL DEFAULT 0,
  created_at        bigint NOT NULL
);
CREATE INDEX notifications_merchant ON notifications (merchant_id, notification_type, created_at DESC, id DESC);
`;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The areas as they were: no orders or orderpayment area, nor any area built on order payments (refunds,
 * D305; reconciliation's bank refunds, D320), the notifications area with its old file only.
 */
const BORN_AFTER: readonly string[] = ['orders', 'orderpayment', 'refunds', 'reconciliation'];

function areasBefore(areas: readonly SandboxArea[]): SandboxArea[] {
  const dir = mkdtempSync(join(tmpdir(), 'old-notifications-'));
  dirs.push(dir);
  writeFileSync(join(dir, '001_notifications.sql'), OLD_NOTIFICATIONS_SQL);
  // The old notifications area first: its sale_orders is what the areas after orders reference.
  return [...areas]
    .sort((a, b) => Number(b.name === 'notifications') - Number(a.name === 'notifications'))
    .filter((a) => !BORN_AFTER.includes(a.name))
    .map((a) =>
      a.name === 'notifications'
        ? { ...a, after: [], sql: pathToFileURL(dir + '/') }
        : // The old sale_orders was the notifications area's: what now comes after orders came after it.
          { ...a, after: [...new Set((a.after ?? []).map((d) => (d === 'orders' ? 'notifications' : d)))] },
    );
}

describe('upgrading a data folder made before issue 13', () => {
  it('widens the old sale_orders in place: statuses mapped, invoice ids given, notifications kept and linked', async () => {
    const { db, close } = await openTestDatabase();
    try {
      const areas = await loadAreas();
      await migrate(db, areasBefore(areas));
      await db.query(
        `INSERT INTO merchants (id, alias, name, account_type, is_fnb, tax_no, merchant_code) VALUES ('90000001', 'old', 'Quán cũ', 'business', true, '0101', 'M1')`,
      );
      const old = await db.query<{ id: number }>(
        `INSERT INTO sale_orders (merchant_id, order_code, table_name, status, total_price, created_at) VALUES
           ('90000001', 'DH000101', 'Bàn 1', 0, 185000, 1000), ('90000001', 'DH000102', 'Bàn 4', 1, 420000, 2000),
           ('90000001', 'DH000103', 'Sân vườn 2', 2, 96000, 3000), ('90000001', 'HD000104', 'Bàn 5', 3, 275000, 4000),
           ('90000001', 'DH000102', 'Bàn 9', 0, 1000, 5000)
         RETURNING id`,
      );
      await db.query(
        `INSERT INTO notifications (merchant_id, notification_type, order_id, order_code, created_at) VALUES ('90000001', 0, $1, 'DH000101', 1000)`,
        [old[0]!.id],
      );

      const ran = await migrate(db, areas);
      expect([...ran].sort()).toEqual([
        'notifications/002_order_link.sql',
        'notifications/003_einvoice_failed.sql',
        'notifications/004_approval.sql',
        'orderpayment/001_orderpayment.sql',
        'orderpayment/002_pending_qr.sql',
        'orderpayment/003_soundbox_pushes.sql',
        'orders/001_orders.sql',
        'orders/002_line_tax_class.sql',
        'orders/003_order_store.sql',
        'orders/003_void.sql',
        'orders/004_line_note.sql',
        'reconciliation/001_bank_refunds.sql',
        'refunds/001_refunds.sql',
        'refunds/002_einvoice_adjustments.sql',
      ]);
      const rows = await db.query<{
        order_code: string;
        status: number;
        payment_status: number;
        invoice_status: number | null;
        payment_method: string | null;
        invoice_id: number;
        folded: string;
        updated_at: number;
      }>(
        `SELECT order_code, status, payment_status, invoice_status, payment_method, invoice_id, folded, updated_at FROM sale_orders ORDER BY id`,
      );
      expect(rows.map((r) => [r.order_code, r.status, r.payment_status, r.invoice_status, r.payment_method])).toEqual([
        ['DH000101', 2, 0, null, null],
        ['DH000102', 1, 0, null, null],
        ['DH000103', 1, 0, null, null],
        ['HD000104', 0, 1, 1, 'QR'],
        // A code the old trigger gave twice keeps the first; the second is told apart.
        [`DH000102-${old[4]!.id}`, 2, 0, null, null],
      ]);
      expect(new Set(rows.map((r) => r.invoice_id)).size).toBe(5);
      expect(rows.every((r) => r.invoice_id > 5_000_000 && r.updated_at > 0 && r.folded.length > 0)).toBe(true);

      // New rows take the defaults of a fresh database; the notification goes with its order.
      const [fresh] = await db.query<{ status: number; invoice_id: number }>(
        `INSERT INTO sale_orders (merchant_id, order_code, created_at, updated_at) VALUES ('90000001', 'DH000105', 6000, 6000) RETURNING status, invoice_id`,
      );
      expect(fresh!.status).toBe(2);
      expect(fresh!.invoice_id).toBeGreaterThan(Math.max(...rows.map((r) => r.invoice_id)));
      await expect(db.query(`UPDATE sale_orders SET status = 3 WHERE order_code = 'DH000101'`)).rejects.toThrow();
      await db.query(`DELETE FROM sale_orders WHERE id = $1`, [old[0]!.id]);
      expect(await db.query(`SELECT 1 FROM notifications`)).toEqual([]);
      expect(await migrate(db, areas)).toEqual([]);
    } finally {
      await close();
    }
    // Two runs of every area's migrations on a fresh database: tens of seconds on a busy machine.
  }, 120_000);
});

describe('upgrading a data folder made before product tax classes (issue 25 §1, D226)', () => {
  it('order lines written before take their product’s class, a removed product’s lines REDUCED_ELIGIBLE, and new lines copy theirs', async () => {
    const { db, close } = await openTestDatabase();
    try {
      const areas = await loadAreas();
      // Orders without their second file: lines without a class (the products' class is set below).
      const before = areas.map((a) => {
        if (a.name !== 'orders') return a;
        const dir = mkdtempSync(join(tmpdir(), 'old-orders-'));
        dirs.push(dir);
        copyFileSync(join(fileURLToPath(a.sql!), '001_orders.sql'), join(dir, '001_orders.sql'));
        return { ...a, sql: pathToFileURL(dir + '/') };
      });
      await migrate(db, before);
      await db.query(
        `INSERT INTO merchants (id, alias, name, account_type, is_fnb, tax_no, merchant_code) VALUES ('90000002', 'old2', 'Quán cũ', 'business', true, '0102', 'M2')`,
      );
      const [product] = await db.query<{ id: number }>(
        `INSERT INTO products (merchant_id, code, name, search_text, price, status, created_at, updated_at)
         VALUES ('90000002', 'P1', 'Bia', 'bia', 50000, 0, 1, 1) RETURNING id`,
      );
      const [order] = await db.query<{ id: number }>(
        `INSERT INTO sale_orders (merchant_id, order_code, created_at, updated_at) VALUES ('90000002', 'DH1', 1, 1) RETURNING id`,
      );
      await db.query(
        `INSERT INTO sale_order_items (order_id, product_id, code, name, price, amount, added_at) VALUES ($1, $2, 'P1', 'Bia', 50000, 1, 1),
           ($1, 999999, 'GONE', 'Món đã xóa', 10000, 1, 1)`,
        [order!.id, product!.id],
      );

      await db.query(`UPDATE products SET tax_class = 'STANDARD' WHERE id = $1`, [product!.id]);
      // Files after it (orders/003_order_store.sql, D297; orders/003_void.sql, D301; orders/004_line_note.sql, D333) run too: the ledger was made before them.
      expect(await migrate(db, areas)).toEqual([
        'orders/002_line_tax_class.sql',
        'orders/003_order_store.sql',
        'orders/003_void.sql',
        'orders/004_line_note.sql',
      ]);
      const classes = async () =>
        (await db.query<{ code: string; tax_class: string }>(`SELECT code, tax_class FROM sale_order_items ORDER BY id`)).map((r) => [
          r.code,
          r.tax_class,
        ]);
      expect(await classes()).toEqual([
        ['P1', 'STANDARD'],
        ['GONE', 'REDUCED_ELIGIBLE'],
      ]);
      await db.query(`UPDATE products SET tax_class = 'FIVE' WHERE id = $1`, [product!.id]);
      const [next] = await db.query<{ id: number }>(
        `INSERT INTO sale_orders (merchant_id, order_code, created_at, updated_at) VALUES ('90000002', 'DH2', 2, 2) RETURNING id`,
      );
      await db.query(
        `INSERT INTO sale_order_items (order_id, product_id, code, name, price, amount, added_at) VALUES ($1, $2, 'P1', 'Bia', 50000, 1, 2)`,
        [next!.id, product!.id],
      );
      expect(await classes()).toEqual([
        ['P1', 'STANDARD'],
        ['GONE', 'REDUCED_ELIGIBLE'],
        ['P1', 'FIVE'],
      ]);
      await expect(db.query(`UPDATE sale_order_items SET tax_class = 'BEER'`)).rejects.toThrow();
    } finally {
      await close();
    }
    // Two runs of every area's migrations on a fresh database: tens of seconds on a busy machine.
  }, 120_000);
});
