import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../../../../platform/context';
import { DAY_MS, vnDateStart } from '../../../../platform/vn-time';
import { accountByUsername, bearerToken, checkLogin, getAccount, issueToken, verifyToken, type EinvAccount } from '../../core/accounts';
import { lookupCompany } from '../../core/companies';
import { hdonToXml, InvoiceInputError, TOLERANCE } from '../../core/document';
import { consumeFault, delay, faultState, type FaultState } from '../../core/faults';
import { renderInvoicePdf } from '../../core/pdf';
import {
  correctable,
  findByClientRef,
  getInvoice,
  issueInvoice,
  latestInSeries,
  linkCorrection,
  listInvoices,
  totalAfterOf,
  type CorrectionRefusal,
} from '../../core/store';
import { isValidTaxCode, taxCodeProblem } from '../../core/taxcode';
import { PROVIDER_NAMES, type CorrectionInput, type InvoiceRecord, type IssueInput } from '../../core/types';
import { vnDay } from '../../core/vat';
import {
  fieldsOf,
  MAX_ITEMS,
  MISA_APP_ID,
  MISA_ERRORS,
  MISA_ITEM_ERRORS,
  misaIdList,
  misaInvoiceData,
  misaPagingBody,
  misaPublishBody,
  misaTokenBody,
  type MisaInvoiceData,
} from './wire';

/**
 * The MISA meInvoice emulator (docs/areas/einvoice.md → "Provider emulators" → "MISA meInvoice"),
 * mounted at /api/einvoice/misa. Every answer is HTTP 200 `{success, errorCode,
 * descriptionErrorCode, errors, data}` (only the `down` fault answers 503); invoice results carry
 * `data` as JSON text, each item with its own `ErrorCode`. MISA signs with its server certificate
 * while it publishes, so an invoice is issued, signed and sent in one call and there is no signing
 * call that could succeed (doc 2 §4: misa never).
 */

const PROVIDER = 'misa' as const;
export const MISA_LOOKUP_URL = 'https://www.meinvoice.vn/tra-cuu';

class MisaRefusal extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
    readonly errors: string[] = [],
  ) {
    super(message);
  }
}
class MisaDown extends Error {}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const answer = (data: unknown) => ({ success: true, errorCode: null, descriptionErrorCode: null, errors: [], data });
/** MISA's double serialisation: `data` is a JSON text of the result. */
const answerJson = (data: unknown) => answer(JSON.stringify(data));

function handle(fn: Handler): Handler {
  return async (request, reply) => {
    try {
      return await fn(request, reply);
    } catch (error) {
      if (error instanceof MisaDown) {
        return reply.status(503).send({
          success: false,
          errorCode: 'ServiceUnavailable',
          descriptionErrorCode: 'Hệ thống đang bảo trì',
          errors: [],
          data: null,
        });
      }
      if (error instanceof MisaRefusal) {
        return reply
          .status(200)
          .send({ success: false, errorCode: error.errorCode, descriptionErrorCode: error.message, errors: error.errors, data: null });
      }
      throw error;
    }
  };
}

const invalid = (fields: string[]) => new MisaRefusal(MISA_ERRORS.INVALID_PARAMETER, `Invalid: ${fields.join(', ')}`, fields);

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldsOf(result.error));
  return result.data;
}

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return typeof request.query === 'object' && request.query !== null ? (request.query as Record<string, unknown>) : {};
}

async function refuseWhenDown(ctx: SandboxContext, merchantId: string): Promise<FaultState> {
  const faults = await faultState(ctx.db, merchantId, PROVIDER);
  if (faults.down) throw new MisaDown();
  return faults;
}

interface Caller {
  merchantId: string;
  account: EinvAccount;
  faults: FaultState;
}

/** The seller behind the bearer token; the CompanyTaxCode header must be that seller's. */
async function caller(ctx: SandboxContext, request: FastifyRequest): Promise<Caller> {
  const check = await verifyToken(ctx.db, PROVIDER, bearerToken(request.headers.authorization), ctx.clock.now());
  if (check.status !== 'ok') {
    throw new MisaRefusal(MISA_ERRORS.INVALID_TOKEN, check.status === 'expired' ? 'Token expired' : 'Invalid token');
  }
  const faults = await refuseWhenDown(ctx, check.merchantId);
  const account = await getAccount(ctx.db, check.merchantId, PROVIDER, ctx.clock.now());
  if (!account || headerText(request, 'companytaxcode') !== account.taxCode) {
    throw new MisaRefusal(MISA_ERRORS.INVALID_TOKEN, 'CompanyTaxCode does not match the token');
  }
  return { merchantId: check.merchantId, account, faults };
}

