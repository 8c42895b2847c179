import { ApiError } from '../../platform/http/envelope';
import { MERCHANT_PARAM, merchantOf } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';
import { payLink } from './pay';
import { LINK_ID, LINK_SELECT, linkById, linkOut, type LinkRow } from './store';

/** The payer's bank pays a link's VietQR (as order-qr-paid does for an order): the link is paid once. */
const linkPaidTrigger: TriggerDefinition = {
  name: 'link-paid',
  summary:
    "The payer's bank pays a payment link's VietQR: the link becomes PAID (its order too, if it has one) and payment_success goes out.",
  params: [
    { name: 'link', description: 'the link id (pl_…); or give order_id' },
    { name: 'order_id', description: "the link's order id: its newest open link is paid" },
    MERCHANT_PARAM,
  ],
  async run(ctx, params) {
    let link: LinkRow | undefined;
    if (params.link) {
      const id = params.link.trim();
      if (!LINK_ID.test(id)) throw new ApiError(400, 'BAD_REQUEST', 'link must be a link id pl_…', { field: 'link' });
      const [owner] = await ctx.db.query<{ merchant_id: string }>(`SELECT merchant_id FROM payment_links WHERE id = $1`, [id]);
      link = owner ? await linkById(ctx, owner.merchant_id, id) : undefined;
      if (!link) throw new ApiError(404, 'NOT_FOUND', `No payment link "${id}"`);
    } else if (params.order_id) {
      const merchantId = await merchantOf(ctx, params);
      [link] = await ctx.db.query<LinkRow & Record<string, unknown>>(
        `SELECT * FROM (${LINK_SELECT('$3')} WHERE l.merchant_id = $1 AND l.order_id = $2) s
          ORDER BY (s.status = 'OPEN') DESC, s.seq DESC LIMIT 1`,
        [merchantId, params.order_id.trim(), ctx.clock.nowSeconds()],
      );
      if (!link) throw new ApiError(404, 'NOT_FOUND', `No payment link for order "${params.order_id}"`);
    } else {
      throw new ApiError(400, 'REQUIRED', 'Give link or order_id', { fields: ['link'] });
    }
    await payLink(ctx, link, 'QR');
    const paid = (await linkById(ctx, link.merchant_id, link.id))!;
    return { merchant_id: link.merchant_id, namespace: 'sale', event: 'payment_success', link: linkOut(ctx, paid) };
  },
};

export const checkoutTriggers: TriggerDefinition[] = [linkPaidTrigger];
