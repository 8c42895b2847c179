import type { FastifyInstance } from 'fastify';
import {
  CUSTOMER_SEARCH_MAX_LENGTH,
  customerSearchText,
  foldForSearch,
  tidyText,
  validateCustomerAddress,
  validateCustomerName,
  validateCustomerPhone,
} from '../../../src/rules/customers/customer';
import { nationalPhone } from '../../../src/rules/phone';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { currentDivisions, divisions } from '../../platform/db/divisions';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';

/**
 * The sale service's /customer calls (doc 2 §7; shapes in docs/areas/customers.md, D110–D114). Open
 * to the owner and staff-type users alike (D110: doc 2 §6 names no role, and the cashier is who
 * registers a buyer). Every call is scoped to the caller's merchant: another merchant's customer
 * answers exactly like a missing one (404 CUSTOMER_NOT_EXIST). Points, spending and orders are the
 * service's: a body carrying them is not refused, they are simply not taken (doc 2 §3 "read-only").
 */

const MAX_LIST_PAGE_SIZE = 100;

export interface CustomerRow {
  id: number;
  number: number;
  name: string;
  phone_number: string;
  point: number;
  total_spending: number;
  total_orders: number;
  province_code: string;
  district_code: string;
  ward_code: string;
  address: string;
}

const COLUMNS =
  'id, number, name, phone_number, point::float8 AS point, total_spending::float8 AS total_spending, total_orders, province_code, district_code, ward_code, address';

export const customerCode = (n: number) => `KH${String(n).padStart(6, '0')}`;

/**
 * The address as lists show it: the street line, then the chosen ward and province (today's list,
 * D239), or for one saved before 1 July 2025 (it has a district) the ward, district and province of
 * the old list, as saved (the portal adds where that is today).
 */
function fullAddressOf(r: Pick<CustomerRow, 'address' | 'province_code' | 'district_code' | 'ward_code'>): string {
  if (!r.district_code) {
    const now = currentDivisions();
    const names = [
      r.ward_code ? now.ward(Number(r.ward_code))?.name : undefined,
      r.province_code ? now.province(Number(r.province_code))?.name : undefined,
    ];
    return [r.address, ...names].filter((x): x is string => !!x).join(', ');
  }
  const d = divisions();
  const names = [
    r.ward_code ? d.ward(Number(r.ward_code))?.name : undefined,
    r.district_code ? d.district(Number(r.district_code))?.name : undefined,
    r.province_code ? d.province(Number(r.province_code))?.name : undefined,
  ];
  return [r.address, ...names].filter((x): x is string => !!x).join(', ');
}

export const toWire = (r: CustomerRow) => ({
  customer_id: r.id,
  code: customerCode(r.number),
  name: r.name,
  phone_number: r.phone_number,
  point: r.point,
  total_spending: r.total_spending,
  total_orders: r.total_orders,
  province_code: r.province_code,
  district_code: r.district_code,
  ward_code: r.ward_code,
  address: r.address,
  full_address: fullAddressOf(r),
});

const bad = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });
const notFound = (id: unknown) => new ApiError(404, 'CUSTOMER_NOT_EXIST', 'No such customer', { id });

function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export interface CustomerInput {
  name: string;
  phone_number: string;
  province_code: string;
  district_code: string;
  ward_code: string;
  address: string;
}

/** An address level: absent, null or '' is "not chosen"; otherwise its code must be the right shape. */
function codeField(b: Record<string, unknown>, name: string, digits: number): string {
  const v = b[name];
  if (v === undefined || v === null || v === '') return '';
  if (typeof v !== 'string' || !new RegExp(`^\\d{${digits}}$`).test(v)) throw bad(name, `${name} is ${digits} digits`);
  return v;
}

/**
 * The create and update body (doc 2 §5: name and phone required). Missing, blank or mistyped name or
 * phone: 400 REQUIRED naming them; a phone that is not a Vietnamese mobile, an over-long text, control
 * characters or an address whose levels do not belong together: 400 BAD_REQUEST naming the field.
 */