/** The invoice as MISA's status, publish and paging results name it. */
export function toWire(invoice: InvoiceRecord) {
  const h = invoice.hdon;
  const buyer = h.NDHDon.NMua;
  // A business buyer is printed as the company with the person beside it; an individual is the person alone.
  const business = buyer.HVTNMHang !== '';
  return {
    RefID: invoice.clientRef,
    TransactionID: invoice.lookupCode,
    InvTemplateNo: invoice.templateCode,
    InvSeries: `${invoice.templateCode}${invoice.series}`,
    InvNo: String(invoice.number).padStart(8, '0'),
    InvDate: h.TTChung.NLap,
    InvoiceCode: invoice.cqtCode,
    PublishStatus: invoice.signedAt === null ? 0 : 1,
    EInvoiceStatus: invoice.status,
    SendTaxStatus: Number(invoice.cqtStatus ?? 0),
    PaymentMethodName: h.TTChung.HTTToan,
    BuyerFullName: business ? buyer.HVTNMHang : buyer.Ten,
    BuyerLegalName: business ? buyer.Ten : '',
    BuyerTaxCode: buyer.MST,
    BuyerAddress: buyer.DChi,
    BuyerCode: buyer.MKHang,
    BuyerEmail: buyer.DCTDTu ?? '',
    BuyerPhoneNumber: buyer.SDThoai ?? '',
    BuyerIDNumber: buyer.CCCDan ?? '',
    TotalSaleAmountOC: h.NDHDon.TToan.TgTCThue,
    TotalSaleAmount: h.NDHDon.TToan.TgTCThue,
    TotalAmountWithoutVATOC: h.NDHDon.TToan.TgTCThue,
    TotalVATAmountOC: h.NDHDon.TToan.TgTThue,
    TotalVATAmount: h.NDHDon.TToan.TgTThue,
    TotalAmountOC: h.NDHDon.TToan.TgTTTBSo,
    TotalAmount: h.NDHDon.TToan.TgTTTBSo,
    TotalAmountInWords: h.NDHDon.TToan.TgTTTBChu,
    TaxRateInfo: h.NDHDon.TToan.THTTLTSuat.map((r) => ({ VATRateName: r.TSuat, AmountWithoutVATOC: r.ThTien, VATAmountOC: r.TThue })),
    OriginalInvoiceDetail: h.NDHDon.DSHHDVu.map((l) => ({
      LineNumber: l.STT,
      ItemName: l.THHDVu,
      UnitName: l.DVTinh,
      Quantity: l.SLuong,
      UnitPrice: l.DGia,
      AmountOC: l.ThTien,
      AmountWithoutVATOC: l.ThTien,
      VATRateName: l.TSuat ?? null,
      VATAmountOC: l.TThue ?? null,
    })),
    SignedDate: invoice.signedAt,
    // A correction names its original in the fields its publish took (D246).
    ...(h.TTChung.TTHDLQuan
      ? {
          ReferenceType: h.TTChung.TTHDLQuan.TCHDon,
          OrgInvoiceType: h.TTChung.TTHDLQuan.LHDCLQuan,
          OrgInvTemplateNo: h.TTChung.TTHDLQuan.KHMSHDCLQuan,
          OrgInvSeries: h.TTChung.TTHDLQuan.KHHDCLQuan,
          OrgInvNo: String(h.TTChung.TTHDLQuan.SHDCLQuan).padStart(8, '0'),
          OrgInvDate: h.TTChung.TTHDLQuan.NLHDCLQuan,
          ChangeReason: h.TTChung.TTHDLQuan.GChu,
          TypeChangeInvoice: h.TTChung.TTHDLQuan.TCHDon === 2 && h.NDHDon.DSHHDVu.length === 0 ? 1 : 0,
        }
      : {}),
  };
}

/** MISA's statuses of a correction and of the original it names (MISA_EINVOICE_STATUS; D246). */
const CORRECTION_STATUS = { replace: { self: 3, original: 5 }, adjust: { self: 4, original: 6 } } as const;

