import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import type { SandboxContext } from '../../../../platform/context';
import { accountByUsername, bearerToken, checkLogin, getAccount, issueToken, verifyToken, type EinvAccount } from '../../core/accounts';
import { lookupCompany } from '../../core/companies';
import { EARLIEST_INVOICE_DAY, InvoiceInputError } from '../../core/document';
import { consumeFault, delay, faultState } from '../../core/faults';
import { renderInvoicePdf } from '../../core/pdf';
import { findByClientRef, getInvoice, issueInvoice, listInvoices, updateInvoice } from '../../core/store';
import { isValidTaxCode, taxCodeProblem } from '../../core/taxcode';
import { PROVIDER_NAMES, type InvoiceRecord, type IssueInput } from '../../core/types';
import { vnDay } from '../../core/vat';
import {
  viettelByUuidSchema,
  viettelCreateSchema,
  viettelFileSchema,
  viettelListSchema,
  viettelLoginSchema,
  viettelTemplatesSchema,
  type ViettelCreateBody,
} from './schemas';
import {
  doneStatus,
  notSentStatus,
  seriesHasCode,
  sentStatus,
  VIETTEL_CQT_NAMES,
  VIETTEL_STATUS,
  viettelMaySign,
  type ViettelCqtStatus,
} from './statuses';

/**
 * Viettel S-Invoice, emulated under /api/einvoice/viettel (docs/areas/einvoice.md "Viettel
 * S-Invoice"). Answers `{errorCode, description, ...}`; a token that does not verify (expired or
 * unknown) answers HTTP 500 `{message: "GENERAL"}` as Viettel does. What the platform refuses before
 * a route runs (NUL, broken JSON, an over-long URL) keeps the sandbox envelope.
 */

const PROVIDER = 'viettel' as const;
/** Viettel's own path prefix, kept so an adapter written against the emulator reads like one written against Viettel. */
export const VIETTEL_API = '/services/einvoiceapplication/api/InvoiceAPI';
/** How many PDF asks after a create answer "not ready" before the file is there (notes: "not ready right after creation"). */
export const VIETTEL_PDF_WARMUP_ASKS = 1;
/** After sending, the tax authority's answer arrives this long later (sandbox clock). */
export const VIETTEL_CODE_DELAY_MS = 3_000;
export const VIETTEL_LOOKUP_URL = 'https://vinvoice.viettel.vn/utilities/invoice-search';
const MAX_RANGE_MS = 366 * 86_400_000;

export class ViettelError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Viettel's 500 for a token that is not (or no longer) good; it never says which. */
class GeneralError extends Error {}

interface Caller {
  merchantId: string;
  account: EinvAccount;
}

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

async function assertUp(ctx: SandboxContext, merchantId: string): Promise<void> {
  if ((await faultState(ctx.db, merchantId, PROVIDER)).down) throw new ViettelError(503, 'SERVICE_UNAVAILABLE', 'Hệ thống đang bảo trì');
}

async function caller(ctx: SandboxContext, request: FastifyRequest): Promise<Caller> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new ViettelError(401, 'UNAUTHORIZED', 'Full authentication is required to access this resource');
  const check = await verifyToken(ctx.db, PROVIDER, token, ctx.clock.now());
  if (check.status !== 'ok') throw new GeneralError();
  const account = await getAccount(ctx.db, check.merchantId, PROVIDER);
  if (!account) throw new GeneralError();
  await assertUp(ctx, check.merchantId);
  return { merchantId: check.merchantId, account };
}

/** The supplier tax code a call names must be the token's own company. */
function ownSupplier(account: EinvAccount, supplierTaxCode: string): void {
  if (supplierTaxCode.trim() !== account.taxCode) {
    throw new ViettelError(403, 'SUPPLIER_TAX_CODE_INVALID', 'Mã số thuế người bán không thuộc tài khoản này');
  }
}

/** "1/001": the template digit and the number Viettel gives the account's template (one per kind here). */
export const viettelTemplateCode = (templateCode: string) => `${templateCode}/001`;
/** Viettel's invoice number is the series followed by the sequence: C26TVT12. */
export const viettelInvoiceNo = (invoice: Pick<InvoiceRecord, 'series' | 'number'>) => `${invoice.series}${invoice.number}`;

