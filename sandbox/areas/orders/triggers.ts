import { ApiError } from '../../platform/http/envelope';
import { MERCHANT_PARAM, merchantOf } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';
import { assertNoPendingPayment } from '../../platform/sale/settlement';
import { addLines, fold, hasTablesArea, NEW_ORDER_CODE, orderDetail } from './model';

/**
 * Triggers of the orders area: a guest orders from a table's QR (the ordering website). It opens the
 * table's bill or adds to the open one, stores a notification (0 new order, 2 add dishes; the
 * notifications area's table) and emits it on the sale socket. A bill with a payment pending (a card
 * on a terminal, its VietQR shown or printed, an open link) takes no dishes: the guest's order is
 * refused with 409 ORDER_PAYMENT_PENDING and nothing is stored nor emitted, so the amount being
 * charged never moves; the ordering website tells the guest to ask the staff (D214).
 */

const NEW_ORDER = 0;
const ADD_DISHES = 2;

/** "PC001:2,PC014" → [[code, amount]]; an amount defaults to 1 and is 1..999. */
export function parseProducts(raw: string): [string, number][] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [code = '', amount = '1'] = part.split(':').map((s) => s.trim());
      const n = Number(amount);
      if (!/^[A-Za-z0-9]{1,30}$/.test(code) || !Number.isInteger(n) || n < 1 || n > 999) {
        throw new ApiError(400, 'BAD_REQUEST', `"${part}" is not code:amount (amount 1..999)`, { field: 'products' });
      }
      return [code, n];
    });
}

const tableOrder: TriggerDefinition = {
  name: 'table-order',
  summary:
    "A guest orders from a table's QR: opens or extends the table's bill, stores and emits a notification (0 new order, 2 add dishes).",
  params: [
    { name: 'table', description: 'table name, e.g. "Bàn 3"', required: true },
    { name: 'products', description: 'code:amount,... (default: two of the first dish on sale and one of the second)' },
    MERCHANT_PARAM,
  ],
  async run(ctx, params) {
    const merchantId = await merchantOf(ctx, params);
    const tableName = (params.table ?? '').trim();
    if (!tableName || tableName.length > 100) throw new ApiError(400, 'BAD_REQUEST', 'table is a table name', { field: 'table' });
    let table: { id: number | null; table_name: string } = { id: null, table_name: tableName };
    if (await hasTablesArea(ctx.db)) {
      const [row] = await ctx.db.query<{ id: number; table_name: string }>(
        `SELECT id, table_name FROM fnb_tables WHERE merchant_id = $1 AND (folded_name = $2 OR lower(table_name) = lower($3))
          ORDER BY id LIMIT 1`,
        [merchantId, fold(tableName), tableName],
      );
      if (!row) throw new ApiError(404, 'NOT_FOUND', `No table "${tableName}"`, { field: 'table' });
      table = row;
    }

    const wanted = params.products ? parseProducts(params.products) : null;
    const products = await ctx.db.query<{ id: number; code: string }>(
      wanted
        ? `SELECT id, code FROM products WHERE merchant_id = $1 AND lower(code) = ANY($2::text[]) AND status = 0`
        : `SELECT id, code FROM products WHERE merchant_id = $1 AND status = 0 ORDER BY id LIMIT 2`,
      wanted ? [merchantId, wanted.map(([code]) => code.toLowerCase())] : [merchantId],
    );
    const lines = wanted
      ? wanted.map(([code, amount]) => {
          const product = products.find((p) => p.code.toLowerCase() === code.toLowerCase());
          if (!product) throw new ApiError(409, 'PRODUCT_NOT_AVAILABLE', `No product "${code}" on sale`, { field: 'products' });
          return [product.id, amount] as const;
        })
      : products.map((p, i) => [p.id, i === 0 ? 2 : 1] as const);
    if (lines.length === 0) throw new ApiError(409, 'PRODUCT_NOT_AVAILABLE', 'The merchant has no product on sale', { field: 'products' });

    const now = ctx.clock.now();
    const open = async () =>
      (
        await ctx.db.query<{ id: number; order_code: string }>(
          table.id !== null
            ? `SELECT id, order_code FROM sale_orders WHERE merchant_id = $1 AND table_id = $2 AND status IN (1, 2) ORDER BY id DESC LIMIT 1`
            : `SELECT id, order_code FROM sale_orders WHERE merchant_id = $1 AND table_id IS NULL AND table_name = $2 AND status IN (1, 2)
               ORDER BY id DESC LIMIT 1`,
          [merchantId, table.id ?? table.table_name],
        )
      )[0];
    let order = await open();
    if (order) await assertNoPendingPayment(ctx.db, order.id, now);
    const type = order ? ADD_DISHES : NEW_ORDER;
    if (!order) {
      [order] = await ctx.db.query<{ id: number; order_code: string }>(
        `WITH n AS (SELECT nextval(pg_get_serial_sequence('sale_orders', 'id')) AS id)
         INSERT INTO sale_orders (id, merchant_id, order_code, table_id, table_name, status, source, folded, created_at, updated_at)
         SELECT n.id, $1::text, ${NEW_ORDER_CODE('n.id', '$1::text')}, $2::int, $3::text, 2, 'WEBSITE',
                lower(${NEW_ORDER_CODE('n.id', '$1::text')}) || ' ' || $4::text, $5, $5 FROM n
         ON CONFLICT (merchant_id, table_id) WHERE table_id IS NOT NULL AND status IN (1, 2) DO NOTHING
         RETURNING id, order_code`,
        [merchantId, table.id, table.table_name, fold(table.table_name), now],
      );
      order ??= await open();
    }
    if (
      !order ||
      !(await addLines(
        ctx.db,
        merchantId,
        order.id,
        lines.map(([id]) => id),
        lines.map(([, n]) => n),
        now,
      ))
    ) {
      if (order) await assertNoPendingPayment(ctx.db, order.id, now);
      throw new ApiError(409, 'CONFLICT', 'The bill changed meanwhile; try again');
    }
    const [note] = await ctx.db.query<{ id: number }>(
      `INSERT INTO notifications (merchant_id, notification_type, order_id, order_code, table_name, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 0, $6) RETURNING id`,
      [merchantId, type, order.id, order.order_code, table.table_name, now],
    );
    const payload = {
      id: note!.id,
      notification_type: type,
      order_id: order.id,
      order_code: order.order_code,
      table_name: table.table_name,
      created_at: Math.floor(now / 1000),
    };
    ctx.realtime.emitToMerchant('sale', merchantId, 'notification', payload);
    return {
      merchant_id: merchantId,
      namespace: 'sale',
      event: 'notification',
      payload,
      order: await orderDetail(ctx.db, merchantId, { id: order.id }),
    };
  },
};

