import { z } from '../../../../config/zod-classic';
import { LOCAL_ERROR_CODES } from '../../../http/errors';
import type { CorrectionRef, CorrectionRequest, EinvoiceRow, ExportInput } from '../types';
import { cleanBuyer, cleanLine, declarationRowSchema, paymentCode, vnDayStart, WALK_IN_BUYER } from './common';

/**
 * MISA's wire (its names, schemas, the request items and the rows it answers); the calls are in
 * misa.ts. MISA meInvoice (docs/areas/einvoice.md "MISA meInvoice"; D232, D180). Every answer is HTTP 200
 * `{success, errorCode, descriptionErrorCode, errors, data}` with `data` as JSON text (MISA serialises
 * twice) except the token call's; invoice calls answer per invoice with their own `ErrorCode`. Calls
 * carry the bearer and `CompanyTaxCode`, which the adapter's token carries (seller-token.ts). MISA
 * signs while it publishes, so there is no signing step.
 */

export const ROUTE = 'misa';
/** The portal's integration id with MISA (MISA issues one per integrating partner). */
export const MISA_APP_ID = '0f6e3b1c-5a2d-4c7e-9b8a-2d1f4e6a8c30';
/** MISA's tokens live 14 days; its token answer does not say. */
export const MISA_TOKEN_LIFETIME_MS = 14 * 86_400_000;
export const MISA_MAX_PAGE_SIZE = 100;

export const CALL_ERRORS: Readonly<Record<string, string>> = {
  InvalidTokenCode: 'EINV_TOKEN_EXPIRED',
  UserNameOrPasswordIncorrect: 'EINV_LOGIN_FAIL',
  InvalidTaxCode: 'EINV_TAX_CODE_INVALID',
  SignNotSupported: 'EINV_SIGN_REFUSED',
  InvalidParameter: LOCAL_ERROR_CODES.badRequest,
};

export const ITEM_ERRORS: Readonly<Record<string, string>> = {
  TemplateIsNotUsing: 'EINV_SERIAL_INVALID',
  InvoiceTemplateNotExist: 'EINV_SERIAL_INVALID',
  InvalidBuyerTaxCode: 'EINV_TAX_CODE_INVALID',
  RegisterInvoiceNotApproved: 'EINV_DECLARATION_PENDING',
  InvoiceFileNotReady: 'EINV_PDF_NOT_READY',
  InvoiceNotFound: 'NOT_FOUND',
};

export const envelope = z.object({
  success: z.boolean(),
  errorCode: z.string().nullish(),
  descriptionErrorCode: z.string().nullish(),
  errors: z.array(z.string()).nullish(),
  data: z.unknown(),
});

export const publishedSchema = z.object({
  RefID: z.string().nullish(),
  TransactionID: z.string().nullish(),
  InvSeries: z.string().nullish(),
  InvNo: z.string().nullish(),
  InvoiceCode: z.string().nullish(),
  ErrorCode: z.string().nullish(),
  DescriptionErrorCode: z.string().nullish(),
});
export type Published = z.infer<typeof publishedSchema>;

export const invoiceSchema = z.object({
  RefID: z.string().nullish(),
  TransactionID: z.string(),
  InvSeries: z.string(),
  InvNo: z.string().regex(/^\d+$/),
  InvDate: z.string(),
  InvoiceCode: z.string().nullish(),
  EInvoiceStatus: z.number().nullish(),
  SendTaxStatus: z.number().nullish(),
  BuyerFullName: z.string().nullish(),
  BuyerLegalName: z.string().nullish(),
  TotalVATAmount: z.number().nullish(),
  TotalAmount: z.number(),
  // A correction names its original (D246).
  ReferenceType: z.number().nullish(),
  OrgInvTemplateNo: z.string().nullish(),
  OrgInvSeries: z.string().nullish(),
  OrgInvNo: z.string().nullish(),
  OrgInvDate: z.string().nullish(),
  ChangeReason: z.string().nullish(),
  TypeChangeInvoice: z.number().nullish(),
});
export type MisaInvoice = z.infer<typeof invoiceSchema>;

export const companySchema = z.object({
  TaxCode: z.string(),
  CompanyName: z.string(),
  Address: z.string().nullish(),
  LegalRepresentative: z.string().nullish(),
  Email: z.string().nullish(),
  Phone: z.string().nullish(),
});
export const templatesSchema = z.array(
  z.object({ TemplateName: z.string(), InvTemplateNo: z.string(), InvSeries: z.string(), Inactive: z.boolean().nullish() }),
);
export const declarationSchema = z.object({
  Status: z.string(),
  Declarations: z.array(declarationRowSchema),
});
export const pageSchema = z.object({ Total: z.number().int().nonnegative(), Data: z.array(invoiceSchema) });
export const downloadSchema = z.array(z.object({ Data: z.string().nullish(), ErrorCode: z.string().nullish() }).passthrough());

const num = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));

