import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { InvoiceInputError } from '../../../core/document';
import { consumeFault } from '../../../core/faults';
import { correctable, findByClientRef, issueInvoice, latestInSeries, linkCorrection } from '../../../core/store';
import { isValidTaxCode } from '../../../core/taxcode';
import type { CorrectionInput, InvoiceRecord } from '../../../core/types';
import { vnDay } from '../../../core/vat';
import { fieldsOf, MAX_ITEMS, MISA_ERRORS, MISA_ITEM_ERRORS, misaInvoiceData, misaPublishBody, type MisaInvoiceData } from '../wire';
import { PROVIDER, MisaRefusal, answerJson, handle, parse, type Caller, caller } from '../common';
import { toWire } from '../row';
import { CORRECTION_STATUS, ORIGINAL_REFUSALS, newTaxAuthorityCode, issueInput, misaField, misaProblem } from '../input';

type ItemResult = Record<string, unknown> & { ErrorCode: string };

const itemError = (ref: unknown, code: string, description: string): ItemResult => ({
  RefID: typeof ref === 'string' ? ref.slice(0, 64) : null,
  ErrorCode: code,
  DescriptionErrorCode: description,
});

/**
 * The original a correction names by its template, series and number (D244, D246), and the correction's
 * own part of the invoice; a refused original is the item's error unless the RefID was issued before.
 */
async function correctionOf(
  ctx: SandboxContext,
  caller: Caller,
  item: MisaInvoiceData,
): Promise<{ link: { original: InvoiceRecord; correction: CorrectionInput } | null } | { refused: ItemResult }> {
  if (!item.ReferenceType) return { link: null };
  const kind = item.ReferenceType === 1 ? 'replace' : 'adjust';
  const found = await correctable(
    ctx.db,
    { merchantId: caller.merchantId, provider: PROVIDER, series: item.OrgInvSeries!, number: Number(item.OrgInvNo) },
    kind,
    { day: item.OrgInvDate!, templateCode: item.OrgInvTemplateNo! },
  );
  const before = await findByClientRef(ctx.db, caller.merchantId, PROVIDER, item.RefID);
  if (!found.ok && !before) return { refused: itemError(item.RefID, ...ORIGINAL_REFUSALS[found.reason]) };
  const original = found.ok ? found.original : null;
  if (!original) return { link: null };
  return {
    link: {
      original,
      correction: {
        kind,
        ...(kind === 'adjust' ? { adjustKind: item.TypeChangeInvoice === 1 ? ('info' as const) : ('amount' as const) } : {}),
        original: { templateCode: original.templateCode, series: original.series, number: original.number, issuedAt: original.issuedAt },
        reason: (item.ChangeReason ?? item.InvoiceNote)!,
      },
    },
  };
}

