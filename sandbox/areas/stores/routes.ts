import type { FastifyInstance } from 'fastify';
import {
  MAX_ADDRESS_LINE_LENGTH,
  MAX_STORE_NAME_LENGTH,
  MAX_TAX_NO_LENGTH,
  NO_DISTRICT,
  STORE_SORT_FIELDS,
  VIETNAM_COUNTRY_ID,
  type StoreSortField,
} from '../../../src/services/stores/schemas';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticate, authenticateOwner } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';
import { currentAddress, currentDivisions, type Division } from '../../platform/db/divisions';

/**
 * /store (list, add, delete) and the address lists /address/*, /region/* (core §5, §7; calls in
 * docs/areas/stores.md). Stores are the owner's to manage (D87): a staff-type caller is refused
 * with PERMISSION_DENY; the dropdown list GET /metadata/store (reports area) stays open to every
 * signed-in user. Every call is scoped to the caller's merchant: another merchant's store answers
 * as a missing one.
 */

const MAX_LIST_PAGE_SIZE = 100;

interface StoreRow {
  id: number;
  name: string;
  code: string;
  address: string;
  va_account_no: string | null;
  tax_no: string;
  country_id: number;
  city_id: number;
  district_id: number;
  ward_id: number;
  address_line_1: string;
}

const COLUMNS = 'id, name, code, address, va_account_no, tax_no, country_id, city_id, district_id, ward_id, address_line_1';

/** core §3 Store: `store_name` repeats `name` (the spec's entity carries both). */
export const toWire = (r: StoreRow) => ({ ...r, store_name: r.name });

/** Control characters (NUL included) never belong in a name or an address line. */
const CONTROL = /[\u0000-\u001F\u007F]/;

const bad = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });

function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A text field: absent, blank or not a string → missing; over-long or with control characters → BAD_REQUEST. */
function textField(b: Record<string, unknown>, name: string, max: number, missing: string[]): string {
  const v = b[name];
  if (typeof v !== 'string' || v.trim() === '') {
    missing.push(name);
    return '';
  }
  const text = v.trim();
  if (text.length > max) throw bad(name, `${name} is longer than ${max} characters`);
  if (CONTROL.test(text)) throw bad(name, `${name} has control characters`);
  return text;
}

/** An id field: a whole number (or its digits as a string), else missing. */
function idField(b: Record<string, unknown>, name: string, missing: string[]): number {
  const v = b[name];
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 31 - 1) {
    missing.push(name);
    return 0;
  }
  return n;
}

/**
 * core §5 Store: tax_no non-blank, no spaces, at least 10 characters; the input takes only digits and
 * hyphens, so anything else is refused here too (TAX_NO_INCORECT, core §8). The check digit is not a
 * rule (the portal warns about it).
 */
export function taxNoAccepted(value: string): boolean {
  return /^[0-9-]+$/.test(value) && value.length >= 10 && value.length <= MAX_TAX_NO_LENGTH;
}

export interface NewStore {
  name: string;
  taxNo: string;
  line: string;
  province: Division;
  ward: Division;
}

/**
 * POST /store's body: REQUIRED for missing fields, TAX_NO_INCORECT, BAD_REQUEST {field} for a place
 * that does not fit. The places are today's two tiers (D239): city_id a province, ward_id one of its
 * wards or communes; district_id, which the spec's body still names, is 0 or left out (there have
 * been no districts since 1 July 2025), and an old district's id is refused rather than stored.
 */
