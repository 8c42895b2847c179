import { isServiceError } from '../../http/errors';
import type { EinvoiceBackend } from './backend';
import { sellerToken } from './seller-token';
import type { ProviderRoute, ProviderToken } from './types';

/**
 * The provider tokens of this tab (D186): in memory only, never storage, a URL, a log or the inspector.
 * The product backend hands them out whichever login method the set-up uses (it holds the provider
 * password, or the SSO link), so a reload or another tab simply asks again.
 */

/** Ask again this long before the provider's own expiry, so a token never dies in the middle of a call. */
export const TOKEN_MARGIN_MS = 60_000;

export interface ProviderTokens {
  /**
   * A live token: the one held, or a new one from the backend (one request at a time per provider),
   * with the seller's tax code in front when known (seller-token.ts): pass it to the adapter as it is.
   */
  get(route: ProviderRoute, signal?: AbortSignal): Promise<string>;
  /** Keep a token obtained otherwise (the setup's provider login). */
  seed(route: ProviderRoute, token: ProviderToken): void;
  /**
   * Forget it: the provider refused it (EINV_TOKEN_EXPIRED), or the set-up changed. With `refused`,
   * only when that is still the token held: callers refused at the same moment then cause one new
   * request, not one each.
   */
  invalidate(route: ProviderRoute, refused?: string): void;
}

/** Resolves as `promise` does, or rejects with the signal's reason as soon as it aborts (the shared request goes on for others). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export function createProviderTokens(backend: Pick<EinvoiceBackend, 'providerToken'>, now: () => number = Date.now): ProviderTokens {
  const held = new Map<ProviderRoute, ProviderToken>();
  const asking = new Map<ProviderRoute, Promise<ProviderToken>>();
  // Bumped by invalidate and seed: an answer to a request started before must not overwrite what came after.
  const generation = new Map<ProviderRoute, number>();
  const gen = (route: ProviderRoute) => generation.get(route) ?? 0;

  function ask(route: ProviderRoute): Promise<ProviderToken> {
    const inFlight = asking.get(route);
    if (inFlight) return inFlight;
    const startedAt = gen(route);
    const request = backend.providerToken(route).then((answer) => {
      const token = { ...answer, token: sellerToken(answer.token, answer.taxCode) };
      if (gen(route) === startedAt) held.set(route, token);
      return token;
    });
    const settled = () => {
      if (asking.get(route) === request) asking.delete(route);
    };
    request.then(settled, settled);
    asking.set(route, request);
    return request;
  }

  return {
    async get(route, signal) {
      const token = held.get(route);
      if (token && token.expiresAt - TOKEN_MARGIN_MS > now()) return token.token;
      return (await untilAborted(ask(route), signal)).token;
    },
    seed(route, token) {
      generation.set(route, gen(route) + 1);
      held.set(route, { ...token, token: sellerToken(token.token, token.taxCode) });
    },
    invalidate(route, refused) {
      if (refused !== undefined && held.get(route)?.token !== refused) return;
      generation.set(route, gen(route) + 1);
      held.delete(route);
      // A request already on its way was asked before the refusal, and may bring the very token refused.
      asking.delete(route);
    },
  };
}

/**
 * Runs `fn` with the provider's token; when the provider says the token expired (EINV_TOKEN_EXPIRED:
 * its clock, a revoked token), forgets it and runs `fn` once more with a new one. Adapters know nothing
 * of where tokens come from: this is the one place that retries.
 */
export async function withToken<T>(
  tokens: ProviderTokens,
  route: ProviderRoute,
  fn: (token: string) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const first = await tokens.get(route, signal);
  try {
    return await fn(first);
  } catch (error) {
    if (!isServiceError(error) || error.code !== 'EINV_TOKEN_EXPIRED') throw error;
    tokens.invalidate(route, first);
    return fn(await tokens.get(route, signal));
  }
}
