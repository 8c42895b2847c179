import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  foldInvoiceText,
  IDEMPOTENCY_KEY,
  INVOICE_AMOUNT_MAX,
  INVOICE_LINES_MAX,
  INVOICE_NOTE_MAX_LENGTH,
  INVOICE_SEARCH_MAX_LENGTH,
  invoiceSearchText,
} from '../../../src/rules/invoices/invoice';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { stableJson } from '../../platform/http/idempotency';
import { queryInt } from '../../platform/http/query';

/**
 * The sale service's invoice list, counter sales and cancellation (doc 2 §2 /sale-invoice, §3 Invoice
 * list row, §7 /invoice; CONTRACT13; docs/areas/invoices.md; D136). An invoice is a paid order's row of
 * the orders area's `sale_orders` (invoice_status 1 paid, 2 cancelled), read and written by SQL. Open to
 * owner and staff-type users; scoped to the caller's merchant (another merchant's invoice: 404).
 */

export const INVOICE_MAX_PAGE_SIZE = 100;
const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const METHODS = ['CASH', 'CARD', 'QR'] as const;

const bad = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });
const notFound = (id: unknown) => new ApiError(404, 'NOT_FOUND', 'No such invoice', { invoice_id: id });

interface InvoiceRow {
  invoice_id: number;
  order_code: string;
  at: number;
  payment_method: string | null;
  invoice_status: number;
  total_price: number;
}

const toWire = (r: InvoiceRow) => ({
  invoice_id: r.invoice_id,
  invoice_code: r.order_code,
  created_at: Math.floor(r.at / 1000),
  payment_method: r.payment_method,
  status: r.invoice_status,
  total_amount: r.total_price,
});

const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

interface SaleInput {
  lines: Array<{ product_id: number; amount: number }>;
  customer_id: number;
  payment_method: (typeof METHODS)[number];
  note: string | null;
}

/** The body of POST /invoice: products 1..100 lines of {product_id, amount 1..999} (one product twice adds up), customer 0 = walk-in. */
export function checkSale(body: unknown): SaleInput {
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const missing: string[] = [];
  if (!Array.isArray(b.products) || b.products.length === 0) missing.push('products');
  if (b.payment_method === undefined || b.payment_method === null || b.payment_method === '') missing.push('payment_method');
  if (missing.length) throw required(missing);
  const products = b.products as unknown[];
  if (products.length > INVOICE_LINES_MAX) throw bad('products', `at most ${INVOICE_LINES_MAX} lines`);
  const amounts = new Map<number, number>();
  for (const line of products) {
    const l = (typeof line === 'object' && line !== null ? line : {}) as Record<string, unknown>;
    const id = l.product_id;
    const amount = l.amount;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      throw bad('product_id', 'product_id is a product id');
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > INVOICE_AMOUNT_MAX)
      throw bad('amount', `amount is 1..${INVOICE_AMOUNT_MAX}`);
    const total = (amounts.get(id) ?? 0) + amount;
    if (total > INVOICE_AMOUNT_MAX) throw bad('amount', `amount is 1..${INVOICE_AMOUNT_MAX}`);
    amounts.set(id, total);
  }
  if (!(METHODS as readonly unknown[]).includes(b.payment_method)) throw bad('payment_method', 'payment_method is CASH, CARD or QR');
  const customer = b.customer_id ?? 0;
  if (typeof customer !== 'number' || !Number.isInteger(customer) || customer < 0 || customer > 2_147_483_647)
    throw bad('customer_id', 'customer_id is 0 (walk-in) or a customer id');
  let note: string | null = null;
  if (b.note !== undefined && b.note !== null) {
    if (typeof b.note !== 'string') throw bad('note', 'note is text');
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(b.note)) throw bad('note', 'note has control characters');
    if ([...b.note].length > INVOICE_NOTE_MAX_LENGTH) throw bad('note', `note is at most ${INVOICE_NOTE_MAX_LENGTH} characters`);
    note = b.note.trim() || null;
  }
  return {
    lines: [...amounts].map(([product_id, amount]) => ({ product_id, amount })),
    customer_id: customer,
    payment_method: b.payment_method as SaleInput['payment_method'],
    note,
  };
}