/** MISA's per-item refusal of the original a correction names (D244), with MISA's own wording. */
const ORIGINAL_REFUSALS: Record<CorrectionRefusal, [string, string]> = {
  unknown: ['OrgInvoiceNotFound', 'The original invoice (OrgInvSeries, OrgInvNo) is not found'],
  'not-issued': ['OrgInvoiceNotPublished', 'The original invoice is not published'],
  replaced: ['OrgInvoiceReplaced', 'The original invoice has already been replaced'],
  adjustment: ['OrgInvoiceIsAdjustment', 'An adjustment invoice cannot be replaced'],
  mismatch: ['OrgInvoiceInfoInvalid', 'OrgInvDate or OrgInvTemplateNo is not the original invoice'],
};

/** A tax-authority code (MCCQT), 34 characters. */
const newTaxAuthorityCode = () => `00${randomBytes(16).toString('hex').toUpperCase()}`;

function issueInput(merchantId: string, item: MisaInvoiceData, issuedAt: number, correction?: CorrectionInput): IssueInput {
  const info = correction?.adjustKind === 'info';
  // A company name makes a business buyer (which then needs its tax code); a tax code alone is an
  // individual's personal one.
  const business = Boolean(item.BuyerLegalName);
  return {
    merchantId,
    provider: PROVIDER,
    templateCode: item.InvSeries[0] as '1' | '2',
    series: item.InvSeries.slice(1),
    issuedAt,
    buyer: {
      isIndividual: !business,
      name: item.BuyerFullName,
      company: item.BuyerLegalName,
      taxCode: item.BuyerTaxCode,
      address: item.BuyerAddress,
      email: item.BuyerEmail,
      phone: item.BuyerPhoneNumber,
      customerCode: item.BuyerCode,
      idCard: item.BuyerIDNumber,
    },
    // D232: MISA's figures as sent (UnitPrice and AmountWithoutVATOC before tax, the line's rate and
    // VAT); the core checks them as MISA does and keeps them.
    // An adjustment's decrease comes negative (D246): its size, marked as lowering the original.
    lines: info
      ? []
      : item.OriginalInvoiceDetail.map((l) => ({
          name: l.ItemName,
          unit: l.UnitName,
          quantity: Math.abs(l.Quantity),
          unitPrice: Math.abs(l.UnitPrice),
          amount: Math.abs(l.AmountWithoutVATOC),
          rate: l.VATRateName ?? null,
          ...(l.VATAmountOC !== undefined && l.VATAmountOC !== null ? { vat: Math.abs(l.VATAmountOC) } : {}),
          ...(l.AmountWithoutVATOC < 0 ? { decrease: true } : {}),
        })),
    ...(correction ? { correction } : {}),
    ...(item.TaxRateInfo
      ? { rates: item.TaxRateInfo.map((r) => ({ rate: r.VATRateName, net: r.AmountWithoutVATOC, vat: r.VATAmountOC })) }
      : {}),
    totals: { net: item.TotalAmountWithoutVATOC, vat: item.TotalVATAmountOC, gross: item.TotalAmountOC },
    paymentMethod: item.PaymentMethodName,
    clientRef: item.RefID,
    ...(item.InvoiceNote || info
      ? { notes: [...(item.InvoiceNote ? [item.InvoiceNote] : []), ...(info ? item.OriginalInvoiceDetail.map((l) => l.ItemName) : [])] }
      : {}),
  };
}

/** The core's field names (IssueInput) in MISA's words, so a refusal names what the caller sent. */
export function misaField(field: string): string {
  const line = /^lines\[(\d+)\]\.(\w+)$/.exec(field);
  if (line) {
    const names: Record<string, string> = {
      name: 'ItemName',
      unit: 'UnitName',
      quantity: 'Quantity',
      unitPrice: 'UnitPrice',
      amount: 'AmountWithoutVATOC',
      rate: 'VATRateName',
      vat: 'VATAmountOC',
    };
    return `OriginalInvoiceDetail[${line[1]}].${names[line[2]!] ?? line[2]}`;
  }
  const rate = /^rates\[(\d+)\]\.(\w+)$/.exec(field);
  if (rate) {
    const names: Record<string, string> = { rate: 'VATRateName', net: 'AmountWithoutVATOC', vat: 'VATAmountOC' };
    return `TaxRateInfo[${rate[1]}].${names[rate[2]!] ?? rate[2]}`;
  }
  const names: Record<string, string> = {
    series: 'InvSeries',
    issuedAt: 'InvDate',
    lines: 'OriginalInvoiceDetail',
    rates: 'TaxRateInfo',
    'totals.net': 'TotalAmountWithoutVATOC',
    'totals.vat': 'TotalVATAmountOC',
    'totals.gross': 'TotalAmountOC',
    'buyer.name': 'BuyerFullName',
    'buyer.company': 'BuyerLegalName',
    'buyer.taxCode': 'BuyerTaxCode',
    'buyer.address': 'BuyerAddress',
  };
  return names[field] ?? field;
}

