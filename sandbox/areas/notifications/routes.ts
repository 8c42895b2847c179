import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, isOwnerRole, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';

/**
 * The bell's calls (core §2 notification bell, §4 notification click, §7 /notification):
 *   GET /notification?notification_type=0|1|2|3|4&page&page_size → newest first, `unseen` counts per type
 *   (3: an order's e-invoice the sale service could not issue, D257; 4: a staff member asks the owner's
 *   approval, D310 — the owner's alone, so a staff-type caller's list and count of kind 4 stay empty)
 *   PUT /notification {id, status: 2} → marks it seen (idempotent)
 * The order a notification opens is the orders area's GET /order/{id}.
 */

export const SEEN = 2;
const MAX_PAGE_SIZE = 100;

type NotificationRecord = {
  id: number;
  notification_type: number;
  order_id: number | null;
  order_code: string;
  table_name: string | null;
  status: number;
  created_at: string | number;
};

/** Wire shape: created_at in unix seconds (core §3). */
export function notificationOut(row: NotificationRecord) {
  return {
    id: row.id,
    notification_type: row.notification_type,
    order_id: row.order_id,
    order_code: row.order_code,
    table_name: row.table_name,
    status: row.status,
    created_at: Math.floor(Number(row.created_at) / 1000),
  };
}

function positiveInt(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}

/** A positive whole number sent as a JSON number or as digits; null for anything else (objects, arrays, 1.5, "1e3"). */
function wholeId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

type Kind = '0' | '1' | '2' | '3' | '4';

/** Kind 4 (approval requests, D310) is the owner's: hidden from a staff-type caller. */
const ownerOnly = (owner: boolean) => (owner ? '' : ' AND notification_type <> 4');

export async function unseenCounts(ctx: SandboxContext, merchantId: string, owner = true): Promise<Record<Kind, number>> {
  const rows = await ctx.db.query<{ notification_type: number; n: number }>(
    `SELECT notification_type, count(*)::int AS n FROM notifications
     WHERE merchant_id = $1 AND status <> $2 AND created_at <= $3${ownerOnly(owner)} GROUP BY notification_type`,
    [merchantId, SEEN, ctx.clock.now()],
  );
  const counts = { '0': 0, '1': 0, '2': 0, '3': 0, '4': 0 };
  for (const row of rows) counts[String(row.notification_type) as Kind] = row.n;
  return counts;
}

export function registerNotificationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/notification', async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const query = request.query as Record<string, string | undefined>;
    const type = Number(query.notification_type ?? '0');
    const page = positiveInt(query.page, 1);
    const pageSize = positiveInt(query.page_size, 10, MAX_PAGE_SIZE);
    if (![0, 1, 2, 3, 4].includes(type) || page === null || pageSize === null) {
      throw new ApiError(400, 'BAD_REQUEST', 'notification_type must be 0 to 4; page ≥ 1; page_size 1..100');
    }
    const owner = isOwnerRole(user.role);
    // Rows "from the future" (seeded ahead of a moved clock) stay hidden, like report rows.
    const where = `merchant_id = $1 AND notification_type = $2 AND created_at <= $3${ownerOnly(owner)}`;
    const params = [user.merchant_id, type, ctx.clock.now()];
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE ${where}`, params);
    const rows = await ctx.db.query<NotificationRecord>(
      `SELECT id, notification_type, order_id, order_code, table_name, status, created_at FROM notifications
       WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    return {
      data: rows.map(notificationOut),
      total_page: Math.ceil((count?.n ?? 0) / pageSize),
      page,
      page_size: pageSize,
      unseen: await unseenCounts(ctx, user.merchant_id, owner),
    };
  });

  app.put('/notification', async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const body = request.body;
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    // Types first: Number() of an object that has its own toString/valueOf throws (a 500 before, D219).
    const id = wholeId(fields.id);
    if (id === null) throw required(['id']);
    if (fields.status !== undefined && wholeId(fields.status) !== SEEN) {
      throw new ApiError(400, 'BAD_REQUEST', 'status can only become 2 (seen)', { fields: ['status'] });
    }
    const [row] = await ctx.db.query<{ id: number; status: number }>(
      `UPDATE notifications SET status = $3 WHERE id = $1 AND merchant_id = $2 RETURNING id, status`,
      [id, user.merchant_id, SEEN],
    );
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such notification');
    return ok(row);
  });
}