/** At most an hour: a longer outage is a test that forgot to lift it. */
const OUTAGE_MAX_SECONDS = 3600;

/**
 * The sale service drops for one merchant (D337): its calls get no answer (the socket is destroyed)
 * for `seconds` of wall time, or until `lift`. Wall time, not the sandbox clock: a test that moves
 * the clock must not end or stretch an outage by it.
 */
const saleOutage: TriggerDefinition = {
  name: 'sale-outage',
  summary: "Drops the merchant's sale service (no answer at all) for N seconds or until lifted (lift=true).",
  params: [
    { name: 'seconds', description: `1..${OUTAGE_MAX_SECONDS}; left out: until lifted` },
    { name: 'lift', description: 'true: the service answers again now' },
    MERCHANT_PARAM,
  ],
  async run(ctx, params) {
    const merchantId = await merchantOf(ctx, params);
    if (params.lift === 'true') {
      ctx.faults.set({ saleOutage: { merchantId, down: false } });
      return { merchant_id: merchantId, down: false, until: null };
    }
    let until: number | null = null;
    if (params.seconds !== undefined && params.seconds !== '') {
      const seconds = Number(params.seconds);
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > OUTAGE_MAX_SECONDS) {
        throw new ApiError(400, 'BAD_REQUEST', `seconds must be a whole number from 1 to ${OUTAGE_MAX_SECONDS}`, { field: 'seconds' });
      }
      until = Date.now() + seconds * 1000;
    }
    ctx.faults.set({ saleOutage: { merchantId, down: true, until } });
    return { merchant_id: merchantId, down: true, until: until === null ? null : new Date(until).toISOString() };
  },
};
export const orderTriggers: TriggerDefinition[] = [tableOrder, saleOutage];
