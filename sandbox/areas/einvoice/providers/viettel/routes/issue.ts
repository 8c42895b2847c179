import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { consumeFault, faultState } from '../../../core/faults';
import { findByClientRef, issueInvoice, latestInSeries, linkCorrection, updateInvoice } from '../../../core/store';
import { viettelByUuidSchema, viettelCreateSchema } from '../schemas';
import { notSentStatus, sentStatus, VIETTEL_STATUS, viettelMaySign } from '../statuses';
import {
  PROVIDER,
  VIETTEL_API,
  VIETTEL_CODE_DELAY_MS,
  ViettelError,
  parse,
  caller,
  ownSupplier,
  viettelInvoiceNo,
  created,
  ok,
} from '../common';
import { viettelInvoice } from '../row';
import { issueInputOf, originalOf, checkCreate } from '../input';

/** Creating an invoice or a correction, and sending a draft by its transactionUuid. */
export function registerViettelIssueRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.post(`${VIETTEL_API}/InvoiceWS/createInvoice/:supplierTaxCode`, async (request) => {
    const { merchantId, account } = await caller(ctx, request);
    ownSupplier(account, (request.params as { supplierTaxCode: string }).supplierTaxCode);
    const body = parse(viettelCreateSchema, request.body);
    // Fault create-fails (D190): Viettel's own 400 for a refused field, nothing stored or numbered.
    if (await consumeFault(ctx.db, merchantId, PROVIDER, 'create-fails')) {
      throw new ViettelError(400, 'BAD_REQUEST', 'buyerInfo.buyerName: giá trị không được chấp nhận');
    }
    const now = ctx.clock.now();
    const uuid = body.generalInvoiceInfo.transactionUuid;
    // §6.2 transactionUuid: "every create with the same transactionUuid answers invoice A, it makes no other" (D231).
    const before = await findByClientRef(ctx.db, merchantId, PROVIDER, uuid);
    if (before) return created(account, before);
    const issuedAt = body.generalInvoiceInfo.invoiceIssuedDate ?? now;
    const approved = account.declarationStatus === 'APPROVED' && !(await faultState(ctx.db, merchantId, PROVIDER)).declarationPending;
    const series = checkCreate(account, body, issuedAt, now, approved);
    // §7.2: a later number of a series may not carry an earlier date than the one before it.
    const last = await latestInSeries(ctx.db, merchantId, PROVIDER, series.value);
    if (last && issuedAt < last.issuedAt) {
      throw new ViettelError(
        400,
        'INVOICE_ISSUED_DATE_INVALID',
        `Ngày lập không được trước ngày lập của hóa đơn gần nhất (${viettelInvoiceNo(last)})`,
      );
    }
    const info = body.generalInvoiceInfo;
    const corrects = info.adjustmentType !== '1' ? await originalOf(ctx, merchantId, body) : null;
    const status =
      info.adjustmentType === '3'
        ? VIETTEL_STATUS.replaced
        : info.adjustmentType === '5'
          ? VIETTEL_STATUS.adjusted
          : VIETTEL_STATUS.original;
    const issued = await issueInvoice(ctx.db, issueInputOf(merchantId, body, series, issuedAt, corrects?.correction), {
      providerId: randomUUID(),
      status,
      cqtStatus: String(notSentStatus(info.invoiceSeries)),
      extra: {
        pdfAsks: 0,
        templateCode: info.templateCode,
        paid: info.paymentStatus,
        // A replacement or adjustment keeps what it refers to; the correction flow reads it (D243).
        ...(info.adjustmentType !== '1'
          ? {
              original: {
                invoiceId: info.originalInvoiceId,
                issueDate: info.originalInvoiceIssueDate,
                templateCode: info.originalTemplateCode ?? null,
                adjustmentInvoiceType: info.adjustmentInvoiceType ?? null,
                referenceDesc: info.additionalReferenceDesc,
                referenceDate: info.additionalReferenceDate,
                note: info.adjustedNote ?? null,
              },
            }
          : {}),
      },
      now,
    });
    // The link on both (D244); Viettel's original keeps its own adjustmentType 1: its vocabulary has no "replaced by".
    if (corrects && !issued.existing) {
      const c = corrects.correction;
      await linkCorrection(ctx.db, corrects.original, issued.invoice, {
        kind: c.kind,
        adjustKind: c.adjustKind ?? null,
        reason: c.reason,
      });
    }
    // already-exported (D190): the invoice is stored and the answer is the old "used before" refusal, once.
    if (await consumeFault(ctx.db, merchantId, PROVIDER, 'already-exported')) {
      throw new ViettelError(400, 'TRANSACTION_UUID_INVALID', `transactionUuid ${uuid} đã được sử dụng`);
    }
    return created(account, issued.invoice);
  });

  scope.post(`${VIETTEL_API}/InvoiceWS/sendInvoiceByTransactionUuid`, async (request) => {
    const { merchantId, account } = await caller(ctx, request);
    const body = parse(viettelByUuidSchema, request.body);
    ownSupplier(account, body.supplierTaxCode);
    const invoice = await findByClientRef(ctx.db, merchantId, PROVIDER, body.transactionUuid);
    if (!invoice) throw new ViettelError(404, 'INVOICE_NOT_FOUND', 'Không tìm thấy hóa đơn');
    if (!viettelMaySign(Number(invoice.cqtStatus))) throw new ViettelError(400, 'INVOICE_ALREADY_SENT', 'Hóa đơn đã được gửi CQT');
    const now = ctx.clock.now();
    const sent = await updateInvoice(ctx.db, invoice.id, {
      cqtStatus: String(sentStatus(invoice.series)),
      signedAt: now,
      extra: { codeDueAt: now + VIETTEL_CODE_DELAY_MS },
    });
    return ok({ result: viettelInvoice(sent ?? invoice) });
  });
}
