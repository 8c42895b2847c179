import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../../../platform/context';
import { bearerToken, checkLogin, getAccount, verifyToken, type EinvAccount } from '../../core/accounts';
import { cqtCodeOf, parse } from '../../core/emulated';
import { faultState } from '../../core/faults';

export { parse };
import { updateInvoice } from '../../core/store';
import type { InvoiceRecord } from '../../core/types';
import { fptUserOnlySchema } from './schemas';
import { FPT_CQT } from './statuses';

/** What every FPT call shares: who calls, its refusals, its dates and the settling of the tax authority's code. */

export const PROVIDER = 'fpt' as const;
/** After /apprs the tax authority's code arrives this long later (sandbox clock): "submitted" is not "coded". */
export const FPT_CODE_DELAY_MS = 3_000;
/** The buyer's lookup page printed on the PDF. */
export const FPT_LOOKUP_URL = 'https://einvoice.fpt.com.vn/tra-cuu';
export const MAX_PAGE_SIZE = 100;
export const MAX_RANGE_DAYS = 366;
export const DAY_MS = 86_400_000;

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

export async function assertUp(ctx: SandboxContext, merchantId: string): Promise<void> {
  if ((await faultState(ctx.db, merchantId, PROVIDER)).down) throw new FptError(503, 'SERVICE_UNAVAILABLE', 'FPT eInvoice đang bảo trì');
}

/**
 * Who calls: a bearer token from /signin, or FPT's other way, `user: {username, password}` in the
 * body. A token that does not verify says nothing more than that.
 */
export async function caller(ctx: SandboxContext, request: FastifyRequest): Promise<Caller> {
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
export function ownTaxCode(account: EinvAccount, stax: unknown): void {
  if (stax === undefined || stax === '') return;
  if (typeof stax !== 'string' || stax.trim() !== account.taxCode) throw new FptError(403, 'FORBIDDEN', 'stax không thuộc tài khoản này');
}

/**
 * The tax authority answers some time after the approval: an approved invoice read after
 * FPT_CODE_DELAY_MS has its code (status_received 10). Done on read, so no timer outlives a test.
 */
export async function settle(ctx: SandboxContext, invoice: InvoiceRecord): Promise<InvoiceRecord> {
  const due = invoice.extra.codeDueAt;
  if (invoice.cqtStatus !== String(FPT_CQT.submitted) || typeof due !== 'number' || due > ctx.clock.now()) return invoice;
  return (await updateInvoice(ctx.db, invoice.id, { cqtStatus: String(FPT_CQT.codeIssued), cqtCode: cqtCodeOf(invoice) })) ?? invoice;
}

export function queryOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(isObject(request.query) ? request.query : {})) {
    if (typeof value === 'string') out[key] = value.trim();
    else throw new FptError(400, 'INVALID_DATA', `${key} được gửi nhiều lần`, { field: key });
  }
  return out;
}

export function wholeNumber(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new FptError(400, 'INVALID_DATA', `${name}: số nguyên từ ${min} đến ${max}`, { field: name });
  return n;
}

export function dayParam(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseFptDate(value) : null;
  if (ms === null) throw new FptError(400, 'INVALID_DATA', `${name}: ngày dạng YYYY-MM-DD`, { field: name });
  return ms;
}
