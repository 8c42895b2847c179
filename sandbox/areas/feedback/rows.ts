import type { Database } from '../../platform/db/database';
import { vnIso } from '../../platform/vn-time';
import type { FeedbackType } from '../../../src/services/feedback/schemas';
import type { CheckedImage } from './images';

/** Feedback rows and their images, always read within one merchant (another's answers as missing). */

export interface FeedbackRecord {
  id: number;
  merchant_id: string;
  type: FeedbackType;
  store_id: number | null;
  store_name: string;
  content: string | null;
  description: string;
  serial_number: string | null;
  created_at: number;
  updated_at: number;
  image_ids: number[] | null;
}

const SELECT = `SELECT f.id, f.merchant_id, f.type, f.store_id, f.store_name, f.content, f.description, f.serial_number,
  f.created_at, f.updated_at,
  (SELECT array_agg(i.id ORDER BY i.position, i.id) FROM feedback_images i WHERE i.feedback_id = f.id) AS image_ids
  FROM feedback f`;

/** The address an image is served at (needs the session; only the owning merchant gets it). */
export const imageUrl = (id: number) => `/api/portal/feedback/image/${id}`;

export function toWire(r: FeedbackRecord) {
  return {
    id: r.id,
    type: r.type,
    store_id: r.store_id,
    store_name: r.store_name,
    content: r.content,
    description: r.description,
    serial_number: r.serial_number,
    images: (r.image_ids ?? []).map(imageUrl),
    created_at: vnIso(Number(r.created_at)),
    updated_at: vnIso(Number(r.updated_at)),
  };
}

export async function findFeedback(db: Database, merchantId: string, id: number): Promise<FeedbackRecord | null> {
  const rows = await db.query<FeedbackRecord & Record<string, unknown>>(`${SELECT} WHERE f.merchant_id = $1 AND f.id = $2`, [
    merchantId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function listFeedback(db: Database, merchantId: string, q: { type: FeedbackType; page: number; pageSize: number }) {
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM feedback WHERE merchant_id = $1 AND type = $2`, [
    merchantId,
    q.type,
  ]);
  const rows = await db.query<FeedbackRecord & Record<string, unknown>>(
    `${SELECT} WHERE f.merchant_id = $1 AND f.type = $2 ORDER BY f.created_at DESC, f.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    [merchantId, q.type],
  );
  return { rows, total: count?.n ?? 0 };
}

export interface FeedbackValues {
  type: FeedbackType;
  storeId: number;
  storeName: string;
  content: string | null;
  description: string;
  serialNumber: string | null;
}

export async function insertImages(
  db: Database,
  merchantId: string,
  feedbackId: number,
  images: CheckedImage[],
  from: number,
  now: number,
) {
  for (const [i, image] of images.entries()) {
    await db.query(
      `INSERT INTO feedback_images (feedback_id, merchant_id, mime, bytes, position, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [feedbackId, merchantId, image.mime, image.bytes, from + i, now],
    );
  }
}

export async function insertFeedback(
  db: Database,
  merchantId: string,
  v: FeedbackValues,
  images: CheckedImage[],
  meta: { userId: number | null; now: number },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO feedback (merchant_id, type, store_id, store_name, content, description, serial_number, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
    [merchantId, v.type, v.storeId, v.storeName, v.content, v.description, v.serialNumber, meta.userId, meta.now],
  );
  await insertImages(db, merchantId, row!.id, images, 0, meta.now);
  return row!.id;
}
