import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../../../../platform/context';
import { vnDateStart, DAY_MS } from '../../../../platform/vn-time';
import { vnDay } from '../../core/vat';
import { accountByUsername, bearerToken, checkLogin, getAccount, issueToken, verifyToken, type EinvAccount } from '../../core/accounts';
import { lookupCompany } from '../../core/companies';
import { hdonToXml, InvoiceInputError } from '../../core/document';
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
  updateInvoice,
  type CorrectionRefusal,
} from '../../core/store';
import { isValidTaxCode, taxCodeProblem } from '../../core/taxcode';
import { PROVIDER_NAMES, type CorrectionInput, type InvoiceRecord, type IssueInput } from '../../core/types';
import {
  fieldsOf,
  MI_CODES,
  MI_CODING_DELAY_MS,
  MI_CQT_TEXT,
  MI_SIGNABLE,
  MI_TAX_CODES,
  miAdjustBody,
  miListQuery,
  miLoginBody,
  miReplaceBody,
  miSaveBody,
  miSignBody,
  type MiCode,
  type MiCqtStatus,
  type MiInvoiceInput,
  type MiLine,
} from './wire';

/**
 * The M-Invoice emulator (docs/areas/einvoice.md → "Provider emulators" → "M-Invoice"), mounted at
 * /api/einvoice/m-invoice. The real service has a host per seller (`{taxcode}.minvoice.app`); here the
 * `TaxCode` header names the seller instead, on every call. Answers are HTTP 200 with the outcome in
 * `code` ("00" success), as M-Invoice does; only the `down` fault answers 503.
 */

const PROVIDER = 'm-invoice' as const;
/** The one unit code (mã đơn vị cơ sở) of every emulated seller. */
export const MI_UNIT_CODE = 'VP';
export const MI_LOOKUP_URL = 'https://tracuu.minvoice.com.vn';

/** An answer other than "00": thrown by the checks, sent by `handle` as HTTP 200 `{code, message, …}`. */
class MiRefusal extends Error {
  constructor(
    readonly code: MiCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
/** The `down` fault: HTTP 503. */
class MiDown extends Error {}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function handle(fn: Handler): Handler {
  return async (request, reply) => {
    try {
      return await fn(request, reply);
    } catch (error) {
      if (error instanceof MiDown) return reply.status(503).send({ code: '99', message: 'Hệ thống đang bảo trì, vui lòng thử lại sau' });
      if (error instanceof MiRefusal) return reply.status(200).send({ code: error.code, message: error.message, ...error.extra });
      if (error instanceof InvoiceInputError) {
        return reply.status(200).send({ code: MI_CODES.INVALID, message: error.message, errors: [wireField(error.field, SAVE_PATHS)] });
      }
      throw error;
    }
  };
}

const ok = (data: unknown, message = 'Thành công') => ({ code: MI_CODES.OK, message, data });
const invalid = (fields: string[]) => new MiRefusal(MI_CODES.INVALID, `Dữ liệu không hợp lệ: ${fields.join(', ')}`, { errors: fields });

/** Where a body puts the invoice's own fields and its lines: Save and ThayThe in `data[0]`, DieuChinh flat. */
interface Paths {
  head: string;
  lines: string;
}
const SAVE_PATHS: Paths = { head: 'data.0.', lines: 'data.0.details.0.data.' };
const ADJUST_PATHS: Paths = { head: '', lines: 'data.' };

/** core's field names (IssueInput) back to M-Invoice's body paths, so `errors` names what the caller sent as zod does. */
function wireField(field: string, at: Paths): string {
  const map: Record<string, string> = {
    'buyer.name': 'inv_buyerDisplayName',
    'buyer.company': 'inv_buyerLegalName',
    'buyer.taxCode': 'inv_buyerTaxCode',
    'buyer.address': 'inv_buyerAddressLine',
    'buyer.customerCode': 'ma_dt',
    'buyer.email': 'inv_buyerEmail',
    'buyer.phone': 'buyerTel',
    'buyer.idCard': 'cccdan',
    series: 'inv_invoiceSeries',
    issuedAt: 'inv_invoiceIssuedDate',
    paymentMethod: 'inv_paymentMethodName',
    lines: at.lines.replace(/\.$/, ''),
    'totals.net': 'inv_TotalAmountWithoutVat',
    'totals.vat': 'inv_vatAmount',
    'totals.gross': 'inv_TotalAmount',
  };
  const line = /^lines\[(\d+)\]\.(\w+)$/.exec(field);
  if (line) {
    const names: Record<string, string> = {
      name: 'inv_itemName',
      unit: 'inv_unitCode',
      quantity: 'inv_quantity',
      unitPrice: 'inv_unitPrice',
      amount: 'inv_TotalAmountWithoutVat',
      rate: 'ma_thue',
      vat: 'inv_vatAmount',
    };
    return `${at.lines}${line[1]}.${names[line[2]!] ?? line[2]}`;
  }
  if (field === 'lines') return map.lines!;
  return `${at.head}${map[field] ?? field}`;
}

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldsOf(result.error));
  return result.data;
}

