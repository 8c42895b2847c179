import { invoiceTotals, type InvoiceLineInput } from '../../../src/rules/invoiceTax';
import { PAY_METHODS, type CountAmount, type PayMethod, type ZReportFigures } from '../../../src/rules/closing/zReport';
import { VAT_RATE_CODES, type TaxClass, type VatRateCode, type VatRateTable } from '../../../src/rules/vatRates';
import type { Database } from '../../platform/db/database';
import type { ShiftRow } from '../shifts';

/**
 * The Z report's figures (D306), computed from the tables themselves in whole đồng: the orderpayment
 * area's sale_payments, the refunds area's sale_refunds, the orders area's sale_orders and lines, the
 * shifts. A scope is a store and a time window (a Vietnam day, or a shift from its opening to its
 * close or now) and the shifts whose drawer it reports. An order belongs to its store by D297's rule
 * (the store it was opened in; none or a removed one: the merchant's first store), as in the drawer.
 */

export interface Scope {
  merchantId: string;
  storeId: number;
  /** Unix ms, both ends included (the drawer's own rule, shifts/model.ts). */
  from: number;
  to: number;
  shifts: ShiftRow[];
}

const ORDER_STORE = `coalesce((SELECT x.id FROM stores x WHERE x.id = o.store_id AND x.merchant_id = o.merchant_id),
  (SELECT min(f.id) FROM stores f WHERE f.merchant_id = o.merchant_id))`;

/** The successful payments of the scope: $1 merchant, $2 from, $3 to, $4 store. */
const PAID = `FROM sale_payments p JOIN sale_orders o ON o.id = p.order_id
  WHERE p.merchant_id = $1 AND p.status = 'SUCCESS' AND p.updated_at >= $2 AND p.updated_at <= $3 AND ${ORDER_STORE} = $4`;
/** The refunds given back in the scope (SUCCESS; a waiting or refused one has returned nothing). */
const REFUNDED = `FROM sale_refunds r JOIN sale_orders o ON o.id = r.order_id
  WHERE r.merchant_id = $1 AND r.status = 'SUCCESS' AND r.updated_at >= $2 AND r.updated_at <= $3 AND ${ORDER_STORE} = $4`;

const zero = (): Record<PayMethod, CountAmount> =>
  Object.fromEntries(PAY_METHODS.map((m) => [m, { count: 0, amount: 0 }])) as Record<PayMethod, CountAmount>;

async function byMethod(db: Database, from: string, params: unknown[], alias: 'p' | 'r'): Promise<Record<PayMethod, CountAmount>> {
  const rows = await db.query<{ method: PayMethod; n: number; total: number }>(
    `SELECT ${alias}.method, count(*)::int AS n, coalesce(sum(${alias}.amount), 0)::float8 AS total ${from} GROUP BY ${alias}.method`,
    params,
  );
  const out = zero();
  for (const r of rows) out[r.method] = { count: Number(r.n), amount: Number(r.total) };
  return out;
}

interface LineRow {
  group_id: number;
  paid_at: number;
  price: number;
  quantity: number;
  tax_class: TaxClass;
}

/**
 * VAT by rate of what was sold less what was given back: each order's and each refund's lines worked
 * out by the one rule of invoices (invoiceTax.ts, at the rates of the day the order was paid), refunds
 * taken off rate by rate.
 */
