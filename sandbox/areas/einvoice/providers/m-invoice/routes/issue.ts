import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { vnDateStart } from '../../../../../platform/vn-time';
import { vnDay } from '../../../core/vat';
import { InvoiceInputError } from '../../../core/document';
import { consumeFault } from '../../../core/faults';
import { correctable, findByClientRef, issueInvoice, latestInSeries, linkCorrection, updateInvoice } from '../../../core/store';
import { isValidTaxCode } from '../../../core/taxcode';
import type { CorrectionInput, InvoiceRecord } from '../../../core/types';
import { MI_CODES, MI_SIGNABLE, miSignBody } from '../wire';
import { PROVIDER, MiRefusal, handle, ok, invalid, wireField, parse, caller, settle, signedPatch, findOwn } from '../common';
import { toWire } from '../row';
import { CORRECTION_STATUS, ORIGINAL_REFUSALS, docOf, lineProblem, issueInput, type MiDoc } from '../input';

/**
 * The original a correction names, and the correction's own part of the invoice. A repeat of the same key
 * (`repeat`) answers its correction rather than the original's new state, so it is not refused here.
 */
async function linkOf(
  ctx: SandboxContext,
  merchantId: string,
  doc: MiDoc,
  repeat: boolean,
): Promise<{ original: InvoiceRecord; correction: CorrectionInput } | null> {
  const c = doc.corrects;
  if (!c) return null;
  const found = await correctable(ctx.db, { merchantId, provider: PROVIDER, providerId: c.originalId }, c.kind);
  if (!found.ok) {
    if (repeat) return null;
    const field = c.kind === 'replace' ? `${doc.at.head}inv_originalId` : 'inv_InvoiceAuth_id';
    throw new MiRefusal(MI_CODES.INVALID, ORIGINAL_REFUSALS[found.reason], { errors: [field], reason: found.reason });
  }
  const o = found.original;
  return {
    original: o,
    correction: {
      kind: c.kind,
      ...(c.kind === 'adjust' ? { adjustKind: c.info ? ('info' as const) : ('amount' as const) } : {}),
      original: { templateCode: o.templateCode, series: o.series, number: o.number, issuedAt: o.issuedAt },
      reason: c.reason,
    },
  };
}

/**
 * Save (waiting for a signature) or SaveSign (signed and sent at once); ThayThe/DieuChinh a correction,
 * signed at once. The invoice carries inv_invoiceIssuedDate (D261): never after today, never before the
 * series' latest invoice (numbers and dates rise together, Decree 123 art. 10), on a symbol of its year.
 */