async function refuseWhenDown(ctx: SandboxContext, merchantId: string): Promise<FaultState> {
  const faults = await faultState(ctx.db, merchantId, PROVIDER);
  if (faults.down) throw new MiDown();
  return faults;
}

interface Caller {
  merchantId: string;
  account: EinvAccount;
  faults: FaultState;
}

/**
 * The seller behind the bearer token. A bad or expired token and a TaxCode header that is not the
 * token's seller all answer "02" with no hint of whose data was asked for.
 */
async function caller(ctx: SandboxContext, request: FastifyRequest): Promise<Caller> {
  const check = await verifyToken(ctx.db, PROVIDER, bearerToken(request.headers.authorization), ctx.clock.now());
  if (check.status !== 'ok') {
    throw new MiRefusal(
      MI_CODES.UNAUTHORIZED,
      check.status === 'expired' ? 'Token đã hết hạn, vui lòng đăng nhập lại' : 'Token không hợp lệ',
    );
  }
  const faults = await refuseWhenDown(ctx, check.merchantId);
  const account = await getAccount(ctx.db, check.merchantId, PROVIDER, ctx.clock.now());
  if (!account || headerText(request, 'taxcode') !== account.taxCode) {
    throw new MiRefusal(MI_CODES.UNAUTHORIZED, 'TaxCode không khớp với token');
  }
  return { merchantId: check.merchantId, account, faults };
}

/**
 * The tax-authority code (MCCQT, 34 characters) an invoice is granted. Derived from the invoice rather
 * than drawn at random: two reads that settle the same invoice at once write the same code, so the
 * code a portal saved in `eiv_code` is never overwritten by another.
 */
const taxAuthorityCode = (invoice: InvoiceRecord) =>
  `00${createHash('sha256').update(`mccqt:${invoice.merchantId}:${invoice.provider}:${invoice.providerId}`).digest('hex').slice(0, 32).toUpperCase()}`;

/**
 * The tax authority's answer arriving: a C-series invoice sent (3) for MI_CODING_DELAY_MS by the
 * sandbox clock becomes 4 "success" with its `macqt`. Worked out when the invoice is read, so a test
 * moves the clock instead of waiting.
 */
async function settle(ctx: SandboxContext, invoice: InvoiceRecord): Promise<InvoiceRecord> {
  const codeAt = Number(invoice.extra.codeAt);
  if (invoice.cqtStatus !== '3' || !Number.isFinite(codeAt) || codeAt > ctx.clock.now()) return invoice;
  return (await updateInvoice(ctx.db, invoice.id, { cqtStatus: '4', cqtCode: taxAuthorityCode(invoice) })) ?? invoice;
}

/** Signing: sent at once; a C series (with a tax-authority code) is coded after the delay, a K series never is. */
function signedPatch(invoice: Pick<InvoiceRecord, 'series'>, now: number) {
  const coded = invoice.series.startsWith('C');
  return { signedAt: now, cqtStatus: coded ? '3' : '2', extra: coded ? { codeAt: now + MI_CODING_DELAY_MS } : {} };
}