async function vatByRate(db: Database, params: unknown[], table: VatRateTable): Promise<ZReportFigures['vat']> {
  const sold = await db.query<LineRow & Record<string, unknown>>(
    `SELECT o.id AS group_id, p.updated_at::float8 AS paid_at, i.price::float8 AS price, i.amount AS quantity, i.tax_class
     FROM sale_order_items i JOIN sale_orders o ON o.id = i.order_id JOIN sale_payments p ON p.order_id = o.id
     WHERE p.merchant_id = $1 AND p.status = 'SUCCESS' AND p.updated_at >= $2 AND p.updated_at <= $3 AND ${ORDER_STORE} = $4
     ORDER BY o.id, i.id`,
    params,
  );
  const back = await db.query<LineRow & Record<string, unknown>>(
    `SELECT r.id AS group_id, coalesce(o.paid_at, r.created_at)::float8 AS paid_at, (l->>'price')::float8 AS price,
       (l->>'quantity')::int AS quantity, i.tax_class
     FROM sale_refunds r JOIN sale_orders o ON o.id = r.order_id CROSS JOIN LATERAL jsonb_array_elements(r.lines) l
     JOIN sale_order_items i ON i.id = (l->>'item_id')::int
     WHERE r.merchant_id = $1 AND r.status = 'SUCCESS' AND r.updated_at >= $2 AND r.updated_at <= $3 AND ${ORDER_STORE} = $4
     ORDER BY r.id`,
    params,
  );
  const totals = new Map<VatRateCode, { net: number; vat: number; gross: number }>();
  const add = (rows: LineRow[], sign: 1 | -1) => {
    const groups = new Map<number, { at: number; lines: InvoiceLineInput[] }>();
    for (const r of rows) {
      const g = groups.get(r.group_id) ?? { at: Number(r.paid_at), lines: [] };
      g.lines.push({ unitPrice: Number(r.price), quantity: Number(r.quantity), taxClass: r.tax_class });
      groups.set(r.group_id, g);
    }
    for (const g of groups.values()) {
      for (const b of invoiceTotals(g.lines, g.at, table).breakdown) {
        const t = totals.get(b.rateCode) ?? { net: 0, vat: 0, gross: 0 };
        totals.set(b.rateCode, { net: t.net + sign * b.net, vat: t.vat + sign * b.vat, gross: t.gross + sign * b.gross });
      }
    }
  };
  add(sold, 1);
  add(back, -1);
  return VAT_RATE_CODES.flatMap((rate) => {
    const t = totals.get(rate);
    return t ? [{ rate, ...t }] : [];
  });
}

async function countAmount(db: Database, sql: string, params: unknown[]): Promise<CountAmount> {
  const [r] = await db.query<{ n: number; total: number }>(sql, params);
  return { count: Number(r?.n ?? 0), amount: Number(r?.total ?? 0) };
}

function cashOf(shifts: ShiftRow[]): ZReportFigures['cash'] {
  const total = (pick: (s: ShiftRow) => number) => shifts.reduce((a, s) => a + Number(pick(s)), 0);
  const allCounted = shifts.length > 0 && shifts.every((s) => s.counted !== null);
  const counted = allCounted ? total((s) => s.counted ?? 0) : null;
  const expected = total((s) => s.expected);
  return {
    shifts: shifts.length,
    float: total((s) => s.float_amount),
    sales: total((s) => s.cash_sales),
    refunds: total((s) => s.cash_refunds),
    cashIn: total((s) => s.cash_in),
    cashOut: total((s) => s.cash_out),
    expected,
    counted,
    difference: counted === null ? null : counted - expected,
  };
}

export async function zReportFigures(db: Database, scope: Scope, table: VatRateTable): Promise<ZReportFigures> {
  const params = [scope.merchantId, scope.from, scope.to, scope.storeId];
  const lines = `(SELECT coalesce(sum(i.price * i.amount), 0) FROM sale_order_items i WHERE i.order_id = o.id)`;
  return {
    sales: await byMethod(db, PAID, params, 'p'),
    refunds: await byMethod(db, REFUNDED, params, 'r'),
    voids: await countAmount(
      db,
      `SELECT count(*)::int AS n, coalesce(sum(${lines}), 0)::float8 AS total FROM sale_orders o
       WHERE o.merchant_id = $1 AND o.status = 3 AND o.voided_at >= $2 AND o.voided_at <= $3 AND ${ORDER_STORE} = $4`,
      params,
    ),
    // The sale service has no discount call (D305): a discount is what a paid order's lines come to above its total.
    discounts: await countAmount(
      db,
      `SELECT count(*) FILTER (WHERE d > 0)::int AS n, coalesce(sum(d) FILTER (WHERE d > 0), 0)::float8 AS total
       FROM (SELECT ${lines} - o.total_price AS d ${PAID}) x`,
      params,
    ),
    vat: await vatByRate(db, params, table),
    invoiced: await countAmount(
      db,
      `SELECT count(*)::int AS n, coalesce(sum(p.amount), 0)::float8 AS total ${PAID} AND o.is_eiv_exported`,
      params,
    ),
    notInvoiced: await countAmount(
      db,
      `SELECT count(*)::int AS n, coalesce(sum(p.amount), 0)::float8 AS total ${PAID} AND NOT o.is_eiv_exported`,
      params,
    ),
    cash: cashOf(scope.shifts),
  };
}
