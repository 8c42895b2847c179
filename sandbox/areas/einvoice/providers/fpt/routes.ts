import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import type { SandboxContext } from '../../../../platform/context';
import { accountByUsername, bearerToken, checkLogin, getAccount, issueToken, verifyToken, type EinvAccount } from '../../core/accounts';
import { lookupCompany } from '../../core/companies';
import { EARLIEST_INVOICE_DAY, InvoiceInputError } from '../../core/document';
import { consumeFault, delay, faultState } from '../../core/faults';
import { renderInvoicePdf } from '../../core/pdf';
import {
  correctable,
  findByClientRef,
  getInvoice,
  issueInvoice,
  linkCorrection,
  listInvoices,
  totalAfterOf,
  updateInvoice,
  type CorrectionRefusal,
} from '../../core/store';
import { isValidTaxCode, taxCodeProblem } from '../../core/taxcode';
import { PROVIDER_NAMES, type CorrectionInput, type InvoiceRecord, type IssueInput, type RateCode } from '../../core/types';
import { vnDay } from '../../core/vat';
import {
  FPT_VRT_RATES,
  fptApproveSchema,
  fptCreateSchema,
  fptSigninSchema,
  fptUserOnlySchema,
  type FptInvoiceBody,
  type FptVrt,
} from './schemas';
import { FPT_CQT, FPT_STATUS, fptMaySign } from './statuses';

/**
 * FPT eInvoice, emulated under /api/einvoice/fpt (docs/areas/einvoice.md "FPT eInvoice"). FPT answers
 * in its own shape, `{error, message}` with the HTTP status, never the sandbox's envelope; what the
 * platform refuses before a route runs (NUL, an over-long URL, broken JSON) keeps the envelope.
 */

const PROVIDER = 'fpt' as const;
/** After /apprs the tax authority's code arrives this long later (sandbox clock): "submitted" is not "coded". */
export const FPT_CODE_DELAY_MS = 3_000;
/** The buyer's lookup page printed on the PDF. */
export const FPT_LOOKUP_URL = 'https://einvoice.fpt.com.vn/tra-cuu';
const MAX_PAGE_SIZE = 100;
const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

export class FptError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface Caller {
  merchantId: string;
  account: EinvAccount;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw result.error;
  return result.data;
}

/**
 * A stand-in for the code the tax authority gives a coded invoice (MCCQT), 34 characters. Made from
 * the invoice's random lookup code, so two reads settling the same invoice at once write the same code.
 */
const cqtCodeOf = (invoice: InvoiceRecord) =>
  `00${createHash('sha256').update(`${invoice.lookupCode}:${invoice.id}`).digest('hex').slice(0, 32).toUpperCase()}`;

