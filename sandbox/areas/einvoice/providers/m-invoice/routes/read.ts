import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { vnDateStart, DAY_MS } from '../../../../../platform/vn-time';
import { hdonToXml } from '../../../core/document';
import { consumeFault } from '../../../core/faults';
import { renderInvoicePdf } from '../../../core/pdf';
import { listInvoices, totalAfterOf } from '../../../core/store';
import { PROVIDER_NAMES } from '../../../core/types';
import { MI_CODES, miListQuery } from '../wire';
import { PROVIDER, MI_LOOKUP_URL, MiRefusal, handle, ok, invalid, parse, caller, settle, queryOf, idParam, findOwn } from '../common';
import { toWire } from '../row';

/** One invoice, a page of them, and an invoice's PDF and XML. */
export function registerMInvoiceReadRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.get(
    '/api/InvoiceApi78/GetInfoInvoice',
    handle(async (request) => {
      const { merchantId } = await caller(ctx, request);
      return ok(toWire(await findOwn(ctx, merchantId, idParam(request))));
    }),
  );

  scope.get(
    '/api/InvoiceApi78/GetInvoices',
    handle(async (request) => {
      const { merchantId } = await caller(ctx, request);
      const q = parse(miListQuery, queryOf(request));
      const from = vnDateStart(q.tu_ngay);
      const to = vnDateStart(q.den_ngay);
      if (from === null || to === null || to < from) throw invalid(['tu_ngay', 'den_ngay']);
      const { rows, total } = await listInvoices(ctx.db, {
        merchantId,
        provider: PROVIDER,
        from,
        to: to + DAY_MS - 1,
        ...(q.khieu ? { series: q.khieu.length === 7 ? q.khieu.slice(1) : q.khieu } : {}),
        ...(q.tim_kiem ? { q: q.tim_kiem } : {}),
        ...(q.da_phat_hanh ? { released: q.da_phat_hanh === '1' } : {}),
        page: q.trang,
        pageSize: q.so_dong,
      });
      const settled = [];
      for (const row of rows) settled.push(toWire(await settle(ctx, row)));
      return { code: MI_CODES.OK, message: 'Thành công', data: settled, total };
    }),
  );

  // PDF bytes on success; every failure is JSON (notes: PDF errors come back as JSON, not PDF).
  scope.get(
    '/api/InvoiceApi78/PrintInvoice',
    handle(async (request, reply) => {
      const { merchantId } = await caller(ctx, request);
      const invoice = await findOwn(ctx, merchantId, idParam(request));
      if (await consumeFault(ctx.db, merchantId, PROVIDER, 'pdf-not-ready')) {
        throw new MiRefusal(MI_CODES.PDF_NOT_READY, 'Bản thể hiện hóa đơn đang được tạo, vui lòng thử lại');
      }
      const pdf = await renderInvoicePdf(invoice.hdon, {
        lookupCode: invoice.lookupCode,
        lookupUrl: MI_LOOKUP_URL,
        providerName: PROVIDER_NAMES[PROVIDER],
        signedAt: invoice.signedAt,
        totalAfter: totalAfterOf(invoice),
      });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${invoice.templateCode}${invoice.series}-${invoice.number}.pdf"`)
        .send(Buffer.from(pdf));
    }),
  );

  scope.get(
    '/api/InvoiceApi78/ExportXml',
    handle(async (request, reply) => {
      const { merchantId } = await caller(ctx, request);
      const invoice = await findOwn(ctx, merchantId, idParam(request));
      return reply.type('application/xml; charset=utf-8').send(hdonToXml(invoice.hdon));
    }),
  );
}
