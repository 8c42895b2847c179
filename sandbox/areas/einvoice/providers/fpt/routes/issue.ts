import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { consumeFault, faultState } from '../../../core/faults';
import { correctable, findByClientRef, issueInvoice, linkCorrection, updateInvoice } from '../../../core/store';
import type { CorrectionInput, InvoiceRecord } from '../../../core/types';
import { vnDay } from '../../../core/vat';
import { fptApproveSchema, fptCreateSchema } from '../schemas';
import { FPT_CQT, FPT_STATUS, fptMaySign } from '../statuses';
import { PROVIDER, FPT_CODE_DELAY_MS, FptError, parse, parseFptDate, caller } from '../common';
import { fptRow } from '../row';
import { ORIGINAL_REFUSALS, issueInputOf, checkInvoice } from '../input';

/** Creating an invoice or a correction of one (unsigned: /apprs signs it). */
async function create(ctx: SandboxContext, request: FastifyRequest, corrects?: 'replace' | 'adjust') {
  const { merchantId, account } = await caller(ctx, request);
  const { inv } = parse(fptCreateSchema, request.body);
  // A correction goes through its own call naming the original; /create-invoice issues originals only.
  if (!corrects && inv.adj) throw new FptError(400, 'INVALID_DATA', 'Hóa đơn gốc không có thông tin điều chỉnh', { field: 'inv.adj' });
  if (corrects && !inv.adj) throw new FptError(400, 'INVALID_DATA', 'Thiếu thông tin hóa đơn gốc', { field: 'inv.adj' });
  if (corrects === 'adjust' && !inv.adj?.adjtyp)
    throw new FptError(400, 'INVALID_DATA', 'Thiếu loại điều chỉnh', { field: 'inv.adj.adjtyp' });
  if (corrects === 'replace' && inv.adj?.adjtyp)
    throw new FptError(400, 'INVALID_DATA', 'Hóa đơn thay thế không có loại điều chỉnh', { field: 'inv.adj.adjtyp' });
  if (inv.adj && !inv.adj.rea) throw new FptError(400, 'INVALID_DATA', 'Thiếu lý do', { field: 'inv.adj.rea' });
  // Fault create-fails (D190): FPT's own 400 for a refused field, nothing stored or numbered.
  if (await consumeFault(ctx.db, merchantId, PROVIDER, 'create-fails')) {
    throw new FptError(400, 'INVALID_DATA', 'Dữ liệu không hợp lệ: tên người mua không được chấp nhận', { field: 'inv.bname' });
  }
  const now = ctx.clock.now();
  const issuedAt = inv.idt ? parseFptDate(inv.idt) : now;
  if (issuedAt === null) throw new FptError(400, 'INVALID_DATE', 'Ngày hóa đơn không hợp lệ', { field: 'inv.idt' });
  const approved = account.declarationStatus === 'APPROVED' && !(await faultState(ctx.db, merchantId, PROVIDER)).declarationPending;
  checkInvoice(account, inv, issuedAt, now, approved);
  const duplicate = (sid: string) => new FptError(409, 'INVOICE_EXISTED', `Hóa đơn sid ${sid} đã tồn tại`, { sid });
  if (await findByClientRef(ctx.db, merchantId, PROVIDER, inv.sid)) throw duplicate(inv.sid);
  let link: { original: InvoiceRecord; correction: CorrectionInput } | null = null;
  if (corrects && inv.adj) {
    const adj = inv.adj;
    const found = await correctable(ctx.db, { merchantId, provider: PROVIDER, series: adj.rserial, number: adj.rseq }, corrects, {
      day: adj.rdt,
      templateCode: adj.rform,
    });
    if (!found.ok)
      throw new FptError(400, 'ORIGINAL_INVOICE_INVALID', ORIGINAL_REFUSALS[found.reason], {
        field: 'inv.adj',
        reason: found.reason,
      });
    if (adj.rsid && adj.rsid !== found.original.clientRef)
      throw new FptError(400, 'ORIGINAL_INVOICE_INVALID', ORIGINAL_REFUSALS.mismatch, { field: 'inv.adj.rsid', reason: 'mismatch' });
    const o = found.original;
    link = {
      original: o,
      correction: {
        kind: corrects,
        ...(corrects === 'adjust' ? { adjustKind: adj.adjtyp === '2' ? ('info' as const) : ('amount' as const) } : {}),
        original: { templateCode: o.templateCode, series: o.series, number: o.number, issuedAt: o.issuedAt },
        reason: adj.rea,
      },
    };
  }
  const issued = await issueInvoice(ctx.db, issueInputOf(merchantId, inv, issuedAt, link?.correction), {
    providerId: inv.sid,
    status: FPT_STATUS.pendingApproval,
    cqtStatus: String(FPT_CQT.pendingSignature),
    now,
  });
  // FPT's statuses have no "replaced": the original keeps its own, the correction names it (D247).
  if (link && !issued.existing) {
    const c = link.correction;
    await linkCorrection(ctx.db, link.original, issued.invoice, { kind: c.kind, adjustKind: c.adjustKind ?? null, reason: c.reason });
  }
  // already-exported: the invoice is there (as if another till made it), the answer is FPT's duplicate.
  if (issued.existing || (await consumeFault(ctx.db, merchantId, PROVIDER, 'already-exported'))) throw duplicate(inv.sid);
  return fptRow(issued.invoice);
}

/** Issuing: the create calls and the approval that signs and sends to the tax authority. */
export function registerFptIssueRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.post('/create-invoice', (request) => create(ctx, request));
  // Corrections (notes: /replace-invoice, /adjust-invoice; D247): the create body with `adj` naming the original.
  scope.post('/replace-invoice', (request) => create(ctx, request, 'replace'));
  scope.post('/adjust-invoice', (request) => create(ctx, request, 'adjust'));

  scope.post('/apprs', async (request) => {
    const { merchantId } = await caller(ctx, request);
    const { inv } = parse(fptApproveSchema, request.body);
    const invoice = await findByClientRef(ctx.db, merchantId, PROVIDER, inv.sid);
    if (!invoice) throw new FptError(404, 'INVOICE_NOT_FOUND', 'Không tìm thấy hóa đơn');
    if (inv.idt && inv.idt.slice(0, 10) !== vnDay(invoice.issuedAt)) {
      throw new FptError(400, 'INVALID_DATE', 'Ngày hóa đơn không khớp', { field: 'inv.idt' });
    }
    if (!fptMaySign(invoice.status)) {
      const code = invoice.status === FPT_STATUS.approved ? 'INVOICE_APPROVED' : 'INVOICE_CANCELLED';
      throw new FptError(409, code, invoice.status === FPT_STATUS.approved ? 'Hóa đơn đã được duyệt' : 'Hóa đơn đã bị hủy', {
        status: invoice.status,
      });
    }
    const now = ctx.clock.now();
    const signed = await updateInvoice(ctx.db, invoice.id, {
      status: FPT_STATUS.approved,
      cqtStatus: String(FPT_CQT.submitted),
      signedAt: now,
      extra: { codeDueAt: now + FPT_CODE_DELAY_MS },
    });
    return fptRow(signed ?? invoice);
  });
}
