import { useEffect, useState } from 'react';
import { useAreaActors } from './composition';
import { lookupsOf, type LookupKind, type LookupLists } from './lookups';
import { useSessionSelector } from './session-context';

export interface LookupState<T> {
  /** The list; after an invalidation the previous one stays until the new one arrives. */
  data: T | null;
  loading: boolean;
  failed: boolean;
}

/**
 * A dropdown's list for the signed-in merchant from the one lookup cache: no request when another
 * screen already has it, one shared request when several ask at once, a fresh one after a mutation
 * invalidated the kind.
 */
export function useLookup<K extends LookupKind>(kind: K): LookupState<LookupLists[K]> {
  const merchantId = useSessionSelector((s) => s.context.profile?.merchant_id ?? '');
  const lookups = useAreaActors(lookupsOf);
  const [state, setState] = useState<LookupState<LookupLists[K]>>(() => {
    const cached = lookups.peek(merchantId, kind);
    return cached ? { data: cached, loading: false, failed: false } : { data: null, loading: true, failed: false };
  });
  const [generation, setGeneration] = useState(0);

  useEffect(() => lookups.subscribe((invalidated) => invalidated === kind && setGeneration((n) => n + 1)), [lookups, kind]);

  useEffect(() => {
    let cancelled = false;
    const cached = lookups.peek(merchantId, kind);
    if (cached) {
      setState({ data: cached, loading: false, failed: false });
      return;
    }
    setState((previous) => ({ data: previous.data, loading: true, failed: false }));
    lookups.get(merchantId, kind).then(
      (data) => !cancelled && setState({ data, loading: false, failed: false }),
      () => !cancelled && setState((previous) => ({ data: previous.data, loading: false, failed: true })),
    );
    return () => {
      cancelled = true;
    };
  }, [lookups, merchantId, kind, generation]);

  return state;
}
