import type { Database } from './database';
import type { SeededMerchant } from './feature-seeds';

/** One merchant's orders and notifications (issue 4). */
export async function seedSale(_db: Database, _merchant: SeededMerchant): Promise<void> {}
