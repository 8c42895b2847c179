import type { Database } from './database';
import type { SeededMerchant } from './feature-seeds';

/** One merchant's bank accounts and the bank's own records (issue 4). */
export async function seedBank(_db: Database, _merchant: SeededMerchant): Promise<void> {}
