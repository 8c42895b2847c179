import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { idempotencyKeyOf, sendOnce, type Answer } from '../../platform/http/idempotency';
import { queryInt } from '../../platform/http/query';
import { linesSent } from '../../platform/sale/order-sends';
import { assertNoPendingPayment, refuseVoided } from '../../platform/sale/settlement';
import { DAY_MS, vnDayStart } from '../../platform/vn-time';
import {
  findOrder,
  findTable,
  fold,
  idOf,
  NEW_ORDER_CODE,
  ORDER_COMPLETED,
  ORDER_HANDLING,
  ORDER_SELECT,
  ORDER_SOURCES,
  orderCompleted,
  orderDetail,
  orderNotFound,
  orderOut,
  refold,
  type OrderRecord,
  addLines,
} from './model';
import { registerVoidRoute } from './void';
import { bodyOf } from '../../platform/http/body';
import { visibleText } from '../../../src/rules/text';
import { LINE_NOTE_MAX } from '../../../src/services/orders/schemas';

/**
 * The sale service's orders (doc 2 §7 /order, /invoice/{id}; docs/areas/orders.md "Service calls"):
 * the paged list with its filters and search, opening a bill (one per table), the order with its
 * lines, confirm (2 selecting → 1 handling), add dishes at the catalogue's price, the customer. A
 * completed (paid) order refuses every change; while a payment is pending on an order (a card on a
 * terminal, a VietQR made for it, an open link made for it) its dishes are locked: 409
 * ORDER_PAYMENT_PENDING naming the payment (D214). Scoped to the caller's merchant (another merchant's
 * order answers 404 as a missing one); open to the owner and staff-type users alike (a cashier is
 * staff, D115).
 */

export const ORDER_MAX_PAGE_SIZE = 10_000;
export const ORDER_SEARCH_MAX = 100;
/** Lines per add-dishes call, and dishes per line in one call (doc 2 has no limit; a bill is not a warehouse). */
export const ADD_MAX_LINES = 100;
export const ADD_MAX_AMOUNT = 999;
/** A line's amount after adding, and an order's total (13 digits, the cash field's limit). */
export const LINE_MAX_AMOUNT = 99_999;
export const ORDER_MAX_TOTAL = 9_999_999_999_999;

const badRequest = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });

/** A body id: REQUIRED when absent or not a positive whole number. */
function bodyId(body: Record<string, unknown>, name: string): number {
  const id = typeof body[name] === 'number' ? idOf(body[name]) : null;
  if (id === null) throw required([name]);
  return id;
}

function optionalText(query: Record<string, unknown>, name: string, max: number): string | null {
  const v = query[name];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || v.length > max) throw badRequest(name, `${name} is text of at most ${max} characters`);
  return v;
}

function optionalChoice(query: Record<string, unknown>, name: string, choices: readonly string[]): string | null {
  const v = query[name];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || !choices.includes(v)) throw badRequest(name, `${name} must be one of ${choices.join(', ')}`);
  return v;
}

function optionalSeconds(query: Record<string, unknown>, name: string): number | null {
  const v = query[name];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || !/^\d{1,11}$/.test(v)) throw badRequest(name, `${name} is a time in unix seconds`);
  return Number(v);
}

/**
 * Every word of the folded query in the folded order code and table, or in the customer's own search
 * text (customers area: name, phone, code; read live, so a renamed customer is found by the new name).
 * LIKE's wildcards are taken literally.
 */
function searchClause(q: string, params: unknown[]): string {
  return fold(q)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10)
    .map((word) => {
      params.push(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      return ` AND (o.folded || ' ' || COALESCE(c.search_text, '')) LIKE $${params.length}`;
    })
    .join('');
}

/** The order for a change: 404 when not the merchant's, 409 ORDER_COMPLETED once paid, 409 ORDER_VOIDED once voided (D301). */
async function openOrder(ctx: SandboxContext, merchantId: string, orderId: number): Promise<OrderRecord> {
  const order = await findOrder(ctx.db, merchantId, { id: orderId });
  if (!order) throw orderNotFound();
  if (order.status === ORDER_COMPLETED) throw orderCompleted();
  refuseVoided(order);
  return order;
}

/** 2 → 1 on the first confirm; a handling order answers as it is. */
async function confirm(ctx: SandboxContext, merchantId: string, orderId: number) {
  await openOrder(ctx, merchantId, orderId);
  await ctx.db.query(`UPDATE sale_orders SET status = $3, updated_at = $4 WHERE id = $1 AND merchant_id = $2 AND status = 2`, [
    orderId,
    merchantId,
    ORDER_HANDLING,
    ctx.clock.now(),
  ]);
  const order = await findOrder(ctx.db, merchantId, { id: orderId });
  // Paid or voided between the two statements: the same answer as if it had happened before.
  if (!order || order.status === ORDER_COMPLETED) throw orderCompleted();
  refuseVoided(order);
  return ok(orderOut(order));
}

