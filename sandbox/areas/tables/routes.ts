import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  compareTables,
  foldTableName,
  TABLE_SEARCH_MAX_LENGTH,
  tableSearchText,
  tidyTableName,
  validateTableName,
} from '../../../src/rules/tables/table';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';

/**
 * The sale service's /fnb/table calls (doc 2 §7; CONTRACT13 "Tables"; docs/areas/tables.md). Open to
 * the owner and staff-type users (a cashier opens bills on tables; D135). Every call is scoped to the
 * caller's merchant: another merchant's table answers 404 NOT_FOUND like a missing one. A table's open
 * bill is not stored here: it is the newest sale_orders row of the orders area with this table_id and
 * status 1 or 2, read by SQL (areas never import each other).
 */

export const TABLE_MAX_PAGE_SIZE = 1000;
/** Seats: enough for a banquet hall, small enough that a typo is caught. */
const MAX_SLOT = 1000;

export interface TableRow {
  id: number;
  table_name: string;
  max_slot: number;
  available_slot: number;
  customer_id: number;
  is_available: boolean;
}

interface OpenBill {
  table_id: number;
  order_id: number;
  total_price: number;
  product_amount: number;
}

const COLUMNS = 'id, table_name, max_slot, available_slot, customer_id, is_available';

const bad = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });
const notFound = (id: unknown) => new ApiError(404, 'NOT_FOUND', 'No such table', { table_id: id });
const nameTaken = () => new ApiError(409, 'NAME_CODE_EXIST', 'Another table has this name', { field: 'table_name' });

function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A path id: digits only; any other shape is a missing table, not a server error. */
function pathId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(raw);
  return Number(raw);
}

function intField(b: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const v = b[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) throw bad(name, `${name} is a whole number 0..${max}`);
  return v;
}

export interface TableInput {
  table_name: string;
  folded_name: string;
  max_slot: number;
  available_slot: number;
  customer_id: number;
  is_available: boolean;
}

/**
 * The create and update body (doc 2 §7). table_name is required (doc 2 §5: not empty; D135: at most
 * 50 characters, no control characters); seats and the customer are optional whole numbers, the
 * available seats never above the seats when seats are given; is_available a boolean.
 */
export function checkTable(body: unknown): TableInput {
  const b = bodyOf(body);
  const raw = b.table_name;
  if (typeof raw !== 'string' || validateTableName(raw) === 'required') throw required(['table_name']);
  const problem = validateTableName(raw);
  if (problem) throw bad('table_name', `table_name: ${problem}`);
  const max_slot = intField(b, 'max_slot', 0, MAX_SLOT);
  const available_slot = intField(b, 'available_slot', 0, MAX_SLOT);
  if (max_slot > 0 && available_slot > max_slot) throw bad('available_slot', 'available_slot is at most max_slot');
  const customer_id = intField(b, 'customer_id', 0, 2_147_483_647);
  const avail = b.is_available;
  if (avail !== undefined && avail !== null && typeof avail !== 'boolean') throw bad('is_available', 'is_available is true or false');
  const table_name = tidyTableName(raw);
  return { table_name, folded_name: foldTableName(table_name), max_slot, available_slot, customer_id, is_available: avail ?? true };
}

/** The open bills of these tables (newest open order each), with their dish count. */
export async function openBills(db: Database, merchantId: string, tableIds: number[]): Promise<Map<number, OpenBill>> {
  if (tableIds.length === 0) return new Map();
  const rows = await db.query<OpenBill & Record<string, unknown>>(
    `SELECT DISTINCT ON (o.table_id) o.table_id, o.id AS order_id, o.total_price::float8 AS total_price,
       COALESCE((SELECT sum(i.amount) FROM sale_order_items i WHERE i.order_id = o.id), 0)::int AS product_amount
     FROM sale_orders o
     WHERE o.merchant_id = $1 AND o.table_id = ANY($2::int[]) AND o.status IN (1, 2)
     ORDER BY o.table_id, o.id DESC`,
    [merchantId, tableIds],
  );
  return new Map(rows.map((r) => [r.table_id, r]));
}

export const toWire = (r: TableRow, bill: OpenBill | undefined) => ({
  table_id: r.id,
  table_name: r.table_name,
  order_id: bill?.order_id ?? null,
  product_amount: bill?.product_amount ?? 0,
  total_price: bill?.total_price ?? 0,
  max_slot: r.max_slot,
  available_slot: r.available_slot,
  customer_id: r.customer_id,
  is_available: r.is_available,
});

