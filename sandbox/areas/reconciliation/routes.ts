import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticateOwner } from '../../platform/http/authenticate';
import { ApiError, ok } from '../../platform/http/envelope';
import { vnDayStart, vnDateStart } from '../../platform/vn-time';
import { reconcileDay } from './match';
import { reconDisposition, buildReconWorkbook } from './xlsx';

/**
 * GET /reconciliation and /reconciliation/export (issue 27 §5, D308, D309; docs/areas/reconciliation.md):
 * one store's day matched against the bank's records. The owner's alone (D309): a staff-type caller
 * meets PERMISSION_DENY, a store of another merchant STORE_NOT_EXIST, a day that is not a
 * YYYY-MM-DD Vietnam day, or is after today, BAD_REQUEST {field: day}.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ROW_ID = /^\d{1,9}$/;

interface DayQuery {
  storeId: number;
  storeName: string;
  day: string;
  from: number;
}

async function dayQuery(ctx: SandboxContext, merchantId: string, raw: unknown): Promise<DayQuery> {
  const q = (raw ?? {}) as Record<string, unknown>;
  const store = q.store_id;
  if (typeof store !== 'string' || !ROW_ID.test(store))
    throw new ApiError(400, 'BAD_REQUEST', 'store_id must be a store id', { field: 'store_id' });
  const [row] = await ctx.db.query<{ id: number; name: string }>(`SELECT id, name FROM stores WHERE id = $1 AND merchant_id = $2`, [
    Number(store),
    merchantId,
  ]);
  if (!row) throw new ApiError(404, 'STORE_NOT_EXIST', 'No such store of this merchant', { field: 'store_id' });
  const day = q.day;
  const from = typeof day === 'string' ? vnDateStart(day) : null;
  if (typeof day !== 'string' || from === null) throw new ApiError(400, 'BAD_REQUEST', 'day must be a YYYY-MM-DD day', { field: 'day' });
  if (from > vnDayStart(ctx.clock.now())) throw new ApiError(400, 'BAD_REQUEST', 'day is after today', { field: 'day' });
  return { storeId: row.id, storeName: row.name, day, from };
}

export function registerReconciliationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/reconciliation', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const q = await dayQuery(ctx, user.merchant_id, request.query);
    const result = await reconcileDay(ctx.db, user.merchant_id, q.storeId, q.from, ctx.clock.now());
    return ok({ store_id: q.storeId, store_name: q.storeName, day: q.day, ...result });
  });

  app.get('/reconciliation/export', async (request, reply) => {
    const { user } = await authenticateOwner(ctx, request);
    const q = await dayQuery(ctx, user.merchant_id, request.query);
    const result = await reconcileDay(ctx.db, user.merchant_id, q.storeId, q.from, ctx.clock.now());
    const body = buildReconWorkbook(q.storeName, q.day, result);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', reconDisposition(q.day))
      .header('content-length', String(body.length))
      .send(body);
  });
}
