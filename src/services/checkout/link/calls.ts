import type { ServiceClient } from '../../http/client';
import {
  merchantInfoAnswerSchema,
  paymentLinkPageSchema,
  paymentLinkSchema,
  type CreateLinkBody,
  type MerchantInfo,
  type PaymentLink,
  type PaymentLinkPage,
  type PaymentLinkQuery,
} from './schemas';

/**
 * The checkout service calls more than one area makes (contract §A GET /merchants, §B payment links).
 * `client` is the runtime's `clients.checkout`.
 */

/**
 * GET /merchants/{id}?allow_create=True: the merchant's checkout record, created with the defaults
 * when it has none (doc 2 §4: the widget id is fetched before a link can be made). `id` is the
 * merchant id or the profile's ref_id (doc 2 §6).
 */
export function merchantInfoCall(client: ServiceClient, id: string, signal?: AbortSignal): Promise<MerchantInfo> {
  return client.data({
    name: 'checkout.merchantInfo',
    path: `/merchants/${encodeURIComponent(id)}`,
    query: { allow_create: 'True' },
    schema: merchantInfoAnswerSchema,
    signal,
  });
}

/**
 * POST /payment-links. The same Idempotency-Key with the same body answers the first link, so a
 * retry after a lost answer never makes a second one; with `invoice_id` an OPEN link already made for
 * that order and amount is answered instead of a new one.
 */
export function createPaymentLinkCall(
  client: ServiceClient,
  body: CreateLinkBody,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<PaymentLink> {
  return client.data({
    name: 'checkout.createPaymentLink',
    method: 'POST',
    path: '/payment-links',
    body: { ...body },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: paymentLinkSchema,
    signal,
  });
}

/** GET /payment-links, newest first. */
export async function listPaymentLinksCall(client: ServiceClient, query: PaymentLinkQuery, signal?: AbortSignal): Promise<PaymentLinkPage> {
  const body = await client.call({
    name: 'checkout.listPaymentLinks',
    path: '/payment-links',
    query: {
      page: query.page,
      page_size: query.pageSize,
      ...(query.q ? { q: query.q } : {}),
      ...(query.status ? { status: query.status } : {}),
    },
    response: paymentLinkPageSchema,
    signal,
  });
  return { rows: body.data, totalPage: body.total_page, totalCount: body.total_count, page: body.page };
}

/** GET /payment-links/{id}. */
export function getPaymentLinkCall(client: ServiceClient, id: string, signal?: AbortSignal): Promise<PaymentLink> {
  return client.data({
    name: 'checkout.getPaymentLink',
    path: `/payment-links/${encodeURIComponent(id)}`,
    schema: paymentLinkSchema,
    signal,
  });
}

/**
 * POST /payment-links/{id}/cancel (D216): the link can no longer take money and reads EXPIRED; a link
 * made for an order stops holding the order's dishes (D214). A repeat answers the link as it is; a
 * paid link is refused with LINK_PAID.
 */
export function cancelPaymentLinkCall(client: ServiceClient, id: string, signal?: AbortSignal): Promise<PaymentLink> {
  return client.data({
    name: 'checkout.cancelPaymentLink',
    method: 'POST',
    path: `/payment-links/${encodeURIComponent(id)}/cancel`,
    schema: paymentLinkSchema,
    signal,
  });
}