/** Escapes LIKE's wildcards so a typed % or _ is searched for as itself. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

export async function insertTable(db: Database, merchantId: string, t: TableInput, at: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO fnb_tables (merchant_id, table_name, folded_name, max_slot, available_slot, customer_id, is_available, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [merchantId, t.table_name, t.folded_name, t.max_slot, t.available_slot, t.customer_id, t.is_available, at],
  );
  return row!.id;
}

/** The merchant's table by id, or undefined (another merchant's answers as missing). */
async function findTable(ctx: SandboxContext, merchantId: string, id: number) {
  const [row] = await ctx.db.query<TableRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM fnb_tables WHERE id = $1 AND merchant_id = $2`,
    [id, merchantId],
  );
  return row;
}

/** The table list and adding a table. */
function registerTableListRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = async (request: FastifyRequest) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;

  /**
   * GET /fnb/table?q=&page=&page_size= : by name in natural order (Bàn 2 before Bàn 10), each with its
   * open bill. q matches every typed word against the folded name. A merchant has tens of tables, so
   * the order is decided in JS (PGlite has no ICU collation) and only the page's bills are read.
   */
  app.get('/fnb/table', async (request) => {
    const user = await caller(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, TABLE_MAX_PAGE_SIZE);
    const rawQ = query.q ?? '';
    if (typeof rawQ !== 'string') throw bad('q', 'q is text');
    if (rawQ.length > TABLE_SEARCH_MAX_LENGTH * 4) throw bad('q', `q is at most ${TABLE_SEARCH_MAX_LENGTH} characters`);
    const words = foldTableName(tableSearchText(rawQ)).split(' ').filter(Boolean).slice(0, 10);
    const params: unknown[] = [user.merchant_id];
    const where = ['merchant_id = $1'];
    for (const word of words) {
      params.push(`%${likeLiteral(word)}%`);
      where.push(`folded_name LIKE $${params.length}`);
    }
    const all = await ctx.db.query<TableRow & Record<string, unknown>>(
      `SELECT ${COLUMNS} FROM fnb_tables WHERE ${where.join(' AND ')}`,
      params,
    );
    const sorted = all.sort((a, b) =>
      compareTables({ table_name: a.table_name, table_id: a.id }, { table_name: b.table_name, table_id: b.id }),
    );
    const rows = sorted.slice((page - 1) * pageSize, page * pageSize);
    const bills = await openBills(
      ctx.db,
      user.merchant_id,
      rows.map((r) => r.id),
    );
    const total = sorted.length;
    return {
      data: rows.map((r) => toWire(r, bills.get(r.id))),
      total_page: Math.ceil(total / pageSize),
      page,
      page_size: pageSize,
      total_count: total,
    };
  });

  /** POST /fnb/table: HTTP 201 {code: 201, data: {table_id}}; a name already used (ignoring case and accents): 409 NAME_CODE_EXIST. */
  app.post('/fnb/table', async (request, reply) => {
    const user = await caller(request);
    const input = checkTable(request.body);
    try {
      const id = await insertTable(ctx.db, user.merchant_id, input, ctx.clock.now());
      return reply.status(201).send({ code: 201, message: 'Created', data: { table_id: id } });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  });
}

/** Renaming and deleting a table. */
function registerTableItemRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = async (request: FastifyRequest) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;

  /** PUT /fnb/table/{id}: rename (doc 2 §5 sends max_slot 0, available_slot 0, is_available true). Answers the table. */
  app.put<{ Params: { id: string } }>('/fnb/table/:id', async (request) => {
    const user = await caller(request);
    const id = pathId(request.params.id);
    const b = bodyOf(request.body);
    if (b.table_id !== undefined && b.table_id !== id && b.table_id !== String(id))
      throw bad('table_id', 'table_id differs from the address');
    if (!(await findTable(ctx, user.merchant_id, id))) throw notFound(id);
    const input = checkTable(b);
    try {
      const [row] = await ctx.db.query<TableRow & Record<string, unknown>>(
        `UPDATE fnb_tables SET table_name = $3, folded_name = $4, max_slot = $5, available_slot = $6, is_available = $7
         WHERE id = $1 AND merchant_id = $2 RETURNING ${COLUMNS}`,
        [id, user.merchant_id, input.table_name, input.folded_name, input.max_slot, input.available_slot, input.is_available],
      );
      if (!row) throw notFound(id);
      const bills = await openBills(ctx.db, user.merchant_id, [id]);
      return ok(toWire(row, bills.get(id)));
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  });

  /** DELETE /fnb/table/{id}: refused while the table has an open bill (409 TABLE_HAS_ORDER: the bill would lose its table). */
  app.delete<{ Params: { id: string } }>('/fnb/table/:id', async (request) => {
    const user = await caller(request);
    const id = pathId(request.params.id);
    if (!(await findTable(ctx, user.merchant_id, id))) throw notFound(id);
    const bills = await openBills(ctx.db, user.merchant_id, [id]);
    const bill = bills.get(id);
    if (bill) throw new ApiError(409, 'TABLE_HAS_ORDER', 'The table has an open bill', { table_id: id, order_id: bill.order_id });
    const rows = await ctx.db.query(`DELETE FROM fnb_tables WHERE id = $1 AND merchant_id = $2 RETURNING id`, [id, user.merchant_id]);
    if (rows.length === 0) throw notFound(id);
    return ok({ table_id: id });
  });
}

export function registerTableRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerTableListRoutes(app, ctx);
  registerTableItemRoutes(app, ctx);
}
