import type { AppConfig } from '../../config';
import { tokenSourceFromPort, type AuthPort, type TokenSource } from './auth-port';
import { createServiceClient, type ServiceClient } from './client';
import { createExchangedTokenSource } from './exchanged-token';
import { wesapTokenCall } from '../shared/portal/user';

export interface HttpClients {
  portal: ServiceClient;
  checkout: ServiceClient;
  sale: ServiceClient;
  /** Call on sign-out: drops the exchanged sale token if the exchange is on (no-op otherwise). */
  resetExchangedToken(): void;
}

export interface HttpClientsDeps {
  auth: AuthPort;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** One client per service, base URLs from the runtime configuration. */
export function createHttpClients(config: Pick<AppConfig, 'services' | 'features'>, deps: HttpClientsDeps): HttpClients {
  const shared = {
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  };
  const portTokens = tokenSourceFromPort(deps.auth);
  const portal = createServiceClient({ service: 'portal', baseURL: config.services.portal, tokens: portTokens, ...shared });
  const checkout = createServiceClient({ service: 'checkout', baseURL: config.services.checkout, tokens: portTokens, ...shared });

  let saleTokens: TokenSource = portTokens;
  let resetExchangedToken = () => {};
  if (config.features.saleTokenExchange) {
    const exchanged = createExchangedTokenSource(deps.auth, async () => (await wesapTokenCall(portal)).token);
    saleTokens = exchanged;
    resetExchangedToken = () => exchanged.reset();
  }
  const sale = createServiceClient({ service: 'sale', baseURL: config.services.sale, tokens: saleTokens, ...shared });

  return { portal, checkout, sale, resetExchangedToken };
}
