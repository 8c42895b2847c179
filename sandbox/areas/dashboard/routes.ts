import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate } from '../../platform/http/authenticate';
import { ApiError } from '../../platform/http/envelope';
import { vnDateStart, vnDayStart } from '../../platform/vn-time';
import { dayChunk, monthChunk, recentChunk, yearChunk } from './figures';

/** GET /dashboard-data: the figures as a stream of chunks (docs/contracts/reports.md §4). */
export function registerDashboardRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/dashboard-data', async (request, reply) => {
    const { user } = await authenticate(ctx, request);
    const now = ctx.clock.now();
    const raw = (request.query as Record<string, unknown>).date_filter;
    let dayStart = vnDayStart(now);
    if (raw !== undefined && raw !== '') {
      const parsed = typeof raw === 'string' ? vnDateStart(raw) : null;
      if (parsed === null) throw new ApiError(400, 'BAD_REQUEST', 'date_filter must be YYYY-MM-DD', { field: 'date_filter' });
      if (parsed > dayStart) throw new ApiError(400, 'BAD_REQUEST', 'date_filter is in the future', { field: 'date_filter' });
      dayStart = parsed;
    }
    const merchantId = user.merchant_id;
    const cap = now + 1;
    const breakAfter = ctx.faults.takeDashboardBreak();
    const delay = ctx.options.dashboardChunkDelayMs;
    const producers = [
      () => dayChunk(ctx.db, merchantId, dayStart, cap),
      () => monthChunk(ctx.db, merchantId, dayStart, cap),
      () => yearChunk(ctx.db, merchantId, dayStart, cap),
      () => recentChunk(ctx.db, merchantId, dayStart, cap),
      async () => ({ kind: 'end' as const }),
    ];

    const stream = new PassThrough();
    void (async () => {
      try {
        for (const [index, produce] of producers.entries()) {
          if (stream.destroyed) return;
          if (breakAfter !== null && index >= breakAfter) break;
          if (index > 0 && delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
          // One write per chunk: each goes out as its own HTTP chunk as soon as it is computed.
          stream.write(`data: ${JSON.stringify(await produce())}\n\n`);
        }
        stream.end();
      } catch (error) {
        console.error('[sandbox] dashboard stream failed:', error instanceof Error ? error.message : error);
        stream.destroy();
      }
    })();
    return reply.type('text/event-stream; charset=utf-8').header('X-Accel-Buffering', 'no').send(stream);
  });
}
