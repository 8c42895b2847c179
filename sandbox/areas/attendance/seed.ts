import type { FeatureSeed } from '../../platform/area';

/**
 * About 40 check-ins for the phoco-like merchants (seeded or a throwaway copy): six staff cards, tapped
 * on the merchant's POS terminals (the edc area's rows, read by SQL) around opening time over the last
 * 10 days, at the restaurant (Hà Nội's Old Quarter). colan and chuoi have none. Deterministic.
 */
const CARDS = [
  { card_id: 'CARD0001', bin: '970436', last4: '1024' },
  { card_id: 'CARD0002', bin: '970415', last4: '2048' },
  { card_id: 'CARD0003', bin: '970422', last4: '4096' },
  { card_id: 'CARD0004', bin: '970407', last4: '8192' },
  { card_id: 'CARD0005', bin: '970418', last4: '1638' },
  { card_id: 'CARD0006', bin: '970432', last4: '3276' },
];
const DAY = 86_400_000;

/** 6 first + 4 last digits, the middle six masked (a 16-digit card). */
export const maskCard = (bin: string, last4: string) => `${bin}******${last4}`;

export function attendancePlan(template: string, serials: string[], now: number) {
  if (template !== 'phoco' || serials.length === 0) return [];
  const plan = [];
  for (let day = 9; day >= 0; day -= 1) {
    for (const [c, card] of CARDS.entries()) {
      // Not everyone works every day: about 40 of the 60 possible check-ins.
      if ((day + c) % 3 === 2) continue;
      const serial = serials[(day + c) % serials.length]!;
      plan.push({
        card_id: card.card_id,
        card_number: maskCard(card.bin, card.last4),
        serial_number: serial,
        channel_id: `POS-${serial.slice(-6)}`,
        latitude: Number((21.0338 + ((c * 7 + day) % 10) / 100_000).toFixed(6)),
        longitude: Number((105.8525 + ((c * 3 + day) % 10) / 100_000).toFixed(6)),
        created_at: now - day * DAY - (6 - c) * 7 * 60_000 - 3 * 3_600_000,
      });
    }
  }
  return plan;
}

export const seedAttendance: FeatureSeed = async (db, merchant) => {
  const devices = await db.query<{ serial_number: string }>(
    `SELECT serial_number FROM edc_devices WHERE merchant_id = $1 AND type_edc = 1 ORDER BY id`,
    [merchant.id],
  );
  for (const r of attendancePlan(
    merchant.template,
    devices.map((d) => d.serial_number),
    merchant.now,
  )) {
    await db.query(
      `INSERT INTO attendance (merchant_id, card_id, card_number, serial_number, channel_id, latitude, longitude, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [merchant.id, r.card_id, r.card_number, r.serial_number, r.channel_id, r.latitude, r.longitude, r.created_at],
    );
  }
};
