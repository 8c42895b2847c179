import type { AppConfig } from '../../../config';
import type { HttpClients } from '../../http/clients';
import { ServiceError } from '../../http/errors';
import { createEinvoiceBackend, type EinvoiceBackend } from './backend';
import { createProviderTokens, withToken as runWithToken, type ProviderTokens } from './provider-token';
import { createFptAdapter } from './providers/fpt';
import { createMInvoiceAdapter } from './providers/m-invoice';
import { createMisaAdapter } from './providers/misa';
import { createViettelAdapter } from './providers/viettel';
import type { AdapterOptions } from './providers/options';
import { PROVIDER_ROUTES, type ProviderAdapter, type ProviderRoute } from './types';

/**
 * The portal's e-invoice services in one piece (CONTRACT 15): the product backend client, the
 * provider tokens of this session, one adapter per provider (built once, with the configured base
 * URL) and `withToken`, which runs a provider call with a live token and retries once after
 * EINV_TOKEN_EXPIRED. Each part's app layer builds this once per session; machines get actors
 * built from it, never the services themselves.
 */

export type AdapterFactory = (options: AdapterOptions) => ProviderAdapter;

/** The adapter of each provider (all four, built from the same options). */
export const ADAPTER_FACTORIES: Partial<Record<ProviderRoute, AdapterFactory>> = {
  'm-invoice': createMInvoiceAdapter,
  misa: createMisaAdapter,
  fpt: createFptAdapter,
  viettel: createViettelAdapter,
};

export type ProviderUrls = AppConfig['einvoice']['providers'];

/** One adapter per provider that has one, each with its configured base URL. */
export function createAdapters(
  urls: ProviderUrls,
  options: Omit<AdapterOptions, 'baseURL'> = {},
): Partial<Record<ProviderRoute, ProviderAdapter>> {
  const adapters: Partial<Record<ProviderRoute, ProviderAdapter>> = {};
  for (const route of PROVIDER_ROUTES) {
    const factory = ADAPTER_FACTORIES[route];
    if (factory) adapters[route] = factory({ ...options, baseURL: urls[route] });
  }
  return adapters;
}

export interface EinvoiceServices {
  backend: EinvoiceBackend;
  tokens: ProviderTokens;
  /** The provider's adapter; rejects (throws) for a provider the build has no adapter for. */
  adapter(route: ProviderRoute): ProviderAdapter;
  /** `fn` with a live token of the provider and its adapter; once more with a new token after EINV_TOKEN_EXPIRED. */
  withToken<T>(route: ProviderRoute, fn: (token: string, adapter: ProviderAdapter) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Forget every provider token: on sign-out, and when the set-up is saved or cancelled. */
  resetTokens(): void;
}

export interface EinvoiceServicesDeps {
  config: Pick<AppConfig, 'einvoice'>;
  clients: Pick<HttpClients, 'portal' | 'sale'>;
  /** Tests: the fetch the adapters use, and a sleep that does not wait. */
  adapterOptions?: Omit<AdapterOptions, 'baseURL'>;
  now?: () => number;
}

export function createEinvoiceServices(deps: EinvoiceServicesDeps): EinvoiceServices {
  const backend = createEinvoiceBackend(deps.clients, deps.now ? { now: deps.now } : {});
  const tokens = createProviderTokens(backend, deps.now);
  const adapters = createAdapters(deps.config.einvoice.providers, deps.adapterOptions);

  function adapter(route: ProviderRoute): ProviderAdapter {
    const found = adapters[route];
    if (!found) {
      throw new ServiceError({
        code: 'UNKNOWN_ERROR',
        status: 0,
        kind: 'server',
        message: `einvoice: no adapter for ${route} in this build`,
      });
    }
    return found;
  }

  return {
    backend,
    tokens,
    adapter,
    // Async so that a provider without an adapter rejects like any failed call instead of throwing at the caller.
    withToken: async (route, fn, signal) => {
      const provider = adapter(route);
      return runWithToken(tokens, route, (token) => fn(token, provider), signal);
    },
    resetTokens: () => {
      for (const route of PROVIDER_ROUTES) tokens.invalidate(route);
    },
  };
}

export type { EinvoiceBackend } from './backend';
export type { ProviderTokens } from './provider-token';
export type { AdapterOptions } from './providers/options';
export { withToken } from './provider-token';
export * from './registry';
export * from './types';
