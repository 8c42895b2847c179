import { BANK_FEE_BP } from '../../../src/rules/reconciliation';
import type { SeededMerchant } from '../../platform/area';
import type { Database } from '../../platform/db/database';
import { DAY_MS, VN_OFFSET_MS, vnDayStart } from '../../platform/vn-time';
import { FIRST_STORE, ORDER_STORE } from './match';

/** A card or link payment is credited by the acquirer's settlement at 09:00 the next Vietnam day (D321). */
export const NEXT_DAY_CREDIT_MS = DAY_MS + 9 * 60 * 60 * 1000;

/**
 * The bank's records of the seeded order history (D321 supersedes D308's "seeded history has no bank
 * rows"): every seeded VietQR, card and link payment (the orderpayment seed's SUCCESS payments) gets
 * the row the bank writes for a live one (`platform/sale/bank-record.ts`): channel by way, the order's
 * store (D297), reference = the order code, amount, the bank's fee (BANK_FEE_BP), status success, at
 * the payment's time. VietQR is credited at once (net = amount); card and link are credited at 09:00
 * the next Vietnam day (net = amount − fee), the settlement of the generated report history — so
 * what was paid since yesterday's settlement is still waiting at the seeding clock.
 *
 * One record is kept out on purpose, so a merchant opening /reconciliation sees a flagged payment:
 * the merchant's last VietQR payment before today (Vietnam), on its day — a payment the till marked
 * paid that the bank never received. One INSERT … SELECT per merchant: seeding stays as fast as
 * before (a few hundred rows).
 *
 * Only the seeded merchants themselves (phoco, colan, …), not a throwaway copy: a copy is a test's
 * world, whose bank history starts empty so the dashboard, the reports and reconciliation show only
 * what the test makes (D321).
 */
export async function seedBankRecords(db: Database, merchant: SeededMerchant): Promise<void> {
  const [own] = await db.query<{ alias: string }>(`SELECT alias FROM merchants WHERE id = $1`, [merchant.id]);
  if (own?.alias !== merchant.template) return;
  const today = vnDayStart(merchant.now);
  await db.query(
    `WITH ${FIRST_STORE},
     paid AS (
       SELECT p.id AS payment_id, p.method, p.amount::bigint AS amount, p.updated_at::bigint AS at, o.order_code,
              ${ORDER_STORE} AS store_id
         FROM sale_payments p JOIN sale_orders o ON o.id = p.order_id
        WHERE p.merchant_id = $1 AND p.status = 'SUCCESS' AND p.method IN ('QR', 'CARD', 'LINK')
          AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.merchant_id = $1 AND t.bill_id = o.order_code)),
     missing AS (SELECT payment_id FROM paid WHERE method = 'QR' AND at < $3 ORDER BY at DESC, payment_id DESC LIMIT 1),
     shaped AS (
       SELECT paid.*, CASE method WHEN 'QR' THEN 'va' WHEN 'CARD' THEN 'card' ELSE 'ecom' END AS channel,
              CASE method WHEN 'QR' THEN 0 WHEN 'CARD' THEN $4::bigint ELSE $5::bigint END AS bp,
              CASE WHEN method = 'QR' THEN at
                   ELSE ((at + ${VN_OFFSET_MS}) / ${DAY_MS}) * ${DAY_MS} - ${VN_OFFSET_MS} + ${NEXT_DAY_CREDIT_MS} END AS credit_at
         FROM paid WHERE payment_id NOT IN (SELECT payment_id FROM missing)),
     done AS (SELECT shaped.*, amount * bp / 10000 AS fee, credit_at <= $2 AS credited FROM shaped)
     INSERT INTO transactions (merchant_id, channel, created_at, store_id, bill_id, card_id, amount, commission_fee, credit_status,
       credit_amount, credit_date, settlement_time, status, response_code, va_account_receiver, use_qrpay, payment_channel)
     SELECT $1, d.channel, d.at, d.store_id, d.order_code,
            CASE WHEN d.channel <> 'va' THEN '970436******' || lpad((d.payment_id % 10000)::text, 4, '0') END,
            d.amount, d.fee, CASE WHEN d.credited THEN 'credited' ELSE 'not_credited' END,
            CASE WHEN d.credited THEN d.amount - d.fee END, CASE WHEN d.credited THEN d.credit_at END,
            CASE WHEN d.credited THEN d.credit_at END, 'success', '00',
            CASE WHEN d.channel = 'va' THEN s.va_account_no END, d.channel = 'va', CASE WHEN d.channel = 'va' THEN 'BILL' END
       FROM done d JOIN stores s ON s.id = d.store_id
      ORDER BY d.at, d.payment_id`,
    [merchant.id, merchant.now, today, BANK_FEE_BP.card, BANK_FEE_BP.ecom],
  );
}
