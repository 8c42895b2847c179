import { z } from '../../../../config/zod-classic';
import { LOCAL_ERROR_CODES } from '../../../http/errors';
import { einvError, parseWith, providerFetch, SERIAL_LIST_TIMEOUT_MS, type ProviderFetchOptions } from '../http';
import { eivCode, isSalesInvoiceSerial } from '../registry';
import { splitSellerToken, sellerToken } from '../seller-token';
import type {
  CompanyInfo,
  CorrectionRef,
  CorrectionRequest,
  DeclarationStatus,
  EinvoiceRow,
  ExportInput,
  ExportResult,
  InvoicePage,
  ProviderAdapter,
  Serial,
} from '../types';
import {
  asPdf,
  cleanBuyer,
  cleanLine,
  declarationRecord,
  paymentCode,
  retryNotReady,
  unexpected,
  vnDayStart,
  WALK_IN_BUYER,
} from './common';
import type { AdapterOptions } from './options';

/**
 * M-Invoice (docs/areas/einvoice.md "M-Invoice"; D233). Every answer is HTTP 200 with the outcome in the
 * body's `code` ("00" success): the HTTP status says nothing (notes; D177). Calls after login carry the
 * bearer and the seller's tax code (`TaxCode` header), which the adapter's token carries (seller-token.ts).
 */

const ROUTE = 'm-invoice';
/** The unit code (mã đơn vị) of the login; the merchants' accounts have the one unit, VP. */
export const MI_UNIT_CODE = 'VP';
/** GetInvoices pages at most this many rows. */
const MI_MAX_PAGE_SIZE = 100;

const MI_ERRORS: Readonly<Record<string, string>> = {
  '02': 'EINV_TOKEN_EXPIRED',
  '03': 'EINV_LOGIN_FAIL',
  '04': 'NOT_FOUND',
  '05': 'EINV_SIGN_REFUSED',
  '07': 'EINV_SERIAL_INVALID',
  '08': 'EINV_TAX_CODE_INVALID',
  '10': 'EINV_DECLARATION_PENDING',
  '11': 'EINV_PDF_NOT_READY',
};

const envelope = z.object({ code: z.string(), message: z.string().optional() }).passthrough();

const invoiceSchema = z.object({
  hoadon68_id: z.string(),
  khieu: z.string(),
  shdon: z.number().int(),
  nlap: z.string(),
  sdhang: z.string().nullish(),
  tnmua: z.string().nullish(),
  ten: z.string().nullish(),
  tgtthue: z.number().nullish(),
  tgtttbso: z.number(),
  trang_thai_hd: z.number().nullish(),
  tthai: z.number().nullish(),
  macqt: z.string().nullish(),
  sobaomat: z.string(),
  // A correction names its original (TTHDLQuan in M-Invoice's lower-case names; D247).
  tthdlquan: z
    .object({
      tchdon: z.number(),
      khmshdclquan: z.string(),
      khhdclquan: z.string(),
      shdclquan: z.number(),
      nlhdclquan: z.string(),
      gchu: z.string().nullish(),
      dcthongtin: z.boolean().nullish(),
    })
    .nullish(),
});
type MiInvoice = z.infer<typeof invoiceSchema>;

const loginSchema = z.object({ code: z.literal('00'), token: z.string().min(1), expires_in: z.number().positive() });
const companySchema = z.object({
  mst: z.string(),
  ten_cty: z.string(),
  dia_chi: z.string().nullish(),
  nguoi_dai_dien: z.string().nullish(),
  email: z.string().nullish(),
  dien_thoai: z.string().nullish(),
});
const seriesSchema = z.array(z.object({ khhdon: z.string(), khmshdon: z.enum(['1', '2']), ten_loai: z.string() }));
const declarationSchema = z.object({
  trang_thai: z.string(),
  ds_to_khai: z.array(
    z.object({
      type: z.string(),
      email: z.string(),
      create_date: z.union([z.number(), z.string()]),
      status_sent: z.string(),
      status_reply: z.string(),
      sender: z.string(),
      sent_date: z.union([z.number(), z.string()]).nullable(),
      status: z.string(),
    }),
  ),
});
const pageSchema = z.object({ data: z.array(invoiceSchema), total: z.number().int().nonnegative() });

