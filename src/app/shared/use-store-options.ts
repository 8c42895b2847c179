import { useEffect, useState } from 'react';
import type { StoreOption } from '../../screens/shared/table';
import { useSessionSelector } from './session-context';
import { storesFor } from './reports-runtime';

/**
 * The signed-in merchant's stores as dropdown options (up to 100,000), from the once-per-page-load
 * list the reports share. `loading` stays true until the list arrives or fails.
 */
export function useStoreOptions(): { stores: StoreOption[]; loading: boolean } {
  const merchantId = useSessionSelector((s) => s.context.profile?.merchant_id ?? '');
  const [stores, setStores] = useState<StoreOption[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    storesFor(merchantId)
      .then((list) => {
        if (cancelled) return;
        setStores(list.map((s) => ({ id: String(s.id), name: s.name || s.store_name || String(s.id) })));
        setLoading(false);
      })
      .catch(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [merchantId]);
  return { stores, loading };
}
