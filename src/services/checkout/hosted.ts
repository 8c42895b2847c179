import type { ServiceClient } from '../http/client';
import {
  cardPaidSchema,
  LINK_PARAM_NAMES,
  payInfoSchema,
  payQrSchema,
  type CardInput,
  type CardPaid,
  type LinkParams,
  type PayInfo,
} from './hosted-schemas';

export { LINK_PARAM_NAMES, type CardInput, type LinkParams } from './hosted-schemas';

/**
 * The hosted checkout page's calls (contract §C): public (no bearer), each carrying the link's signed
 * values as the page's address gave them; the service checks the signature every time.
 */

/** The seven link values from the page's query string, or null when one is missing (the page says "not valid"). */
export function linkParamsFrom(search: string): LinkParams | null {
  const query = new URLSearchParams(search);
  const out: Partial<LinkParams> = {};
  for (const name of LINK_PARAM_NAMES) {
    const value = query.get(name);
    if (!value || value.length > 256) return null;
    out[name] = value;
  }
  return out as LinkParams;
}

export function loadPayInfo(client: ServiceClient, params: LinkParams, signal?: AbortSignal): Promise<PayInfo> {
  return client.data({
    name: 'checkout.pay',
    path: '/pay',
    query: params,
    auth: false,
    schema: payInfoSchema,
    ...(signal ? { signal } : {}),
  });
}

export async function fetchLinkQr(client: ServiceClient, params: LinkParams, signal?: AbortSignal): Promise<string> {
  const answer = await client.data({
    name: 'checkout.payQr',
    method: 'POST',
    path: '/pay/qr',
    body: { ...params },
    auth: false,
    schema: payQrSchema,
    ...(signal ? { signal } : {}),
  });
  return answer.qr;
}

/** One card attempt under its Idempotency-Key (kept by the caller until a definite outcome). */
export function payByCard(
  client: ServiceClient,
  params: LinkParams,
  card: CardInput,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<CardPaid> {
  return client.data({
    name: 'checkout.payCard',
    method: 'POST',
    path: '/pay/card',
    body: { ...params, card: { ...card } },
    headers: { 'Idempotency-Key': idempotencyKey },
    auth: false,
    schema: cardPaidSchema,
    ...(signal ? { signal } : {}),
  });
}