async function settle(ctx: SandboxContext, invoice: InvoiceRecord): Promise<InvoiceRecord> {
  const due = invoice.extra.codeDueAt;
  if (invoice.cqtStatus !== String(sentStatus(invoice.series)) || typeof due !== 'number' || due > ctx.clock.now()) return invoice;
  const patch = {
    cqtStatus: String(doneStatus(invoice.series)),
    ...(seriesHasCode(invoice.series) ? { cqtCode: cqtCodeOf(invoice) } : {}),
  };
  return (await updateInvoice(ctx.db, invoice.id, patch)) ?? invoice;
}

/** One invoice as Viettel's searches answer it; dates are epoch milliseconds. */
export function viettelInvoice(invoice: InvoiceRecord) {
  const { TTChung, NDHDon } = invoice.hdon;
  const exchange = Number(invoice.cqtStatus) as ViettelCqtStatus;
  return {
    invoiceId: invoice.id,
    transactionID: invoice.providerId,
    transactionUuid: invoice.clientRef,
    invoiceType: invoice.templateCode,
    adjustmentType: String(invoice.status),
    templateCode: viettelTemplateCode(invoice.templateCode),
    invoiceSeri: invoice.series,
    invoiceNumber: String(invoice.number),
    invoiceNo: viettelInvoiceNo(invoice),
    currency: TTChung.DVTTe,
    issueDate: invoice.issuedAt,
    buyerName: NDHDon.NMua.HVTNMHang || NDHDon.NMua.Ten,
    buyerLegalName: NDHDon.NMua.HVTNMHang ? NDHDon.NMua.Ten : null,
    buyerTaxCode: NDHDon.NMua.MST || null,
    buyerAddressLine: NDHDon.NMua.DChi || null,
    buyerEmail: NDHDon.NMua.DCTDTu ?? null,
    buyerPhoneNumber: NDHDon.NMua.SDThoai ?? null,
    paymentMethodName: TTChung.HTTToan,
    totalBeforeTax: NDHDon.TToan.TgTCThue,
    taxAmount: NDHDon.TToan.TgTThue,
    total: NDHDon.TToan.TgTTTBSo,
    taxPercentage: NDHDon.TToan.THTTLTSuat[0] ? Number(NDHDon.TToan.THTTLTSuat[0].TSuat.replace('%', '')) : null,
    status: exchange,
    statusName: VIETTEL_CQT_NAMES[exchange] ?? null,
    reservationCode: invoice.lookupCode,
    codeOfTax: invoice.cqtCode,
    sentDate: invoice.signedAt,
  };
}

function issueInputOf(merchantId: string, body: ViettelCreateBody, issuedAt: number, vatRate: number | undefined): IssueInput {
  const b = body.buyerInfo;
  const company = b.buyerLegalName?.trim() || undefined;
  const taxCode = b.buyerTaxCode?.trim() || undefined;
  return {
    merchantId,
    provider: PROVIDER,
    templateCode: body.generalInvoiceInfo.templateCode.slice(0, 1) as '1' | '2',
    series: body.generalInvoiceInfo.invoiceSeries,
    issuedAt,
    buyer: {
      isIndividual: !company && !taxCode,
      name: b.buyerName,
      ...(company ? { company } : {}),
      ...(taxCode ? { taxCode } : {}),
      ...(b.buyerAddressLine ? { address: b.buyerAddressLine } : {}),
      ...(b.buyerEmail ? { email: b.buyerEmail } : {}),
      ...(b.buyerPhoneNumber ? { phone: b.buyerPhoneNumber } : {}),
      ...(b.buyerCode ? { customerCode: b.buyerCode } : {}),
      ...(b.buyerIdNo ? { idCard: b.buyerIdNo } : {}),
    },
    lines: body.itemInfo.map((item) => ({
      name: item.itemName,
      ...(item.unitName ? { unit: item.unitName } : {}),
      quantity: item.quantity,
      unitPriceGross: item.unitPriceWithTax,
    })),
    paymentMethod: body.payments[0]!.paymentMethodName,
    ...(vatRate !== undefined ? { vatRate } : {}),
    // doc 2 §9: Viettel works its totals out itself and rounds up.
    rounding: 'up',
    clientRef: body.generalInvoiceInfo.transactionUuid,
  };
}