/** The invoice in M-Invoice's names (GetInfoInvoice, Save, Sign, GetInvoices). */
export function toWire(invoice: InvoiceRecord) {
  const h = invoice.hdon;
  const buyer = h.NDHDon.NMua;
  // A business buyer is printed as the company with the person beside it (HVTNMHang); an individual,
  // even one with a personal tax code, is the person alone.
  const business = buyer.HVTNMHang !== '';
  return {
    // API 2.0 answers the invoice under both names (its published Save answer): the inv_* ones of the
    // request (D259) beside the tax authority's lower-case ones below.
    inv_invoiceAuth_id: invoice.providerId,
    inv_invoiceSeries: `${invoice.templateCode}${invoice.series}`,
    inv_invoiceNumber: invoice.number,
    inv_invoiceIssuedDate: `${h.TTChung.NLap}T00:00:00`,
    key_api: invoice.clientRef,
    so_benh_an: invoice.extra.soBenhAn ?? null,
    inv_TotalAmountWithoutVat: h.NDHDon.TToan.TgTCThue,
    inv_vatAmount: h.NDHDon.TToan.TgTThue,
    inv_TotalAmount: h.NDHDon.TToan.TgTTTBSo,
    id: invoice.providerId,
    hoadon68_id: invoice.providerId,
    khieu: `${invoice.templateCode}${invoice.series}`,
    khmshdon: invoice.templateCode,
    khhdon: invoice.series,
    shdon: invoice.number,
    nlap: h.TTChung.NLap,
    dvtte: h.TTChung.DVTTe,
    tgia: h.TTChung.TGia,
    htttoan: h.TTChung.HTTToan,
    sdhang: invoice.extra.soBenhAn ?? null,
    tnmua: business ? buyer.HVTNMHang : buyer.Ten,
    ten: business ? buyer.Ten : '',
    mst: buyer.MST,
    dchi: buyer.DChi,
    mnmua: buyer.MKHang,
    email: buyer.DCTDTu ?? '',
    sdtnmua: buyer.SDThoai ?? '',
    cccdan: buyer.CCCDan ?? '',
    details: [
      {
        data: h.NDHDon.DSHHDVu.map((l) => ({
          stt: l.STT,
          ten: l.THHDVu,
          dvtinh: l.DVTinh,
          sluong: l.SLuong,
          dgia: l.DGia,
          thtien: l.ThTien,
          tsuat: l.TSuat ?? null,
          tthue: l.TThue ?? null,
        })),
      },
    ],
    thue_suat: h.NDHDon.TToan.THTTLTSuat.map((r) => ({ tsuat: r.TSuat, thtien: r.ThTien, tthue: r.TThue })),
    tgtcthue: h.NDHDon.TToan.TgTCThue,
    tgtthue: h.NDHDon.TToan.TgTThue,
    tgtttbso: h.NDHDon.TToan.TgTTTBSo,
    tgtttbchu: h.NDHDon.TToan.TgTTTBChu,
    trang_thai_hd: invoice.status,
    // D259: the CQT status's number is `trang_thai`, its words `tthai` (M-Invoice's published answer).
    trang_thai: Number(invoice.cqtStatus),
    tthai: MI_CQT_TEXT[Number(invoice.cqtStatus) as MiCqtStatus] ?? '',
    macqt: invoice.cqtCode,
    sobaomat: invoice.lookupCode,
    ngay_ky: invoice.signedAt,
    ngay_tao: invoice.createdAt,
    // A correction answers what it names, as its call took it (D247).
    ...(h.TTChung.TTHDLQuan
      ? {
          tthdlquan: {
            tchdon: h.TTChung.TTHDLQuan.TCHDon,
            lhdclquan: h.TTChung.TTHDLQuan.LHDCLQuan,
            khmshdclquan: h.TTChung.TTHDLQuan.KHMSHDCLQuan,
            khhdclquan: h.TTChung.TTHDLQuan.KHHDCLQuan,
            shdclquan: h.TTChung.TTHDLQuan.SHDCLQuan,
            nlhdclquan: h.TTChung.TTHDLQuan.NLHDCLQuan,
            gchu: h.TTChung.TTHDLQuan.GChu,
            dcthongtin: h.TTChung.TTHDLQuan.TCHDon === 2 && h.NDHDon.DSHHDVu.length === 0,
          },
        }
      : {}),
  };
}

/** M-Invoice's trang_thai_hd of a correction and of the original it names (MI_INVOICE_STATUS; D247). */
const CORRECTION_STATUS = { replace: { self: 3, original: 5 }, adjust: { self: 2, original: 6 } } as const;

