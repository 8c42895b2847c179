import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  foldProductText,
  PRODUCT_BODY_FIELDS,
  PRODUCT_CLOSED,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_URL,
  PRODUCT_MAX_PAGE_SIZE,
  PRODUCT_SEARCH_MAX,
  productBodySchema,
  type Product,
  type ProductCategory,
} from '../../../src/services/products/schemas';
import { DEFAULT_TAX_CLASS, type TaxClass } from '../../../src/rules/vatRates';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';
import { readImageUpload, sendStoredImage, type StoredImage } from '../../platform/http/images';
import { recordAudit } from '../audit';

/**
 * /inventory/product (doc 2 §7, sale service; docs/areas/products.md): list with a search folded on
 * the service ("pho" finds "Phở") and a status filter, one product by code (`data.product`,
 * `data.categories`), create (HTTP 201 with `code: 201`), update by code, stop-sale (DELETE by code:
 * the product is closed, not removed, D105), image upload (multipart `file`, decoded and stored re-encoded, D220)
 * and each image back at /inventory/product/image/{id}. A product carries its VAT tax class
 * (`tax_class`, D226), which order lines copy when they are added. Every call is scoped to the caller's
 * merchant: another merchant's product or image answers as a missing one. Open to staff-type users
 * as to the owner (D102).
 */

interface ProductRow {
  id: number;
  code: string;
  name: string;
  price: string | number;
  cost: string | number;
  tax: string | number;
  status: number;
  tax_class: TaxClass;
  image_id: number | null;
  categories: ProductCategory[] | null;
}

const SELECT = `SELECT p.id, p.code, p.name, p.price, p.cost, p.tax, p.status, p.tax_class, p.image_id,
  (SELECT json_agg(json_build_object('category_id', c.id, 'category_name', c.name) ORDER BY pc.position)
     FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id) AS categories
  FROM products p`;

export const imageUrl = (id: number) => `/api/sale/inventory/product/image/${id}`;

export function toWire(r: ProductRow): Product {
  const categories = r.categories ?? [];
  return {
    product_id: r.id,
    code: r.code,
    name: r.name,
    img: r.image_id === null ? null : imageUrl(r.image_id),
    price: Number(r.price),
    cost: Number(r.cost),
    tax: Number(r.tax),
    status: r.status as Product['status'],
    tax_class: r.tax_class,
    category_ids: categories.map((c) => c.category_id),
    categories,
  };
}

export const productNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such product');
const codeTaken = () => new ApiError(409, 'NAME_CODE_EXIST', 'A product with this code exists', { field: 'code' });
const badRequest = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });

/** The code in the path: letters and digits as stored (any case), else 404 like a missing one would be. */
function pathCode(params: unknown): string {
  const raw = (params as { code?: unknown }).code;
  if (typeof raw !== 'string' || !/^[A-Za-z0-9]{1,30}$/.test(raw)) throw productNotFound();
  return raw;
}

async function findProduct(db: Database, merchantId: string, code: string): Promise<ProductRow | undefined> {
  const [row] = await db.query<ProductRow & Record<string, unknown>>(`${SELECT} WHERE p.merchant_id = $1 AND lower(p.code) = lower($2)`, [
    merchantId,
    code,
  ]);
  return row;
}

interface CheckedBody {
  name: string;
  code: string;
  /** undefined: not sent (an update keeps the image); null: no image. */
  imageId: number | null | undefined;
  price: number;
  status: number | undefined;
  /** undefined: not sent (a create takes REDUCED_ELIGIBLE, an update keeps the class; D226). */
  taxClass: TaxClass | undefined;
  /** undefined: not sent (an update keeps the categories). */
  categoryIds: number[] | undefined;
}