/**
 * What MISA checks beyond the tax authority's rules the core applies (D232): the converted (non-OC)
 * twins equal their OC amounts at ExchangeRate 1, a line without discount has AmountWithoutVATOC =
 * AmountOC, a VAT invoice's lines carry their rate and VAT and a sales invoice's carry none, and the
 * goods total is the sum of the goods amounts. Answers the first problem as [field, message], or null.
 */
function misaProblem(item: MisaInvoiceData): [string, string] | null {
  const sales = item.InvSeries[0] === '2';
  const adjusting = item.ReferenceType === 2;
  const informationOnly = adjusting && item.TypeChangeInvoice === 1;
  if (item.ReferenceType) {
    for (const field of ['OrgInvoiceType', 'OrgInvTemplateNo', 'OrgInvSeries', 'OrgInvNo', 'OrgInvDate'] as const) {
      if (item[field] === null || item[field] === undefined) return [field, 'required on a replacement or adjustment invoice'];
    }
    if (!(item.ChangeReason ?? item.InvoiceNote)) return ['ChangeReason', 'the reason is required on a replacement or adjustment invoice'];
  }
  if (informationOnly) {
    // An adjustment of information carries note lines (ItemType 4) and no amount.
    for (const [i, l] of item.OriginalInvoiceDetail.entries()) {
      if (l.ItemType !== 4 || l.AmountOC !== 0 || (l.VATAmountOC ?? 0) !== 0)
        return [`OriginalInvoiceDetail[${i}].ItemType`, 'an adjustment of information has note lines (4) without amounts'];
    }
    if (item.TotalAmountOC !== 0 || item.TotalVATAmountOC !== 0) return ['TotalAmountOC', 'an adjustment of information has no amounts'];
    return null;
  }
  for (const [i, l] of item.OriginalInvoiceDetail.entries()) {
    const at = `OriginalInvoiceDetail[${i}]`;
    if (l.ItemType === 4) return [`${at}.ItemType`, 'a note line (4) is only for an adjustment of information'];
    const figures = [l.Quantity, l.AmountOC, l.AmountWithoutVATOC, l.VATAmountOC ?? 0];
    if (!adjusting && figures.some((v) => v < 0)) return [`${at}.AmountOC`, 'a negative figure is only for an adjustment invoice'];
  }
  if (!adjusting && [item.TotalAmountOC, item.TotalVATAmountOC, item.TotalAmountWithoutVATOC].some((v) => v < 0))
    return ['TotalAmountOC', 'a negative total is only for an adjustment invoice'];
  const twins: [string, number | null | undefined, number | null | undefined][] = [
    ['TotalSaleAmount', item.TotalSaleAmount, item.TotalSaleAmountOC],
    ['TotalAmountWithoutVAT', item.TotalAmountWithoutVAT, item.TotalAmountWithoutVATOC],
    ['TotalVATAmount', item.TotalVATAmount, item.TotalVATAmountOC],
    ['TotalAmount', item.TotalAmount, item.TotalAmountOC],
  ];
  for (const [i, l] of item.OriginalInvoiceDetail.entries()) {
    const at = `OriginalInvoiceDetail[${i}]`;
    twins.push([`${at}.Amount`, l.Amount, l.AmountOC], [`${at}.AmountWithoutVAT`, l.AmountWithoutVAT, l.AmountWithoutVATOC]);
    twins.push([`${at}.VATAmount`, l.VATAmount, l.VATAmountOC]);
    // MISA's goods amount is quantity × unit price, to the tax authority's tolerance of one đồng.
    if (Math.abs(l.Quantity * l.UnitPrice - l.AmountOC) > TOLERANCE + 1e-9) {
      return [`${at}.AmountOC`, `${l.AmountOC} is not Quantity × UnitPrice (${l.Quantity} × ${l.UnitPrice})`];
    }
    if (l.AmountWithoutVATOC !== l.AmountOC) {
      return [`${at}.AmountWithoutVATOC`, `${l.AmountWithoutVATOC} is not AmountOC ${l.AmountOC} less the line's discount (0)`];
    }
    if (sales && (l.VATRateName || (l.VATAmountOC ?? 0) !== 0)) return [`${at}.VATRateName`, 'a sales invoice (template 2) carries no VAT'];
    if (!sales && !l.VATRateName) return [`${at}.VATRateName`, 'required on a VAT invoice'];
    if (!sales && (l.VATAmountOC === undefined || l.VATAmountOC === null)) return [`${at}.VATAmountOC`, 'required on a VAT invoice'];
  }
  for (const [i, r] of (item.TaxRateInfo ?? []).entries()) {
    twins.push(
      [`TaxRateInfo[${i}].AmountWithoutVAT`, r.AmountWithoutVAT, r.AmountWithoutVATOC],
      [`TaxRateInfo[${i}].VATAmount`, r.VATAmount, r.VATAmountOC],
    );
  }
  for (const [field, plain, oc] of twins) {
    if (plain !== undefined && plain !== null && plain !== oc)
      return [field, `${plain} is not its OC amount ${String(oc)} at ExchangeRate 1`];
  }
  const goods = item.OriginalInvoiceDetail.reduce((sum, l) => sum + l.AmountOC, 0);
  if (item.TotalSaleAmountOC !== goods) return ['TotalSaleAmountOC', `${item.TotalSaleAmountOC} is not the sum of AmountOC (${goods})`];
  return null;
}