/** The order list, one order, and an order's invoice. */
function registerOrderReadRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  // Newest change first. q: order code, table, customer name or phone, ignoring case and accents.
  app.get('/order', async (request) => {
    const { user } = await caller(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, ORDER_MAX_PAGE_SIZE);
    const q = optionalText(query, 'q', ORDER_SEARCH_MAX);
    const status = optionalChoice(query, 'order_status', ['0', '1', '2', '3']);
    const exported = optionalChoice(query, 'is_eiv_exported', ['0', '1']);
    const source = optionalChoice(query, 'source', ORDER_SOURCES);
    const from = optionalSeconds(query, 'from');
    const to = optionalSeconds(query, 'to');
    if (from !== null && to !== null && from > to) throw badRequest('from', 'from is after to');

    const params: unknown[] = [user.merchant_id];
    let where = 'o.merchant_id = $1';
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where += ` AND ${sql.replace('?', `$${params.length}`)}`;
    };
    if (status !== null) add('o.status = ?', Number(status));
    if (exported !== null) add('o.is_eiv_exported = ?', exported === '1');
    if (source !== null) add('o.source = ?', source);
    // from/to bound the order's creation, in whole seconds, both ends included.
    if (from !== null) add('o.created_at >= ?', from * 1000);
    if (to !== null) add('o.created_at < ?', (to + 1) * 1000);
    if (q !== null) where += searchClause(q, params);

    const [count] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sale_orders o LEFT JOIN customers c ON c.id = o.customer_id AND c.merchant_id = o.merchant_id
        WHERE ${where}`,
      params,
    );
    const rows = await ctx.db.query<OrderRecord & Record<string, unknown>>(
      `${ORDER_SELECT} WHERE ${where} ORDER BY o.updated_at DESC, o.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    const total = count?.n ?? 0;
    // D288: today's (Vietnam day) paid orders that have no e-invoice yet, whatever the filter.
    const dayStart = vnDayStart(ctx.clock.now());
    const [today] = await ctx.db.query<{ paid: number; not_invoiced: number }>(
      `SELECT count(*)::int AS paid, count(*) FILTER (WHERE eiv_code IS NULL)::int AS not_invoiced FROM sale_orders
        WHERE merchant_id = $1 AND status = 0 AND paid_at >= $2 AND paid_at < $3`,
      [user.merchant_id, dayStart, dayStart + DAY_MS],
    );
    return {
      data: rows.map(orderOut),
      total_page: Math.ceil(total / pageSize),
      page,
      page_size: pageSize,
      total_count: total,
      today: { paid: today?.paid ?? 0, not_invoiced: today?.not_invoiced ?? 0 },
    };
  });

  app.get('/order/:id', async (request) => {
    const { user } = await caller(request);
    const id = idOf((request.params as { id?: string }).id);
    if (id === null) throw badRequest('order_id', 'order_id is a whole number');
    return ok(await orderDetail(ctx.db, user.merchant_id, { id }));
  });

  // The order's invoice: by order id with is_orderid=true, else by invoice id.
  app.get('/invoice/:id', async (request) => {
    const { user } = await caller(request);
    const id = idOf((request.params as { id?: string }).id);
    if (id === null) throw badRequest('invoice_id', 'The id is a whole number');
    const byOrder = (request.query as Record<string, unknown> | undefined)?.is_orderid === 'true';
    return ok(await orderDetail(ctx.db, user.merchant_id, byOrder ? { id } : { invoiceId: id }));
  });
}

/**
 * The store a bill opened by user $6 belongs to (D297): a staff member's store, else (the owner) the
 * merchant's first store; its VietQR pays into that store's ShopQR.
 */
const OPENER_STORE = `coalesce((SELECT st.store_id FROM users u JOIN staff st ON st.id = u.staff_row_id WHERE u.id = $6::int),
  (SELECT id FROM stores WHERE merchant_id = $1::text ORDER BY id LIMIT 1))`;

