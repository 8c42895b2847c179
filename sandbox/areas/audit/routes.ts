import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticateOwner } from '../../platform/http/authenticate';
import { ApiError, ok } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';
import { countEntries, parseFilter, readEntries, type AuditRow } from './query';
import { auditDisposition, buildAuditWorkbook } from './xlsx';

/**
 * GET /audit-log, /audit-log/export, /audit-log/users (D299, D300; docs/areas/audit.md). The owner's
 * alone (D87): a staff-type caller meets PERMISSION_DENY. Only reads: no call changes or deletes an
 * entry (PUT, PATCH and DELETE are not routes, so they answer 404), and the table's trigger refuses
 * UPDATE and DELETE from anywhere else.
 */

const MAX_PAGE_SIZE = 100;
/** One spreadsheet holds at most this many entries; a wider filter is refused with the limit. */
export const EXPORT_LIMIT = 50_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const toWire = (r: AuditRow) => ({ ...r, id: Number(r.id), at: Math.floor(Number(r.at) / 1000) });

export function registerAuditRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/audit-log', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const filter = parseFilter(request.query);
    const page = queryInt(request.query, 'page', 1, 1_000_000);
    const pageSize = queryInt(request.query, 'page_size', 10, MAX_PAGE_SIZE);
    const total = await countEntries(ctx.db, user.merchant_id, filter);
    const rows = await readEntries(ctx.db, user.merchant_id, filter, pageSize, (page - 1) * pageSize);
    return { data: rows.map(toWire), total_page: Math.ceil(total / pageSize), total_count: total, page, page_size: pageSize };
  });

  app.get('/audit-log/export', async (request, reply) => {
    const { user } = await authenticateOwner(ctx, request);
    const filter = parseFilter(request.query);
    const total = await countEntries(ctx.db, user.merchant_id, filter);
    if (total > EXPORT_LIMIT) throw new ApiError(400, 'BAD_REQUEST', 'Too many entries for one file', { limit: EXPORT_LIMIT });
    const rows = await readEntries(ctx.db, user.merchant_id, filter, EXPORT_LIMIT, 0);
    const body = buildAuditWorkbook(rows);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', auditDisposition(ctx.clock.now()))
      .header('content-length', String(body.length))
      .send(body);
  });

  // The user filter's choices: everyone who has an entry in this merchant's log (a deleted staff
  // member's entries stay findable by name).
  app.get('/audit-log/users', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const rows = await ctx.db.query<{ user_id: number; user_name: string }>(
      `SELECT DISTINCT ON (user_id) user_id, user_name FROM audit_log WHERE merchant_id = $1 ORDER BY user_id, at DESC`,
      [user.merchant_id],
    );
    return ok(rows.sort((a, b) => a.user_name.localeCompare(b.user_name, 'vi')));
  });
}