/** M-Invoice's refusal of the original a correction names (D244). */
const ORIGINAL_REFUSALS: Record<CorrectionRefusal, string> = {
  unknown: 'Không tìm thấy hóa đơn gốc',
  'not-issued': 'Hóa đơn gốc chưa được ký và gửi CQT',
  replaced: 'Hóa đơn gốc đã bị thay thế',
  adjustment: 'Không được thay thế hóa đơn điều chỉnh',
  mismatch: 'Ngày lập hoặc mẫu số của hóa đơn gốc không đúng',
};

/** The invoice of any of the four calls in one shape: its own fields, its lines, and what it corrects. */
type MiHead = Omit<MiInvoiceInput, 'details'>;
interface MiDoc {
  head: MiHead;
  lines: MiLine[];
  at: Paths;
  /** ThayThe / DieuChinh: the original's id (inv_originalId / inv_InvoiceAuth_id), the reason, information only. */
  corrects?: { kind: 'replace' | 'adjust'; originalId: string; reason: string; info: boolean };
}

/** The body of a call as one MiDoc; a body that does not parse answers `01` naming its fields. */
function docOf(body: unknown, call: 'save' | 'replace' | 'adjust'): MiDoc {
  if (call === 'save') {
    const { details, ...head } = parse(miSaveBody, body).data[0]!;
    return { head, lines: details[0]!.data, at: SAVE_PATHS };
  }
  if (call === 'replace') {
    const { details, inv_originalId, ghi_chu, sovb: _sovb, ngayvb: _ngayvb, ...head } = parse(miReplaceBody, body).data[0]!;
    return {
      head,
      lines: details[0]!.data,
      at: SAVE_PATHS,
      corrects: { kind: 'replace', originalId: inv_originalId, reason: ghi_chu, info: false },
    };
  }
  const { data, inv_InvoiceAuth_id, inv_adjustmentType, ghi_chu, sovb: _sovb, ngayvb: _ngayvb, ...head } = parse(miAdjustBody, body);
  return {
    head,
    lines: data,
    at: ADJUST_PATHS,
    corrects: { kind: 'adjust', originalId: inv_InvoiceAuth_id, reason: ghi_chu, info: inv_adjustmentType === 5 },
  };
}

/**
 * What M-Invoice checks of a line beyond the core (D259, D247): a goods line states inv_quantity,
 * inv_unitPrice and inv_TotalAmountWithoutVat, a VAT invoice's line its ma_thue, and inv_TotalAmount
 * (when sent) is its amount and VAT together; a note line (tchat 4) only on an adjustment of
 * information, which has nothing else; a negative figure only on an adjusting invoice. A VAT invoice
 * states its total before tax and its VAT.
 */
function lineProblem(doc: MiDoc): string | null {
  const adjusting = doc.corrects?.kind === 'adjust';
  const info = adjusting && doc.corrects?.info === true;
  const h = doc.head;
  for (const [i, l] of doc.lines.entries()) {
    const at = `${doc.at.lines}${i}`;
    if (info) {
      const figures = [l.inv_quantity, l.inv_TotalAmountWithoutVat, l.inv_vatAmount, l.inv_TotalAmount];
      if (l.tchat !== 4 || figures.some((v) => v !== undefined && v !== null && v !== 0)) return `${at}.tchat`;
      continue;
    }
    if (l.tchat === 4) return `${at}.tchat`;
    if (l.inv_quantity === undefined) return `${at}.inv_quantity`;
    if (l.inv_unitPrice === undefined) return `${at}.inv_unitPrice`;
    if (l.inv_TotalAmountWithoutVat === undefined) return `${at}.inv_TotalAmountWithoutVat`;
    if (!adjusting && [l.inv_quantity, l.inv_TotalAmountWithoutVat, l.inv_vatAmount ?? 0].some((v) => v < 0)) return `${at}.inv_quantity`;
    if (l.inv_TotalAmount !== undefined && l.inv_TotalAmount !== null) {
      if (Math.abs(l.inv_TotalAmount - (l.inv_TotalAmountWithoutVat + (l.inv_vatAmount ?? 0))) > 1) return `${at}.inv_TotalAmount`;
    }
  }
  const sales = h.inv_invoiceSeries.startsWith('2');
  if (!sales && !info) {
    if (h.inv_TotalAmountWithoutVat === undefined) return `${doc.at.head}inv_TotalAmountWithoutVat`;
    if (h.inv_vatAmount === undefined) return `${doc.at.head}inv_vatAmount`;
  }
  const totals = [h.inv_TotalAmountWithoutVat ?? 0, h.inv_vatAmount ?? 0, h.inv_TotalAmount];
  if (info && totals.some((v) => v !== 0)) return `${doc.at.head}inv_TotalAmount`;
  if (!adjusting && totals.some((v) => v < 0)) return `${doc.at.head}inv_TotalAmount`;
  return null;
}

