import type { FastifyInstance } from 'fastify';
import {
  CATEGORY_ALL_PAGE_SIZE,
  foldCategoryName as foldText,
  NEW_CATEGORY_FIELDS,
  newCategorySchema,
  type Category,
} from '../../../src/services/categories/schemas';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';

/**
 * /category (doc 2 §7, sale service; docs/areas/categories.md): `GET/POST /category/` and
 * `GET/DELETE /category//{id}`, the paths as the spec gives them (trailing slash, doubled slash).
 * Every call is scoped to the caller's merchant: another merchant's category answers as a missing
 * one (404 NOT_FOUND). Open to staff-type users as to the owner (doc 2 §6 names no role rule; D102).
 */

interface CategoryRow {
  id: number;
  name: string;
  description: string;
}

export const toWire = (r: CategoryRow): Category => ({ category_id: r.id, category_name: r.name, description: r.description });

export const categoryNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such category');

/** A path id: 1 to 9 digits, else 400 (a well-formed id that is not the caller's is 404). */
function pathId(params: unknown): number {
  const raw = (params as { id?: unknown }).id;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new ApiError(400, 'BAD_REQUEST', 'The category id must be a positive whole number', { field: 'id' });
  }
  return Number(raw);
}

export async function insertCategory(
  db: Database,
  merchantId: string,
  category: { name: string; description: string },
  now: number,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO categories (merchant_id, name, name_folded, description, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [merchantId, category.name, foldText(category.name), category.description, now],
  );
  return row!.id;
}

const nameTaken = () => new ApiError(409, 'NAME_CODE_EXIST', 'A category with this name exists', { field: 'name' });

export function registerCategoryRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: Parameters<typeof authenticate>[1]) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  // Newest first, so a category just added is at the top of the first page (D103).
  app.get('/category/', async (request) => {
    const { user } = await caller(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, CATEGORY_ALL_PAGE_SIZE);
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM categories WHERE merchant_id = $1`, [
      user.merchant_id,
    ]);
    const rows = await ctx.db.query<CategoryRow & Record<string, unknown>>(
      `SELECT id, name, description FROM categories WHERE merchant_id = $1 ORDER BY id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      [user.merchant_id],
    );
    const total = count?.n ?? 0;
    return { data: rows.map(toWire), total_page: Math.ceil(total / pageSize), total_count: total, page, page_size: pageSize };
  });

  app.post('/category/', async (request) => {
    const { user } = await caller(request);
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    const parsed = newCategorySchema.safeParse(Object.fromEntries(NEW_CATEGORY_FIELDS.map((f) => [f, body[f]])));
    if (!parsed.success) {
      const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      throw required(NEW_CATEGORY_FIELDS.filter((f) => bad.has(f)));
    }
    const [taken] = await ctx.db.query(`SELECT 1 FROM categories WHERE merchant_id = $1 AND name_folded = $2`, [
      user.merchant_id,
      foldText(parsed.data.name),
    ]);
    if (taken) throw nameTaken();
    const id = await insertCategory(ctx.db, user.merchant_id, parsed.data, ctx.clock.now()).catch((error: unknown) => {
      // Two parallel requests for one name both pass the check; the unique index decides.
      if ((error as { code?: string }).code === '23505') throw nameTaken();
      throw error;
    });
    return ok({ id });
  });

  app.get('/category//:id', async (request) => {
    const { user } = await caller(request);
    const id = pathId(request.params);
    const [row] = await ctx.db.query<CategoryRow & Record<string, unknown>>(
      `SELECT id, name, description FROM categories WHERE merchant_id = $1 AND id = $2`,
      [user.merchant_id, id],
    );
    if (!row) throw categoryNotFound();
    return ok(toWire(row));
  });

  // The category's products keep existing; they only lose the category (the link rows cascade).
  app.delete('/category//:id', async (request) => {
    const { user } = await caller(request);
    const id = pathId(request.params);
    const [row] = await ctx.db.query<{ id: number }>(`DELETE FROM categories WHERE merchant_id = $1 AND id = $2 RETURNING id`, [
      user.merchant_id,
      id,
    ]);
    if (!row) throw categoryNotFound();
    return ok({ success: true as const, id: row.id });
  });
}
