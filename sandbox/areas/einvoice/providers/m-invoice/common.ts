import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../../../../platform/context';
import { bearerToken, getAccount, verifyToken, type EinvAccount } from '../../core/accounts';
import { InvoiceInputError } from '../../core/document';
import { faultState, type FaultState } from '../../core/faults';
import { getInvoice, updateInvoice } from '../../core/store';
import type { InvoiceRecord } from '../../core/types';
import { fieldsOf, MI_CODES, MI_CODING_DELAY_MS, type MiCode } from './wire';

/** What every M-Invoice call shares: its answers and refusals, who calls, and the tax authority's code arriving. */

export const PROVIDER = 'm-invoice' as const;
/** The one unit code (mã đơn vị cơ sở) of every emulated seller. */
export const MI_UNIT_CODE = 'VP';
export const MI_LOOKUP_URL = 'https://tracuu.minvoice.com.vn';

/** An answer other than "00": thrown by the checks, sent by `handle` as HTTP 200 `{code, message, …}`. */
export class MiRefusal extends Error {
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

export function handle(fn: Handler): Handler {
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

export const ok = (data: unknown, message = 'Thành công') => ({ code: MI_CODES.OK, message, data });
export const invalid = (fields: string[]) =>
  new MiRefusal(MI_CODES.INVALID, `Dữ liệu không hợp lệ: ${fields.join(', ')}`, { errors: fields });

/** Where a body puts the invoice's own fields and its lines: Save and ThayThe in `data[0]`, DieuChinh flat. */
export interface Paths {
  head: string;
  lines: string;
}
export const SAVE_PATHS: Paths = { head: 'data.0.', lines: 'data.0.details.0.data.' };
export const ADJUST_PATHS: Paths = { head: '', lines: 'data.' };

/** core's field names (IssueInput) back to M-Invoice's body paths, so `errors` names what the caller sent as zod does. */
export function wireField(field: string, at: Paths): string {
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

export function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
}

export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldsOf(result.error));
  return result.data;
}

export async function refuseWhenDown(ctx: SandboxContext, merchantId: string): Promise<FaultState> {
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
export async function caller(ctx: SandboxContext, request: FastifyRequest): Promise<Caller> {
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
export async function settle(ctx: SandboxContext, invoice: InvoiceRecord): Promise<InvoiceRecord> {
  const codeAt = Number(invoice.extra.codeAt);
  if (invoice.cqtStatus !== '3' || !Number.isFinite(codeAt) || codeAt > ctx.clock.now()) return invoice;
  return (await updateInvoice(ctx.db, invoice.id, { cqtStatus: '4', cqtCode: taxAuthorityCode(invoice) })) ?? invoice;
}

/** Signing: sent at once; a C series (with a tax-authority code) is coded after the delay, a K series never is. */
export function signedPatch(invoice: Pick<InvoiceRecord, 'series'>, now: number) {
  const coded = invoice.series.startsWith('C');
  return { signedAt: now, cqtStatus: coded ? '3' : '2', extra: coded ? { codeAt: now + MI_CODING_DELAY_MS } : {} };
}

export function queryOf(request: FastifyRequest): Record<string, unknown> {
  return typeof request.query === 'object' && request.query !== null ? (request.query as Record<string, unknown>) : {};
}

export function idParam(request: FastifyRequest): string {
  const id = queryOf(request).id;
  if (typeof id !== 'string' || !id.trim() || id.length > 64) throw invalid(['id']);
  return id.trim();
}

export async function findOwn(ctx: SandboxContext, merchantId: string, id: string): Promise<InvoiceRecord> {
  const invoice = await getInvoice(ctx.db, { merchantId, provider: PROVIDER, providerId: id });
  if (!invoice) throw new MiRefusal(MI_CODES.NOT_FOUND, 'Không tìm thấy hóa đơn');
  return settle(ctx, invoice);
}

export function taxCodeQuery(request: FastifyRequest): string {
  const mst = queryOf(request).mst;
  if (typeof mst !== 'string' || !mst.trim() || mst.length > 20) throw invalid(['mst']);
  return mst.trim();
}