/** Opens a bill: on a table, one open bill at most (a second tab gets the first one's id, 200 `existing`). */
async function openBill(ctx: SandboxContext, request: FastifyRequest, user: { id: number; merchant_id: string }): Promise<Answer> {
  const body = bodyOf(request);
  const raw = body.table_id;
  let table: { id: number; table_name: string } | null = null;
  if (raw !== undefined && raw !== null && raw !== 0) {
    const tableId = typeof raw === 'number' ? idOf(raw) : null;
    if (tableId === null) throw badRequest('table_id', 'table_id is a table id or null');
    table = (await findTable(ctx.db, user.merchant_id, tableId)) ?? null;
    if (!table) throw new ApiError(404, 'NOT_FOUND', 'No such table');
  }
  const now = ctx.clock.now();
  // Two tries: the open bill found by a losing insert may be paid before it is read.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [created] = await ctx.db.query<{ id: number }>(
      `WITH n AS (SELECT nextval(pg_get_serial_sequence('sale_orders', 'id')) AS id)
       INSERT INTO sale_orders (id, merchant_id, order_code, table_id, table_name, status, source, folded, created_at, updated_at, store_id)
       SELECT n.id, $1::text, ${NEW_ORDER_CODE('n.id', '$1::text')}, $2::int, $3::text, 2, 'IN_STORE',
              lower(${NEW_ORDER_CODE('n.id', '$1::text')}) || ' ' || $4::text, $5, $5, ${OPENER_STORE} FROM n
       ON CONFLICT (merchant_id, table_id) WHERE table_id IS NOT NULL AND status IN (1, 2) DO NOTHING
       RETURNING id`,
      [user.merchant_id, table?.id ?? null, table?.table_name ?? null, table ? fold(table.table_name) : '', now, user.id],
    );
    if (created) return { status: 201, body: { code: 201, message: 'Created', data: { order_id: created.id } } };
    const [open] = await ctx.db.query<{ id: number }>(
      `SELECT id FROM sale_orders WHERE merchant_id = $1 AND table_id = $2 AND status IN (1, 2) ORDER BY id DESC LIMIT 1`,
      [user.merchant_id, table!.id],
    );
    if (open) {
      return {
        status: 200,
        body: { code: 200, message: 'The table already has an open bill', data: { order_id: open.id, existing: true } },
      };
    }
  }
  throw new ApiError(409, 'CONFLICT', 'The table changed meanwhile; try again');
}

/** Opening a bill, confirming it, and attaching its customer. */
function registerOrderStateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  // An Idempotency-Key (optional for old callers; the till's offline queue sends one, D337): a replayed
  // create answers the first one's order, never a second order (D122).
  app.post('/order', async (request, reply) => {
    const { user } = await caller(request);
    return sendOnce(ctx, request, reply, user.merchant_id, { required: false }, () => openBill(ctx, request, user));
  });

  app.put('/order/confirm', async (request) => {
    const { user } = await caller(request);
    return confirm(ctx, user.merchant_id, bodyId(bodyOf(request), 'order_id'));
  });

  // doc 2 §7 PUT /order/{id}/{status}: only "handling" can be asked for (completion is payment's alone).
  app.put('/order/:id/:status', async (request) => {
    const { user } = await caller(request);
    const params = request.params as { id?: string; status?: string };
    const id = idOf(params.id);
    if (id === null) throw badRequest('order_id', 'order_id is a whole number');
    if (params.status !== '1') throw badRequest('status', 'Only status 1 (handling) can be set; payment completes an order');
    return confirm(ctx, user.merchant_id, id);
  });

  // Attaches a customer (0 = walk-in) to an unpaid order.
  app.put('/order/customer', async (request) => {
    const { user } = await caller(request);
    const body = bodyOf(request);
    const orderId = bodyId(body, 'order_id');
    const raw = body.customer_id;
    const customerId = raw === 0 ? 0 : typeof raw === 'number' ? idOf(raw) : null;
    if (customerId === null) throw required(['customer_id']);
    await openOrder(ctx, user.merchant_id, orderId);
    if (customerId !== 0) {
      const [mine] = await ctx.db.query(`SELECT 1 FROM customers WHERE id = $1 AND merchant_id = $2`, [customerId, user.merchant_id]);
      if (!mine) throw new ApiError(404, 'NOT_FOUND', 'No such customer');
    }
    const [changed] = await ctx.db.query(
      `UPDATE sale_orders SET customer_id = $3, updated_at = $4 WHERE id = $1 AND merchant_id = $2 AND status IN (1, 2) RETURNING id`,
      [orderId, user.merchant_id, customerId, ctx.clock.now()],
    );
    if (!changed) {
      await openOrder(ctx, user.merchant_id, orderId);
      throw orderCompleted();
    }
    await refold(ctx.db, orderId);
    return ok(orderOut((await findOrder(ctx.db, user.merchant_id, { id: orderId }))!));
  });
}

/**
 * PUT /order/product's lines: each product's amount (the same product twice adds up) and its note for
 * the kitchen (D333: optional text, trimmed, at most LINE_NOTE_MAX characters, empty = none; the last
 * one given for a product counts).
 */
