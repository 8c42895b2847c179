import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, isOwnerRole, SALE_TOKEN_KINDS, type Caller } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { wholeId } from '../../platform/http/body';
import { DAY_MS, vnDate, vnDateStart, vnIso } from '../../platform/vn-time';
import { shiftsWhere } from '../shifts';
import { zReportFigures, type Scope } from './figures';
import { buildZReportWorkbook, zReportDisposition } from './xlsx';

/**
 * GET /closing/z-report and /closing/z-report/export (D306; docs/areas/closing.md): the Z report of a
 * store and Vietnam day (`store_id`, `date`) or of a shift (`shift_id`), as figures or as the xlsx
 * file made from the same figures. Scoped to the caller's merchant (another merchant's store or shift
 * answers 404 like a missing one); the owner reads every store, a staff-type user only the store
 * they belong to (403 PERMISSION_DENY), as the drawer is theirs to close.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const bad = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });
const denied = () => new ApiError(403, 'PERMISSION_DENY', 'Staff read only their own store’s report');
const seconds = (ms: number) => Math.floor(ms / 1000);

async function allowedStore(ctx: SandboxContext, caller: Caller, storeId: number): Promise<string> {
  const [store] = await ctx.db.query<{ name: string }>(`SELECT name FROM stores WHERE id = $1 AND merchant_id = $2`, [
    storeId,
    caller.user.merchant_id,
  ]);
  if (!store) throw new ApiError(404, 'STORE_NOT_EXIST', 'No such store', { store_id: storeId });
  if (isOwnerRole(caller.user.role)) return store.name;
  // A staff member's store: their staff row's, else the merchant's first (D297, as their orders are).
  const [own] = await ctx.db.query<{ store_id: number | null }>(
    `SELECT coalesce((SELECT st.store_id FROM users u JOIN staff st ON st.id = u.staff_row_id JOIN stores x ON x.id = st.store_id
                      WHERE u.id = $1 AND x.merchant_id = $2),
                     (SELECT min(f.id) FROM stores f WHERE f.merchant_id = $2)) AS store_id`,
    [caller.user.id, caller.user.merchant_id],
  );
  if (!own || Number(own.store_id) !== storeId) throw denied();
  return store.name;
}

/** The scope the query names, checked: a shift, or a store and a day. */
async function scopeOf(ctx: SandboxContext, caller: Caller, request: FastifyRequest) {
  const q = request.query as Record<string, unknown>;
  const merchantId = caller.user.merchant_id;
  const now = ctx.clock.now();
  if (q.shift_id !== undefined) {
    const shiftId = wholeId(q.shift_id);
    if (shiftId === null) throw bad('shift_id', 'shift_id is a whole number');
    const [shift] = await shiftsWhere(ctx.db, 's.id = $3', [merchantId, shiftId], now);
    if (!shift) throw new ApiError(404, 'SHIFT_NOT_FOUND', 'No such shift', { shift_id: shiftId });
    const storeName = await allowedStore(ctx, caller, Number(shift.store_id));
    const to = shift.closed_at === null ? now : Number(shift.closed_at);
    const scope: Scope = { merchantId, storeId: Number(shift.store_id), from: Number(shift.opened_at), to, shifts: [shift] };
    const wire = { kind: 'shift' as const, shift_id: shiftId, status: shift.status, date: vnDate(Number(shift.opened_at)) };
    return { scope, wire: { ...wire, store_id: scope.storeId, store_name: storeName }, tag: `ca-${shiftId}` };
  }
  const storeId = wholeId(q.store_id);
  if (storeId === null) throw required(['store_id']);
  if (typeof q.date !== 'string') throw required(['date']);
  const start = vnDateStart(q.date);
  if (start === null) throw bad('date', 'date is a calendar day YYYY-MM-DD');
  const storeName = await allowedStore(ctx, caller, storeId);
  const end = start + DAY_MS - 1;
  // The day's drawer: the shifts of the store opened that day.
  const shifts = await shiftsWhere(
    ctx.db,
    's.store_id = $3 AND s.opened_at >= $4 AND s.opened_at <= $5 ORDER BY s.opened_at, s.id',
    [merchantId, storeId, start, end],
    now,
  );
  const scope: Scope = { merchantId, storeId, from: start, to: Math.min(end, now), shifts };
  const open = shifts.some((s) => s.status === 'OPEN');
  const wire = { kind: 'day' as const, shift_id: null, status: open ? ('OPEN' as const) : null, date: q.date };
  return { scope, wire: { ...wire, store_id: storeId, store_name: storeName }, tag: `${storeId}_${q.date}` };
}

export function registerClosingRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const report = async (request: FastifyRequest) => {
    const caller = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const { scope, wire, tag } = await scopeOf(ctx, caller, request);
    const figures = await zReportFigures(ctx.db, scope, ctx.options.vatRates);
    const body = { ...wire, from: seconds(scope.from), to: seconds(scope.to), generated_at: seconds(ctx.clock.now()), figures };
    return { body, tag, scope };
  };

  app.get('/closing/z-report', async (request) => ok((await report(request)).body));

  app.get('/closing/z-report/export', async (request, reply) => {
    const { body, tag, scope } = await report(request);
    const heading = [
      `Cửa hàng: ${body.store_name}`,
      body.kind === 'shift' ? `Ca #${body.shift_id}` : `Ngày: ${body.date}`,
      `Từ ${vnIso(scope.from)} đến ${vnIso(scope.to)}`,
    ];
    const file = buildZReportWorkbook(heading, body.figures);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', zReportDisposition(tag))
      .header('content-length', String(file.length))
      .send(file);
  });
}
