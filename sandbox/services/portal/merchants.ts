import type { Database } from '../../db/database';
import { ApiError } from '../../http/envelope';

export interface MerchantRow {
  id: string;
  alias: string;
  name: string;
  account_type: string;
  is_fnb: boolean;
  tax_no: string;
  ref_id: string | null;
  trademark: string | null;
  business: string | null;
  address: string | null;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  website: string | null;
  merchant_code: string;
  representative_name: string | null;
  position: string | null;
  indentification_no: string | null;
  salesperson_name: string | null;
  salesperson_phone: string | null;
}

export async function findMerchant(db: Database, id: string): Promise<MerchantRow> {
  const [row] = await db.query<MerchantRow & Record<string, unknown>>(`SELECT * FROM merchants WHERE id = $1`, [id]);
  if (!row) throw new ApiError(404, 'CUSTOMER_NOT_FOUND', 'Merchant not found');
  return row;
}