function correctsOf(invoice: MiInvoice): CorrectionRef | null {
  const r = invoice.tthdlquan;
  if (!r || (r.tchdon !== 1 && r.tchdon !== 2)) return null;
  return {
    kind: r.tchdon === 1 ? 'replace' : 'adjust',
    adjustKind: r.tchdon === 1 ? null : r.dcthongtin ? 'info' : 'amount',
    serial: `${r.khmshdclquan}${r.khhdclquan}`,
    seq: r.shdclquan,
    invoiceDate: vnDayStart(r.nlhdclquan),
    reason: r.gchu ?? '',
  };
}

function toRow(invoice: MiInvoice): EinvoiceRow {
  return {
    corrects: correctsOf(invoice),
    id: invoice.hoadon68_id,
    serial: invoice.khieu,
    seq: invoice.shdon,
    invoiceDate: vnDayStart(invoice.nlap),
    taxAuthorityCode: invoice.macqt ?? null,
    searchCode: invoice.sobaomat,
    buyerName: invoice.ten || invoice.tnmua || '',
    vat: invoice.tgtthue ?? 0,
    total: invoice.tgtttbso,
    status: invoice.trang_thai_hd === null || invoice.trang_thai_hd === undefined ? null : String(invoice.trang_thai_hd),
    statusReceived: invoice.tthai === null || invoice.tthai === undefined ? null : String(invoice.tthai),
  };
}

function exportResult(invoice: MiInvoice, existing: boolean): ExportResult {
  return {
    eivCode: eivCode(invoice.macqt, invoice.sobaomat, invoice.shdon),
    serial: invoice.khieu,
    providerId: invoice.hoadon68_id,
    existing,
  };
}

/** M-Invoice writes the template digit in front of the series ('1C26TMV'); add it if the serial lacks it. */
function khieuOf(input: ExportInput): string {
  const value = input.serial.value.trim().toUpperCase();
  return /^\d[A-Z0-9]{6}$/.test(value) ? value : `${input.serial.templateCode}${value}`;
}

function invoiceInput(input: ExportInput): Record<string, unknown> {
  const buyer = cleanBuyer(input.buyer);
  const item: Record<string, unknown> = {
    khieu: khieuOf(input),
    // D178: the order is the key, so a repeat (a lost answer, a second tab) finds the first invoice.
    sdhang: input.orderId,
    htttoan: paymentCode(input.paymentMethod),
    tnmua: buyer.name || WALK_IN_BUYER,
    details: [
      {
        // D233: the tax authority's meanings: dgia and thtien before tax, the line's own rate and VAT,
        // all ExportInput.tax's (D226); a sales invoice (template 2) has no rate or VAT on its lines.
        data: input.lines.map(cleanLine).map((line, index) => {
          const figures = input.tax.lines[index]!;
          return {
            stt: index + 1,
            ten: line.name,
            ...(line.unit ? { dvtinh: line.unit } : {}),
            sluong: line.quantity,
            dgia: figures.netUnitPrice,
            thtien: figures.net,
            ...(input.tax.kind === 'sales' || figures.rateCode === null ? {} : { tsuat: figures.rateCode, tthue: figures.vat }),
          };
        }),
      },
    ],
    tgtcthue: input.tax.totals.net,
    tgtthue: input.tax.totals.vat,
    tgtttbso: input.tax.totals.gross,
  };
  if (input.tax.notes.length > 0) item.ghichu = input.tax.notes.join(' ');
  if (!buyer.isIndividual) {
    if (buyer.company) item.ten = buyer.company;
    if (buyer.taxCode) item.mst = buyer.taxCode;
  } else if (buyer.taxCode) {
    item.mst = buyer.taxCode;
  }
  if (buyer.address) item.dchi = buyer.address;
  if (buyer.email) item.email = buyer.email;
  if (buyer.phone) item.sdtnmua = buyer.phone;
  // The buyer's personal identification number (D237; the XML's CCCDan).
  if (buyer.idCard) item.cccdan = buyer.idCard;
  return item;
}