export function checkCustomer(body: unknown): CustomerInput {
  const b = bodyOf(body);
  const missing: string[] = [];
  const text = (name: string) => (typeof b[name] === 'string' ? (b[name] as string) : null);
  const name = text('name');
  const phone = text('phone_number');
  if (name === null || validateCustomerName(name) === 'required') missing.push('name');
  if (phone === null || validateCustomerPhone(phone) === 'required') missing.push('phone_number');
  if (missing.length > 0) throw required(missing);
  const nameProblem = validateCustomerName(name!);
  if (nameProblem) throw bad('name', `name: ${nameProblem}`);
  const national = nationalPhone(phone!);
  if (!national) throw bad('phone_number', 'phone_number is not a Vietnamese mobile number');
  const rawAddress = b.address ?? '';
  if (typeof rawAddress !== 'string') throw bad('address', 'address is text');
  const addressProblem = validateCustomerAddress(rawAddress);
  if (addressProblem) throw bad('address', `address: ${addressProblem}`);

  const province_code = codeField(b, 'province_code', 2);
  const district_code = codeField(b, 'district_code', 3);
  const ward_code = codeField(b, 'ward_code', 5);
  // Today's two tiers (D239): no districts since 1 July 2025, so a district code is refused rather
  // than stored; a province must be on the list in force, a ward one of its wards or communes.
  if (district_code) throw bad('district_code', 'No districts since 1 July 2025: the ward belongs to the province');
  const d = currentDivisions();
  if (province_code && !d.province(Number(province_code)))
    throw bad('province_code', 'No such province or city on the list in force since 1 July 2025');
  if (ward_code) {
    const ward = d.ward(Number(ward_code));
    if (!province_code || ward?.parent !== province_code) throw bad('ward_code', 'The ward or commune is not in the province');
  }
  return { name: tidyText(name!), phone_number: national, province_code, district_code: '', ward_code, address: tidyText(rawAddress) };
}

const searchTextOf = (c: { name: string; phone_number: string }, number: number) =>
  foldForSearch(`${c.name} ${c.phone_number} ${customerCode(number)}`);

/** A path id: digits only (another shape is a missing customer, not a server error). */
function pathId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(raw);
  return Number(raw);
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';
const phoneTaken = (phone: string) =>
  new ApiError(409, 'PHONE_IS_EXIST', 'Another customer has this phone number', { field: 'phone_number', phone });

export interface SeedNumbers {
  point: number;
  total_spending: number;
  total_orders: number;
}

/** Inserts a customer with the merchant's next number; numbers are never reused after a delete. */
export async function insertCustomer(
  db: Database,
  merchantId: string,
  c: CustomerInput,
  at: number,
  numbers: SeedNumbers = { point: 0, total_spending: 0, total_orders: 0 },
): Promise<CustomerRow> {
  const [next] = await db.query<{ n: number }>(`SELECT COALESCE(MAX(number), 0)::int + 1 AS n FROM customers WHERE merchant_id = $1`, [
    merchantId,
  ]);
  const number = next?.n ?? 1;
  const [row] = await db.query<CustomerRow & Record<string, unknown>>(
    `INSERT INTO customers (merchant_id, number, name, phone_number, point, total_spending, total_orders,
       province_code, district_code, ward_code, address, search_text, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
     RETURNING ${COLUMNS}`,
    [
      merchantId,
      number,
      c.name,
      c.phone_number,
      numbers.point,
      numbers.total_spending,
      numbers.total_orders,
      c.province_code,
      c.district_code,
      c.ward_code,
      c.address,
      searchTextOf(c, number),
      at,
    ],
  );
  return row!;
}

