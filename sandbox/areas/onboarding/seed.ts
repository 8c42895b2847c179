import type { FeatureSeed } from '../../platform/area';
import { SEED_MERCHANTS } from '../../platform/db/seed-data';

/**
 * CONTRACT G: phoco (full package) and colan (free) are seeded active, so the demo sign-ins open the
 * wizard straight away; chuoi and every throwaway copy are not, so a test can walk the free card.
 */
const PLANS: Record<string, 'FREE' | 'FULL'> = { '10000001': 'FULL', '10000002': 'FREE' };

export const seedOnboarding: FeatureSeed = async (db, merchant) => {
  const plan = PLANS[merchant.id];
  if (!plan || !SEED_MERCHANTS.some((m) => m.id === merchant.id)) return;
  await db.query(`INSERT INTO sale_subscriptions (merchant_id, plan, activated_at) VALUES ($1, $2, $3)`, [merchant.id, plan, merchant.now]);
};