/** One item of a publish call: checked on its own, so one bad invoice does not stop the others. */
async function publishOne(ctx: SandboxContext, caller: Caller, raw: unknown): Promise<ItemResult> {
  const ref = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).RefID : undefined;
  const parsed = misaInvoiceData.safeParse(raw);
  if (!parsed.success) return itemError(ref, MISA_ITEM_ERRORS.INVALID_DATA, `Invalid: ${fieldsOf(parsed.error).join(', ')}`);
  const item = parsed.data;
  // Fault create-fails (D190): this item refused as MISA refuses bad data, nothing stored or numbered.
  if (await consumeFault(ctx.db, caller.merchantId, PROVIDER, 'create-fails')) {
    return itemError(item.RefID, MISA_ITEM_ERRORS.INVALID_DATA, 'Invalid: BuyerFullName is not accepted');
  }
  const template = item.InvSeries[0]!;
  const series = item.InvSeries.slice(1);
  const entry = caller.account.series.find((s) => s.value === series && s.template_code === template);
  if (!entry) return itemError(item.RefID, MISA_ITEM_ERRORS.TEMPLATE_NOT_FOUND, `Series ${item.InvSeries} is not this company's`);
  if (!entry.active) return itemError(item.RefID, MISA_ITEM_ERRORS.TEMPLATE_NOT_USING, `Series ${item.InvSeries} is not activated`);
  if (caller.account.declarationStatus !== 'APPROVED' || caller.faults.declarationPending) {
    return itemError(
      item.RefID,
      MISA_ITEM_ERRORS.DECLARATION_PENDING,
      'The e-invoice registration is not approved by the tax authority yet',
    );
  }
  if (item.BuyerTaxCode && !isValidTaxCode(item.BuyerTaxCode)) {
    return itemError(item.RefID, MISA_ITEM_ERRORS.INVALID_BUYER_TAX_CODE, 'BuyerTaxCode is not a valid tax code');
  }
  const now = ctx.clock.now();
  const problem = misaProblem(item);
  if (problem) return itemError(item.RefID, MISA_ITEM_ERRORS.INVALID_DATA, `Invalid: ${problem[0]}: ${problem[1]}`);
  // D232: the invoice is dated InvDate (the sale's day, Decree 70), never after today and never
  // before the series' last invoice, so numbers and dates rise together (Decree 123 art. 10).
  const today = vnDay(now);
  if (item.InvDate > today)
    return itemError(item.RefID, MISA_ITEM_ERRORS.INVALID_DATA, `Invalid: InvDate: ${item.InvDate} is after today (${today})`);
  const coded = series.startsWith('C');
  // A correction names its original by its template, series and number (D244, D246).
  const named = await correctionOf(ctx, caller, item);
  if ('refused' in named) return named.refused;
  const corrects = named.link;
  let issued;
  try {
    const before = await findByClientRef(ctx.db, caller.merchantId, PROVIDER, item.RefID);
    const latest = before ? null : await latestInSeries(ctx.db, caller.merchantId, PROVIDER, series);
    const last = latest === null ? null : vnDay(latest.issuedAt);
    if (last !== null && item.InvDate < last) {
      return itemError(
        item.RefID,
        MISA_ITEM_ERRORS.INVALID_DATA,
        `Invalid: InvDate: ${item.InvDate} is before the series' last invoice (${last})`,
      );
    }
    // Dated at noon of InvDate, Vietnam time: the day is what the invoice carries (NLap).
    const issuedAt = Math.min(now, Date.parse(`${item.InvDate}T12:00:00+07:00`));
    issued = await issueInvoice(
      ctx.db,
      issueInput(caller.merchantId, item, item.InvDate === today ? now : issuedAt, corrects?.correction),
      {
        providerId: item.RefID,
        status: corrects ? CORRECTION_STATUS[corrects.correction.kind].self : 1,
        // Signed with MISA's certificate and sent at once; a C series comes back with its code.
        cqtStatus: '1',
        cqtCode: coded ? newTaxAuthorityCode() : null,
        signedAt: now,
        now,
      },
    );
  } catch (error) {
    if (error instanceof InvoiceInputError) {
      return itemError(item.RefID, MISA_ITEM_ERRORS.INVALID_DATA, `Invalid: ${misaField(error.field)}: ${error.message}`);
    }
    throw error;
  }
  if (corrects && !issued.existing) {
    const c = corrects.correction;
    await linkCorrection(
      ctx.db,
      corrects.original,
      issued.invoice,
      { kind: c.kind, adjustKind: c.adjustKind ?? null, reason: c.reason },
      CORRECTION_STATUS[c.kind].original,
    );
  }
  const duplicate = issued.existing || (await consumeFault(ctx.db, caller.merchantId, PROVIDER, 'already-exported'));
  const wire = toWire(issued.invoice);
  const result = {
    RefID: wire.RefID,
    TransactionID: wire.TransactionID,
    InvSeries: wire.InvSeries,
    InvNo: wire.InvNo,
    InvDate: wire.InvDate,
    InvoiceCode: wire.InvoiceCode,
  };
  return duplicate
    ? { ...result, ErrorCode: MISA_ITEM_ERRORS.DUPLICATE_REF, DescriptionErrorCode: 'An invoice with this RefID already exists' }
    : { ...result, ErrorCode: MISA_ITEM_ERRORS.OK, DescriptionErrorCode: '' };
}

/** Publishing (issued, signed and sent in one call) and the signing call MISA does not have. */
export function registerMisaPublishRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.post(
    '/api/integration/invoice',
    handle(async (request) => {
      const who = await caller(ctx, request);
      const body = request.body as Record<string, unknown> | null;
      if (Array.isArray(body?.InvoiceData) && body.InvoiceData.length > MAX_ITEMS) {
        throw new MisaRefusal(MISA_ERRORS.TOO_MANY, `At most ${MAX_ITEMS} invoices per call`);
      }
      const { InvoiceData } = parse(misaPublishBody, body);
      const results: ItemResult[] = [];
      for (const raw of InvoiceData) results.push(await publishOne(ctx, who, raw));
      return answerJson(results);
    }),
  );

  scope.post(
    '/api/integration/invoice/sign',
    handle(async (request) => {
      await caller(ctx, request);
      throw new MisaRefusal(MISA_ERRORS.SIGN_NOT_SUPPORTED, 'MISA meInvoice signs invoices when they are published');
    }),
  );
}