/** A create or update body: REQUIRED {fields} for what breaks the rules; images and categories must be the merchant's. */
async function checkBody(db: Database, merchantId: string, body: unknown, existingCode: string | null): Promise<CheckedBody> {
  const b = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const picked: Record<string, unknown> = Object.fromEntries(PRODUCT_BODY_FIELDS.map((f) => [f, b[f]]));
  // On update the code is the path's; a body may repeat it, never change it.
  if (existingCode !== null) {
    if (picked.code !== undefined && (typeof picked.code !== 'string' || picked.code.toLowerCase() !== existingCode.toLowerCase()))
      throw badRequest('code', 'The code cannot be changed');
    picked.code = existingCode;
  }
  const parsed = productBodySchema.safeParse(picked);
  if (!parsed.success) {
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    throw required(PRODUCT_BODY_FIELDS.filter((f) => bad.has(f)));
  }
  const v = parsed.data;
  let imageId: number | null | undefined = v.img === undefined ? undefined : null;
  if (v.img) {
    imageId = Number(PRODUCT_IMAGE_URL.exec(v.img)![2]);
    const [mine] = await db.query(`SELECT 1 FROM product_images WHERE id = $1 AND merchant_id = $2`, [imageId, merchantId]);
    if (!mine) throw badRequest('img', 'Not an image uploaded by this merchant');
  }
  const categoryIds = v.category_ids === undefined ? undefined : [...new Set(v.category_ids)];
  if (categoryIds && categoryIds.length > 0) {
    const found = await db.query<{ id: number }>(`SELECT id FROM categories WHERE merchant_id = $1 AND id = ANY($2::int[])`, [
      merchantId,
      categoryIds,
    ]);
    if (found.length !== categoryIds.length) throw badRequest('category_ids', 'Not a category of this merchant');
  }
  return { name: v.name, code: v.code, imageId, price: v.price, status: v.status, taxClass: v.tax_class, categoryIds };
}

async function setCategories(db: Database, productId: number, categoryIds: number[]): Promise<void> {
  await db.query(`DELETE FROM product_categories WHERE product_id = $1`, [productId]);
  if (categoryIds.length === 0) return;
  await db.query(
    `INSERT INTO product_categories (product_id, category_id, position) SELECT $1, c, i - 1 FROM unnest($2::int[]) WITH ORDINALITY AS u(c, i)`,
    [productId, categoryIds],
  );
}

/** The search: every word of the folded query is in the folded name or code (LIKE's own wildcards taken literally). */
function searchClause(q: string, params: unknown[]): string {
  const words = foldProductText(q).split(/\s+/).filter(Boolean).slice(0, 10);
  return words
    .map((word) => {
      params.push(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      return ` AND p.search_text LIKE $${params.length}`;
    })
    .join('');
}

/** The one image file of POST /inventory/product/image, decoded and re-encoded (D220); `size` answers the stored bytes. */
const readImage = async (request: FastifyRequest) =>
  (await readImageUpload(request, { field: 'file', maxBytes: PRODUCT_IMAGE_MAX_BYTES })).image!;

/** The product list and adding a product. */
function registerProductListRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  // Newest first; `q` searches name and code ignoring case and diacritics; `status` 0, 1 or 2, or every status.
  scope.get('/inventory/product', async (request) => {
    const { user } = await caller(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, PRODUCT_MAX_PAGE_SIZE);
    const rawQ = query.q;
    if (rawQ !== undefined && (typeof rawQ !== 'string' || rawQ.length > PRODUCT_SEARCH_MAX))
      throw badRequest('q', `q is text of at most ${PRODUCT_SEARCH_MAX} characters`);
    const rawStatus = query.status;
    if (rawStatus !== undefined && rawStatus !== '' && !(typeof rawStatus === 'string' && /^[012]$/.test(rawStatus)))
      throw badRequest('status', 'status must be 0, 1 or 2');
    const params: unknown[] = [user.merchant_id];
    let where = 'p.merchant_id = $1';
    if (typeof rawStatus === 'string' && rawStatus !== '') {
      params.push(Number(rawStatus));
      where += ` AND p.status = $${params.length}`;
    }
    where += searchClause(typeof rawQ === 'string' ? rawQ : '', params);
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM products p WHERE ${where}`, params);
    const rows = await ctx.db.query<ProductRow & Record<string, unknown>>(
      `${SELECT} WHERE ${where} ORDER BY p.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    const total = count?.n ?? 0;
    return { data: rows.map(toWire), total_page: Math.ceil(total / pageSize), total_count: total, page, page_size: pageSize };
  });

  scope.post('/inventory/product', async (request, reply) => {
    const { user } = await caller(request);
    const v = await checkBody(ctx.db, user.merchant_id, request.body, null);
    if (await findProduct(ctx.db, user.merchant_id, v.code)) throw codeTaken();
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .query<{ id: number }>(
        `INSERT INTO products (merchant_id, code, name, search_text, price, status, image_id, created_at, updated_at, tax_class)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) RETURNING id`,
        [
          user.merchant_id,
          v.code,
          v.name,
          foldProductText(`${v.name} ${v.code}`),
          v.price,
          v.status ?? 0,
          v.imageId ?? null,
          now,
          v.taxClass ?? DEFAULT_TAX_CLASS,
        ],
      )
      .catch((error: unknown) => {
        // Two parallel requests for one code both pass the check; the unique index decides.
        if ((error as { code?: string }).code === '23505') throw codeTaken();
        throw error;
      });
    await setCategories(ctx.db, row!.id, v.categoryIds ?? []);
    const created = await findProduct(ctx.db, user.merchant_id, v.code);
    // doc 2 §7: "success when code is 201".
    return reply.status(201).send({ code: 201, message: 'Created', data: toWire(created!) });
  });
}

