import type { Database } from './database';
import type { SeededMerchant } from './feature-seeds';

/** One merchant's card machines (POS, Soundbox) (issue 4). */
export async function seedEdc(_db: Database, _merchant: SeededMerchant): Promise<void> {}
