import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { consumeFault } from '../../../core/faults';
import { renderInvoicePdf } from '../../../core/pdf';
import { findByClientRef, getInvoice, listInvoices, totalAfterOf, updateInvoice } from '../../../core/store';
import { PROVIDER_NAMES } from '../../../core/types';
import { viettelByUuidSchema, viettelFileSchema, viettelListSchema } from '../schemas';
import {
  PROVIDER,
  VIETTEL_API,
  VIETTEL_PDF_WARMUP_ASKS,
  VIETTEL_LOOKUP_URL,
  MAX_RANGE_MS,
  ViettelError,
  parse,
  caller,
  ownSupplier,
  templateOf,
  viettelInvoiceNo,
  settle,
  ok,
} from '../common';
import { viettelInvoice } from '../row';

/** An invoice by its transactionUuid, a page of invoices, and an invoice's file. */
export function registerViettelReadRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.post(`${VIETTEL_API}/InvoiceWS/searchInvoiceByTransactionUuid`, async (request) => {
    const { merchantId, account } = await caller(ctx, request);
    const body = parse(viettelByUuidSchema, request.body);
    ownSupplier(account, body.supplierTaxCode);
    const invoice = await findByClientRef(ctx.db, merchantId, PROVIDER, body.transactionUuid);
    if (!invoice) throw new ViettelError(404, 'INVOICE_NOT_FOUND', 'Không tìm thấy hóa đơn');
    return ok({ result: [viettelInvoice(await settle(ctx, invoice))] });
  });

  scope.post(`${VIETTEL_API}/InvoiceUtilsWS/getInvoices`, async (request) => {
    const { merchantId, account } = await caller(ctx, request);
    const body = parse(viettelListSchema, request.body);
    ownSupplier(account, body.supplierTaxCode);
    if (body.startDate > body.endDate) throw new ViettelError(400, 'BAD_REQUEST', 'startDate phải trước endDate');
    if (body.endDate - body.startDate > MAX_RANGE_MS) throw new ViettelError(400, 'BAD_REQUEST', 'Khoảng thời gian tối đa 366 ngày');
    const { rows, total } = await listInvoices(ctx.db, {
      merchantId,
      provider: PROVIDER,
      from: body.startDate,
      to: body.endDate,
      ...(body.invoiceSeries ? { series: body.invoiceSeries } : {}),
      ...(body.keyword ? { q: body.keyword } : {}),
      ...(body.sent !== undefined ? { released: body.sent } : {}),
      page: body.pageNum,
      pageSize: body.rowPerPage,
    });
    const invoices = [];
    for (const row of rows) invoices.push(viettelInvoice(await settle(ctx, row)));
    return ok({ totalRow: total, invoices });
  });

  scope.post(`${VIETTEL_API}/InvoiceUtilsWS/getInvoiceRepresentationFile`, async (request) => {
    const { merchantId, account } = await caller(ctx, request);
    const body = parse(viettelFileSchema, request.body);
    ownSupplier(account, body.supplierTaxCode);
    const m = /^([A-Z0-9]{6})(\d{1,9})$/.exec(body.invoiceNo);
    const found = m ? await getInvoice(ctx.db, { merchantId, provider: PROVIDER, series: m[1]!, number: Number(m[2]) }) : null;
    const invoice =
      found && templateOf(found) === body.templateCode && (!body.transactionUuid || body.transactionUuid === found.clientRef)
        ? found
        : null;
    if (!invoice) throw new ViettelError(404, 'INVOICE_NOT_FOUND', 'Không tìm thấy hóa đơn');
    // Right after a create the file is still being drawn (notes), and a test may ask for more such answers.
    const asks = typeof invoice.extra.pdfAsks === 'number' ? invoice.extra.pdfAsks : VIETTEL_PDF_WARMUP_ASKS;
    if (asks < VIETTEL_PDF_WARMUP_ASKS) {
      await updateInvoice(ctx.db, invoice.id, { extra: { pdfAsks: asks + 1 } });
      throw new ViettelError(400, 'INVOICE_FILE_NOT_READY', 'Hóa đơn đang được tạo file, vui lòng thử lại sau');
    }
    if (await consumeFault(ctx.db, merchantId, PROVIDER, 'pdf-not-ready')) {
      throw new ViettelError(400, 'INVOICE_FILE_NOT_READY', 'Hóa đơn đang được tạo file, vui lòng thử lại sau');
    }
    const settled = await settle(ctx, invoice);
    const pdf = Buffer.from(
      await renderInvoicePdf(settled.hdon, {
        lookupCode: settled.lookupCode,
        lookupUrl: VIETTEL_LOOKUP_URL,
        providerName: PROVIDER_NAMES.viettel,
        totalAfter: totalAfterOf(settled),
      }),
    );
    return ok({ fileName: `${viettelInvoiceNo(settled)}.pdf`, fileToBytes: pdf.toString('base64') });
  });
}