/** yyyy-MM-dd of an instant in Vietnam (the XML's NLHDCLQuan). */
const vnDate = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * The body of a ThayThe (replace) or DieuChinh (adjust) call (D247): invoiceInput's figures under the
 * correction's key as sdhang, naming the original in `tthdlquan` with the tax authority's XML names
 * as M-Invoice writes its other fields (tchdon 1/2, lhdclquan 1, khmshdclquan, khhdclquan, shdclquan,
 * nlhdclquan, gchu the reason). An adjustment's decrease is negative (sluong, thtien, tthue; M-Invoice's
 * guide "điền âm số lượng"), its totals signed; one of information (dcthongtin) has one note line
 * (tchat 4) and no amounts.
 */
export function correctionInput(
  original: Pick<EinvoiceRow, 'serial' | 'seq' | 'invoiceDate'>,
  c: CorrectionRequest,
): Record<string, unknown> {
  const info = c.kind === 'adjust' && c.adjustKind === 'info';
  const item = invoiceInput({ ...c.invoice, orderId: c.key });
  const was = /^(\d)([A-Z0-9]{6})$/.exec(original.serial.trim().toUpperCase());
  item.tthdlquan = {
    tchdon: c.kind === 'replace' ? 1 : 2,
    lhdclquan: 1,
    khmshdclquan: was?.[1] ?? '1',
    khhdclquan: was?.[2] ?? original.serial,
    shdclquan: original.seq,
    nlhdclquan: vnDate(original.invoiceDate),
    gchu: c.reason.trim().slice(0, 255),
    ...(info ? { dcthongtin: true } : {}),
  };
  if (info) {
    const note = `Điều chỉnh thông tin người mua của hóa đơn số ${original.seq}: ${c.reason.trim()}`.slice(0, 500);
    return { ...item, details: [{ data: [{ stt: 1, tchat: 4, ten: note }] }], tgtcthue: 0, tgtthue: 0, tgtttbso: 0 };
  }
  if (c.kind === 'adjust') {
    const lines = (item.details as { data: Record<string, number | string>[] }[])[0]!.data;
    lines.forEach((line, i) => {
      if (c.decreases[i] !== true) return;
      for (const key of ['sluong', 'thtien', 'tthue'] as const) if (typeof line[key] === 'number') line[key] = -(line[key] as number);
    });
    const net = lines.reduce((sum, l) => sum + (l.thtien as number), 0);
    const vat = lines.reduce((sum, l) => sum + (typeof l.tthue === 'number' ? l.tthue : 0), 0);
    Object.assign(item, { tgtcthue: net, tgtthue: vat, tgtttbso: net + vat });
  }
  return item;
}

