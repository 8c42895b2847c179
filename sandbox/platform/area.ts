import type { Database } from './db/database';
import { seedBank } from '../areas/bank/seed';
import { seedEdc } from '../areas/edc/seed';
import { seedSale } from '../areas/notifications/seed';
import { seedShopQr } from '../areas/shopqr/seed';

/** A merchant just inserted with its stores and staff, handed to each area's seed. */
export interface SeededMerchant {
  id: string;
  /** Alias of the SEED_MERCHANTS entry it was made from ('phoco', 'colan', 'chuoi'); a throwaway copy keeps its template's. */
  template: string;
  /** Row ids of its stores, in SEED_MERCHANTS order. */
  storeIds: number[];
  /** staff_id (NV001…) → row id. */
  staffIds: Map<string, number>;
  /** Sandbox clock at seeding (unix ms). */
  now: number;
}

/**
 * Each area's rows for one merchant (bank accounts, ShopQRs, card machines, notifications). Runs for
 * the seeded merchants and for every throwaway copy, so anything unique across merchants (account
 * numbers, virtual accounts, serial numbers) must be derived from `merchant.id`.
 */
export type FeatureSeed = (db: Database, merchant: SeededMerchant) => Promise<void>;

export const FEATURE_SEEDS: readonly FeatureSeed[] = [seedBank, seedShopQr, seedEdc, seedSale];