/** Escapes LIKE's wildcards so a typed % or _ is searched for as itself. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The customer list and one customer. */
function registerCustomerReadRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = async (request: Parameters<typeof authenticate>[1]) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;

  /**
   * GET /customer?q=&page=&page_size= (doc 2 §7): newest first. q is matched word by word, each word
   * folded, against the folded name, phone and code, so "pho" finds "Phở" and "0912" a phone.
   */
  app.get('/customer', async (request) => {
    const user = await caller(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, MAX_LIST_PAGE_SIZE);
    const rawQ = query.q ?? '';
    if (typeof rawQ !== 'string') throw bad('q', 'q is text');
    if (rawQ.length > CUSTOMER_SEARCH_MAX_LENGTH * 4) throw bad('q', `q is at most ${CUSTOMER_SEARCH_MAX_LENGTH} characters`);
    const words = foldForSearch(customerSearchText(rawQ)).split(' ').filter(Boolean).slice(0, 10);
    const params: unknown[] = [user.merchant_id];
    const where = ['merchant_id = $1'];
    for (const word of words) {
      params.push(`%${likeLiteral(word)}%`);
      where.push(`search_text LIKE $${params.length}`);
    }
    const filter = where.join(' AND ');
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM customers WHERE ${filter}`, params);
    const rows = await ctx.db.query<CustomerRow & Record<string, unknown>>(
      `SELECT ${COLUMNS} FROM customers WHERE ${filter} ORDER BY id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    const total = count?.n ?? 0;
    return ok({ customers: rows.map(toWire), total_page: Math.ceil(total / pageSize), total_count: total, page, page_size: pageSize });
  });

  app.get<{ Params: { id: string } }>('/customer/:id', async (request) => {
    const user = await caller(request);
    const id = pathId(request.params.id);
    const [row] = await ctx.db.query<CustomerRow & Record<string, unknown>>(
      `SELECT ${COLUMNS} FROM customers WHERE id = $1 AND merchant_id = $2`,
      [id, user.merchant_id],
    );
    if (!row) throw notFound(id);
    return ok(toWire(row));
  });
}

/** Adding, changing and deleting a customer. */
function registerCustomerWriteRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = async (request: Parameters<typeof authenticate>[1]) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;

  /** POST /customer: answers customer_id and code (doc 2 §7); a phone already used: 409 PHONE_IS_EXIST. */
  app.post('/customer', async (request) => {
    const user = await caller(request);
    const input = checkCustomer(request.body);
    const [dup] = await ctx.db.query(`SELECT 1 FROM customers WHERE merchant_id = $1 AND phone_number = $2`, [
      user.merchant_id,
      input.phone_number,
    ]);
    if (dup) throw phoneTaken(input.phone_number);
    try {
      const row = await insertCustomer(ctx.db, user.merchant_id, input, ctx.clock.now());
      return ok({ customer_id: row.id, code: customerCode(row.number) });
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken(input.phone_number);
      throw error;
    }
  });

  /** PUT /customer/{id}: name, phone and address; points, spending, orders and code stay. Answers the customer. */
  app.put<{ Params: { id: string } }>('/customer/:id', async (request) => {
    const user = await caller(request);
    const id = pathId(request.params.id);
    const input = checkCustomer(request.body);
    const [current] = await ctx.db.query<{ number: number }>(`SELECT number FROM customers WHERE id = $1 AND merchant_id = $2`, [
      id,
      user.merchant_id,
    ]);
    if (!current) throw notFound(id);
    const [dup] = await ctx.db.query(`SELECT 1 FROM customers WHERE merchant_id = $1 AND phone_number = $2 AND id <> $3`, [
      user.merchant_id,
      input.phone_number,
      id,
    ]);
    if (dup) throw phoneTaken(input.phone_number);
    try {
      const [row] = await ctx.db.query<CustomerRow & Record<string, unknown>>(
        `UPDATE customers SET name = $3, phone_number = $4, province_code = $5, district_code = $6, ward_code = $7, address = $8,
           search_text = $9, updated_at = $10
         WHERE id = $1 AND merchant_id = $2 RETURNING ${COLUMNS}`,
        [
          id,
          user.merchant_id,
          input.name,
          input.phone_number,
          input.province_code,
          input.district_code,
          input.ward_code,
          input.address,
          searchTextOf(input, current.number),
          ctx.clock.now(),
        ],
      );
      return ok(toWire(row!));
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken(input.phone_number);
      throw error;
    }
  });

  /** DELETE /customer/{id} (doc 2 §7; the portal offers no delete, D111). */
  app.delete<{ Params: { id: string } }>('/customer/:id', async (request) => {
    const user = await caller(request);
    const id = pathId(request.params.id);
    const rows = await ctx.db.query(`DELETE FROM customers WHERE id = $1 AND merchant_id = $2 RETURNING id`, [id, user.merchant_id]);
    if (rows.length === 0) throw notFound(id);
    return ok({ success: true, customer_id: id });
  });
}

export function registerCustomerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerCustomerReadRoutes(app, ctx);
  registerCustomerWriteRoutes(app, ctx);
}
