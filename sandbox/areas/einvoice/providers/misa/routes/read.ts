import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { DAY_MS, vnDateStart } from '../../../../../platform/vn-time';
import { hdonToXml } from '../../../core/document';
import { consumeFault } from '../../../core/faults';
import { renderInvoicePdf } from '../../../core/pdf';
import { listInvoices, totalAfterOf } from '../../../core/store';
import { PROVIDER_NAMES } from '../../../core/types';
import { MISA_ITEM_ERRORS, misaPagingBody } from '../wire';
import { PROVIDER, MISA_LOOKUP_URL, answerJson, handle, invalid, parse, queryOf, caller, idList, byId, byRefQuery } from '../common';
import { toWire } from '../row';

/** Statuses, the PDF or XML, and a page of invoices. */
export function registerMisaReadRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.post(
    '/api/integration/invoice/status',
    handle(async (request) => {
      const { merchantId } = await caller(ctx, request);
      const byRef = byRefQuery(request);
      const ids = idList(request.body);
      const results = [];
      for (const id of ids) {
        const invoice = await byId(ctx, merchantId, id, byRef);
        results.push(
          invoice
            ? { ...toWire(invoice), ErrorCode: MISA_ITEM_ERRORS.OK }
            : { [byRef ? 'RefID' : 'TransactionID']: id, ErrorCode: MISA_ITEM_ERRORS.NOT_FOUND },
        );
      }
      return answerJson(results);
    }),
  );

  // The PDF (or XML) as base64 inside the JSON text, per TransactionID.
  scope.post(
    '/api/integration/invoice/download',
    handle(async (request) => {
      const { merchantId } = await caller(ctx, request);
      const kind = queryOf(request).downloadDataType;
      if (kind !== 'pdf' && kind !== 'xml') throw invalid(['downloadDataType']);
      const byRef = byRefQuery(request);
      const ids = idList(request.body);
      const notReady = kind === 'pdf' && (await consumeFault(ctx.db, merchantId, PROVIDER, 'pdf-not-ready'));
      const results = [];
      for (const id of ids) {
        const invoice = await byId(ctx, merchantId, id, byRef);
        const key = byRef ? 'RefID' : 'TransactionID';
        if (!invoice) results.push({ [key]: id, Data: null, ErrorCode: MISA_ITEM_ERRORS.NOT_FOUND });
        else if (notReady) results.push({ [key]: id, Data: null, ErrorCode: MISA_ITEM_ERRORS.FILE_NOT_READY });
        else {
          const file =
            kind === 'pdf'
              ? Buffer.from(
                  await renderInvoicePdf(invoice.hdon, {
                    lookupCode: invoice.lookupCode,
                    lookupUrl: MISA_LOOKUP_URL,
                    providerName: PROVIDER_NAMES[PROVIDER],
                    signedAt: invoice.signedAt,
                    totalAfter: totalAfterOf(invoice),
                  }),
                )
              : Buffer.from(hdonToXml(invoice.hdon), 'utf8');
          results.push({ [key]: id, Data: file.toString('base64'), ErrorCode: MISA_ITEM_ERRORS.OK });
        }
      }
      return answerJson(results);
    }),
  );

  scope.post(
    '/api/integration/invoice/paging',
    handle(async (request) => {
      const { merchantId } = await caller(ctx, request);
      const q = parse(misaPagingBody, request.body ?? {});
      const from = vnDateStart(q.FromDate);
      const to = vnDateStart(q.ToDate);
      if (from === null || to === null || to < from) throw invalid(['FromDate', 'ToDate']);
      const { rows, total } = await listInvoices(ctx.db, {
        merchantId,
        provider: PROVIDER,
        from,
        to: to + DAY_MS - 1,
        ...(q.InvSeries ? { series: q.InvSeries.length === 7 ? q.InvSeries.slice(1) : q.InvSeries } : {}),
        ...(q.Keyword ? { q: q.Keyword } : {}),
        ...(q.PublishStatus !== undefined && q.PublishStatus !== null ? { released: q.PublishStatus === 1 } : {}),
        page: q.PageIndex,
        pageSize: q.PageSize,
      });
      return answerJson({ Total: total, Data: rows.map(toWire) });
    }),
  );
}