function issueInput(merchantId: string, doc: MiDoc, issuedAt: number, correction?: CorrectionInput): IssueInput {
  const info = correction?.adjustKind === 'info';
  const h = doc.head;
  // A company name makes a business buyer (which then needs its tax code); a tax code alone is an
  // individual's personal one.
  const business = Boolean(h.inv_buyerLegalName);
  const sales = h.inv_invoiceSeries.startsWith('2');
  return {
    merchantId,
    provider: PROVIDER,
    templateCode: h.inv_invoiceSeries[0] as '1' | '2',
    series: h.inv_invoiceSeries.slice(1),
    issuedAt,
    buyer: {
      isIndividual: !business,
      name: h.inv_buyerDisplayName,
      company: h.inv_buyerLegalName,
      taxCode: h.inv_buyerTaxCode,
      address: h.inv_buyerAddressLine,
      email: h.inv_buyerEmail,
      phone: h.buyerTel,
      customerCode: h.ma_dt,
      idCard: h.cccdan,
    },
    // D259: the figures as sent, in their published meanings; M-Invoice's request has no breakdown,
    // so the core works it from the lines and checks the totals against it. ma_thue becomes TSuat.
    // An adjustment's decrease comes negative (D247): its size, marked as lowering the original.
    lines: info
      ? []
      : doc.lines.map((l) => ({
          name: l.inv_itemName,
          unit: l.inv_unitCode,
          quantity: Math.abs(l.inv_quantity ?? 0),
          unitPrice: l.inv_unitPrice ?? 0,
          amount: Math.abs(l.inv_TotalAmountWithoutVat ?? 0),
          rate: l.ma_thue === undefined ? null : MI_TAX_CODES[l.ma_thue],
          ...(l.inv_vatAmount !== undefined ? { vat: Math.abs(l.inv_vatAmount) } : {}),
          ...((l.inv_TotalAmountWithoutVat ?? 0) < 0 || (l.inv_quantity ?? 0) < 0 ? { decrease: true } : {}),
        })),
    // A sales invoice may state its total alone (M-Invoice's sample): before tax it is the same, VAT none.
    totals: {
      net: h.inv_TotalAmountWithoutVat ?? (sales || info ? h.inv_TotalAmount : 0),
      vat: h.inv_vatAmount ?? 0,
      gross: h.inv_TotalAmount,
    },
    paymentMethod: h.inv_paymentMethodName,
    clientRef: h.key_api,
    ...(h.inv_invoiceNote || info
      ? { notes: [...(h.inv_invoiceNote ? [h.inv_invoiceNote] : []), ...(info ? doc.lines.map((l) => l.inv_itemName) : [])] }
      : {}),
    ...(correction ? { correction } : {}),
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
  let link: { original: InvoiceRecord; correction: CorrectionInput } | null = null;
  const c = doc.corrects;
  if (c) {
    const found = await correctable(ctx.db, { merchantId, provider: PROVIDER, providerId: c.originalId }, c.kind);
    if (!found.ok) {
      // A repeat of the same key answers its correction (below) rather than the original's new state.
      if (!before) {
        const field = c.kind === 'replace' ? head('inv_originalId') : 'inv_InvoiceAuth_id';
        throw new MiRefusal(MI_CODES.INVALID, ORIGINAL_REFUSALS[found.reason], { errors: [field], reason: found.reason });
      }
    } else {
      const o = found.original;
      link = {
        original: o,
        correction: {
          kind: c.kind,
          ...(c.kind === 'adjust' ? { adjustKind: c.info ? ('info' as const) : ('amount' as const) } : {}),
          original: { templateCode: o.templateCode, series: o.series, number: o.number, issuedAt: o.issuedAt },
          reason: c.reason,
        },
      };
    }
  }
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

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return typeof request.query === 'object' && request.query !== null ? (request.query as Record<string, unknown>) : {};
}

function idParam(request: FastifyRequest): string {
  const id = queryOf(request).id;
  if (typeof id !== 'string' || !id.trim() || id.length > 64) throw invalid(['id']);
  return id.trim();
}

async function findOwn(ctx: SandboxContext, merchantId: string, id: string): Promise<InvoiceRecord> {
  const invoice = await getInvoice(ctx.db, { merchantId, provider: PROVIDER, providerId: id });
  if (!invoice) throw new MiRefusal(MI_CODES.NOT_FOUND, 'Không tìm thấy hóa đơn');
  return settle(ctx, invoice);
}

function taxCodeQuery(request: FastifyRequest): string {
  const mst = queryOf(request).mst;
  if (typeof mst !== 'string' || !mst.trim() || mst.length > 20) throw invalid(['mst']);
  return mst.trim();
}

export function registerMInvoiceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(
    async (scope) => {
      scope.post(
        '/api/Account/Login',
        handle(async (request) => {
          const taxCode = headerText(request, 'taxcode');
          const body = parse(miLoginBody, request.body);
          if (!taxCode) throw invalid(['TaxCode']);
          const known = await accountByUsername(ctx.db, PROVIDER, body.username);
          if (known) await refuseWhenDown(ctx, known.merchantId);
          const login = await checkLogin(ctx.db, PROVIDER, body.username, body.password, taxCode);
          if (!login.ok || body.ma_dvcs !== MI_UNIT_CODE) {
            throw new MiRefusal(MI_CODES.LOGIN_FAILED, 'Tên đăng nhập, mật khẩu hoặc mã đơn vị không đúng');
          }
          const token = await issueToken(ctx.db, PROVIDER, login.account.merchantId, ctx.clock.now());
          return { code: MI_CODES.OK, message: 'Đăng nhập thành công', token: token.token, expires_in: Math.floor(token.ttlMs / 1000) };
        }),
      );

      // Before login (doc 2 §5: the tax code is checked with the provider first): no token.
      scope.get(
        '/api/Company/CheckTaxCode',
        handle(async (request) => {
          const mst = taxCodeQuery(request);
          const problem = taxCodeProblem(mst);
          if (problem)
            throw new MiRefusal(MI_CODES.TAX_CODE_INVALID, 'Mã số thuế không hợp lệ', { data: { mst, valid: false, reason: problem } });
          return ok({ mst, valid: true });
        }),
      );

      scope.get(
        '/api/Company/GetInfoByTaxCode',
        handle(async (request) => {
          await caller(ctx, request);
          const mst = taxCodeQuery(request);
          if (!isValidTaxCode(mst)) throw new MiRefusal(MI_CODES.TAX_CODE_INVALID, 'Mã số thuế không hợp lệ');
          const company = lookupCompany(mst);
          if (!company) throw new MiRefusal(MI_CODES.TAX_CODE_UNKNOWN, 'Không tìm thấy doanh nghiệp với mã số thuế này');
          return ok({
            mst: company.taxCode,
            ten_cty: company.name,
            dia_chi: company.address,
            nguoi_dai_dien: company.representative,
            email: company.email,
            dien_thoai: company.phone,
          });
        }),
      );

      scope.get(
        '/api/Invoice68/GetTypeInvoiceSeries',
        handle(async (request) => {
          const { account, faults } = await caller(ctx, request);
          if (faults.serialSlowMs !== null) await delay(faults.serialSlowMs);
          return ok(
            account.series
              .filter((s) => s.active)
              .map((s) => ({
                khhdon: `${s.template_code}${s.value}`,
                khmshdon: s.template_code,
                ky_hieu: s.value,
                ten_loai: s.inv_type_name,
              })),
          );
        }),
      );

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

      // The seller's registration (tờ khai) with the tax authority; doc 2 §4 checks it from 1 January.
      scope.get(
        '/api/ToKhai/GetTrangThai',
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
          const from = bound('tu_ngay', false);
          const to = bound('den_ngay', true);
          const status = faults.declarationPending ? 'PENDING' : account.declarationStatus;
          const records = account.declarations
            .filter((d) => d.create_date >= from && d.create_date <= to)
            .sort((a, b) => b.create_date - a.create_date)
            .map((d) => (faults.declarationPending ? { ...d, status: 'PENDING', status_reply: 'WAITING' } : d));
          return ok({ mst: account.taxCode, trang_thai: status, ds_to_khai: records });
        }),
      );
    },
    { prefix: '/m-invoice' },
  );
}