/** What a MISA replacement (ReferenceType 1) or adjustment (2) names (D246). */
function correctsOf(invoice: MisaInvoice): CorrectionRef | null {
  const kind = invoice.ReferenceType === 1 ? 'replace' : invoice.ReferenceType === 2 ? 'adjust' : null;
  if (!kind || !invoice.OrgInvSeries || !invoice.OrgInvNo || !/^\d+$/.test(invoice.OrgInvNo)) return null;
  return {
    kind,
    adjustKind: kind === 'replace' ? null : invoice.TypeChangeInvoice === 1 ? 'info' : 'amount',
    serial: `${invoice.OrgInvTemplateNo ?? '1'}${invoice.OrgInvSeries}`,
    seq: Number(invoice.OrgInvNo),
    invoiceDate: invoice.OrgInvDate ? vnDayStart(invoice.OrgInvDate) : null,
    reason: invoice.ChangeReason ?? '',
  };
}

export function toRow(invoice: MisaInvoice): EinvoiceRow {
  return {
    corrects: correctsOf(invoice),
    id: invoice.TransactionID,
    serial: invoice.InvSeries,
    seq: Number(invoice.InvNo),
    invoiceDate: vnDayStart(invoice.InvDate),
    taxAuthorityCode: invoice.InvoiceCode ?? null,
    searchCode: invoice.TransactionID,
    buyerName: invoice.BuyerLegalName || invoice.BuyerFullName || '',
    vat: invoice.TotalVATAmount ?? 0,
    total: invoice.TotalAmount,
    status: num(invoice.EInvoiceStatus),
    statusReceived: num(invoice.SendTaxStatus),
  };
}

/** MISA writes the template digit in front of the series ('1C26TMS'); add it if the serial lacks it. */
function invSeriesOf(input: ExportInput): string {
  const value = input.serial.value.trim().toUpperCase();
  return /^\d[A-Z0-9]{6}$/.test(value) ? value : `${input.serial.templateCode}${value}`;
}

/** yyyy-MM-dd of an instant in Vietnam: MISA's InvDate. */
const vnDate = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * One InvoiceData item in MISA's published meanings (D232; doc.meinvoice.vn/itg/Doc/Info/InvoiceData.html
 * and the InvoiceDataDetail contract): `UnitPrice` is the price before tax, `AmountOC`/`Amount` the
 * goods amount (quantity × unit price), `AmountWithoutVATOC` the amount before tax after discount (no
 * discount here, so the same), `VATRateName` the line's rate and `VATAmountOC` its VAT; `TaxRateInfo`
 * sums them by rate and the totals sum those. Every figure is ExportInput.tax's, worked once by the
 * portal (D226); the adapter works no tax out. The "OC" amounts are in the invoice's currency and the
 * plain ones converted at ExchangeRate 1 (VND), so both carry the same đồng.
 */
export function publishItem(input: ExportInput): Record<string, unknown> {
  const buyer = cleanBuyer(input.buyer);
  const { tax } = input;
  const sales = tax.kind === 'sales';
  const item: Record<string, unknown> = {
    // D178: the order is the RefID, so a repeat answers the invoice made the first time.
    RefID: input.orderId,
    InvSeries: invSeriesOf(input),
    // The invoice's date is the sale's (Decree 70; ExportInput.issuedAt), as MISA's InvDate takes it.
    InvDate: vnDate(input.issuedAt),
    CurrencyCode: 'VND',
    ExchangeRate: 1,
    PaymentMethodName: paymentCode(input.paymentMethod),
    BuyerFullName: buyer.name || WALK_IN_BUYER,
    OriginalInvoiceDetail: input.lines.map(cleanLine).map((line, index) => {
      const figures = tax.lines[index]!;
      return {
        ItemType: 1,
        LineNumber: index + 1,
        SortOrder: index + 1,
        ItemName: line.name,
        ...(line.unit ? { UnitName: line.unit } : {}),
        Quantity: line.quantity,
        UnitPrice: figures.netUnitPrice,
        AmountOC: figures.net,
        Amount: figures.net,
        AmountWithoutVATOC: figures.net,
        AmountWithoutVAT: figures.net,
        // A sales invoice (template 2) has no VAT on its lines (doc 2 §5).
        ...(sales || figures.rateCode === null ? {} : { VATRateName: figures.rateCode, VATAmountOC: figures.vat, VATAmount: figures.vat }),
      };
    }),
    TaxRateInfo: sales ? [] : tax.breakdown.map((r) => ({ VATRateName: r.rateCode, AmountWithoutVATOC: r.net, VATAmountOC: r.vat })),
    TotalSaleAmountOC: tax.totals.net,
    TotalSaleAmount: tax.totals.net,
    TotalDiscountAmountOC: 0,
    TotalDiscountAmount: 0,
    TotalAmountWithoutVATOC: tax.totals.net,
    TotalAmountWithoutVAT: tax.totals.net,
    TotalVATAmountOC: tax.totals.vat,
    TotalVATAmount: tax.totals.vat,
    TotalAmountOC: tax.totals.gross,
    TotalAmount: tax.totals.gross,
  };
  if (tax.notes.length > 0) item.InvoiceNote = tax.notes.join(' ');
  if (!buyer.isIndividual && buyer.company) item.BuyerLegalName = buyer.company;
  if (buyer.taxCode) item.BuyerTaxCode = buyer.taxCode;
  if (buyer.address) item.BuyerAddress = buyer.address;
  if (buyer.email) item.BuyerEmail = buyer.email;
  if (buyer.phone) item.BuyerPhoneNumber = buyer.phone;
  // The buyer's personal identification number (D237; MISA `BuyerIDNumber`).
  if (buyer.idCard) item.BuyerIDNumber = buyer.idCard;
  return item;
}

