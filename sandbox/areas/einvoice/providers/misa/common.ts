import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../../../../platform/context';
import { bearerToken, getAccount, verifyToken, type EinvAccount } from '../../core/accounts';
import { faultState, type FaultState } from '../../core/faults';
import { getInvoice } from '../../core/store';
import type { InvoiceRecord } from '../../core/types';
import { fieldsOf, MAX_ITEMS, MISA_ERRORS, misaIdList } from './wire';

/** What every MISA call shares: its answers and refusals, who calls, and the ids a body or query names. */

export const PROVIDER = 'misa' as const;
export const MISA_LOOKUP_URL = 'https://www.meinvoice.vn/tra-cuu';

export class MisaRefusal extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
    readonly errors: string[] = [],
  ) {
    super(message);
  }
}
class MisaDown extends Error {}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export const answer = (data: unknown) => ({ success: true, errorCode: null, descriptionErrorCode: null, errors: [], data });
/** MISA's double serialisation: `data` is a JSON text of the result. */
export const answerJson = (data: unknown) => answer(JSON.stringify(data));

export function handle(fn: Handler): Handler {
  return async (request, reply) => {
    try {
      return await fn(request, reply);
    } catch (error) {
      if (error instanceof MisaDown) {
        return reply.status(503).send({
          success: false,
          errorCode: 'ServiceUnavailable',
          descriptionErrorCode: 'Hệ thống đang bảo trì',
          errors: [],
          data: null,
        });
      }
      if (error instanceof MisaRefusal) {
        return reply
          .status(200)
          .send({ success: false, errorCode: error.errorCode, descriptionErrorCode: error.message, errors: error.errors, data: null });
      }
      throw error;
    }
  };
}

export const invalid = (fields: string[]) => new MisaRefusal(MISA_ERRORS.INVALID_PARAMETER, `Invalid: ${fields.join(', ')}`, fields);

export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldsOf(result.error));
  return result.data;
}

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
}

export function queryOf(request: FastifyRequest): Record<string, unknown> {
  return typeof request.query === 'object' && request.query !== null ? (request.query as Record<string, unknown>) : {};
}

export async function refuseWhenDown(ctx: SandboxContext, merchantId: string): Promise<FaultState> {
  const faults = await faultState(ctx.db, merchantId, PROVIDER);
  if (faults.down) throw new MisaDown();
  return faults;
}

export interface Caller {
  merchantId: string;
  account: EinvAccount;
  faults: FaultState;
}

/** The seller behind the bearer token; the CompanyTaxCode header must be that seller's. */
export async function caller(ctx: SandboxContext, request: FastifyRequest): Promise<Caller> {
  const check = await verifyToken(ctx.db, PROVIDER, bearerToken(request.headers.authorization), ctx.clock.now());
  if (check.status !== 'ok') {
    throw new MisaRefusal(MISA_ERRORS.INVALID_TOKEN, check.status === 'expired' ? 'Token expired' : 'Invalid token');
  }
  const faults = await refuseWhenDown(ctx, check.merchantId);
  const account = await getAccount(ctx.db, check.merchantId, PROVIDER, ctx.clock.now());
  if (!account || headerText(request, 'companytaxcode') !== account.taxCode) {
    throw new MisaRefusal(MISA_ERRORS.INVALID_TOKEN, 'CompanyTaxCode does not match the token');
  }
  return { merchantId: check.merchantId, account, faults };
}

/** Up to 50 ids from a status or download body. */
export function idList(body: unknown): string[] {
  if (Array.isArray(body) && body.length > MAX_ITEMS) throw new MisaRefusal(MISA_ERRORS.TOO_MANY, `At most ${MAX_ITEMS} ids per call`);
  return parse(misaIdList, body);
}

export async function byId(ctx: SandboxContext, merchantId: string, id: string, byRef: boolean): Promise<InvoiceRecord | null> {
  if (byRef) return getInvoice(ctx.db, { merchantId, provider: PROVIDER, providerId: id });
  const [row] = await ctx.db.query<{ id: number }>(
    `SELECT id FROM einv_invoices WHERE merchant_id = $1 AND provider = $2 AND lookup_code = $3`,
    [merchantId, PROVIDER, id],
  );
  return row ? getInvoice(ctx.db, { merchantId, provider: PROVIDER, id: Number(row.id) }) : null;
}

/** `inputType` 1 (default): the ids are TransactionIDs; 2: RefIDs. */
export function byRefQuery(request: FastifyRequest): boolean {
  const inputType = queryOf(request).inputType;
  if (inputType === undefined || inputType === '' || inputType === '1') return false;
  if (inputType === '2') return true;
  throw invalid(['inputType']);
}

export function taxCodeQuery(request: FastifyRequest): string {
  const value = queryOf(request).taxcode;
  if (typeof value !== 'string' || !value.trim() || value.length > 20) throw invalid(['taxcode']);
  return value.trim();
}
