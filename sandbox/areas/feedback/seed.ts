import QRCode from 'qrcode';
import type { SeededMerchant } from '../../platform/area';
import type { Database } from '../../platform/db/database';
import type { FeedbackType } from '../../../src/services/feedback/schemas';
import { checkImage, type CheckedImage } from './images';
import { insertFeedback } from './rows';

/**
 * A few feedback reports per phoco-like and colan-like merchant (seeded or a throwaway copy), each with
 * one small PNG (a QR code of its own text, so it is a real image and tells the reports apart). chuoi
 * gets none. They are an hour apart, oldest first, so the list's newest-first order is stable.
 */

interface Plan {
  type: FeedbackType;
  store: number;
  content: string | null;
  description: string;
  /** Index of the merchant's card machine (by id), for the types that name one. */
  device: number | null;
}

const PLANS: Record<string, Plan[]> = {
  phoco: [
    { type: 'CHECK', store: 0, content: 'SETTLE_ERROR', description: 'Tiền giao dịch ngày 20/11 chưa về tài khoản.', device: null },
    { type: 'CHECK', store: 1, content: 'TRANSACTION_ERROR', description: 'Khách bị trừ tiền nhưng hoá đơn báo lỗi.', device: null },
    { type: 'EDC', store: 0, content: 'CONNECT', description: 'Máy POS mất kết nối mạng vào giờ cao điểm.', device: 0 },
    { type: 'OTHER', store: 2, content: null, description: 'Loa thông báo đọc sai số tiền.', device: 3 },
  ],
  colan: [{ type: 'CHECK', store: 0, content: 'LOSS', description: 'Thiếu 200.000 ₫ khi đối soát cuối ngày.', device: null }],
};

async function seedImage(label: string): Promise<CheckedImage> {
  const png = await QRCode.toBuffer(label, { type: 'png', margin: 2, width: 96 });
  return checkImage(new Uint8Array(png), 0);
}

export async function seedFeedback(db: Database, merchant: SeededMerchant): Promise<void> {
  const plans = PLANS[merchant.template] ?? [];
  if (plans.length === 0) return;
  const devices = await db.query<{ serial_number: string }>(`SELECT serial_number FROM edc_devices WHERE merchant_id = $1 ORDER BY id`, [
    merchant.id,
  ]);
  for (const [i, plan] of plans.entries()) {
    const storeId = merchant.storeIds[plan.store];
    const serial = plan.device === null ? null : (devices[plan.device]?.serial_number ?? null);
    if (storeId === undefined || (plan.device !== null && serial === null)) continue;
    const [store] = await db.query<{ name: string }>(`SELECT name FROM stores WHERE id = $1`, [storeId]);
    await insertFeedback(
      db,
      merchant.id,
      { type: plan.type, storeId, storeName: store!.name, content: plan.content, description: plan.description, serialNumber: serial },
      [await seedImage(`feedback ${merchant.id} ${i + 1}`)],
      { userId: null, now: merchant.now - (plans.length - i) * 3_600_000 },
    );
  }
}
