import type { Database } from '../../platform/db/database';
import { vnIso } from '../../platform/vn-time';

export type VaType = 'STORE' | 'STAFF' | 'BILL';
export const VA_TYPES: readonly VaType[] = ['STORE', 'STAFF', 'BILL'];
export const SALE_CHANNELS = ['WEBSITE', 'KIOSK', 'MOBILE', 'IN_STORE', 'CALL_CENTER'] as const;

/** A virtual account joined with what the wire row shows (bank account, store, staff, bank BIN). */
export type VaRow = {
  id: number;
  va_account_no: string;
  va_type: VaType;
  bank_account_no: string;
  bank_code: string;
  bin: string | null;
  holder_name: string;
  channel: string | null;
  amount: string | number | null;
  store_id: number | null;
  store_name: string | null;
  store_code: string | null;
  staff_id: string | null;
  staff_name: string | null;
  created_at: string | number;
};

const SELECT = `
  SELECT va.id, va.va_account_no, va.va_type, ba.bank_account_no, ba.bank_code, b.bin, ba.holder_name,
         va.channel, va.amount, va.store_id, s.name AS store_name, s.code AS store_code,
         st.staff_id, st.full_name AS staff_name, va.created_at
    FROM virtual_accounts va
    JOIN bank_accounts ba ON ba.id = va.bank_account_id
    LEFT JOIN banks b ON b.bank_code = ba.bank_code
    LEFT JOIN stores s ON s.id = va.store_id
    LEFT JOIN staff st ON st.id = va.staff_row_id`;

export async function listVas(
  db: Database,
  merchantId: string,
  opts: { page: number; pageSize: number; vaType: VaType | null },
): Promise<{ rows: VaRow[]; total: number }> {
  const filter = opts.vaType ? ' AND va.va_type = $2' : '';
  const params: unknown[] = opts.vaType ? [merchantId, opts.vaType] : [merchantId];
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM virtual_accounts va WHERE va.merchant_id = $1${filter}`,
    params,
  );
  const rows = await db.query<VaRow>(
    `${SELECT} WHERE va.merchant_id = $1${filter} ORDER BY va.created_at DESC, va.id DESC LIMIT ${opts.pageSize} OFFSET ${(opts.page - 1) * opts.pageSize}`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function findVa(db: Database, merchantId: string, by: { vaAccountNo?: string; id?: number }): Promise<VaRow | null> {
  const [row] =
    by.vaAccountNo !== undefined
      ? await db.query<VaRow>(`${SELECT} WHERE va.merchant_id = $1 AND va.va_account_no = $2`, [merchantId, by.vaAccountNo])
      : await db.query<VaRow>(`${SELECT} WHERE va.merchant_id = $1 AND va.id = $2`, [merchantId, by.id]);
  return row ?? null;
}

/** Every ShopQR of the merchant, unpaged (list-va-to-link). */
export async function allVas(db: Database, merchantId: string): Promise<VaRow[]> {
  return db.query<VaRow>(`${SELECT} WHERE va.merchant_id = $1 ORDER BY va.created_at DESC, va.id DESC`, [merchantId]);
}

/** The wire row of GET /channel-payment (docs/contracts/receiving-money.md, shopqr). */
export function toWire(r: VaRow) {
  return {
    id: r.id,
    channel_id: r.id,
    va_type: r.va_type,
    va_account_no: r.va_account_no,
    bank_account_no: r.bank_account_no,
    bank_code: r.bank_code,
    holder_name: r.holder_name,
    channel: r.channel,
    amount: r.amount === null ? null : Number(r.amount),
    store_id: r.store_id,
    store_name: r.store_name,
    staff_id: r.staff_id,
    staff_name: r.staff_name,
    created_at: vnIso(Number(r.created_at)),
  };
}
