import type { VatRateCode } from '../../../../rules/vatRates';
import { VN_OFFSET_MS } from '../../../../rules/vnTime';
import { z } from '../../../../config/zod-classic';
import { eivCode, isSalesInvoiceSerial, serialSymbol } from '../registry';
import type { CorrectionRef, CorrectionRequest, EinvoiceRow, ExportInput, ExportResult } from '../types';
import { cleanBuyer, cleanLine, declarationRowSchema, paymentCode, vnDateTime, WALK_IN_BUYER } from './common';

/**
 * FPT's wire (its names, schemas, the request bodies and the rows it answers); the calls are in
 * fpt.ts. FPT eInvoice (docs/areas/einvoice.md "FPT eInvoice"; D181, D182, D234). FPT answers with real HTTP
 * statuses and `{error, message, field?|reason?|sid?|status?}` on failure. Its token is a plain bearer
 * (the seller prefix a token source may add is dropped: FPT needs no tax code beside it). The `sid` is
 * the order id: FPT's idempotency key, so a repeat answers 409 INVOICE_EXISTED and the first invoice is
 * fetched. Signing is FPT's approval (`/apprs`: sign and send).
 */

export const ROUTE = 'fpt';
/** search-invoice pages at most this many rows. */
export const FPT_MAX_PAGE_SIZE = 100;

/** FPT's refusals as the portal's codes; the HTTP status decides the rest. */
export const FPT_ERRORS: Readonly<Record<string, string>> = {
  TOKEN_EXPIRED: 'EINV_TOKEN_EXPIRED',
  // An unknown token (the sandbox reset, another server): the same remedy, log in again.
  UNAUTHORIZED: 'EINV_TOKEN_EXPIRED',
  AUTH_FAILED: 'EINV_LOGIN_FAIL',
  TAX_CODE_MISMATCH: 'EINV_TAX_CODE_INVALID',
  TAX_CODE_INVALID: 'EINV_TAX_CODE_INVALID',
  BUYER_TAX_CODE_INVALID: 'EINV_TAX_CODE_INVALID',
  FORBIDDEN: 'EINV_TAX_CODE_INVALID',
  SERIAL_NOT_FOUND: 'EINV_SERIAL_INVALID',
  SERIAL_NOT_ACTIVE: 'EINV_SERIAL_INVALID',
  // A symbol of another year than the invoice's date (a C26… series on a 2027 invoice, D234).
  SERIAL_YEAR_MISMATCH: 'EINV_SERIAL_INVALID',
  FORM_MISMATCH: 'EINV_SERIAL_INVALID',
  TYPE_MISMATCH: 'EINV_SERIAL_INVALID',
  DECLARATION_NOT_APPROVED: 'EINV_DECLARATION_PENDING',
  INVALID_DATA: 'EINV_INVOICE_REFUSED',
  INVALID_VAT_RATE: 'EINV_INVOICE_REFUSED',
  INVALID_DATE: 'EINV_INVOICE_REFUSED',
  INVOICE_NOT_FOUND: 'NOT_FOUND',
  TAX_CODE_NOT_FOUND: 'NOT_FOUND',
  INVOICE_EXISTED: 'INVOICE_ALREADY_EXPORTED',
  // The sandbox's refusal of a correction's original, with its reason (D244).
  ORIGINAL_INVOICE_INVALID: 'EINV_CORRECTION_REFUSED',
  INVOICE_APPROVED: 'EINV_SIGN_REFUSED',
  INVOICE_CANCELLED: 'EINV_SIGN_REFUSED',
  PDF_NOT_READY: 'EINV_PDF_NOT_READY',
};

export const errorSchema = z
  .object({ error: z.string(), message: z.string().optional(), field: z.string().optional(), reason: z.string().optional() })
  .passthrough();

export const rowSchema = z.object({
  sid: z.string(),
  form: z.enum(['1', '2']),
  serial: z.string(),
  seq: z.number().int().positive(),
  invoice_date: z.string(),
  bname: z.string().nullish(),
  buyer: z.string().nullish(),
  vat_v: z.number().nullish(),
  total_v: z.number(),
  status: z.number().int().nullish(),
  status_received: z.number().int().nullish(),
  tax_authority_code: z.string().nullish(),
  search_code: z.string(),
  // A correction names its original (D247).
  adj: z
    .object({
      kind: z.enum(['replace', 'adjust']),
      rform: z.string(),
      rserial: z.string(),
      rseq: z.number(),
      rdt: z.string(),
      rea: z.string().nullish(),
      adjtyp: z.string().nullish(),
    })
    .nullish(),
});
export type FptRow = z.infer<typeof rowSchema>;

