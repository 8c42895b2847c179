import type { FeatureSeed } from '../../platform/area';

/** The phoco-like merchants have an ordering website (the table QR needs one); colan and chuoi have none, so the screen's message can be seen. */
const WEBSITE: Record<string, string> = { phoco: 'https://order.phoco.example.vn/' };

export const seedSettings: FeatureSeed = async (db, merchant) => {
  const website = WEBSITE[merchant.template];
  if (!website) return;
  await db.query(`INSERT INTO sale_settings (merchant_id, website, point_percent, updated_at) VALUES ($1, $2, 0, $3)`, [
    merchant.id,
    website,
    merchant.now,
  ]);
};