/** Records the sale: a completed, paid order without a table, its lines at the catalogue price; the customer's points and spending grow. */
async function recordSale(db: Database, merchantId: string, input: SaleInput, now: number) {
  const ids = input.lines.map((l) => l.product_id);
  const products = await db.query<{ id: number; code: string; name: string; price: number; image_id: number | null; status: number }>(
    `SELECT id, code, name, price::float8 AS price, image_id, status FROM products WHERE merchant_id = $1 AND id = ANY($2::int[])`,
    [merchantId, ids],
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  for (const id of ids) {
    const p = byId.get(id);
    // Another merchant's product, a missing one and one not on sale are all "not available".
    if (!p || p.status !== 0) throw new ApiError(409, 'PRODUCT_NOT_AVAILABLE', 'The product is not on sale', { product_id: id });
  }
  let customerName = 'Khách lẻ';
  let customerPhone = '';
  if (input.customer_id !== 0) {
    const [c] = await db.query<{ name: string; phone_number: string }>(
      `SELECT name, phone_number FROM customers WHERE id = $1 AND merchant_id = $2`,
      [input.customer_id, merchantId],
    );
    if (!c) throw new ApiError(404, 'NOT_FOUND', 'No such customer', { field: 'customer_id' });
    customerName = c.name;
    customerPhone = c.phone_number;
  }
  const total = input.lines.reduce((sum, l) => sum + byId.get(l.product_id)!.price * l.amount, 0);
  const [settings] = await db.query<{ point_percent: number }>(
    `SELECT point_percent::float8 AS point_percent FROM sale_settings WHERE merchant_id = $1`,
    [merchantId],
  );
  const point = input.customer_id === 0 ? 0 : Math.floor((total * (settings?.point_percent ?? 0)) / 100);
  const [{ invoice_id }] = (await db.query<{ invoice_id: number }>(`SELECT nextval('sale_invoice_ids')::int AS invoice_id`)) as [
    { invoice_id: number },
  ];
  // HD + the invoice number: unique per merchant because invoice ids are unique everywhere.
  const code = `HD${invoice_id}`;
  const [order] = await db.query<{ id: number }>(
    `INSERT INTO sale_orders (merchant_id, order_code, invoice_id, table_id, table_name, customer_id, status, payment_status, invoice_status,
       payment_method, receive_amount, return_amount, total_price, point, source, note, folded, paid_at, created_at, updated_at)
     VALUES ($1, $2, $3, NULL, NULL, $4, 0, 1, 1, $5, $6, 0, $6, $7, 'IN_STORE', $8, $9, $10, $10, $10) RETURNING id`,
    [
      merchantId,
      code,
      invoice_id,
      input.customer_id,
      input.payment_method,
      total,
      point,
      input.note,
      foldInvoiceText(`${code} ${customerName} ${customerPhone}`),
      now,
    ],
  );
  for (const l of input.lines) {
    const p = byId.get(l.product_id)!;
    await db.query(
      `INSERT INTO sale_order_items (order_id, product_id, code, name, img, price, amount, added_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        order!.id,
        p.id,
        p.code,
        p.name,
        p.image_id === null ? null : `/api/sale/inventory/product/image/${p.image_id}`,
        p.price,
        l.amount,
        now,
      ],
    );
  }
  if (input.customer_id !== 0) {
    await db.query(
      `UPDATE customers SET total_spending = total_spending + $3, total_orders = total_orders + 1, point = point + $4, updated_at = $5
       WHERE id = $1 AND merchant_id = $2`,
      [input.customer_id, merchantId, total, point, now],
    );
  }
  return { invoice_id, invoice_code: code };
}

/** The invoice list and cancelling an invoice. */
function registerInvoiceListRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = async (request: FastifyRequest) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;

  /** GET /invoice?page=&page_size=&q= : paid and cancelled invoices, newest first; q matches the invoice number (case and accents ignored). */
  app.get('/invoice', async (request) => {
    const user = await caller(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, INVOICE_MAX_PAGE_SIZE);
    const rawQ = query.q ?? '';
    if (typeof rawQ !== 'string') throw bad('q', 'q is text');
    if (rawQ.length > INVOICE_SEARCH_MAX_LENGTH * 4) throw bad('q', `q is at most ${INVOICE_SEARCH_MAX_LENGTH} characters`);
    const q = foldInvoiceText(invoiceSearchText(rawQ));
    const params: unknown[] = [user.merchant_id];
    let where = 'merchant_id = $1 AND invoice_status IS NOT NULL';
    if (q) {
      params.push(`%${likeLiteral(q)}%`);
      where += ` AND lower(order_code) LIKE $${params.length}`;
    }
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sale_orders WHERE ${where}`, params);
    const rows = await ctx.db.query<InvoiceRow & Record<string, unknown>>(
      `SELECT invoice_id, order_code, COALESCE(paid_at, updated_at) AS at, payment_method, invoice_status, total_price::float8 AS total_price
       FROM sale_orders WHERE ${where} ORDER BY COALESCE(paid_at, updated_at) DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    const total = count?.n ?? 0;
    return { data: rows.map(toWire), total_page: Math.ceil(total / pageSize), page, page_size: pageSize, total_count: total };
  });

  /**
   * DELETE /invoice/{invoice_id}: cancels (kept in the list as cancelled, status 2); again is harmless.
   * The first cancel takes back what the sale gave the customer (points, spending, one order).
   */
  app.delete<{ Params: { id: string } }>('/invoice/:id', async (request) => {
    const user = await caller(request);
    const raw = request.params.id;
    if (!/^\d{1,9}$/.test(raw)) throw notFound(raw);
    const id = Number(raw);
    const [row] = await ctx.db.query<{ id: number; invoice_status: number; customer_id: number; total_price: number; point: number }>(
      `SELECT id, invoice_status, customer_id, total_price::float8 AS total_price, point::float8 AS point FROM sale_orders
       WHERE invoice_id = $1 AND merchant_id = $2 AND invoice_status IS NOT NULL`,
      [id, user.merchant_id],
    );
    if (!row) throw notFound(id);
    if (row.invoice_status !== 2) {
      const changed = await ctx.db.query(`UPDATE sale_orders SET invoice_status = 2 WHERE id = $1 AND invoice_status = 1 RETURNING id`, [
        row.id,
      ]);
      if (changed.length > 0 && row.customer_id !== 0) {
        await ctx.db.query(
          `UPDATE customers SET total_spending = GREATEST(0, total_spending - $3), total_orders = GREATEST(0, total_orders - 1),
             point = GREATEST(0, point - $4), updated_at = $5 WHERE id = $1 AND merchant_id = $2`,
          [row.customer_id, user.merchant_id, row.total_price, row.point, ctx.clock.now()],
        );
      }
    }
    return ok({ invoice_id: id, status: 2 as const });
  });
}

/** Recording a sale, once per Idempotency-Key. */
function registerInvoiceCreateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = async (request: FastifyRequest) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;
  /** One request per (merchant, key) at a time: concurrent repeats wait and get the first answer. */
  const inFlight = new Map<string, Promise<unknown>>();

  /**
   * POST /invoice + Idempotency-Key: a sale recorded at the counter. The first answer for a key (an
   * error too) is stored 24 h and returned to every repeat; the same key with another body: 422.
   */
  app.post('/invoice', async (request, reply) => {
    const user = await caller(request);
    const rawKey = request.headers['idempotency-key'];
    if (rawKey === undefined || rawKey === '') throw required(['Idempotency-Key']);
    if (typeof rawKey !== 'string' || !IDEMPOTENCY_KEY.test(rawKey))
      throw bad('Idempotency-Key', 'Idempotency-Key is 1..255 visible characters');
    const hash = createHash('sha256')
      // Same body, same hash: keys sorted at every level, so {a, b} and {b, a} are one request; the
      // platform's iterative writer, so a deep body costs no stack (D219).
      .update(stableJson(request.body ?? null))
      .digest('hex');
    const slot = `${user.merchant_id}\u0000${rawKey}`;
    const before = inFlight.get(slot) ?? Promise.resolve();
    const mine = before.then(() => answerOnce(user.merchant_id, rawKey, hash, request.body));
    const settled = mine.catch(() => undefined);
    inFlight.set(slot, settled);
    void settled.then(() => {
      if (inFlight.get(slot) === settled) inFlight.delete(slot);
    });
    const answer = await mine;
    return send(reply, answer.status, answer.body);
  });

  const send = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).send(body);

  async function answerOnce(merchantId: string, key: string, hash: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const now = ctx.clock.now();
    await ctx.db.query(`DELETE FROM sale_invoice_requests WHERE merchant_id = $1 AND idem_key = $2 AND created_at < $3`, [
      merchantId,
      key,
      now - IDEMPOTENCY_TTL_MS,
    ]);
    const [stored] = await ctx.db.query<{ body_hash: string; status: number; answer: unknown }>(
      `SELECT body_hash, status, answer FROM sale_invoice_requests WHERE merchant_id = $1 AND idem_key = $2`,
      [merchantId, key],
    );
    if (stored) {
      if (stored.body_hash !== hash)
        return {
          status: 422,
          body: { error_code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was used with another request', data: {} },
        };
      return { status: stored.status, body: typeof stored.answer === 'string' ? JSON.parse(stored.answer) : stored.answer };
    }
    let status: number;
    let answer: unknown;
    try {
      const made = await recordSale(ctx.db, merchantId, checkSale(body), now);
      status = 201;
      answer = { code: 201, message: 'Created', data: made };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      answer = { error_code: error.code, message: error.message, data: error.data };
    }
    await ctx.db.query(
      `INSERT INTO sale_invoice_requests (merchant_id, idem_key, body_hash, status, answer, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [merchantId, key, hash, status, JSON.stringify(answer), now],
    );
    return { status, body: answer };
  }
}

export function registerInvoiceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerInvoiceListRoutes(app, ctx);
  registerInvoiceCreateRoutes(app, ctx);
}
