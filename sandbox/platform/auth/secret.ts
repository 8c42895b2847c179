import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';

/** The HS256 key: made at first start and kept in the database, so tokens survive a restart. */
export async function loadSigningSecret(db: Database): Promise<Uint8Array> {
  await db.query(`INSERT INTO sandbox_settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`, [
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM sandbox_settings WHERE key = 'jwt_secret'`);
  return new Uint8Array(Buffer.from(row!.value, 'base64url'));
}