/** 'YYYY-MM-DD HH:mm:ss', Vietnam time. */
export function fptDateTime(ms: number): string {
  return new Date(ms + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** FPT's idt (Vietnam time) → unix ms; null when it is not a real date. */
export function parseFptDate(value: string): number | null {
  const [day, time = '00:00:00'] = value.split(' ');
  const ms = Date.parse(`${day}T${time}+07:00`);
  if (!Number.isFinite(ms) || fptDateTime(ms) !== `${day} ${time}`) return null;
  return ms;
}

async function assertUp(ctx: SandboxContext, merchantId: string): Promise<void> {
  if ((await faultState(ctx.db, merchantId, PROVIDER)).down) throw new FptError(503, 'SERVICE_UNAVAILABLE', 'FPT eInvoice đang bảo trì');
}

/**
 * Who calls: a bearer token from /signin, or FPT's other way, `user: {username, password}` in the
 * body. A token that does not verify says nothing more than that.
 */
async function caller(ctx: SandboxContext, request: FastifyRequest): Promise<Caller> {
  const token = bearerToken(request.headers.authorization);
  let merchantId: string | null = null;
  let account: EinvAccount | null = null;
  if (token) {
    const check = await verifyToken(ctx.db, PROVIDER, token, ctx.clock.now());
    if (check.status === 'expired') throw new FptError(401, 'TOKEN_EXPIRED', 'Phiên đăng nhập đã hết hạn');
    if (check.status !== 'ok') throw new FptError(401, 'UNAUTHORIZED', 'Chưa đăng nhập');
    merchantId = check.merchantId;
    account = await getAccount(ctx.db, merchantId, PROVIDER, ctx.clock.now());
  } else if (isObject(request.body) && request.body.user !== undefined) {
    const body = parse(fptUserOnlySchema, { user: request.body.user });
    const login = await checkLogin(ctx.db, PROVIDER, body.user?.username, body.user?.password);
    if (!login.ok) throw new FptError(401, 'AUTH_FAILED', 'Sai tên đăng nhập hoặc mật khẩu');
    merchantId = login.account.merchantId;
    account = login.account;
  }
  if (!merchantId || !account) throw new FptError(401, 'UNAUTHORIZED', 'Chưa đăng nhập');
  await assertUp(ctx, merchantId);
  return { merchantId, account };
}

/** `stax`, where a call carries it, must be the caller's own: another company's answers as forbidden. */
function ownTaxCode(account: EinvAccount, stax: unknown): void {
  if (stax === undefined || stax === '') return;
  if (typeof stax !== 'string' || stax.trim() !== account.taxCode) throw new FptError(403, 'FORBIDDEN', 'stax không thuộc tài khoản này');
}

/**
 * The tax authority answers some time after the approval: an approved invoice read after
 * FPT_CODE_DELAY_MS has its code (status_received 10). Done on read, so no timer outlives a test.
 */
async function settle(ctx: SandboxContext, invoice: InvoiceRecord): Promise<InvoiceRecord> {
  const due = invoice.extra.codeDueAt;
  if (invoice.cqtStatus !== String(FPT_CQT.submitted) || typeof due !== 'number' || due > ctx.clock.now()) return invoice;
  return (await updateInvoice(ctx.db, invoice.id, { cqtStatus: String(FPT_CQT.codeIssued), cqtCode: cqtCodeOf(invoice) })) ?? invoice;
}

/** The list and detail row: doc 2 §3 "E-invoice row" plus FPT's own invoice fields. */
export function fptRow(invoice: InvoiceRecord) {
  const { TTChung, NDHDon } = invoice.hdon;
  const buyer = NDHDon.NMua;
  return {
    sid: invoice.clientRef,
    vpid: String(invoice.id),
    type: invoice.templateCode === '1' ? '01GTKT' : '02GTTT',
    form: invoice.templateCode,
    serial: invoice.series,
    seq: invoice.number,
    idt: fptDateTime(invoice.issuedAt),
    invoice_date: fptDateTime(invoice.issuedAt),
    paym: TTChung.HTTToan,
    bname: buyer.HVTNMHang || buyer.Ten,
    buyer: buyer.HVTNMHang ? buyer.Ten : '',
    btax: buyer.MST,
    baddr: buyer.DChi,
    bmail: buyer.DCTDTu ?? '',
    btel: buyer.SDThoai ?? '',
    sum: NDHDon.TToan.TgTCThue,
    vat: NDHDon.TToan.TgTThue,
    total: NDHDon.TToan.TgTTTBSo,
    vat_v: NDHDon.TToan.TgTThue,
    total_v: NDHDon.TToan.TgTTTBSo,
    // One rate: its vrt; several (a mixed bill) or none (a sales invoice): null, the items say each.
    vrt: NDHDon.TToan.THTTLTSuat.length === 1 ? vrtOf(NDHDon.TToan.THTTLTSuat[0]!.TSuat) : null,
    items: NDHDon.DSHHDVu.map((item) => ({
      line: item.STT,
      name: item.THHDVu,
      unit: item.DVTinh ?? '',
      quantity: item.SLuong,
      price: item.DGia,
      amount: item.ThTien,
      vrt: item.TSuat === undefined ? null : vrtOf(item.TSuat),
      vat: item.TThue ?? null,
    })),
    status: invoice.status,
    status_received: invoice.cqtStatus === null ? null : Number(invoice.cqtStatus),
    tax_authority_code: invoice.cqtCode,
    search_code: invoice.lookupCode,
    sec: invoice.lookupCode,
    // A correction answers what it names, as its call took it (D247).
    ...(TTChung.TTHDLQuan
      ? {
          adj: {
            kind: TTChung.TTHDLQuan.TCHDon === 1 ? 'replace' : 'adjust',
            rform: TTChung.TTHDLQuan.KHMSHDCLQuan,
            rserial: TTChung.TTHDLQuan.KHHDCLQuan,
            rseq: TTChung.TTHDLQuan.SHDCLQuan,
            rdt: TTChung.TTHDLQuan.NLHDCLQuan,
            rea: TTChung.TTHDLQuan.GChu,
            ...(TTChung.TTHDLQuan.TCHDon === 2 ? { adjtyp: NDHDon.DSHHDVu.length === 0 ? '2' : '1' } : {}),
          },
        }
      : {}),
  };
}

/** FPT's refusal of the original a correction names (D244). */
const ORIGINAL_REFUSALS: Record<CorrectionRefusal, string> = {
  unknown: 'Không tìm thấy hóa đơn gốc',
  'not-issued': 'Hóa đơn gốc chưa được duyệt (ký và gửi CQT)',
  replaced: 'Hóa đơn gốc đã bị thay thế',
  adjustment: 'Không được thay thế hóa đơn điều chỉnh',
  mismatch: 'Ngày hoặc mẫu số của hóa đơn gốc không đúng',
};

const vrtOf = (rate: RateCode): string => Object.entries(FPT_VRT_RATES).find(([, code]) => code === rate)?.[0] ?? rate;

/**
 * The core's input from FPT's own figures (D234): each item's price and amount before tax, its rate and
 * VAT, and the invoice's sum, vat and total. FPT states no breakdown by rate: the core works it from
 * the items and checks the totals against it.
 */
function issueInputOf(merchantId: string, inv: FptInvoiceBody, issuedAt: number, correction?: CorrectionInput): IssueInput {
  const info = correction?.adjustKind === 'info';
  const company = inv.buyer?.trim() || undefined;
  const taxCode = inv.btax?.trim() || undefined;
  return {
    merchantId,
    provider: PROVIDER,
    templateCode: inv.form,
    series: inv.serial,
    issuedAt,
    buyer: {
      isIndividual: !company && !taxCode,
      name: inv.bname,
      ...(company ? { company } : {}),
      ...(taxCode ? { taxCode } : {}),
      ...(inv.baddr ? { address: inv.baddr } : {}),
      ...(inv.bmail ? { email: inv.bmail } : {}),
      ...(inv.btel ? { phone: inv.btel } : {}),
      ...(inv.bcode ? { customerCode: inv.bcode } : {}),
      ...(inv.bidc ? { idCard: inv.bidc } : {}),
    },
    // An adjustment's decrease comes negative (D247): its size, marked as lowering the original.
    lines: info
      ? []
      : inv.items.map((item) => ({
          name: item.name,
          ...(item.unit ? { unit: item.unit } : {}),
          quantity: Math.abs(item.quantity),
          unitPrice: Math.abs(item.price),
          amount: Math.abs(item.amount),
          rate: item.vrt === undefined ? null : FPT_VRT_RATES[item.vrt as FptVrt],
          ...(item.vat !== undefined ? { vat: Math.abs(item.vat) } : {}),
          ...(item.amount < 0 || item.quantity < 0 ? { decrease: true } : {}),
        })),
    totals: { net: inv.sum, vat: inv.vat, gross: inv.total },
    ...(inv.note || info ? { notes: [...(inv.note ? [inv.note] : []), ...(info ? inv.items.map((i) => i.name) : [])] } : {}),
    ...(correction ? { correction } : {}),
    paymentMethod: inv.paym,
    clientRef: inv.sid,
  };
}

/** A core field (document.ts) as FPT names it in its request, for the refusal's `field`. */
export function fptField(field: string): string {
  const line = /^lines\[(\d+)\](?:\.(\w+))?$/.exec(field);
  if (line) {
    const names: Record<string, string> = { unitPrice: 'price', rate: 'vrt' };
    return `inv.items.${line[1]}${line[2] ? `.${names[line[2]] ?? line[2]}` : ''}`;
  }
  const named: Record<string, string> = {
    series: 'inv.serial',
    lines: 'inv.items',
    'totals.net': 'inv.sum',
    'totals.vat': 'inv.vat',
    'totals.gross': 'inv.total',
    issuedAt: 'inv.idt',
    templateCode: 'inv.form',
  };
  return named[field] ?? `inv.${field}`;
}

/**
 * The figures FPT checks before the core does (D234): each item's rate from FPT's list and only on a
 * VAT invoice, an item's total = amount + VAT, the đồng copies of the totals equal to them. The core
 * checks the rest (amount = quantity × price and VAT = rate × amount within 1 đồng, the sums exact).
 */
function checkFigures(inv: FptInvoiceBody): void {
  const adjusting = inv.adj !== undefined && inv.adj.adjtyp !== undefined;
  if (adjusting && inv.adj?.adjtyp === '2') {
    // An adjustment of information: its items say what changed, without amounts.
    inv.items.forEach((item, i) => {
      if (item.amount !== 0 || (item.vat ?? 0) !== 0 || item.price !== 0)
        throw new FptError(400, 'INVALID_DATA', 'Hóa đơn điều chỉnh thông tin không có số tiền', { field: `inv.items.${i}.amount` });
    });
    if (inv.sum !== 0 || inv.vat !== 0 || inv.total !== 0)
      throw new FptError(400, 'INVALID_DATA', 'Hóa đơn điều chỉnh thông tin không có số tiền', { field: 'inv.total' });
    return;
  }
  if (!adjusting) {
    const negative = inv.items.findIndex((item) => item.quantity <= 0 || item.price < 0 || item.amount < 0 || (item.vat ?? 0) < 0);
    if (negative >= 0)
      throw new FptError(400, 'INVALID_DATA', 'Số lượng, đơn giá và số tiền không được âm', { field: `inv.items.${negative}.quantity` });
    if (inv.sum < 0 || inv.vat < 0 || inv.total < 0)
      throw new FptError(400, 'INVALID_DATA', 'Tổng tiền không được âm', { field: 'inv.total' });
  }
  inv.items.forEach((item, i) => {
    const at = `inv.items.${i}`;
    if (item.quantity === 0) throw new FptError(400, 'INVALID_DATA', `Dòng ${i + 1}: số lượng phải khác 0`, { field: `${at}.quantity` });
    if (inv.form === '2') {
      if (item.vrt !== undefined || item.vat !== undefined) {
        throw new FptError(400, 'INVALID_VAT_RATE', 'Hóa đơn bán hàng không có thuế GTGT', {
          field: `${at}.${item.vrt !== undefined ? 'vrt' : 'vat'}`,
        });
      }
      return;
    }
    if (item.vrt === undefined) throw new FptError(400, 'INVALID_VAT_RATE', `Dòng ${i + 1}: thiếu thuế suất (vrt)`, { field: `${at}.vrt` });
    if (!Object.hasOwn(FPT_VRT_RATES, item.vrt)) {
      throw new FptError(400, 'INVALID_VAT_RATE', `Dòng ${i + 1}: thuế suất ${item.vrt} không hợp lệ (0, 5, 8, 10, -1, -2)`, {
        field: `${at}.vrt`,
      });
    }
    if (
      item.total !== undefined &&
      item.total !== item.amount + (item.vat ?? 0) &&
      item.total !== Math.abs(item.amount) + Math.abs(item.vat ?? 0)
    ) {
      throw new FptError(400, 'INVALID_DATA', `Dòng ${i + 1}: tổng tiền ${item.total} khác thành tiền + tiền thuế`, {
        field: `${at}.total`,
      });
    }
  });
  for (const [copy, of] of [
    ['sumv', 'sum'],
    ['vatv', 'vat'],
    ['totalv', 'total'],
  ] as const) {
    if (inv[copy] !== undefined && inv[copy] !== inv[of]) {
      throw new FptError(400, 'INVALID_DATA', `${copy} phải bằng ${of} (hóa đơn bằng VND)`, { field: `inv.${copy}` });
    }
  }
}

function checkInvoice(account: EinvAccount, inv: FptInvoiceBody, issuedAt: number, now: number, approved: boolean): void {
  const series = account.series.find((s) => s.value === inv.serial);
  if (!series) throw new FptError(400, 'SERIAL_NOT_FOUND', `Ký hiệu ${inv.serial} không tồn tại`, { field: 'inv.serial' });
  if (!series.active) throw new FptError(400, 'SERIAL_NOT_ACTIVE', `Ký hiệu ${inv.serial} chưa được sử dụng`, { field: 'inv.serial' });
  if (series.template_code !== inv.form) {
    throw new FptError(400, 'FORM_MISMATCH', `Ký hiệu ${inv.serial} thuộc mẫu số ${series.template_code}`, { field: 'inv.form' });
  }
  if (inv.type && inv.type !== (inv.form === '1' ? '01GTKT' : '02GTTT')) {
    throw new FptError(400, 'TYPE_MISMATCH', `Loại hóa đơn ${inv.type} không khớp mẫu số ${inv.form}`, { field: 'inv.type' });
  }
  if (vnDay(issuedAt) < EARLIEST_INVOICE_DAY)
    throw new FptError(400, 'INVALID_DATE', `Ngày hóa đơn không được trước ngày ${EARLIEST_INVOICE_DAY}`, { field: 'inv.idt' });
  if (vnDay(issuedAt) > vnDay(now))
    throw new FptError(400, 'INVALID_DATE', 'Ngày hóa đơn không được sau ngày hiện tại', { field: 'inv.idt' });
  // The symbol's two digits are its year (Circular 78 art. 4): a C26… series cannot carry a 2027 invoice (D234).
  if (inv.serial.slice(1, 3) !== vnDay(issuedAt).slice(2, 4)) {
    throw new FptError(400, 'SERIAL_YEAR_MISMATCH', `Ký hiệu ${inv.serial} không dùng cho hóa đơn ngày ${vnDay(issuedAt)}`, {
      field: 'inv.serial',
    });
  }
  checkFigures(inv);
  if (inv.btax && !isValidTaxCode(inv.btax)) {
    throw new FptError(400, 'BUYER_TAX_CODE_INVALID', 'Mã số thuế người mua không hợp lệ', { field: 'inv.btax' });
  }
  if ((inv.btax || inv.buyer) && !(inv.btax && inv.buyer)) {
    throw new FptError(400, 'INVALID_DATA', 'Người mua là doanh nghiệp cần cả tên đơn vị và mã số thuế', {
      field: inv.btax ? 'inv.buyer' : 'inv.btax',
    });
  }
  if (!approved) {
    throw new FptError(400, 'DECLARATION_NOT_APPROVED', 'Tờ khai đăng ký sử dụng hóa đơn điện tử chưa được CQT chấp nhận');
  }
}

async function sendPdf(ctx: SandboxContext, reply: FastifyReply, invoice: InvoiceRecord, asJson: boolean) {
  if (await consumeFault(ctx.db, invoice.merchantId, PROVIDER, 'pdf-not-ready')) {
    throw new FptError(409, 'PDF_NOT_READY', 'Tệp hóa đơn đang được tạo, vui lòng thử lại');
  }
  const pdf = Buffer.from(
    await renderInvoicePdf(invoice.hdon, {
      lookupCode: invoice.lookupCode,
      lookupUrl: FPT_LOOKUP_URL,
      providerName: PROVIDER_NAMES.fpt,
      totalAfter: totalAfterOf(invoice),
    }),
  );
  if (asJson)
    return reply.send({
      sid: invoice.clientRef,
      form: invoice.templateCode,
      serial: invoice.series,
      seq: invoice.number,
      pdf: pdf.toString('base64'),
    });
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${invoice.series}-${invoice.number}.pdf"`)
    .send(pdf);
}

function queryOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(isObject(request.query) ? request.query : {})) {
    if (typeof value === 'string') out[key] = value.trim();
    else throw new FptError(400, 'INVALID_DATA', `${key} được gửi nhiều lần`, { field: key });
  }
  return out;
}