function checkCreate(account: EinvAccount, body: ViettelCreateBody, issuedAt: number, now: number, approved: boolean): number | undefined {
  const info = body.generalInvoiceInfo;
  const template = info.templateCode.slice(0, 1);
  const series = account.series.find((s) => s.value === info.invoiceSeries && s.active);
  if (!series || viettelTemplateCode(series.template_code) !== info.templateCode) {
    throw new ViettelError(400, 'TEMPLATE_NOT_FOUND', `Không tìm thấy mẫu ${info.templateCode} ký hiệu ${info.invoiceSeries}`);
  }
  if (info.invoiceType && info.invoiceType !== template)
    throw new ViettelError(400, 'INVOICE_TYPE_INVALID', 'invoiceType không khớp templateCode');
  const rates = new Set(body.itemInfo.map((i) => i.taxPercentage));
  if (rates.size > 1) throw new ViettelError(400, 'TAX_PERCENTAGE_INVALID', 'Các dòng hàng phải cùng thuế suất');
  const rate = [...rates][0];
  if (template === '2' && rate !== undefined && rate !== 0)
    throw new ViettelError(400, 'TAX_PERCENTAGE_INVALID', 'Hóa đơn bán hàng không có thuế GTGT');
  const buyer = body.buyerInfo;
  if (buyer.buyerTaxCode && !isValidTaxCode(buyer.buyerTaxCode))
    throw new ViettelError(400, 'BUYER_TAX_CODE_INVALID', 'Mã số thuế người mua không hợp lệ');
  if ((buyer.buyerTaxCode || buyer.buyerLegalName) && !(buyer.buyerTaxCode && buyer.buyerLegalName)) {
    throw new ViettelError(400, 'BUYER_INFO_INVALID', 'Người mua là doanh nghiệp cần cả buyerLegalName và buyerTaxCode');
  }
  // Before the first VAT period the sandbox knows there is no rate to work the tax with (D219).
  if (vnDay(issuedAt) < EARLIEST_INVOICE_DAY)
    throw new ViettelError(400, 'INVOICE_ISSUED_DATE_INVALID', `Ngày lập không được trước ngày ${EARLIEST_INVOICE_DAY}`);
  if (vnDay(issuedAt) > vnDay(now)) throw new ViettelError(400, 'INVOICE_ISSUED_DATE_INVALID', 'Ngày lập không được sau ngày hiện tại');
  if (!approved) {
    throw new ViettelError(400, 'INVOICE_REGISTRATION_NOT_APPROVED', 'Tờ khai đăng ký sử dụng hóa đơn chưa được CQT chấp nhận');
  }
  return rate;
}

const ok = <T extends object>(rest: T) => ({ errorCode: null, description: null, ...rest });

function queryText(request: FastifyRequest, name: string, max: number): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  if (value !== undefined && typeof value !== 'string') throw new ViettelError(400, 'BAD_REQUEST', `${name} được gửi nhiều lần`);
  const text = (value ?? '').trim();
  if (!text) throw new ViettelError(400, 'BAD_REQUEST', `${name} là bắt buộc`);
  if (text.length > max) throw new ViettelError(400, 'BAD_REQUEST', `${name} quá dài`);
  return text;
}

