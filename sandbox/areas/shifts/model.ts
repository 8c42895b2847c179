import { DENOMINATIONS, type DrawerMovementKind } from '../../../src/rules/shifts/drawer';
import type { Database } from '../../platform/db/database';

/**
 * Reading shifts (D303). The expected cash of an open drawer is computed when asked, in whole đồng:
 * float + the cash order payments of its store (D297) that succeeded while the shift was open − the
 * cash refunds given back from it (D318) + cash in − cash out. A closed shift keeps the figures it was
 * closed with.
 */

export interface ShiftRow {
  id: number;
  store_id: number;
  store_name: string;
  status: 'OPEN' | 'CLOSED';
  float_amount: number;
  opened_by_name: string;
  opened_at: number;
  closed_by_name: string | null;
  closed_at: number | null;
  cash_sales: number;
  cash_refunds: number;
  cash_in: number;
  cash_out: number;
  expected: number;
  counted: number | null;
  counts: Record<string, number> | null;
  close_reason: string | null;
}

export interface MovementRow {
  id: number;
  kind: DrawerMovementKind;
  amount: number;
  reason: string;
  note: string;
  created_by_name: string;
  created_at: number;
}

/**
 * SQL: the cash sales of shift `s` up to `end` (a parameter: now for an open shift): the cash payments
 * that succeeded while it was open, of orders of its store (D297: the store the bill was opened in; an
 * order without one, or whose store is gone, is the merchant's first store's).
 */
export const salesOf = (end: string) => `(SELECT coalesce(sum(p.amount), 0) FROM sale_payments p JOIN sale_orders o ON o.id = p.order_id
  WHERE p.merchant_id = s.merchant_id AND p.method = 'CASH' AND p.status = 'SUCCESS'
    AND p.updated_at >= s.opened_at AND p.updated_at <= coalesce(s.closed_at, ${end})
    AND coalesce((SELECT x.id FROM stores x WHERE x.id = o.store_id AND x.merchant_id = o.merchant_id),
                 (SELECT min(f.id) FROM stores f WHERE f.merchant_id = o.merchant_id)) = s.store_id)`;

/**
 * SQL: the cash refunds of shift `s` (D305, D318): the REFUND movements each cash refund wrote into the
 * drawer it left, in the refund's own transaction (drawerRefund.ts), so the figure and the movement
 * list are the same rows.
 */
export const refundsOf = () => movedOf('REFUND');

/** SQL: the cash the drawer of shift `s` should hold at `end`: float + sales − refunds + in − out. */
export const expectedOf = (end: string) => `s.float_amount + ${salesOf(end)} - ${refundsOf()} + ${movedOf('IN')} - ${movedOf('OUT')}`;

export const movedOf = (kind: DrawerMovementKind) =>
  `(SELECT coalesce(sum(m.amount), 0) FROM shift_movements m WHERE m.shift_id = s.id AND m.kind = '${kind}')`;

/** Every column of a shift, the open ones' figures computed up to $2 (now). */
const SELECT = `SELECT s.id, s.store_id, st.name AS store_name, s.status, s.float_amount::float8 AS float_amount,
    s.opened_by_name, s.opened_at::float8 AS opened_at, s.closed_by_name, s.closed_at::float8 AS closed_at,
    (CASE WHEN s.status = 'OPEN' THEN ${salesOf('$2')} ELSE s.cash_sales END)::float8 AS cash_sales,
    (CASE WHEN s.status = 'OPEN' THEN ${refundsOf()} ELSE coalesce(s.cash_refunds, 0) END)::float8 AS cash_refunds,
    ${movedOf('IN')}::float8 AS cash_in, ${movedOf('OUT')}::float8 AS cash_out,
    (CASE WHEN s.status = 'OPEN' THEN ${expectedOf('$2')} ELSE s.expected END)::float8 AS expected,
    s.counted::float8 AS counted, s.counts, s.close_reason
  FROM shifts s JOIN stores st ON st.id = s.store_id`;

export async function shiftsWhere(db: Database, where: string, params: unknown[], now: number): Promise<ShiftRow[]> {
  // $1 is the merchant, $2 the time the open figures run to; the caller's own parameters follow.
  return db.query<ShiftRow & Record<string, unknown>>(`${SELECT} WHERE s.merchant_id = $1 AND ${where}`, [
    params[0],
    now,
    ...params.slice(1),
  ]);
}

export async function movementsOf(db: Database, shiftId: number): Promise<MovementRow[]> {
  return db.query<MovementRow & Record<string, unknown>>(
    `SELECT id, kind, amount::float8 AS amount, reason, note, created_by_name, created_at::float8 AS created_at
     FROM shift_movements WHERE shift_id = $1 ORDER BY created_at, id`,
    [shiftId],
  );
}

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

/** Wire shape (docs/areas/shifts.md): times in unix seconds like every sale-service time; money whole đồng. */
export function shiftOut(r: ShiftRow, movements: MovementRow[] | null) {
  const counts = r.counts ?? null;
  return {
    shift_id: r.id,
    store_id: r.store_id,
    store_name: r.store_name,
    status: r.status,
    float_amount: r.float_amount,
    opened_by_name: r.opened_by_name,
    opened_at: seconds(r.opened_at),
    cash_sales: r.cash_sales,
    cash_refunds: r.cash_refunds,
    cash_in: r.cash_in,
    cash_out: r.cash_out,
    expected: r.expected,
    closed_by_name: r.closed_by_name,
    closed_at: seconds(r.closed_at),
    counted: r.counted,
    counts: counts === null ? null : Object.fromEntries(DENOMINATIONS.map((d) => [String(d), counts[String(d)] ?? 0])),
    difference: r.counted === null ? null : r.counted - r.expected,
    close_reason: r.close_reason,
    ...(movements === null
      ? {}
      : {
          movements: movements.map((m) => ({
            movement_id: m.id,
            kind: m.kind,
            amount: m.amount,
            reason: m.reason,
            note: m.note,
            created_by_name: m.created_by_name,
            created_at: seconds(m.created_at),
          })),
        }),
  };
}
