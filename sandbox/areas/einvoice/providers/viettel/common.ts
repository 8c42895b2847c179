import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../../../platform/context';
import { bearerToken, getAccount, verifyToken, type EinvAccount, type SeriesEntry } from '../../core/accounts';
import { cqtCodeOf, parse } from '../../core/emulated';
import { faultState } from '../../core/faults';

export { parse };
import { updateInvoice } from '../../core/store';
import type { InvoiceRecord } from '../../core/types';
import { doneStatus, seriesHasCode, sentStatus } from './statuses';

/** What every Viettel call shares: who calls, its refusals and answers, its names of an invoice, and the tax authority's code arriving. */

export const PROVIDER = 'viettel' as const;
/** Viettel's own path prefix, kept so an adapter written against the emulator reads like one written against Viettel. */
export const VIETTEL_API = '/services/einvoiceapplication/api/InvoiceAPI';
/** How many PDF asks after a create answer "not ready" before the file is there (notes: "not ready right after creation"). */
export const VIETTEL_PDF_WARMUP_ASKS = 1;
/** After sending, the tax authority's answer arrives this long later (sandbox clock). */
export const VIETTEL_CODE_DELAY_MS = 3_000;
export const VIETTEL_LOOKUP_URL = 'https://vinvoice.viettel.vn/utilities/invoice-search';
export const MAX_RANGE_MS = 366 * 86_400_000;

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
export class GeneralError extends Error {}

interface Caller {
  merchantId: string;
  account: EinvAccount;
}

export async function assertUp(ctx: SandboxContext, merchantId: string): Promise<void> {
  if ((await faultState(ctx.db, merchantId, PROVIDER)).down) throw new ViettelError(503, 'SERVICE_UNAVAILABLE', 'Hệ thống đang bảo trì');
}

export async function caller(ctx: SandboxContext, request: FastifyRequest): Promise<Caller> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new ViettelError(401, 'UNAUTHORIZED', 'Full authentication is required to access this resource');
  const check = await verifyToken(ctx.db, PROVIDER, token, ctx.clock.now());
  if (check.status !== 'ok') throw new GeneralError();
  const account = await getAccount(ctx.db, check.merchantId, PROVIDER, ctx.clock.now());
  if (!account) throw new GeneralError();
  await assertUp(ctx, check.merchantId);
  return { merchantId: check.merchantId, account };
}

/** The supplier tax code a call names must be the token's own company. */
export function ownSupplier(account: EinvAccount, supplierTaxCode: string): void {
  if (supplierTaxCode.trim() !== account.taxCode) {
    throw new ViettelError(403, 'SUPPLIER_TAX_CODE_INVALID', 'Mã số thuế người bán không thuộc tài khoản này');
  }
}

/**
 * The account's own template code of a series (getInvoiceTemplates answers it, createInvoice and the
 * file call must name it): '1/001' unless the account registered another ('1/0224'), D231.
 */
export const viettelTemplateCode = (series: Pick<SeriesEntry, 'template_code' | 'provider_template'>) =>
  series.provider_template ?? `${series.template_code}/001`;
/** The template code an invoice was made under (kept in extra by the create). */
export const templateOf = (invoice: InvoiceRecord) =>
  typeof invoice.extra.templateCode === 'string' ? invoice.extra.templateCode : `${invoice.templateCode}/001`;
/** Viettel's invoice number is the series followed by the sequence: C26TVT12. */
export const viettelInvoiceNo = (invoice: Pick<InvoiceRecord, 'series' | 'number'>) => `${invoice.series}${invoice.number}`;

export async function settle(ctx: SandboxContext, invoice: InvoiceRecord): Promise<InvoiceRecord> {
  const due = invoice.extra.codeDueAt;
  if (invoice.cqtStatus !== String(sentStatus(invoice.series)) || typeof due !== 'number' || due > ctx.clock.now()) return invoice;
  const patch = {
    cqtStatus: String(doneStatus(invoice.series)),
    ...(seriesHasCode(invoice.series) ? { cqtCode: cqtCodeOf(invoice) } : {}),
  };
  return (await updateInvoice(ctx.db, invoice.id, patch)) ?? invoice;
}

/** The answer to a create, the first one or a repeat of its transactionUuid (§6.2: the same invoice A). */
export const created = (account: EinvAccount, invoice: InvoiceRecord) =>
  ok({
    result: {
      supplierTaxCode: account.taxCode,
      invoiceNo: viettelInvoiceNo(invoice),
      transactionID: invoice.providerId,
      reservationCode: invoice.lookupCode,
      codeOfTax: invoice.cqtCode,
    },
  });

export const ok = <T extends object>(rest: T) => ({ errorCode: null, description: null, ...rest });

export function queryText(request: FastifyRequest, name: string, max: number): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  if (value !== undefined && typeof value !== 'string') throw new ViettelError(400, 'BAD_REQUEST', `${name} được gửi nhiều lần`);
  const text = (value ?? '').trim();
  if (!text) throw new ViettelError(400, 'BAD_REQUEST', `${name} là bắt buộc`);
  if (text.length > max) throw new ViettelError(400, 'BAD_REQUEST', `${name} quá dài`);
  return text;
}
