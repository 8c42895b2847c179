import type { FastifyInstance } from 'fastify';
import { NEW_SUB_MERCHANT_FIELDS, newSubMerchantSchema } from '../../../src/services/merchants/schemas';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticateOwner } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';

/**
 * Master merchant (core §2 Shell, D23, D100, D101): GET and POST /master-merchant/sub-merchant, the
 * signed-in merchant's sub-merchants. Owner only (D87: it creates merchants at the bank, and the list
 * carries their phones); every row is the caller's own, another master's records are never seen.
 */

export const SUB_MERCHANT_PATH = '/master-merchant/sub-merchant';
const MAX_PAGE_SIZE = 100;

interface SubMerchantRow {
  merchant_id: string;
  name: string;
  tax_no: string;
  address: string;
  phone: string;
  created_at: string | number;
}

const toWire = (r: SubMerchantRow) => ({ ...r, created_at: Number(r.created_at) });

/** The national form of a mobile number (+84 / 84 → 0), as the bank keeps it. */
const nationalPhone = (phone: string) => phone.replace(/^\+?84/, '0');

export async function insertSubMerchant(
  db: Database,
  parentId: string,
  record: { name: string; tax_no: string; address: string; phone: string },
  now: number,
): Promise<SubMerchantRow> {
  const [row] = await db.query<SubMerchantRow & Record<string, unknown>>(
    `INSERT INTO sub_merchants (parent_id, merchant_id, name, tax_no, address, phone, created_at)
     VALUES ($1, nextval('sub_merchant_ids')::text, $2, $3, $4, $5, $6)
     RETURNING merchant_id, name, tax_no, address, phone, created_at`,
    [parentId, record.name, record.tax_no, record.address, nationalPhone(record.phone), now],
  );
  return row!;
}

export function registerMerchantRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get(SUB_MERCHANT_PATH, async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const page = queryInt(request.query, 'page', 1, 1_000_000);
    const pageSize = queryInt(request.query, 'page_size', 10, MAX_PAGE_SIZE);
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sub_merchants WHERE parent_id = $1`, [
      user.merchant_id,
    ]);
    const rows = await ctx.db.query<SubMerchantRow & Record<string, unknown>>(
      `SELECT merchant_id, name, tax_no, address, phone, created_at FROM sub_merchants WHERE parent_id = $1
       ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      [user.merchant_id],
    );
    return { data: rows.map(toWire), total_page: Math.ceil((count?.n ?? 0) / pageSize), page, page_size: pageSize };
  });

  app.post(SUB_MERCHANT_PATH, async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    const picked = Object.fromEntries(NEW_SUB_MERCHANT_FIELDS.map((f) => [f, body[f]]));
    const parsed = newSubMerchantSchema.safeParse(picked);
    if (!parsed.success) {
      // Every field that is missing, of the wrong type or outside its rule, in the form's order.
      const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      throw required(NEW_SUB_MERCHANT_FIELDS.filter((f) => bad.has(f)));
    }
    const record = parsed.data;
    const [taken] = await ctx.db.query(`SELECT 1 FROM sub_merchants WHERE parent_id = $1 AND tax_no = $2`, [
      user.merchant_id,
      record.tax_no,
    ]);
    if (taken) throw new ApiError(409, 'TAX_NO_IS_EXST', 'A sub-merchant with this tax number exists', { field: 'tax_no' });
    const row = await insertSubMerchant(ctx.db, user.merchant_id, record, ctx.clock.now()).catch((error: unknown) => {
      // Two parallel requests for one tax number both pass the check; the unique index decides.
      if ((error as { code?: string }).code === '23505') {
        throw new ApiError(409, 'TAX_NO_IS_EXST', 'A sub-merchant with this tax number exists', { field: 'tax_no' });
      }
      throw error;
    });
    return ok(toWire(row));
  });
}
