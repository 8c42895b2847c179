import type { Database } from './database';
import type { SeededMerchant } from './feature-seeds';

/** One merchant's ShopQR virtual accounts (issue 4). */
export async function seedShopQr(_db: Database, _merchant: SeededMerchant): Promise<void> {}
