import { useMemo } from 'react';
import type { StoreOption } from '../../screens/shared/table/StoreFilter';
import { useLookup } from './use-lookup';

/**
 * The signed-in merchant's stores as dropdown options (up to 100,000), from the cached `stores`
 * lookup every report and the ShopQR form share. `loading` stays true until the list arrives or fails.
 */
export function useStoreOptions(): { stores: StoreOption[]; loading: boolean } {
  const { data, loading } = useLookup('stores');
  const stores = useMemo(() => (data ?? []).map((s) => ({ id: String(s.id), name: s.name || s.store_name || String(s.id) })), [data]);
  return { stores, loading };
}
