import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate } from '../../platform/http/authenticate';
import { ApiError } from '../../platform/http/envelope';
import { billSvg } from './bill-svg';
import { channelFromPath } from '../../platform/transactions/channels';
import { parseWireId } from '../../platform/transactions/wire-id';
import { exportChunks, findTransaction, listPage, parseReportQuery, toWireRow } from './query';
import { contentDisposition, exportColumns } from './xlsx';
import { createExportBuilder } from './export-builder';
import { findMerchant } from '../../platform/db/merchants';
import { queryInt } from '../../platform/http/query';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_STORE_PAGE_SIZE = 100_000;
/**
 * Exports one merchant may run at once (decision D81): a second answers 429 EXPORT_IN_PROGRESS, so
 * one merchant's impatient clicks cannot queue up the worker and the database for everyone else.
 */
export const EXPORTS_PER_MERCHANT = 1;

/** Reports, their bills and the store dropdown (docs/contracts/reports.md §3, §5). */
export function registerReportRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const builder = createExportBuilder();
  app.addHook('onClose', async () => builder.close());
  const running = new Map<string, number>();

  app.get<{ Params: { file: string } }>('/transaction/bill/:file', async (request, reply) => {
    const { user } = await authenticate(ctx, request);
    const m = /^(.+)\.svg$/.exec(request.params.file);
    const parsed = m ? parseWireId(m[1]!) : null;
    const channel = parsed ? channelFromPath(parsed.channel) : null;
    const row = parsed && channel ? await findTransaction(ctx.db, user.merchant_id, channel, parsed.id) : null;
    // Someone else's bill answers exactly like a missing one.
    if (!row || !row.has_bill_image || row.created_at > ctx.clock.now()) throw new ApiError(404, 'NOT_FOUND', 'No such bill');
    const merchant = await findMerchant(ctx.db, user.merchant_id);
    return reply.type('image/svg+xml; charset=utf-8').header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'").send(billSvg(row, merchant.name));
  });

  app.get<{ Params: { channel: string } }>('/transaction/:channel', async (request, reply) => {
    const { user } = await authenticate(ctx, request);
    const channel = channelFromPath(request.params.channel);
    if (!channel) throw new ApiError(404, 'BAD_REQUEST', 'Unknown report channel', { field: 'channel' });
    const now = ctx.clock.now();
    const q = parseReportQuery(channel, request.query as Record<string, unknown>, now);
    if (!q.exportFile && ctx.faults.takeReportFailure(channel)) throw new ApiError(500, 'UNKNOWN_ERROR', 'Injected failure (sandbox fault)');

    if (q.exportFile) {
      const merchantId = user.merchant_id;
      const busy = running.get(merchantId) ?? 0;
      if (busy >= EXPORTS_PER_MERCHANT) {
        reply.header('Retry-After', '5');
        throw new ApiError(429, 'EXPORT_IN_PROGRESS', 'An export of this merchant is still running', { limit: EXPORTS_PER_MERCHANT });
      }
      running.set(merchantId, busy + 1);
      try {
        // The rows come a chunk at a time between other requests' queries; the workbook is built in a
        // worker thread. Neither holds the event loop for more than one chunk's query.
        const chunks: string[] = [];
        for await (const chunk of exportChunks(ctx.db, merchantId, q, now, exportColumns(channel))) chunks.push(chunk);
        const file = await builder.build(channel, chunks);
        const disposition = contentDisposition(channel, q.start, q.endExclusive);
        return reply
          .type(XLSX_TYPE)
          .header('Content-Disposition', disposition.header)
          .header('Content-Length', String(file.length))
          .send(file);
      } finally {
        const left = (running.get(merchantId) ?? 1) - 1;
        if (left > 0) running.set(merchantId, left);
        else running.delete(merchantId);
      }
    }

    const [page, merchant] = await Promise.all([listPage(ctx.db, user.merchant_id, q, now), findMerchant(ctx.db, user.merchant_id)]);
    return {
      data: page.rows.map((r) => toWireRow(r, merchant.name)),
      total_page: page.totalPage,
      total_amount: page.totalAmount,
      total_count: page.totalCount,
      page: q.page,
      page_size: q.pageSize,
    };
  });

  app.get('/metadata/store', async (request, reply) => {
    const { user } = await authenticate(ctx, request);
    const query = request.query as Record<string, unknown>;
    const pageSize = queryInt(query, 'page_size', 10, MAX_STORE_PAGE_SIZE);
    const page = queryInt(query, 'page', 1, 1_000_000);
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stores WHERE merchant_id = $1`, [user.merchant_id]);
    // 100,000 stores: the database writes the JSON text, which is far cheaper than 100,000 JS row objects.
    // Only the six fields of the portal's storeOptionSchema, written without json_build_object's
    // spaces (" : ", ", "): a tenth less before compression.
    const str = (column: string) => `to_json(${column})::text`;
    const [list] = await ctx.db.query<{ j: string }>(
      `SELECT '[' || coalesce(string_agg('{"id":' || id || ',"name":' || ${str('name')} || ',"store_name":' || ${str('name')}
         || ',"code":' || ${str('code')} || ',"address":' || ${str('address')}
         || ',"va_account_no":' || coalesce(${str('va_account_no')}, 'null') || '}', ',' ORDER BY name, id), '') || ']' AS j
       FROM (SELECT id, name, code, address, va_account_no FROM stores WHERE merchant_id = $1 ORDER BY name, id
             LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) s`,
      [user.merchant_id],
    );
    const totalPage = Math.ceil((count?.n ?? 0) / pageSize);
    return reply
      .type('application/json; charset=utf-8')
      .send(`{"data":${list?.j ?? '[]'},"total_page":${totalPage},"page":${page},"page_size":${pageSize}}`);
  });
}