export function registerViettelRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(
    async (scope) => {
      scope.setErrorHandler((error, _request, reply) => {
        if (error instanceof GeneralError) return reply.status(500).send({ message: 'GENERAL' });
        if (error instanceof ViettelError)
          return reply.status(error.status).send({ errorCode: error.code, description: error.message, result: null });
        if (error instanceof ZodError) {
          const issue = error.issues[0];
          const field = issue?.path.join('.') ?? '';
          return reply
            .status(400)
            .send({ errorCode: 'BAD_REQUEST', description: `${field}: ${issue?.message ?? 'invalid'}`, result: null });
        }
        if (error instanceof InvoiceInputError) {
          return reply.status(400).send({ errorCode: 'BAD_REQUEST', description: `${error.field}: ${error.message}`, result: null });
        }
        throw error;
      });

      scope.post('/auth/login', async (request) => {
        const body = parse(viettelLoginSchema, request.body);
        const known = await accountByUsername(ctx.db, PROVIDER, body.username);
        if (known) await assertUp(ctx, known.merchantId);
        const login = await checkLogin(ctx.db, PROVIDER, body.username, body.password);
        if (!login.ok) throw new ViettelError(401, 'INVALID_CREDENTIALS', 'Tên đăng nhập hoặc mật khẩu không đúng');
        const token = await issueToken(ctx.db, PROVIDER, login.account.merchantId, ctx.clock.now());
        return { access_token: token.token, token_type: 'bearer', expires_in: Math.floor(token.ttlMs / 1000), scope: 'openid' };
      });

      // Public, like the tax-code check the setup runs before a login (doc 2 §5).
      scope.get(`${VIETTEL_API}/InvoiceUtilsWS/checkTaxCode`, async (request) => {
        const taxCode = queryText(request, 'taxCode', 20);
        const problem = taxCodeProblem(taxCode);
        if (problem) throw new ViettelError(400, 'TAX_CODE_INVALID', `Mã số thuế không hợp lệ (${problem})`);
        return ok({ result: { taxCode, valid: true } });
      });

      scope.get(`${VIETTEL_API}/InvoiceUtilsWS/getCompanyInfo`, async (request) => {
        await caller(ctx, request);
        const taxCode = queryText(request, 'taxCode', 20);
        if (!isValidTaxCode(taxCode)) throw new ViettelError(400, 'TAX_CODE_INVALID', 'Mã số thuế không hợp lệ');
        const company = lookupCompany(taxCode);
        if (!company) throw new ViettelError(404, 'TAX_CODE_NOT_FOUND', 'Không tìm thấy thông tin doanh nghiệp');
        return ok({
          result: {
            taxCode: company.taxCode,
            name: company.name,
            address: company.address,
            representative: company.representative,
            email: company.email,
            phone: company.phone,
          },
        });
      });

      scope.get(`${VIETTEL_API}/InvoiceUtilsWS/getDeclarationStatus`, async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        ownSupplier(account, queryText(request, 'taxCode', 20));
        const pending = (await faultState(ctx.db, merchantId, PROVIDER)).declarationPending;
        return ok({
          result: {
            taxCode: account.taxCode,
            status: pending ? 'PENDING' : account.declarationStatus,
            declarations: account.declarations.map((d) => ({ ...d, status: pending ? 'PENDING' : d.status })),
          },
        });
      });

      scope.post(`${VIETTEL_API}/InvoiceUtilsWS/getInvoiceTemplates`, async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        const body = parse(viettelTemplatesSchema, request.body);
        ownSupplier(account, body.taxCode);
        const slow = (await faultState(ctx.db, merchantId, PROVIDER)).serialSlowMs;
        if (slow !== null) await delay(slow);
        return ok({
          template: account.series
            .filter((s) => s.active && (!body.invoiceType || s.template_code === body.invoiceType))
            .map((s) => ({
              templateCode: viettelTemplateCode(s.template_code),
              invoiceSeries: s.value,
              invoiceType: s.template_code,
              invoiceTypeName: s.inv_type_name,
            })),
        });
      });

      scope.post(`${VIETTEL_API}/InvoiceWS/createInvoice/:supplierTaxCode`, async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        ownSupplier(account, (request.params as { supplierTaxCode: string }).supplierTaxCode);
        const body = parse(viettelCreateSchema, request.body);
        // Fault create-fails (D190): Viettel's own 400 for a refused field, nothing stored or numbered.
        if (await consumeFault(ctx.db, merchantId, PROVIDER, 'create-fails')) {
          throw new ViettelError(400, 'BAD_REQUEST', 'buyerInfo.buyerName: giá trị không được chấp nhận');
        }
        const now = ctx.clock.now();
        const issuedAt = body.generalInvoiceInfo.invoiceIssuedDate ?? now;
        const approved = account.declarationStatus === 'APPROVED' && !(await faultState(ctx.db, merchantId, PROVIDER)).declarationPending;
        const rate = checkCreate(account, body, issuedAt, now, approved);
        const uuid = body.generalInvoiceInfo.transactionUuid;
        const reused = () => new ViettelError(400, 'TRANSACTION_UUID_INVALID', `transactionUuid ${uuid} đã được sử dụng`);
        if (await findByClientRef(ctx.db, merchantId, PROVIDER, uuid)) throw reused();
        const issued = await issueInvoice(ctx.db, issueInputOf(merchantId, body, issuedAt, rate), {
          providerId: randomUUID(),
          status: VIETTEL_STATUS.original,
          cqtStatus: String(notSentStatus(body.generalInvoiceInfo.invoiceSeries)),
          extra: { pdfAsks: 0 },
          now,
        });
        if (issued.existing || (await consumeFault(ctx.db, merchantId, PROVIDER, 'already-exported'))) throw reused();
        const invoice = issued.invoice;
        return ok({
          result: {
            supplierTaxCode: account.taxCode,
            invoiceNo: viettelInvoiceNo(invoice),
            transactionID: invoice.providerId,
            reservationCode: invoice.lookupCode,
            codeOfTax: invoice.cqtCode,
          },
        });
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
          found &&
          viettelTemplateCode(found.templateCode) === body.templateCode &&
          (!body.transactionUuid || body.transactionUuid === found.clientRef)
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
          }),
        );
        return ok({ fileName: `${viettelInvoiceNo(settled)}.pdf`, fileToBytes: pdf.toString('base64') });
      });
    },
    { prefix: '/viettel' },
  );
}
