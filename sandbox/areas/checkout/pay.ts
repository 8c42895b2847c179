import type { SandboxContext } from '../../platform/context';
import { ApiError } from '../../platform/http/envelope';
import { findPayable, payNow, whyNotPaid } from '../../platform/sale/settlement';
import { linkById, type LinkRow } from './store';

/**
 * Paying a link (CONTRACT14 §B): once. A link made for an order (invoice_id) pays that order through
 * the same settlement as the counter's cash and VietQR (platform/sale/settlement.ts: the order
 * completed only while unpaid, points, `payment_success` with payment_method LINK); the order's
 * unique SUCCESS payment decides between racing payers. The order is paid at the link's amount only if
 * that is its total at that instant (D215); an open link made for an order holds its dishes (D214). A
 * link without an order is marked paid by one conditional update, and the sale socket still hears
 * `payment_success`.
 */

export const linkPaid = () => new ApiError(409, 'LINK_PAID', 'This payment link has already been paid');
export const linkExpired = () => new ApiError(410, 'LINK_EXPIRED', 'This payment link has expired');
export const linkInvalid = () => new ApiError(400, 'LINK_INVALID', 'This payment link is not valid');

/** Refuses a link that can no longer take money. */
export function assertPayable(link: LinkRow): void {
  if (link.status === 'PAID') throw linkPaid();
  if (link.status === 'EXPIRED') throw linkExpired();
}

/** Why a payment that lost a race failed: read the link again. */
async function lostRace(ctx: SandboxContext, link: LinkRow): Promise<ApiError> {
  const now = await linkById(ctx, link.merchant_id, link.id);
  if (now?.status === 'EXPIRED') return linkExpired();
  return linkPaid();
}

export async function payLink(
  ctx: SandboxContext,
  link: LinkRow,
  method: 'QR' | 'CARD',
  cardLast4: string | null = null,
): Promise<{ status: 'PAID'; paid_at: number; link_id: string }> {
  assertPayable(link);
  const now = ctx.clock.nowSeconds();
  if (link.invoice_id !== null) {
    const order = await findPayable(ctx.db, link.merchant_id, link.invoice_id);
    if (!order) throw linkInvalid();
    if (order.status === 0) throw linkPaid();
    // The link's amount against the order's total in the statement that completes it (D215).
    const payment = await payNow(ctx, link.merchant_id, order.id, { method: 'LINK', amount: Number(link.amount) });
    if (!payment) {
      if ((await whyNotPaid(ctx.db, order.id, Number(link.amount))) !== 'AMOUNT_MISMATCH') throw await lostRace(ctx, link);
      // The order no longer totals what the link asks: refused, never re-priced, and the link, which
      // can never be paid now, is cancelled so it stops holding the order (D215).
      await ctx.db.query(`UPDATE payment_links SET cancelled_at = $2 WHERE id = $1 AND paid_at IS NULL AND cancelled_at IS NULL`, [
        link.id,
        now,
      ]);
      const current = await findPayable(ctx.db, link.merchant_id, link.invoice_id);
      throw new ApiError(409, 'AMOUNT_MISMATCH', "The order's total changed since this link was made", {
        amount: Number(link.amount),
        total_price: Number(current?.total_price ?? 0),
      });
    }
    await ctx.db.query(`UPDATE payment_links SET paid_at = $2, method = $3, card_last4 = $4 WHERE id = $1 AND paid_at IS NULL`, [
      link.id,
      now,
      method,
      cardLast4,
    ]);
    return { status: 'PAID', paid_at: now, link_id: link.id };
  }
  const updated = await ctx.db.query(
    `UPDATE payment_links SET paid_at = $2, method = $3, card_last4 = $4
      WHERE id = $1 AND paid_at IS NULL AND cancelled_at IS NULL AND expires_at > $2 RETURNING id`,
    [link.id, now, method, cardLast4],
  );
  if (updated.length !== 1) throw await lostRace(ctx, link);
  ctx.realtime.emitToMerchant('sale', link.merchant_id, 'payment_success', {
    data: { invoice_data: { total_price: Number(link.amount), order_code: link.order_id, payment_method: 'LINK', link_id: link.id } },
  });
  return { status: 'PAID', paid_at: now, link_id: link.id };
}