/** One product by its code: reading, changing, stopping its sale. */
function registerProductItemRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  scope.get('/inventory/product/:code', async (request) => {
    const { user } = await caller(request);
    const row = await findProduct(ctx.db, user.merchant_id, pathCode(request.params));
    if (!row) throw productNotFound();
    const product = toWire(row);
    return ok({ product, categories: product.categories });
  });

  scope.put('/inventory/product/:code', async (request) => {
    const { user } = await caller(request);
    const existing = await findProduct(ctx.db, user.merchant_id, pathCode(request.params));
    if (!existing) throw productNotFound();
    const v = await checkBody(ctx.db, user.merchant_id, request.body, existing.code);
    const now = ctx.clock.now();
    // The change and, when the price moved, its audit entry land together (D299, D319).
    await ctx.db.transaction(async (tx) => {
      // Locked and read first: the price before is the one this change replaces, whatever races it.
      const [old] = await tx.query<{ price: string | number }>(`SELECT price FROM products WHERE id = $1 FOR UPDATE`, [existing.id]);
      await tx.query(
        `UPDATE products SET name = $2, search_text = $3, price = $4, status = COALESCE($5, status),
                  image_id = CASE WHEN $6 THEN image_id ELSE $7 END, updated_at = $8, tax_class = COALESCE($9, tax_class) WHERE id = $1`,
        [
          existing.id,
          v.name,
          foldProductText(`${v.name} ${existing.code}`),
          v.price,
          v.status ?? null,
          v.imageId === undefined,
          v.imageId ?? null,
          now,
          v.taxClass ?? null,
        ],
      );
      if (v.categoryIds) await setCategories(tx, existing.id, v.categoryIds);
      const before = Number(old?.price ?? existing.price);
      if (before !== v.price) {
        await recordAudit(tx, now, user, {
          action: 'product.price',
          target: 'product',
          targetId: existing.id,
          before: { product_code: existing.code, product_name: existing.name, price: before },
          after: { product_code: existing.code, product_name: v.name, price: v.price },
        });
      }
    });
    return ok(toWire((await findProduct(ctx.db, user.merchant_id, existing.code))!));
  });

  // Stop-sale (doc 2 §7 "stop-sale by code"): the product is closed and kept (orders name it). Again is harmless.
  scope.delete('/inventory/product/:code', async (request) => {
    const { user } = await caller(request);
    const existing = await findProduct(ctx.db, user.merchant_id, pathCode(request.params));
    if (!existing) throw productNotFound();
    await ctx.db.query(`UPDATE products SET status = $2, updated_at = $3 WHERE id = $1`, [existing.id, PRODUCT_CLOSED, ctx.clock.now()]);
    return ok(toWire((await findProduct(ctx.db, user.merchant_id, existing.code))!));
  });
}

/** Product images: uploading one and reading it back. */
function registerProductImageRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  scope.post('/inventory/product/image', async (request) => {
    const { user } = await caller(request);
    const image = await readImage(request);
    const [row] = await ctx.db.query<{ id: number }>(
      `INSERT INTO product_images (merchant_id, mime, bytes, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [user.merchant_id, image.mime, image.bytes, ctx.clock.now()],
    );
    return ok({ image_url: imageUrl(row!.id), size: image.bytes.length });
  });

  scope.get('/inventory/product/image/:id', async (request, reply) => {
    const { user } = await caller(request);
    return sendStoredImage(reply, (request.params as { id?: string }).id, async (id) => {
      const [image] = await ctx.db.query<StoredImage>(`SELECT mime, bytes FROM product_images WHERE id = $1 AND merchant_id = $2`, [
        id,
        user.merchant_id,
      ]);
      return image;
    });
  });
}

export function registerProductRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 2, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 50 },
    });

    registerProductListRoutes(scope, ctx);
    registerProductItemRoutes(scope, ctx);
    registerProductImageRoutes(scope, ctx);
  });
}
