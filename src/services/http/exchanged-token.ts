import type { AuthPort, TokenSource } from './auth-port';

/**
 * Sale-service bearer when `features.saleTokenExchange` is on (core §6, decision D9): a secondary
 * token from GET /user/wesap-token, fetched once and kept until the sale service answers 401.
 * `fetchSecondary` goes through the portal client, so it gets the portal token's own refresh.
 */
export interface ExchangedTokenSource extends TokenSource {
  /** Forget the secondary token (sign-out), so the next user never sees the previous one's. */
  reset(): void;
}

export function createExchangedTokenSource(port: AuthPort, fetchSecondary: () => Promise<string>): ExchangedTokenSource {
  let cached: string | null = null;
  let pending: Promise<string> | null = null;
  // Bumped on reset so an exchange that started before a sign-out cannot refill the cache.
  let generation = 0;

  function exchange(): Promise<string> {
    if (pending) return pending;
    const started = generation;
    pending = fetchSecondary()
      .then((token) => {
        if (started === generation) cached = token;
        return token;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  return {
    async getToken() {
      // Without a portal session there is nothing to exchange, and a cached secondary is stale.
      const primary = await port.getAccessToken();
      if (!primary) {
        cached = null;
        generation += 1;
        return null;
      }
      return cached ?? exchange();
    },
    async onRejected(rejected) {
      if (cached === rejected) cached = null;
      try {
        return await (cached ?? exchange());
      } catch {
        return null;
      }
    },
    onUserLocked: () => port.userLocked(),
    reset() {
      cached = null;
      generation += 1;
    },
  };
}