export function checkNewStore(body: unknown): NewStore {
  const b = bodyOf(body);
  const missing: string[] = [];
  const name = textField(b, 'name', MAX_STORE_NAME_LENGTH, missing);
  const rawTax = b.tax_no;
  const taxNo = typeof rawTax === 'string' ? rawTax : '';
  if (taxNo.trim() === '') missing.push('tax_no');
  const line = textField(b, 'address_line_1', MAX_ADDRESS_LINE_LENGTH, missing);
  const cityId = idField(b, 'city_id', missing);
  const wardId = idField(b, 'ward_id', missing);
  if (missing.length > 0) throw required(missing);
  if (!taxNoAccepted(taxNo)) {
    throw new ApiError(400, 'TAX_NO_INCORECT', 'tax_no: digits and hyphens only, no spaces, 10 to 14 characters', { field: 'tax_no' });
  }
  if (b.country_id !== undefined && b.country_id !== VIETNAM_COUNTRY_ID && b.country_id !== String(VIETNAM_COUNTRY_ID)) {
    throw bad('country_id', 'country_id is fixed at 1 (Vietnam)');
  }
  if (b.district_id !== undefined && b.district_id !== null && b.district_id !== NO_DISTRICT && b.district_id !== String(NO_DISTRICT)) {
    throw bad('district_id', 'No districts since 1 July 2025: district_id is 0, the ward belongs to the province');
  }
  const list = currentDivisions();
  const province = list.province(cityId);
  if (!province) throw bad('city_id', 'No such province or city on the list in force since 1 July 2025');
  const ward = list.ward(wardId);
  if (!ward || ward.parent !== province.code) throw bad('ward_id', 'No such ward or commune in that province');
  return { name, taxNo, line, province, ward };
}

async function insertStore(db: Database, merchantId: string, s: NewStore): Promise<StoreRow> {
  // The code is derived from the row id, so it is unique without a counter of its own.
  const [row] = await db.query<StoreRow & Record<string, unknown>>(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('stores', 'id'))::int AS id)
     INSERT INTO stores (id, merchant_id, name, code, address, tax_no, va_account_no, country_id, city_id, district_id, ward_id, address_line_1)
     SELECT n.id, $1, $2, 'CH' || lpad(n.id::text, 6, '0'), $3, $4, NULL, $5, $6, $7, $8, $9 FROM n
     RETURNING ${COLUMNS}`,
    [
      merchantId,
      s.name,
      currentAddress(s.line, s.ward, s.province),
      s.taxNo,
      VIETNAM_COUNTRY_ID,
      s.province.id,
      NO_DISTRICT,
      s.ward.id,
      s.line,
    ],
  );
  return row!;
}

/**
 * Why a store cannot go (D95), or null: a ShopQR or a card machine still names it, or it has received
 * payments (its transactions would go with it and leave the reports). One code, STORE_LINK_VA
 * (core §8), with `linked` saying which.
 */
async function storeInUse(db: Database, merchantId: string, storeId: number): Promise<'SHOPQR' | 'EDC' | 'TRANSACTIONS' | null> {
  const [row] = await db.query<{ va: boolean; edc: boolean; tx: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM virtual_accounts WHERE merchant_id = $1 AND store_id = $2) AS va,
            EXISTS (SELECT 1 FROM edc_devices WHERE merchant_id = $1 AND store_id = $2) AS edc,
            EXISTS (SELECT 1 FROM transactions WHERE store_id = $2) AS tx`,
    [merchantId, storeId],
  );
  if (row?.va) return 'SHOPQR';
  if (row?.edc) return 'EDC';
  if (row?.tx) return 'TRANSACTIONS';
  return null;
}

function querySort(query: Record<string, unknown>): { field: StoreSortField; order: 'asc' | 'desc' } {
  const sortBy = query.sort_by;
  const order = query.order;
  if (sortBy !== undefined && sortBy !== '' && !(typeof sortBy === 'string' && (STORE_SORT_FIELDS as readonly string[]).includes(sortBy)))
    throw bad('sort_by', `sort_by must be one of ${STORE_SORT_FIELDS.join(', ')}`);
  if (order !== undefined && order !== '' && order !== 'asc' && order !== 'desc') throw bad('order', 'order must be asc or desc');
  const field = (sortBy || 'id') as StoreSortField;
  // Without a sort the newest store comes first; a chosen column reads A to Z unless told otherwise.
  return { field, order: (order || (sortBy ? 'asc' : 'desc')) as 'asc' | 'desc' };
}

