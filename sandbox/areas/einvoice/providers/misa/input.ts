import { randomBytes } from 'node:crypto';
import { TOLERANCE } from '../../core/document';
import type { CorrectionRefusal } from '../../core/store';
import type { CorrectionInput, IssueInput } from '../../core/types';
import type { MisaInvoiceData } from './wire';
import { PROVIDER } from './common';

/** What MISA checks in a published item, and the core's input made from it. */

/** MISA's statuses of a correction and of the original it names (MISA_EINVOICE_STATUS; D246). */
export const CORRECTION_STATUS = { replace: { self: 3, original: 5 }, adjust: { self: 4, original: 6 } } as const;

/** MISA's per-item refusal of the original a correction names (D244), with MISA's own wording. */
export const ORIGINAL_REFUSALS: Record<CorrectionRefusal, [string, string]> = {
  unknown: ['OrgInvoiceNotFound', 'The original invoice (OrgInvSeries, OrgInvNo) is not found'],
  'not-issued': ['OrgInvoiceNotPublished', 'The original invoice is not published'],
  replaced: ['OrgInvoiceReplaced', 'The original invoice has already been replaced'],
  adjustment: ['OrgInvoiceIsAdjustment', 'An adjustment invoice cannot be replaced'],
  mismatch: ['OrgInvoiceInfoInvalid', 'OrgInvDate or OrgInvTemplateNo is not the original invoice'],
};

/** A tax-authority code (MCCQT), 34 characters. */
export const newTaxAuthorityCode = () => `00${randomBytes(16).toString('hex').toUpperCase()}`;

export function issueInput(merchantId: string, item: MisaInvoiceData, issuedAt: number, correction?: CorrectionInput): IssueInput {
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
export function misaProblem(item: MisaInvoiceData): [string, string] | null {
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
