import type { Database } from './database';
import type { MerchantColumns } from './seed-data';
import { ApiError } from '../http/envelope';

export interface MerchantRow extends MerchantColumns {
  salesperson_name: string | null;
  salesperson_phone: string | null;
}

export async function findMerchant(db: Database, id: string): Promise<MerchantRow> {
  const [row] = await db.query<MerchantRow & Record<string, unknown>>(`SELECT * FROM merchants WHERE id = $1`, [id]);
  if (!row) throw new ApiError(404, 'CUSTOMER_NOT_FOUND', 'Merchant not found');
  return row;
}
