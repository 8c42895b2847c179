import type { FeatureSeed } from '../../platform/area';

/**
 * Three rules for phoco and every copy of it, one per store, so the list, its logos and editing can be
 * seen at once (D166); colan and chuoi start with none (the empty list). Oldest first, a minute
 * apart, so the newest-first list is stable. Banks by the bank area's short names.
 */
export const SEED_RULES: Record<string, readonly { store: number; card: string; issuers: string[]; acquirer: string }[]> = {
  phoco: [
    { store: 0, card: 'VISA', issuers: ['Vietcombank', 'Techcombank'], acquirer: 'BIDV' },
    { store: 1, card: 'MASTERCARD', issuers: ['MBBank'], acquirer: 'Vietcombank' },
    { store: 2, card: 'JCB', issuers: ['ACB', 'VPBank', 'TPBank'], acquirer: 'VietinBank' },
  ],
};

export const seedTxRules: FeatureSeed = async (db, merchant) => {
  const plan = SEED_RULES[merchant.template] ?? [];
  for (const [i, rule] of plan.entries()) {
    const storeId = merchant.storeIds[rule.store];
    if (storeId === undefined) continue;
    await db.query(
      `INSERT INTO tx_rules (merchant_id, store_id, card_type, issuers, acquirer, created_at, synced_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [merchant.id, storeId, rule.card, rule.issuers, rule.acquirer, merchant.now - (plan.length - i) * 60_000],
    );
  }
};
