import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';

/**
 * The sale service's attendance calls (doc 2 §7 "Attendance"; CONTRACT13; docs/areas/attendance.md).
 * Open to owner and staff-type users (D137). Scoped to the caller's merchant: another merchant's
 * record, or a channel_id that is not the record's, answers 404 NOT_FOUND like a missing one.
 */

export const ATTENDANCE_MAX_PAGE_SIZE = 100;

interface AttendanceRow {
  id: number;
  card_id: string;
  card_number: string;
  serial_number: string;
  channel_id: string;
  latitude: number;
  longitude: number;
  created_at: number;
}

const notFound = (id: unknown) => new ApiError(404, 'NOT_FOUND', 'No such check-in', { id });

/** Wire shape (doc 2 §3 Attendance record); times in unix seconds like every sale-service time. */
const toWire = (r: AttendanceRow) => ({
  id: r.id,
  card_id: r.card_id,
  card_number: r.card_number,
  created_at: Math.floor(r.created_at / 1000),
  latitude: r.latitude,
  longitude: r.longitude,
  serial_number: r.serial_number,
  channel_id: r.channel_id,
});

export function registerAttendanceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = async (request: FastifyRequest) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;

  /** GET /attendance?page=&page_size= : `{data: {items, total_page, total_count}}` (the spec's shape), newest first. */
  app.get('/attendance', async (request) => {
    const user = await caller(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, ATTENDANCE_MAX_PAGE_SIZE);
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM attendance WHERE merchant_id = $1`, [
      user.merchant_id,
    ]);
    const rows = await ctx.db.query<AttendanceRow & Record<string, unknown>>(
      `SELECT id, card_id, card_number, serial_number, channel_id, latitude, longitude, created_at FROM attendance
       WHERE merchant_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      [user.merchant_id],
    );
    const total = count?.n ?? 0;
    return ok({ items: rows.map(toWire), total_page: Math.ceil(total / pageSize), total_count: total, page, page_size: pageSize });
  });

  /** DELETE /attendance/{id} with `{channel_id}` (doc 2 §7): answers `{id, card_id}` so the toast can name the card (doc 2 §8). */
  app.delete<{ Params: { id: string } }>('/attendance/:id', async (request) => {
    const user = await caller(request);
    const raw = request.params.id;
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const channel = body.channel_id;
    const channelId =
      typeof channel === 'number' && Number.isSafeInteger(channel) ? String(channel) : typeof channel === 'string' ? channel : '';
    if (!channelId.trim()) throw required(['channel_id']);
    if (channelId.length > 100) throw new ApiError(400, 'BAD_REQUEST', 'channel_id is at most 100 characters', { field: 'channel_id' });
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(raw);
    const rows = await ctx.db.query<{ id: number; card_id: string }>(
      `DELETE FROM attendance WHERE id = $1 AND merchant_id = $2 AND channel_id = $3 RETURNING id, card_id`,
      [Number(raw), user.merchant_id, channelId],
    );
    if (rows.length === 0) throw notFound(Number(raw));
    return ok({ id: rows[0]!.id, card_id: rows[0]!.card_id });
  });
}
