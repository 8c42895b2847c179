import type { SandboxContext } from '../context';
import { ApiError } from '../http/envelope';
import type { TriggerParam } from './registry';

/** What every trigger that acts for a merchant accepts. */
export const MERCHANT_PARAM: TriggerParam = { name: 'merchant', description: 'merchant alias or id (default phoco)' };

/** The merchant a trigger acts for: `merchant` as alias or id, `phoco` when left out. */
export async function merchantOf(ctx: SandboxContext, params: Record<string, string>): Promise<string> {
  const key = params.merchant || 'phoco';
  const [row] = await ctx.db.query<{ id: string }>(`SELECT id FROM merchants WHERE id = $1 OR alias = $1`, [key]);
  if (!row) throw new ApiError(404, 'NOT_FOUND', `No merchant "${key}"`);
  return row.id;
}

/**
 * "150000", "150,000" or "150.000" → 150000: whole đồng from 1 to `max`; anything else is refused
 * rather than guessed.
 */
export function amountParam(value: string | undefined, options: { name?: string; max?: number } = {}): number {
  const { name = 'amount', max = 1e12 } = options;
  const digits = (value ?? '').replace(/[.,\s]/g, '');
  const amount = /^\d{1,13}$/.test(digits) ? Number(digits) : NaN;
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > max) {
    throw new ApiError(400, 'BAD_REQUEST', `${name} must be a whole number of đồng, 1 to ${max.toLocaleString('en-US')}`, {
      fields: [name],
    });
  }
  return amount;
}

export interface VaPayment {
  /** The report row's wire id, so the portal can match a spoken payment with its report. */
  transactionId: string;
  amount: number;
  message: string;
  vaAccountNo: string | null;
  /** Sandbox clock, unix ms. */
  at: number;
}

/**
 * The virtual-account payment event on the merchant id (contract "Realtime wire"): the amount as
 * text with separators (core §7), `created_at` in unix seconds. Answers the payload it sent.
 */
export function emitVaPayment(ctx: SandboxContext, merchantId: string, payment: VaPayment) {
  const payload = {
    transaction_id: payment.transactionId,
    amount: payment.amount.toLocaleString('en-US'),
    message: payment.message,
    va_account_no: payment.vaAccountNo,
    created_at: Math.floor(payment.at / 1000),
  };
  ctx.realtime.emitToMerchant('va', merchantId, merchantId, payload);
  return payload;
}