export const signinSchema = z.object({ token: z.string().min(1), expires_in: z.number().positive(), stax: z.string().optional() });
export const companySchema = z.object({
  stax: z.string(),
  name: z.string(),
  addr: z.string().nullish(),
  rep: z.string().nullish(),
  email: z.string().nullish(),
  tel: z.string().nullish(),
});
export const serialsSchema = z.object({
  data: z.array(z.object({ form: z.enum(['1', '2']), serial: z.string(), type_name: z.string() })),
});
export const declarationSchema = z.object({
  status: z.string(),
  declarations: z.array(declarationRowSchema),
});
export const pageSchema = z.object({ data: z.array(rowSchema), total: z.number().int().nonnegative() });

/** The series as every adapter writes it: template digit + symbol ('1C26TFP'), as M-Invoice and MISA do (D191). */
export const serialOf = (form: string, serial: string) => `${form}${serial}`;

function correctsOf(row: FptRow): CorrectionRef | null {
  const adj = row.adj;
  if (!adj) return null;
  return {
    kind: adj.kind,
    adjustKind: adj.kind === 'replace' ? null : adj.adjtyp === '2' ? 'info' : 'amount',
    serial: serialOf(adj.rform, adj.rserial),
    seq: adj.rseq,
    invoiceDate: vnDateTime(adj.rdt),
    reason: adj.rea ?? '',
  };
}

export function toRow(row: FptRow): EinvoiceRow {
  return {
    corrects: correctsOf(row),
    id: row.sid,
    serial: serialOf(row.form, row.serial),
    seq: row.seq,
    invoiceDate: vnDateTime(row.invoice_date),
    taxAuthorityCode: row.tax_authority_code ?? null,
    searchCode: row.search_code,
    // The company for a business buyer, else the person (as the other providers' lists show it).
    buyerName: row.buyer || row.bname || '',
    vat: row.vat_v ?? 0,
    total: row.total_v,
    status: row.status === null || row.status === undefined ? null : String(row.status),
    statusReceived: row.status_received === null || row.status_received === undefined ? null : String(row.status_received),
  };
}

export const exportResult = (row: FptRow, existing: boolean): ExportResult => ({
  eivCode: eivCode(row.tax_authority_code, row.search_code, row.seq),
  serial: serialOf(row.form, row.serial),
  providerId: row.sid,
  existing,
});

/**
 * FPT's `vrt` for each rate (D234): the percentage as text, -1 not subject (KCT), -2 not declared
 * (KKKNT), as FPT's integration document lists them ("0, 5, 8, 10, -1, -2").
 */
export const FPT_VRT: Readonly<Record<VatRateCode, string>> = { '10%': '10', '8%': '8', '5%': '5', '0%': '0', KCT: '-1', KKKNT: '-2' };

