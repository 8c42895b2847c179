/**
 * The settings area's face for other sandbox areas: the customer display shows the saved screen
 * customisation (D296), so it reads it here rather than from the table, and the background uploads
 * it names.
 */
import { SAAS_IMAGE_PATH } from '../../../src/services/settings/schemas';
import type { Database } from '../../platform/db/database';
import type { StoredImage } from '../../platform/http/images';

export { readUiCustom, type UiCustom } from './checkout-routes';

/** The upload id of a stored image URL (`/api/sale/saas/image/{id}`), or null for any other URL. */
export function saasImageId(url: string): number | null {
  const match = SAAS_IMAGE_PATH.exec(url);
  return match ? Number(match[1]) : null;
}

/** One of this merchant's background uploads (the kind the customisation's banners are), or undefined. */
export async function readBackgroundImage(db: Database, merchantId: string, id: number): Promise<StoredImage | undefined> {
  const [image] = await db.query<StoredImage>(
    `SELECT mime, bytes FROM saas_images WHERE id = $1 AND merchant_id = $2 AND kind = 'background'`,
    [id, merchantId],
  );
  return image;
}
