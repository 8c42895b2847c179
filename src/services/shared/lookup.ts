/**
 * The one cache for dropdown lookups (core §9: dropdown lists fetch up to 100,000 rows): stores,
 * banks, staff, bank accounts, ShopQRs to link. A list is fetched once per merchant and kind while
 * it stays valid; callers asking while it is in flight share the one request; a failure is not
 * kept (the next caller tries again). A mutation that changes a list (a bank account added or
 * deleted, a ShopQR created) invalidates its kind, and mounted dropdowns fetch it again.
 *
 * Lists of another merchant are dropped as soon as a different merchant asks: a new session must
 * never see them, and 100,000 stores are not worth keeping for a session that ended.
 */

export type LookupLoader<T> = (signal: AbortSignal) => Promise<T>;
export type LookupLoaders = Record<string, LookupLoader<unknown>>;
export type LookupValue<L extends LookupLoaders, K extends keyof L> = Awaited<ReturnType<L[K]>>;

export interface LookupCache<L extends LookupLoaders> {
  /** The list of (merchant, kind): the cached one, the request in flight, or a new request. */
  get<K extends keyof L & string>(merchantId: string, kind: K): Promise<LookupValue<L, K>>;
  /** The list when it has arrived and is still valid; no request. */
  peek<K extends keyof L & string>(merchantId: string, kind: K): LookupValue<L, K> | undefined;
  /** Forget these kinds (every merchant's): the next get fetches again; subscribers hear which. */
  invalidate(...kinds: Array<keyof L & string>): void;
  /** Called with each invalidated kind; returns the unsubscribe. */
  subscribe(listener: (kind: keyof L & string) => void): () => void;
}

interface Entry {
  merchantId: string;
  promise: Promise<unknown>;
  settled: { value: unknown } | null;
}

export function createLookupCache<L extends LookupLoaders>(loaders: L): LookupCache<L> {
  const entries = new Map<string, Entry>();
  const listeners = new Set<(kind: keyof L & string) => void>();
  const keyOf = (merchantId: string, kind: string) => `${merchantId}\u0000${kind}`;

  function dropOtherMerchants(merchantId: string) {
    for (const [key, entry] of entries) if (entry.merchantId !== merchantId) entries.delete(key);
  }

  return {
    get(merchantId, kind) {
      dropOtherMerchants(merchantId);
      const key = keyOf(merchantId, kind);
      const existing = entries.get(key);
      if (existing) return existing.promise as Promise<LookupValue<L, typeof kind>>;
      // Shared by every caller, so no caller's signal may stop it; it is never aborted.
      const promise = loaders[kind]!(new AbortController().signal);
      const entry: Entry = { merchantId, promise, settled: null };
      entries.set(key, entry);
      promise.then(
        (value) => {
          entry.settled = { value };
        },
        () => {
          // Only this request's entry: an invalidation may have put a newer one in its place.
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return promise as Promise<LookupValue<L, typeof kind>>;
    },
    peek(merchantId, kind) {
      const entry = entries.get(keyOf(merchantId, kind));
      return entry?.settled ? (entry.settled.value as LookupValue<L, typeof kind>) : undefined;
    },
    invalidate(...kinds) {
      for (const [key, entry] of entries) {
        if (kinds.some((kind) => key === keyOf(entry.merchantId, kind))) entries.delete(key);
      }
      for (const kind of kinds) for (const listener of [...listeners]) listener(kind);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