/** FPT's `idt`: 'YYYY-MM-DD HH:mm:ss' in Vietnam time. */
export const fptDateTime = (ms: number) => new Date(ms + VN_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The create-invoice body (D234). Every figure is the portal's own (ExportInput.tax, worked once by
 * invoiceTotals), put in the field FPT reads it from: per item `price` the unit price before tax,
 * `amount` the line before tax, `vrt` its rate, `vat` its tax and `total` both; on the invoice `sum`,
 * `vat` and `total` (and their VND copies `sumv`, `vatv`, `totalv`: the invoice is in đồng). FPT has no
 * breakdown by rate in its request: it works it from the items. A sales invoice (form 2) carries no
 * rate and no VAT; its note (Resolution 204's reduction) goes in `note`. The adapter works no tax out.
 */
export function invoiceBody(input: ExportInput): Record<string, unknown> {
  // Control characters out of the user's text (FPT refuses them; a line is one line), the rest as typed.
  const buyer = cleanBuyer(input.buyer);
  const sales = isSalesInvoiceSerial(input.serial);
  const { tax } = input;
  if (tax.lines.length !== input.lines.length) throw new RangeError('fpt: the tax has one line per invoice line');
  const inv: Record<string, unknown> = {
    // D178: the order is the key, so a repeat (a lost answer, a second tab) finds the first invoice.
    sid: input.orderId,
    idt: fptDateTime(input.issuedAt),
    form: sales ? '2' : '1',
    serial: serialSymbol(input.serial.value),
    paym: paymentCode(input.paymentMethod),
    curr: 'VND',
    exrt: 1,
    bname: buyer.name.trim() || WALK_IN_BUYER,
    items: input.lines.map(cleanLine).map((line, index) => {
      const figures = tax.lines[index]!;
      return {
        line: index + 1,
        name: line.name,
        ...(line.unit ? { unit: line.unit } : {}),
        quantity: line.quantity,
        price: figures.netUnitPrice,
        amount: figures.net,
        ...(figures.rateCode !== null ? { vrt: FPT_VRT[figures.rateCode], vat: figures.vat, total: figures.gross } : {}),
      };
    }),
    sum: tax.totals.net,
    vat: tax.totals.vat,
    total: tax.totals.gross,
    sumv: tax.totals.net,
    vatv: tax.totals.vat,
    totalv: tax.totals.gross,
  };
  if (tax.notes.length > 0) inv.note = tax.notes.join('; ');
  if (!buyer.isIndividual) {
    if (buyer.company) inv.buyer = buyer.company;
    if (buyer.taxCode) inv.btax = buyer.taxCode;
  }
  if (buyer.address) inv.baddr = buyer.address;
  if (buyer.email) inv.bmail = buyer.email;
  if (buyer.phone) inv.btel = buyer.phone;
  // The buyer's personal identification number (D237; FPT `bidc`).
  if (buyer.idCard) inv.bidc = buyer.idCard;
  return inv;
}

/**
 * The body of a /replace-invoice or /adjust-invoice call (D247; FPT publishes no API document, so the
 * names under `adj` are the sandbox's, after the tax authority's TTHDLQuan): invoiceBody's figures
 * under the correction's key as sid, the original's sid, form, serial, seq and date, the reason (rea)
 * and for an adjustment its kind (adjtyp '1' amounts, '2' information). A decrease is negative
 * (quantity, amount, VAT, total; the totals signed); an adjustment of information has one item saying
 * what changed, with no amounts.
 */
export function correctionBody(
  original: Pick<EinvoiceRow, 'id' | 'serial' | 'seq' | 'invoiceDate'>,
  c: CorrectionRequest,
): Record<string, unknown> {
  const info = c.kind === 'adjust' && c.adjustKind === 'info';
  const inv = invoiceBody({ ...c.invoice, orderId: c.key });
  const was = /^(\d)([A-Z0-9]{6})$/.exec(original.serial.trim().toUpperCase());
  inv.adj = {
    rsid: original.id,
    rform: was?.[1] ?? '1',
    rserial: was?.[2] ?? serialSymbol(original.serial),
    rseq: original.seq,
    rdt: fptDateTime(original.invoiceDate).slice(0, 10),
    rea: c.reason.trim().slice(0, 255),
    ...(c.kind === 'adjust' ? { adjtyp: info ? '2' : '1' } : {}),
  };
  if (info) {
    const name = `Điều chỉnh thông tin người mua của hóa đơn số ${original.seq}: ${c.reason.trim()}`.slice(0, 400);
    return { ...inv, items: [{ line: 1, name, quantity: 1, price: 0, amount: 0 }], sum: 0, vat: 0, total: 0, sumv: 0, vatv: 0, totalv: 0 };
  }
  if (c.kind === 'adjust') {
    const items = inv.items as Record<string, number | string>[];
    items.forEach((item, i) => {
      if (c.decreases[i] !== true) return;
      for (const key of ['quantity', 'amount', 'vat', 'total'] as const)
        if (typeof item[key] === 'number') item[key] = -(item[key] as number);
    });
    const sum = items.reduce((acc, i) => acc + (i.amount as number), 0);
    const vat = items.reduce((acc, i) => acc + (typeof i.vat === 'number' ? i.vat : 0), 0);
    Object.assign(inv, { sum, vat, total: sum + vat, sumv: sum, vatv: vat, totalv: sum + vat });
  }
  return inv;
}