async function create(ctx: SandboxContext, request: FastifyRequest, sign: boolean, call: 'save' | 'replace' | 'adjust') {
  const { merchantId, account, faults } = await caller(ctx, request);
  const doc = docOf(request.body, call);
  const h = doc.head;
  const head = (name: string) => `${doc.at.head}${name}`;
  const problem = lineProblem(doc);
  if (problem) throw invalid([problem]);
  // Fault create-fails (D190): M-Invoice's own field refusal, before anything is stored or numbered.
  if (await consumeFault(ctx.db, merchantId, PROVIDER, 'create-fails')) {
    throw new MiRefusal(MI_CODES.INVALID, 'Dữ liệu không hợp lệ: tên người mua không được chấp nhận', {
      errors: [head('inv_buyerDisplayName')],
    });
  }
  const template = h.inv_invoiceSeries[0]!;
  const series = h.inv_invoiceSeries.slice(1);
  if (!account.series.some((s) => s.active && s.value === series && s.template_code === template)) {
    throw new MiRefusal(MI_CODES.SERIES_UNKNOWN, `Ký hiệu ${h.inv_invoiceSeries} không thuộc đơn vị hoặc chưa được đăng ký sử dụng`);
  }
  if (account.declarationStatus !== 'APPROVED' || faults.declarationPending) {
    throw new MiRefusal(MI_CODES.DECLARATION_PENDING, 'Tờ khai đăng ký sử dụng hóa đơn điện tử chưa được cơ quan thuế chấp nhận');
  }
  if (h.inv_buyerTaxCode && !isValidTaxCode(h.inv_buyerTaxCode))
    throw new MiRefusal(MI_CODES.TAX_CODE_INVALID, 'Mã số thuế người mua không hợp lệ', { errors: [head('inv_buyerTaxCode')] });
  const now = ctx.clock.now();
  const today = vnDay(now);
  const day = h.inv_invoiceIssuedDate;
  const dated = vnDateStart(day);
  if (dated === null) throw invalid([head('inv_invoiceIssuedDate')]);
  const before = await findByClientRef(ctx.db, merchantId, PROVIDER, h.key_api);
  // A repeat of the key answers the invoice made the first time, whatever its date (D178).
  if (!before) {
    if (day > today) {
      throw new MiRefusal(MI_CODES.INVALID, `Ngày hóa đơn ${day} sau ngày hiện tại (${today})`, {
        errors: [head('inv_invoiceIssuedDate')],
      });
    }
    const latest = await latestInSeries(ctx.db, merchantId, PROVIDER, series);
    const last = latest === null ? null : vnDay(latest.issuedAt);
    if (last !== null && day < last) {
      throw new MiRefusal(
        MI_CODES.INVALID,
        `Ngày hóa đơn ${day} trước ngày của hóa đơn gần nhất trong ký hiệu ${h.inv_invoiceSeries} (${last})`,
        {
          errors: [head('inv_invoiceIssuedDate')],
        },
      );
    }
  }
  // Dated at noon of the day (Vietnam) unless it is today: the day is what the invoice carries (NLap).
  const issuedAt = day === today ? now : Math.min(now, dated + 12 * 3_600_000);
  const signed = sign ? signedPatch({ series }, now) : { signedAt: null, cqtStatus: '1', extra: {} };
  const link = await linkOf(ctx, merchantId, doc, before !== null);
  const c = doc.corrects;
  let issued;
  try {
    issued = await issueInvoice(ctx.db, issueInput(merchantId, doc, issuedAt, link?.correction), {
      status: c ? CORRECTION_STATUS[c.kind].self : 0,
      now,
      ...signed,
      extra: { ...signed.extra, ...(h.so_benh_an ? { soBenhAn: h.so_benh_an } : {}) },
    });
  } catch (error) {
    if (error instanceof InvoiceInputError) throw invalid([wireField(error.field, doc.at)]);
    throw error;
  }
  const { invoice, existing } = issued;
  if (link && !existing) {
    const lc = link.correction;
    await linkCorrection(
      ctx.db,
      link.original,
      invoice,
      { kind: lc.kind, adjustKind: lc.adjustKind ?? null, reason: lc.reason },
      CORRECTION_STATUS[lc.kind].original,
    );
  }
  // One invoice per key_api: a repeat (a retry whose answer was lost, or a second export of the order)
  // and the `already-exported` fault both answer the duplicate code with the invoice to fetch.
  const duplicate = existing || (await consumeFault(ctx.db, merchantId, PROVIDER, 'already-exported'));
  const wire = toWire(await settle(ctx, invoice));
  if (duplicate) throw new MiRefusal(MI_CODES.DUPLICATE, `key_api ${h.key_api} đã được lập hóa đơn`, { data: wire });
  return ok(wire);
}

/** Issuing: Save and SaveSign, the two corrections, and Sign. */
export function registerMInvoiceIssueRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.post(
    '/api/InvoiceApi78/Save',
    handle((request) => create(ctx, request, false, 'save')),
  );
  scope.post(
    '/api/InvoiceApi78/SaveSign',
    handle((request) => create(ctx, request, true, 'save')),
  );
  // Corrections (D260): ThayThe the whole replacing invoice in `data` naming inv_originalId,
  // DieuChinh a flat body naming inv_InvoiceAuth_id with its difference lines in `data`.
  scope.post(
    '/api/InvoiceApi78/ThayThe',
    handle((request) => create(ctx, request, true, 'replace')),
  );
  scope.post(
    '/api/InvoiceApi78/DieuChinh',
    handle((request) => create(ctx, request, true, 'adjust')),
  );

  scope.post(
    '/api/InvoiceApi78/Sign',
    handle(async (request) => {
      const { merchantId } = await caller(ctx, request);
      const { hoadon68_id } = parse(miSignBody, request.body);
      const invoice = await findOwn(ctx, merchantId, hoadon68_id);
      // doc 2 §4: only an invoice waiting for its signature (1).
      if (invoice.cqtStatus !== String(MI_SIGNABLE)) {
        throw new MiRefusal(MI_CODES.SIGN_REFUSED, 'Hóa đơn không ở trạng thái chờ ký', {
          data: { trang_thai: Number(invoice.cqtStatus) },
        });
      }
      const signed = await updateInvoice(ctx.db, invoice.id, signedPatch(invoice, ctx.clock.now()));
      return ok(toWire(signed ?? invoice), 'Ký hóa đơn thành công');
    }),
  );
}