function wholeNumber(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new FptError(400, 'INVALID_DATA', `${name}: số nguyên từ ${min} đến ${max}`, { field: name });
  return n;
}

function dayParam(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseFptDate(value) : null;
  if (ms === null) throw new FptError(400, 'INVALID_DATA', `${name}: ngày dạng YYYY-MM-DD`, { field: name });
  return ms;
}

export function registerFptRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(
    async (scope) => {
      scope.setErrorHandler((error, _request, reply) => {
        if (error instanceof FptError)
          return reply.status(error.status).send({ error: error.code, message: error.message, ...error.extra });
        if (error instanceof ZodError) {
          const issue = error.issues[0];
          const field = issue?.path.join('.') ?? '';
          return reply.status(400).send({ error: 'INVALID_DATA', message: `${field}: ${issue?.message ?? 'invalid'}`, field });
        }
        // The core's refusal of a figure, named as FPT names its field (D234).
        if (error instanceof InvoiceInputError) {
          const code = /^lines\[\d+\]\.rate$/.test(error.field) ? 'INVALID_VAT_RATE' : 'INVALID_DATA';
          return reply.status(400).send({ error: code, message: error.message, field: fptField(error.field) });
        }
        // The platform's refusals (NUL, broken JSON, over-long URL) keep the sandbox envelope.
        throw error;
      });

      scope.post('/signin', async (request) => {
        const body = parse(fptSigninSchema, request.body);
        const known = await accountByUsername(ctx.db, PROVIDER, body.username);
        if (known) await assertUp(ctx, known.merchantId);
        const login = await checkLogin(ctx.db, PROVIDER, body.username, body.password, body.stax || undefined);
        if (!login.ok) {
          if (login.reason === 'tax-code') throw new FptError(401, 'TAX_CODE_MISMATCH', 'Mã số thuế không khớp với tài khoản');
          throw new FptError(401, 'AUTH_FAILED', 'Sai tên đăng nhập hoặc mật khẩu');
        }
        const token = await issueToken(ctx.db, PROVIDER, login.account.merchantId, ctx.clock.now());
        return { token: token.token, token_type: 'Bearer', expires_in: Math.floor(token.ttlMs / 1000), stax: login.account.taxCode };
      });

      // Before any login (doc 2 §5: the tax code is checked with the provider first), so no caller.
      scope.get('/taxcode/check', async (request) => {
        const stax = queryOf(request).stax ?? '';
        if (!stax) throw new FptError(400, 'INVALID_DATA', 'stax là bắt buộc', { field: 'stax' });
        const problem = stax.length > 20 ? 'format' : taxCodeProblem(stax);
        if (problem) throw new FptError(400, 'TAX_CODE_INVALID', 'Mã số thuế không hợp lệ', { reason: problem });
        return { stax, valid: true };
      });

      scope.get('/taxcode/info', async (request) => {
        await caller(ctx, request);
        const stax = queryOf(request).stax ?? '';
        if (!stax || stax.length > 20 || !isValidTaxCode(stax)) throw new FptError(400, 'TAX_CODE_INVALID', 'Mã số thuế không hợp lệ');
        const company = lookupCompany(stax);
        if (!company) throw new FptError(404, 'TAX_CODE_NOT_FOUND', 'Không tìm thấy thông tin doanh nghiệp');
        return {
          stax: company.taxCode,
          name: company.name,
          addr: company.address,
          rep: company.representative,
          email: company.email,
          tel: company.phone,
        };
      });

      scope.get('/serials', async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        ownTaxCode(account, queryOf(request).stax);
        const slow = (await faultState(ctx.db, merchantId, PROVIDER)).serialSlowMs;
        if (slow !== null) await delay(slow);
        return {
          data: account.series
            .filter((s) => s.active)
            .map((s) => ({
              form: s.template_code,
              serial: s.value,
              type: s.template_code === '1' ? '01GTKT' : '02GTTT',
              type_name: s.inv_type_name,
            })),
        };
      });

      scope.get('/declaration-status', async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        ownTaxCode(account, queryOf(request).stax);
        const pending = (await faultState(ctx.db, merchantId, PROVIDER)).declarationPending;
        const status = pending ? 'PENDING' : account.declarationStatus;
        return {
          stax: account.taxCode,
          status,
          declarations: account.declarations.map((d) => ({ ...d, status: pending ? 'PENDING' : d.status })),
        };
      });

      const create = async (request: FastifyRequest, corrects?: 'replace' | 'adjust') => {
        const { merchantId, account } = await caller(ctx, request);
        const { inv } = parse(fptCreateSchema, request.body);
        // A correction goes through its own call naming the original; /create-invoice issues originals only.
        if (!corrects && inv.adj)
          throw new FptError(400, 'INVALID_DATA', 'Hóa đơn gốc không có thông tin điều chỉnh', { field: 'inv.adj' });
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
      };
      scope.post('/create-invoice', (request) => create(request));
      // Corrections (notes: /replace-invoice, /adjust-invoice; D247): the create body with `adj` naming the original.
      scope.post('/replace-invoice', (request) => create(request, 'replace'));
      scope.post('/adjust-invoice', (request) => create(request, 'adjust'));

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

      scope.get('/search-invoice', async (request, reply) => {
        const { merchantId, account } = await caller(ctx, request);
        const query = queryOf(request);
        ownTaxCode(account, query.stax);
        const type = query.type || 'json';
        if (type !== 'json' && type !== 'pdf') throw new FptError(400, 'INVALID_DATA', 'type: json hoặc pdf', { field: 'type' });

        // One invoice: by sid, or by form + serial + seq.
        if (query.sid || query.seq) {
          let invoice: InvoiceRecord | null = null;
          if (query.sid) {
            invoice = query.sid.length <= 64 ? await findByClientRef(ctx.db, merchantId, PROVIDER, query.sid) : null;
          } else {
            if (!query.serial) throw new FptError(400, 'INVALID_DATA', 'seq cần kèm serial', { field: 'serial' });
            const seq = wholeNumber(query.seq, 'seq', 0, 1, 2_147_483_647);
            invoice = await getInvoice(ctx.db, { merchantId, provider: PROVIDER, series: query.serial.slice(0, 20), number: seq });
            if (invoice && query.form && query.form !== invoice.templateCode) invoice = null;
          }
          if (!invoice) throw new FptError(404, 'INVOICE_NOT_FOUND', 'Không tìm thấy hóa đơn');
          invoice = await settle(ctx, invoice);
          if (type === 'pdf') return sendPdf(ctx, reply, invoice, !query.sid);
          return { data: [fptRow(invoice)], total: 1 };
        }
        if (type === 'pdf') throw new FptError(400, 'INVALID_DATA', 'type=pdf cần sid hoặc serial + seq', { field: 'sid' });

        const now = ctx.clock.now();
        const from = dayParam(query.fd, 'fd') ?? parseFptDate(`${vnDay(now).slice(0, 8)}01`)!;
        const toDay = dayParam(query.td, 'td') ?? parseFptDate(vnDay(now))!;
        const to = toDay + DAY_MS - 1;
        if (from > to) throw new FptError(400, 'INVALID_DATA', 'fd phải trước td', { field: 'fd' });
        if (to - from > MAX_RANGE_DAYS * DAY_MS)
          throw new FptError(400, 'INVALID_DATA', `Khoảng thời gian tối đa ${MAX_RANGE_DAYS} ngày`, { field: 'td' });
        const released = query.released === '1' ? true : query.released === '0' ? false : undefined;
        if (query.released && released === undefined) throw new FptError(400, 'INVALID_DATA', 'released: 1 hoặc 0', { field: 'released' });
        if ((query.q ?? '').length > 100) throw new FptError(400, 'INVALID_DATA', 'q tối đa 100 ký tự', { field: 'q' });
        if ((query.serial ?? '').length > 20) throw new FptError(400, 'INVALID_DATA', 'serial không hợp lệ', { field: 'serial' });
        const page = wholeNumber(query.page, 'page', 1, 1, 100_000);
        const pageSize = wholeNumber(query.page_size, 'page_size', 20, 1, MAX_PAGE_SIZE);
        const { rows, total } = await listInvoices(ctx.db, {
          merchantId,
          provider: PROVIDER,
          from,
          to,
          ...(query.serial ? { series: query.serial } : {}),
          ...(query.q ? { q: query.q } : {}),
          ...(released !== undefined ? { released } : {}),
          page,
          pageSize,
        });
        const settled = [];
        for (const row of rows) settled.push(fptRow(await settle(ctx, row)));
        return { data: settled, total };
      });
    },
    { prefix: '/fpt' },
  );
}
