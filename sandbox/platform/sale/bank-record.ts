import { BANK_CHANNEL, bankFee, type BankMethod } from '../../../src/rules/reconciliation';
import type { SandboxContext } from '../context';

/**
 * The bank's own record of an order paid by VietQR, card or link (D308; issue 27 §5), written into the
 * store the bank's reports read (`transactions`: /tx-va, /tx-card, /tx-ecom), as the real bank would
 * once the money reaches it. D117 left an order's QR payment with no bank row; D308 supersedes that
 * part: the row is written, but no virtual-account announcement is emitted (the order's own
 * `payment_success` already speaks it once, D117's reason stands).
 *
 * What the bank knows is what it received: the reference the money carried (the order code: the QR's
 * purpose, D117; the terminal's and the link's order reference), the amount, the store whose account
 * or terminal took it, and its fee. A VietQR transfer lands in the virtual account at once (credited,
 * fee 0); a card or link payment waits for the acquirer's settlement (not credited until the
 * `bank-settle` trigger). Times are the sandbox clock's.
 */
export async function writeBankRecord(
  ctx: SandboxContext,
  merchantId: string,
  paid: { order_id: number; order_code: string; total_price: number; payment_id: number },
  method: BankMethod,
): Promise<void> {
  const now = ctx.clock.now();
  const channel = BANK_CHANNEL[method];
  const amount = Number(paid.total_price);
  const fee = bankFee(channel, amount);
  const credited = channel === 'va';
  // The order's store (D297), else the merchant's first; a merchant without stores has no account to credit.
  await ctx.db.query(
    `WITH s AS (
       SELECT st.id, st.va_account_no FROM sale_orders o JOIN stores st ON st.merchant_id = o.merchant_id
        WHERE o.id = $1 AND (st.id = o.store_id OR (o.store_id IS NULL OR NOT EXISTS (SELECT 1 FROM stores x WHERE x.id = o.store_id)))
        ORDER BY (st.id = o.store_id) DESC, st.id LIMIT 1)
     INSERT INTO transactions (merchant_id, channel, created_at, store_id, bill_id, card_id, amount, commission_fee, credit_status,
       credit_amount, credit_date, settlement_time, status, response_code, va_account_receiver, use_qrpay, payment_channel)
     SELECT $2, $3, $4, s.id, $5, $6, $7, $8, $9, $10, $11, $11, 'success', '00',
       CASE WHEN $3 = 'va' THEN s.va_account_no END, $3 = 'va', CASE WHEN $3 = 'va' THEN 'BILL' END
       FROM s`,
    [
      paid.order_id,
      merchantId,
      channel,
      now,
      paid.order_code,
      channel === 'va' ? null : `970436******${String(paid.payment_id % 10_000).padStart(4, '0')}`,
      amount,
      fee,
      credited ? 'credited' : 'not_credited',
      credited ? amount - fee : null,
      credited ? now : null,
    ],
  );
}

/**
 * The bank's record of a refund it sent back (D320; issue 27 §5): a VietQR or link refund the bank
 * completed, or a card refund the terminal approved — money going back out through the bank. Written
 * into `bank_refunds` (the reconciliation area's table) when the refund turns SUCCESS: the order's
 * store (D297), reference = the order code, the channel of the refund's way, the amount, now. Once per
 * refund (its id is unique there); cash refunds leave the drawer, not the bank.
 */
export async function writeBankRefund(ctx: SandboxContext, refundId: number): Promise<void> {
  await ctx.db.query(
    `INSERT INTO bank_refunds (merchant_id, store_id, refund_id, channel, reference, amount, created_at)
     SELECT r.merchant_id,
            coalesce((SELECT x.id FROM stores x WHERE x.id = o.store_id AND x.merchant_id = o.merchant_id),
                     (SELECT min(f.id) FROM stores f WHERE f.merchant_id = o.merchant_id)),
            r.id, CASE r.method WHEN 'QR' THEN 'va' WHEN 'CARD' THEN 'card' ELSE 'ecom' END, o.order_code, r.amount, $2
       FROM sale_refunds r JOIN sale_orders o ON o.id = r.order_id
      WHERE r.id = $1 AND r.status = 'SUCCESS' AND r.method IN ('QR', 'CARD', 'LINK')
     ON CONFLICT (refund_id) DO NOTHING`,
    [refundId, ctx.clock.now()],
  );
}
