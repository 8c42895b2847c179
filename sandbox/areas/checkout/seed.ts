import type { SeededMerchant } from '../../platform/area';
import type { Database } from '../../platform/db/database';
import { ensureRecord } from './store';

/**
 * phoco and colan (and their throwaway copies) sell online: a checkout record with the default widget
 * and their shop's return, cancel and notification addresses on example domains. chuoi has none until
 * it opens /e-com (GET /merchants/{id}?allow_create=True makes it).
 */
const SHOPS: Record<string, string> = { phoco: 'https://phoco.example.vn', colan: 'https://colan.example.vn' };

export async function seedCheckout(db: Database, merchant: SeededMerchant): Promise<void> {
  const origin = SHOPS[merchant.template];
  if (!origin) return;
  await ensureRecord(db, merchant.id, merchant.now, {
    return_url: `${origin}/thanh-toan/thanh-cong`,
    cancel_url: `${origin}/thanh-toan/huy`,
    ipn_url: `${origin}/api/checkout/ipn`,
  });
}
