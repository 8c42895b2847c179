import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { ApiError, ok } from '../../platform/http/envelope';
import { idempotencyKeyOf, once } from '../../platform/http/idempotency';
import { orderQr, receivingAccount } from '../../platform/sale/settlement';
import { assertPayable, linkInvalid, payLink } from './pay';
import { keyedDigest, LINK_PARAMS, linkValuesOf, verifyLink } from './signing';
import { activeMethods, linkByValues, ONLINE_METHODS, recordByWidget, widgetOut, type LinkRow } from './store';
import { bodyOf } from '../../platform/http/body';

/**
 * The hosted checkout page's public calls (CONTRACT14 §C): no sign-in; the signed link values
 * identify the link and every call checks the signature, then the link's state, before anything else.
 * Whatever is wrong with a link (a changed value, a missing one, an unknown link) answers the same
 * 400 LINK_INVALID, so a payer learns nothing by editing the URL.
 */

export const DECLINED_CARD = '4000000000000002';
const CARD_NUMBER = /^\d{12,19}$/;
const HOLDER_MAX = 100;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const cardField = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field: `card.${field}` });

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card as typed: checked in field order; the number is kept only for the decision and its last 4 digits. */
export function checkCard(card: unknown, nowMs: number): { number: string; last4: string } {
  if (typeof card !== 'object' || card === null || Array.isArray(card)) throw cardField('number', 'card is required');
  const c = card as Record<string, unknown>;
  const number = typeof c.number === 'string' ? c.number.replace(/[\s-]/g, '') : '';
  if (!CARD_NUMBER.test(number) || !luhnValid(number)) throw cardField('number', 'The card number is not valid');
  const expiry = typeof c.expiry === 'string' ? /^(\d{2})\/(\d{2})$/.exec(c.expiry.trim()) : null;
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) throw cardField('expiry', 'The expiry must be MM/YY');
  const now = new Date(nowMs);
  const year = 2000 + Number(expiry[2]);
  // A card is good through the last day of its expiry month.
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    throw cardField('expiry', 'The card has expired');
  if (typeof c.cvc !== 'string' || !/^\d{3}$/.test(c.cvc)) throw cardField('cvc', 'The CVC is 3 digits');
  const holder = typeof c.holder === 'string' ? c.holder.trim() : '';
  if (holder === '' || [...holder].length > HOLDER_MAX || CONTROL.test(holder))
    throw cardField('holder', 'The card holder name is required');
  return { number, last4: number.slice(-4) };
}

/** The link named by the request's signed values, after checking the signature; LINK_INVALID otherwise. */
async function signedLink(ctx: SandboxContext, source: unknown): Promise<LinkRow> {
  const signed = linkValuesOf(source);
  if (!signed || !verifyLink(signed.values, signed.sig)) throw linkInvalid();
  const link = await linkByValues(ctx, signed.values);
  if (!link) throw linkInvalid();
  return link;
}

/** The QR's purpose: the link's order id as a banking app can read it (25 printable ASCII at most, D147). */
export function qrPurpose(orderId: string): string {
  const ascii = orderId
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .replace(/[^A-Za-z0-9 .\-_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return ascii.slice(0, 25).trim();
}

export function registerPayRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/pay', async (request) => {
    const link = await signedLink(ctx, request.query);
    const record = await recordByWidget(ctx.db, link.app_id);
    if (!record || record.merchant_id !== link.merchant_id) throw linkInvalid();
    const active = await activeMethods(ctx.db, link.merchant_id);
    return ok({
      status: link.status,
      link_id: link.id,
      order_id: link.order_id,
      amount: Number(link.amount),
      merchant_name: record.merchant_name,
      expires_at: Number(link.expires_at),
      paid_at: link.paid_at === null ? null : Number(link.paid_at),
      method: link.method,
      widget: widgetOut(record),
      methods: ONLINE_METHODS.filter((m) => active.get(m) === true),
      return_url: record.return_url,
      cancel_url: record.cancel_url,
    });
  });

  app.post('/pay/qr', async (request) => {
    const link = await signedLink(ctx, bodyOf(request));
    assertPayable(link);
    if ((await activeMethods(ctx.db, link.merchant_id)).get('qr_code') !== true)
      throw new ApiError(400, 'BAD_REQUEST', 'The shop does not take VietQR on this page', { field: 'method' });
    const account = await receivingAccount(ctx.db, link.merchant_id);
    if (!account) throw new ApiError(400, 'BAD_REQUEST', 'The merchant has no account to receive QR payments', { qr: null });
    const amount = Number(link.amount);
    return ok({ qr: orderQr(account, amount, qrPurpose(link.order_id) || link.id.slice(3, 19)), amount });
  });

  app.post('/pay/card', async (request, reply) => {
    const body = bodyOf(request);
    const link = await signedLink(ctx, body);
    const key = idempotencyKeyOf(request, { required: true })!;
    if ((await activeMethods(ctx.db, link.merchant_id)).get('credit_card') !== true)
      throw new ApiError(400, 'BAD_REQUEST', 'The shop does not take cards on this page', { field: 'method' });
    // Checked before the key is claimed, so a typing mistake can be corrected and sent with the same key.
    const card = checkCard(body.card, ctx.clock.now());
    const c = body.card as Record<string, string>;
    // The stored fingerprint must not let the card number be read back: a keyed digest of the request.
    const fingerprint = `POST /pay/card ${keyedDigest(
      JSON.stringify([...LINK_PARAMS.map((name) => body[name]), card.number, c.expiry, c.cvc, c.holder?.trim()]),
    )}`;
    const answer = await once(ctx, { merchantId: link.merchant_id, payerOfLink: link.id }, key, fingerprint, async () => {
      const now = await linkByValues(ctx, {
        appId: link.app_id,
        orderId: link.order_id,
        amount: String(link.amount),
        merchantId: link.merchant_id,
        createdAt: String(link.created_at),
        expiresAt: String(link.expires_at),
      });
      assertPayable(now ?? link);
      if (card.number === DECLINED_CARD) throw new ApiError(402, 'CARD_DECLINED', 'The card was declined');
      const paid = await payLink(ctx, now ?? link, 'CARD', card.last4);
      return { status: 200, body: ok({ status: paid.status, paid_at: paid.paid_at }) };
    });
    if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
    return reply.status(answer.status).send(answer.body);
  });
}