type ItemResult = Record<string, unknown> & { ErrorCode: string };

const itemError = (ref: unknown, code: string, description: string): ItemResult => ({
  RefID: typeof ref === 'string' ? ref.slice(0, 64) : null,
  ErrorCode: code,
  DescriptionErrorCode: description,
});

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
  let corrects: { original: InvoiceRecord; correction: CorrectionInput } | null = null;
  if (item.ReferenceType) {
    const kind = item.ReferenceType === 1 ? 'replace' : 'adjust';
    const found = await correctable(
      ctx.db,
      { merchantId: caller.merchantId, provider: PROVIDER, series: item.OrgInvSeries!, number: Number(item.OrgInvNo) },
      kind,
      { day: item.OrgInvDate!, templateCode: item.OrgInvTemplateNo! },
    );
    const before = await findByClientRef(ctx.db, caller.merchantId, PROVIDER, item.RefID);
    if (!found.ok && !before) return itemError(item.RefID, ...ORIGINAL_REFUSALS[found.reason]);
    const original = found.ok ? found.original : null;
    if (original) {
      corrects = {
        original,
        correction: {
          kind,
          ...(kind === 'adjust' ? { adjustKind: item.TypeChangeInvoice === 1 ? ('info' as const) : ('amount' as const) } : {}),
          original: { templateCode: original.templateCode, series: original.series, number: original.number, issuedAt: original.issuedAt },
          reason: (item.ChangeReason ?? item.InvoiceNote)!,
        },
      };
    }
  }
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

/** Up to 50 ids from a status or download body. */
function idList(body: unknown): string[] {
  if (Array.isArray(body) && body.length > MAX_ITEMS) throw new MisaRefusal(MISA_ERRORS.TOO_MANY, `At most ${MAX_ITEMS} ids per call`);
  return parse(misaIdList, body);
}

async function byId(ctx: SandboxContext, merchantId: string, id: string, byRef: boolean): Promise<InvoiceRecord | null> {
  if (byRef) return getInvoice(ctx.db, { merchantId, provider: PROVIDER, providerId: id });
  const [row] = await ctx.db.query<{ id: number }>(
    `SELECT id FROM einv_invoices WHERE merchant_id = $1 AND provider = $2 AND lookup_code = $3`,
    [merchantId, PROVIDER, id],
  );
  return row ? getInvoice(ctx.db, { merchantId, provider: PROVIDER, id: Number(row.id) }) : null;
}