function wantedLines(lines: unknown): { wanted: Map<number, number>; notes: Map<number, string> } {
  if (!Array.isArray(lines) || lines.length === 0) throw required(['products']);
  if (lines.length > ADD_MAX_LINES) throw badRequest('products', `At most ${ADD_MAX_LINES} lines at once`);
  const wanted = new Map<number, number>();
  const notes = new Map<number, string>();
  for (const line of lines) {
    const l = typeof line === 'object' && line !== null ? (line as Record<string, unknown>) : {};
    const productId = typeof l.product_id === 'number' ? idOf(l.product_id) : null;
    if (productId === null) throw required(['product_id']);
    const amount = l.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > ADD_MAX_AMOUNT) {
      throw badRequest('amount', `amount is a whole number from 1 to ${ADD_MAX_AMOUNT}`);
    }
    wanted.set(productId, (wanted.get(productId) ?? 0) + amount);
    if (l.note === undefined || l.note === null) continue;
    const note = typeof l.note === 'string' ? visibleText(l.note) : null;
    if (note === null || note.length > LINE_NOTE_MAX) throw badRequest('note', `note is text of at most ${LINE_NOTE_MAX} characters`);
    if (note) notes.set(productId, note);
  }
  return { wanted, notes };
}

/** Adding dishes to an open order. */
function registerOrderLineRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  // Adds dishes: each amount is added to the order's line for that product, at the line's price (the
  // catalogue's when the line is new); a client's price is never read. Only available products (status 0).
  // A line's note (D333) goes to the order line and to this send's kitchen ticket.
  app.put('/order/product', async (request, reply) => {
    const { user } = await caller(request);
    return sendOnce(ctx, request, reply, user.merchant_id, { required: false }, async () => {
      const body = bodyOf(request);
      const orderId = bodyId(body, 'order_id');
      const { wanted, notes } = wantedLines(body.products);
      const order = await openOrder(ctx, user.merchant_id, orderId);
      // The amount being charged must not move under a pending payment (D214).
      await assertNoPendingPayment(ctx.db, order.id, ctx.clock.now());
      const ids = [...wanted.keys()];
      const available = await ctx.db.query<{ id: number }>(
        `SELECT id FROM products WHERE merchant_id = $1 AND id = ANY($2::int[]) AND status = 0`,
        [user.merchant_id, ids],
      );
      const missing = ids.find((id) => !available.some((p) => p.id === id));
      if (missing !== undefined) {
        throw new ApiError(409, 'PRODUCT_NOT_AVAILABLE', 'A product is not on sale', { product_id: missing });
      }
      const amounts = ids.map((id) => wanted.get(id)!);
      const [check] = await ctx.db.query<{ too_many: boolean; total: number }>(
        `SELECT bool_or(COALESCE(i.amount, 0) + r.amount > ${LINE_MAX_AMOUNT}) AS too_many,
                $3::bigint + sum(COALESCE(i.price, p.price) * r.amount) AS total
           FROM unnest($1::int[], $2::int[]) AS r(product_id, amount)
           JOIN products p ON p.id = r.product_id
           LEFT JOIN sale_order_items i ON i.order_id = $4 AND i.product_id = r.product_id`,
        [ids, amounts, order.total_price, order.id],
      );
      if (check?.too_many) throw badRequest('amount', `A line holds at most ${LINE_MAX_AMOUNT}`);
      if (Number(check?.total) > ORDER_MAX_TOTAL) throw badRequest('amount', 'The order total would pass 13 digits');

      const lineNotes = ids.map((id) => notes.get(id) ?? null);
      const changed = await addLines(ctx.db, user.merchant_id, order.id, ids, amounts, ctx.clock.now(), lineNotes);
      if (!changed) {
        // Paid, voided, or a payment made pending, between the checks and the statement: nothing was added.
        await openOrder(ctx, user.merchant_id, orderId);
        await assertNoPendingPayment(ctx.db, order.id, ctx.clock.now());
        throw orderCompleted();
      }
      // The kitchen's ticket for this send (D326): once per key, since this runs once per key.
      const key = idempotencyKeyOf(request, { required: false }) ?? `server-${randomUUID()}`;
      const sent = ids.map((productId, i) => ({ productId, amount: amounts[i]!, note: lineNotes[i]! }));
      await linesSent(ctx, { merchantId: user.merchant_id, orderId: order.id, key, lines: sent });
      return { status: 201, body: { code: 201, message: 'Created', data: await orderDetail(ctx.db, user.merchant_id, { id: order.id }) } };
    });
  });
}

export function registerOrderRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerOrderReadRoutes(app, ctx);
  registerVoidRoute(app, ctx);
  registerOrderStateRoutes(app, ctx);
  registerOrderLineRoutes(app, ctx);
}