export function registerStoreRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/store', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, MAX_LIST_PAGE_SIZE);
    const sort = querySort(query);
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stores WHERE merchant_id = $1`, [user.merchant_id]);
    // Field and order come from the allow-lists above, never from the request text.
    const orderBy = sort.field === 'id' ? `id ${sort.order}` : `${sort.field} ${sort.order}, id ${sort.order}`;
    const rows = await ctx.db.query<StoreRow & Record<string, unknown>>(
      `SELECT ${COLUMNS} FROM stores WHERE merchant_id = $1 ORDER BY ${orderBy} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      [user.merchant_id],
    );
    const total = count?.n ?? 0;
    return { data: rows.map(toWire), total_page: Math.ceil(total / pageSize), total_count: total, page, page_size: pageSize };
  });

  app.post('/store', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const store = checkNewStore(request.body);
    return ok(toWire(await insertStore(ctx.db, user.merchant_id, store)));
  });

  app.delete('/store', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    // The id in the query like the other deletes; a JSON body {id} is accepted too.
    const raw = query.id ?? bodyOf(request.body).id;
    const text = typeof raw === 'number' ? String(raw) : raw;
    if (typeof text !== 'string' || !/^\d{1,9}$/.test(text)) throw required(['id']);
    const id = Number(text);
    const [store] = await ctx.db.query<{ id: number }>(`SELECT id FROM stores WHERE id = $1 AND merchant_id = $2`, [id, user.merchant_id]);
    // Another merchant's store answers exactly like a missing one.
    if (!store) throw new ApiError(404, 'STORE_NOT_EXIST', 'No such store', { id });
    const linked = await storeInUse(ctx.db, user.merchant_id, id);
    if (linked) throw new ApiError(400, 'STORE_LINK_VA', `The store is still in use (${linked})`, { id, linked });
    // Staff assigned to it keep their place in the staff list with no store (staff.store_id ON DELETE SET NULL).
    await ctx.db.query(`DELETE FROM stores WHERE id = $1 AND merchant_id = $2`, [id, user.merchant_id]);
    return ok({ success: true, id });
  });
}

const listOf = (units: readonly Division[]) => units.map((u) => ({ id: u.id, name: u.name }));
const codesOf = (units: readonly Division[]) => units.map((u) => ({ code: u.code, name: u.name }));

/** A numeric id query parameter (city_id): required, a whole number. */
function queryId(query: unknown, name: string): number {
  const v = (query as Record<string, unknown> | undefined)?.[name];
  if (typeof v !== 'string' || !/^\d{1,9}$/.test(v)) throw required([name]);
  return Number(v);
}

/**
 * The address pickers (core §7) on today's two tiers (D239): a province's wards come straight from
 * the province, /address/ward?city_id= and /region/wards/{2-digit province code}; the district calls
 * answer an empty list (no districts since 1 July 2025). An unknown but well-formed parent answers an
 * empty list, as a parent with no children would; a malformed one answers REQUIRED / BAD_REQUEST.
 * Open to every signed-in user: the list is public knowledge.
 */
export function registerAddressRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/address/country', async (request) => {
    await authenticate(ctx, request);
    return ok([{ id: VIETNAM_COUNTRY_ID, name: 'Việt Nam' }]);
  });
  app.get('/address/city', async (request) => {
    await authenticate(ctx, request);
    return ok(listOf(currentDivisions().provinces));
  });
  app.get('/address/district', async (request) => {
    await authenticate(ctx, request);
    queryId(request.query, 'city_id');
    return ok([]);
  });
  app.get('/address/ward', async (request) => {
    await authenticate(ctx, request);
    const province = currentDivisions().province(queryId(request.query, 'city_id'));
    return ok(province ? listOf(currentDivisions().wardsOf(province.code)) : []);
  });

  app.get('/region/provinces', async (request) => {
    await authenticate(ctx, request);
    return ok(codesOf(currentDivisions().provinces));
  });
  app.get<{ Params: { code: string } }>('/region/districts/:code', async (request) => {
    await authenticate(ctx, request);
    const { code } = request.params;
    if (!/^\d{2}$/.test(code)) throw bad('code', 'A province code is 2 digits');
    return ok([]);
  });
  app.get<{ Params: { code: string } }>('/region/wards/:code', async (request) => {
    await authenticate(ctx, request);
    const { code } = request.params;
    if (!/^\d{2}$/.test(code)) throw bad('code', 'A province code is 2 digits: wards belong to the province since 1 July 2025');
    return ok(codesOf(currentDivisions().wardsOf(code)));
  });
}