export function createMInvoiceAdapter(options: AdapterOptions): ProviderAdapter {
  const { baseURL } = options;

  async function call(
    name: string,
    token: string | null,
    spec: Omit<ProviderFetchOptions, 'route' | 'baseURL' | 'fetch' | 'token' | 'headers'> & { taxCode?: string },
  ): Promise<{ code: string; message: string | undefined; body: Record<string, unknown> }> {
    const headers: Record<string, string> = {};
    let bearer: string | undefined;
    if (token !== null) {
      const seller = splitSellerToken(token);
      bearer = seller.token;
      if (seller.taxCode) headers.TaxCode = seller.taxCode;
    }
    if (spec.taxCode) headers.TaxCode = spec.taxCode;
    const { taxCode: _taxCode, ...rest } = spec;
    const res = await providerFetch({
      ...rest,
      route: ROUTE,
      baseURL,
      headers,
      ...(bearer ? { token: bearer } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    if (res.status !== 200 || typeof res.body !== 'object' || res.body === null) throw unexpected(`m-invoice.${name}`, res.status);
    const body = parseWith(envelope, res.body, `m-invoice.${name}`) as { code: string; message?: string } & Record<string, unknown>;
    return { code: body.code, message: body.message, body };
  }

  /** A refusal in M-Invoice's words as the portal's code; `fallback` for code 01 and unknown codes. */
  function refusal(code: string, message: string | undefined, fallback: string, data?: unknown) {
    return einvError(MI_ERRORS[code] ?? fallback, data, message, 200);
  }

  async function ok(name: string, token: string, spec: Parameters<typeof call>[2]) {
    const answer = await call(name, token, spec);
    if (answer.code !== '00') throw refusal(answer.code, answer.message, code01(answer.code));
    return answer.body;
  }

  const code01 = (code: string) => (code === '01' ? LOCAL_ERROR_CODES.badRequest : LOCAL_ERROR_CODES.unknown);

  return {
    route: ROUTE,

    async checkTaxCode(taxCode, signal) {
      const answer = await call('checkTaxCode', null, { path: '/api/Company/CheckTaxCode', query: { mst: taxCode.trim() }, signal });
      if (answer.code === '00') return;
      if (answer.code === '08' || answer.code === '01')
        throw einvError('EINV_TAX_CODE_INVALID', answer.body.data ?? null, answer.message, 200);
      throw refusal(answer.code, answer.message, LOCAL_ERROR_CODES.unknown);
    },

    async login(credentials, signal) {
      const taxCode = credentials.taxCode.trim();
      const answer = await call('login', null, {
        method: 'POST',
        path: '/api/Account/Login',
        taxCode,
        body: { username: credentials.username.trim(), password: credentials.password, ma_dvcs: MI_UNIT_CODE },
        signal,
      });
      // 01 here is a missing or malformed field of the login itself: for the merchant, a failed login.
      if (answer.code !== '00') throw refusal(answer.code, answer.message, 'EINV_LOGIN_FAIL');
      const login = parseWith(loginSchema, answer.body, 'm-invoice.login');
      return { token: sellerToken(login.token, taxCode), expiresAt: Date.now() + login.expires_in * 1000, taxCode };
    },

    async lookupCompany(token, taxCode, signal): Promise<CompanyInfo | null> {
      const answer = await call('lookupCompany', token, { path: '/api/Company/GetInfoByTaxCode', query: { mst: taxCode.trim() }, signal });
      if (answer.code === '09') return null;
      if (answer.code === '01') throw einvError('EINV_TAX_CODE_INVALID', null, answer.message, 200);
      if (answer.code !== '00') throw refusal(answer.code, answer.message, LOCAL_ERROR_CODES.unknown);
      const company = parseWith(companySchema, answer.body.data, 'm-invoice.lookupCompany');
      return {
        taxCode: company.mst,
        name: company.ten_cty,
        address: company.dia_chi ?? '',
        representative: company.nguoi_dai_dien ?? '',
        email: company.email ?? '',
        phone: company.dien_thoai ?? '',
      };
    },

    async listSerials(token, signal): Promise<Serial[]> {
      const body = await ok('listSerials', token, {
        path: '/api/Invoice68/GetTypeInvoiceSeries',
        signal,
        timeoutMs: SERIAL_LIST_TIMEOUT_MS,
      });
      return parseWith(seriesSchema, body.data, 'm-invoice.listSerials').map((entry) => {
        const serial = { value: entry.khhdon, invTypeName: entry.ten_loai, templateCode: entry.khmshdon };
        return { ...serial, isSalesInvoice: isSalesInvoiceSerial(serial) };
      });
    },

    async declarationStatus(token, range, signal): Promise<DeclarationStatus> {
      const body = await ok('declarationStatus', token, {
        path: '/api/ToKhai/GetTrangThai',
        query: { tu_ngay: range.from, den_ngay: range.to },
        signal,
      });
      const data = parseWith(declarationSchema, body.data, 'm-invoice.declarationStatus');
      return { approved: data.trang_thai === 'APPROVED', records: data.ds_to_khai.map(declarationRecord) };
    },

    async correctInvoice(token, original, correction, signal): Promise<ExportResult> {
      const answer = await call('correctInvoice', token, {
        method: 'POST',
        path: correction.kind === 'replace' ? '/api/InvoiceApi78/ThayThe' : '/api/InvoiceApi78/DieuChinh',
        body: { editmode: 1, data: [correctionInput(original, correction)] },
        signal,
      });
      if (answer.code === '00') return exportResult(parseWith(invoiceSchema, answer.body.data, 'm-invoice.correctInvoice'), false);
      if (answer.code === '06') {
        // The same key again (a double click, a lost answer): the correction made the first time.
        const existing = invoiceSchema.safeParse(answer.body.data);
        if (existing.success) return exportResult(existing.data, true);
      }
      const reason = typeof answer.body.reason === 'string' ? answer.body.reason : null;
      if (reason) throw einvError('EINV_CORRECTION_REFUSED', { reason }, answer.message, 200);
      const fields = Array.isArray(answer.body.errors) ? { fields: answer.body.errors } : undefined;
      throw refusal(answer.code, answer.message, 'EINV_INVOICE_REFUSED', fields);
    },

    async createInvoice(token, input, signal): Promise<ExportResult> {
      // Save, not SaveSign: the invoice waits for its signature (CQT status 1) and is signed from the
      // list (doc 2 §4 signing rule), as the merchant reviews it first.
      const answer = await call('createInvoice', token, {
        method: 'POST',
        path: '/api/InvoiceApi78/Save',
        body: { editmode: 1, data: [invoiceInput(input)] },
        signal,
      });
      if (answer.code === '00') return exportResult(parseWith(invoiceSchema, answer.body.data, 'm-invoice.createInvoice'), false);
      if (answer.code === '06') {
        // D178: the duplicate carries the invoice made the first time.
        const existing = invoiceSchema.safeParse(answer.body.data);
        if (existing.success) return exportResult(existing.data, true);
        throw einvError('INVOICE_ALREADY_EXPORTED', null, answer.message, 200);
      }
      if (answer.code === '08') throw einvError('EINV_TAX_CODE_INVALID', { field: 'buyer.taxCode' }, answer.message, 200);
      const fields = Array.isArray(answer.body.errors) ? { fields: answer.body.errors } : undefined;
      throw refusal(answer.code, answer.message, 'EINV_INVOICE_REFUSED', fields);
    },

    async listInvoices(token, query, signal): Promise<InvoicePage> {
      const body = await ok('listInvoices', token, {
        path: '/api/InvoiceApi78/GetInvoices',
        query: {
          tu_ngay: query.from,
          den_ngay: query.to,
          khieu: query.serial.trim() || undefined,
          tim_kiem: query.q.trim() || undefined,
          da_phat_hanh: query.released === 'all' ? undefined : query.released === 'released' ? '1' : '0',
          trang: query.page,
          so_dong: Math.min(query.pageSize, MI_MAX_PAGE_SIZE),
        },
        signal,
      });
      const page = parseWith(pageSchema, body, 'm-invoice.listInvoices');
      return { rows: page.data.map(toRow), total: page.total };
    },

    pdf(token, row, signal) {
      return retryNotReady(
        async () => {
          const { taxCode, token: bearer } = splitSellerToken(token);
          const res = await providerFetch<Blob>({
            route: ROUTE,
            baseURL,
            path: '/api/InvoiceApi78/PrintInvoice',
            query: { id: row.id },
            token: bearer,
            headers: taxCode ? { TaxCode: taxCode } : {},
            responseType: 'blob',
            ...(signal ? { signal } : {}),
            ...(options.fetch ? { fetch: options.fetch } : {}),
          });
          const type = res.headers.get('content-type') ?? '';
          if (res.status === 200 && type.includes('application/pdf')) return asPdf(res.body, 'm-invoice.pdf');
          // Notes: PDF errors come back as JSON.
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(await res.body.text());
          } catch {
            throw unexpected('m-invoice.pdf', res.status);
          }
          const answer = envelope.safeParse(parsed);
          if (!answer.success) throw unexpected('m-invoice.pdf', res.status);
          throw refusal(answer.data.code, answer.data.message, LOCAL_ERROR_CODES.unknown);
        },
        options,
        signal,
      );
    },

    async sign(token, row, signal) {
      const answer = await call('sign', token, { method: 'POST', path: '/api/InvoiceApi78/Sign', body: { hoadon68_id: row.id }, signal });
      if (answer.code === '00') return;
      throw refusal(answer.code, answer.message, 'EINV_SIGN_REFUSED');
    },
  };
}