/** `inputType` 1 (default): the ids are TransactionIDs; 2: RefIDs. */
function byRefQuery(request: FastifyRequest): boolean {
  const inputType = queryOf(request).inputType;
  if (inputType === undefined || inputType === '' || inputType === '1') return false;
  if (inputType === '2') return true;
  throw invalid(['inputType']);
}

function taxCodeQuery(request: FastifyRequest): string {
  const value = queryOf(request).taxcode;
  if (typeof value !== 'string' || !value.trim() || value.length > 20) throw invalid(['taxcode']);
  return value.trim();
}

export function registerMisaRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(
    async (scope) => {
      scope.post(
        '/api/integration/auth/token',
        handle(async (request) => {
          const body = parse(misaTokenBody, request.body);
          if (body.appid !== MISA_APP_ID) throw new MisaRefusal(MISA_ERRORS.INVALID_APP_ID, 'Invalid AppID');
          const known = await accountByUsername(ctx.db, PROVIDER, body.username);
          if (known) await refuseWhenDown(ctx, known.merchantId);
          const login = await checkLogin(ctx.db, PROVIDER, body.username, body.password, body.taxcode);
          if (!login.ok) throw new MisaRefusal(MISA_ERRORS.LOGIN_FAILED, 'Username or password is incorrect');
          const token = await issueToken(ctx.db, PROVIDER, login.account.merchantId, ctx.clock.now());
          return answer(token.token);
        }),
      );

      // Before login (doc 2 §5): the seller's tax code is checked first, without a token.
      scope.get(
        '/api/integration/company/check-taxcode',
        handle(async (request) => {
          const taxcode = taxCodeQuery(request);
          const problem = taxCodeProblem(taxcode);
          if (problem) throw new MisaRefusal(MISA_ERRORS.INVALID_TAX_CODE, `Invalid tax code (${problem})`);
          return answerJson({ TaxCode: taxcode, Valid: true });
        }),
      );

      scope.get(
        '/api/integration/company/info',
        handle(async (request) => {
          await caller(ctx, request);
          const taxcode = taxCodeQuery(request);
          if (!isValidTaxCode(taxcode)) throw new MisaRefusal(MISA_ERRORS.INVALID_TAX_CODE, 'Invalid tax code');
          const company = lookupCompany(taxcode);
          if (!company) throw new MisaRefusal(MISA_ERRORS.TAX_CODE_NOT_FOUND, 'No company with this tax code');
          return answerJson({
            TaxCode: company.taxCode,
            CompanyName: company.name,
            Address: company.address,
            LegalRepresentative: company.representative,
            Email: company.email,
            Phone: company.phone,
          });
        }),
      );

      // Every series, the inactive ones too (Inactive: true): publishing to one answers TemplateIsNotUsing.
      scope.get(
        '/api/integration/invoice/templates',
        handle(async (request) => {
          const { account, faults } = await caller(ctx, request);
          if (faults.serialSlowMs !== null) await delay(faults.serialSlowMs);
          return answerJson(
            account.series.map((s) => ({
              IPTemplateID: `${account.taxCode}-${s.template_code}${s.value}`,
              TemplateName: s.inv_type_name,
              InvTemplateNo: s.template_code,
              InvSeries: `${s.template_code}${s.value}`,
              InvoiceType: Number(s.template_code),
              Inactive: !s.active,
            })),
          );
        }),
      );

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

      scope.get(
        '/api/integration/declaration/status',
        handle(async (request) => {
          const { account, faults } = await caller(ctx, request);
          const query = queryOf(request);
          const bound = (name: string, end: boolean) => {
            const value = query[name];
            if (value === undefined || value === '') return end ? Infinity : -Infinity;
            const start = typeof value === 'string' ? vnDateStart(value) : null;
            if (start === null) throw invalid([name]);
            return end ? start + DAY_MS - 1 : start;
          };
          const from = bound('fromDate', false);
          const to = bound('toDate', true);
          const pending = faults.declarationPending;
          return answerJson({
            TaxCode: account.taxCode,
            Status: pending ? 'PENDING' : account.declarationStatus,
            Declarations: account.declarations
              .filter((d) => d.create_date >= from && d.create_date <= to)
              .sort((a, b) => b.create_date - a.create_date)
              .map((d) => (pending ? { ...d, status: 'PENDING', status_reply: 'WAITING' } : d)),
          });
        }),
      );
    },
    { prefix: '/misa' },
  );
}