/**
 * The InvoiceData item of a correction (D246; the fields MISA's public clients send): publishItem's
 * figures under the correction's own key as RefID, with ReferenceType 1 (replacing) or 2 (adjusting),
 * OrgInvoiceType 1 (an e-invoice under Decree 123), the original's OrgInvTemplateNo, OrgInvSeries
 * (without the digit), OrgInvNo and OrgInvDate, and the reason in ChangeReason. An adjustment's
 * decrease is negative (Quantity, amounts and VAT), its TaxRateInfo and totals the signed sums; an
 * adjustment of information (TypeChangeInvoice 1) has one note line (ItemType 4) and no amounts.
 */
export function correctionItem(
  original: Pick<EinvoiceRow, 'serial' | 'seq' | 'invoiceDate'>,
  c: CorrectionRequest,
): Record<string, unknown> {
  const info = c.kind === 'adjust' && c.adjustKind === 'info';
  const item = publishItem({ ...c.invoice, orderId: c.key });
  const was = /^(\d)([A-Z0-9]{6})$/.exec(original.serial.trim().toUpperCase());
  Object.assign(item, {
    ReferenceType: c.kind === 'replace' ? 1 : 2,
    OrgInvoiceType: 1,
    OrgInvTemplateNo: was?.[1] ?? '1',
    OrgInvSeries: was?.[2] ?? original.serial,
    OrgInvNo: String(original.seq).padStart(8, '0'),
    OrgInvDate: vnDate(original.invoiceDate),
    ChangeReason: c.reason.trim().slice(0, 255),
    ...(c.kind === 'adjust' ? { TypeChangeInvoice: info ? 1 : 0 } : {}),
  });
  if (info) {
    const note = `Điều chỉnh thông tin người mua của hóa đơn số ${original.seq}: ${c.reason.trim()}`.slice(0, 500);
    Object.assign(item, {
      OriginalInvoiceDetail: [
        { ItemType: 4, LineNumber: 1, SortOrder: 1, ItemName: note, Quantity: 1, UnitPrice: 0, AmountOC: 0, AmountWithoutVATOC: 0 },
      ],
      TaxRateInfo: [],
      TotalSaleAmountOC: 0,
      TotalSaleAmount: 0,
      TotalAmountWithoutVATOC: 0,
      TotalAmountWithoutVAT: 0,
      TotalVATAmountOC: 0,
      TotalVATAmount: 0,
      TotalAmountOC: 0,
      TotalAmount: 0,
    });
    return item;
  }
  if (c.kind === 'adjust') {
    const lines = item.OriginalInvoiceDetail as Record<string, number | string>[];
    const rates = new Map<string, { net: number; vat: number }>();
    lines.forEach((line, i) => {
      const s = c.decreases[i] === true ? -1 : 1;
      for (const key of ['Quantity', 'AmountOC', 'Amount', 'AmountWithoutVATOC', 'AmountWithoutVAT', 'VATAmountOC', 'VATAmount'] as const) {
        if (typeof line[key] === 'number') line[key] = s * (line[key] as number);
      }
      if (typeof line.VATRateName === 'string') {
        const sum = rates.get(line.VATRateName) ?? { net: 0, vat: 0 };
        rates.set(line.VATRateName, {
          net: sum.net + (line.AmountWithoutVATOC as number),
          vat: sum.vat + ((line.VATAmountOC as number) ?? 0),
        });
      }
    });
    const net = lines.reduce((sum, l) => sum + (l.AmountWithoutVATOC as number), 0);
    const vat = [...rates.values()].reduce((sum, r) => sum + r.vat, 0);
    Object.assign(item, {
      TaxRateInfo: [...rates].map(([VATRateName, r]) => ({ VATRateName, AmountWithoutVATOC: r.net, VATAmountOC: r.vat })),
      TotalSaleAmountOC: net,
      TotalSaleAmount: net,
      TotalAmountWithoutVATOC: net,
      TotalAmountWithoutVAT: net,
      TotalVATAmountOC: vat,
      TotalVATAmount: vat,
      TotalAmountOC: net + vat,
      TotalAmount: net + vat,
    });
  }
  return item;
}

/** MISA's per-item refusals of the original a correction names (the sandbox's Org*), as the portal's reasons (D244). */
export const ORIGINAL_REFUSALS: Readonly<Record<string, string>> = {
  OrgInvoiceNotFound: 'unknown',
  OrgInvoiceNotPublished: 'not-issued',
  OrgInvoiceReplaced: 'replaced',
  OrgInvoiceIsAdjustment: 'adjustment',
  OrgInvoiceInfoInvalid: 'mismatch',
};
