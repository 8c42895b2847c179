import type { Database } from '../../platform/db/database';
import { ApiError, required } from '../../platform/http/envelope';
import { SALE_CHANNELS, VA_TYPES, type VaType } from './rows';
import { vaAccountNo } from './va-number';

/** POST /channel-payment body after checks: ids resolved to rows of this merchant. */
export interface NewVa {
  type: VaType;
  bankAccountId: number;
  storeId: number | null;
  staffRowId: number | null;
  channel: string | null;
  amount: number | null;
}

const MAX_AMOUNT_DIGITS = 13;

function text(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * Shape checks (REQUIRED with the offending fields), then the merchant's own rows: bank account
 * (BANK_NOT_EXIST, also for one not yet verified: an unverified account cannot receive money), store
 * (STORE_NOT_EXIST), staff (REQUIRED: staff_id). Answers what to insert.
 */
export async function checkNewVa(db: Database, merchantId: string, body: unknown): Promise<NewVa> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const type = text(b, 'type').toUpperCase() as VaType;
  const bankNo = text(b, 'bank_account_no');
  const storeText = text(b, 'store_id');
  const staffText = text(b, 'staff_id');
  const channel = text(b, 'channel').toUpperCase();
  const amountText = text(b, 'amount');

  const missing: string[] = [];
  if (!VA_TYPES.includes(type)) missing.push('type');
  if (!bankNo) missing.push('bank_account_no');
  if (type === 'STORE' && !/^\d{1,9}$/.test(storeText)) missing.push('store_id');
  if ((type === 'STAFF' || type === 'BILL') && !staffText) missing.push('staff_id');
  if (type === 'BILL') {
    if (!(SALE_CHANNELS as readonly string[]).includes(channel)) missing.push('channel');
    if (!new RegExp(`^[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}}$`).test(amountText)) missing.push('amount');
  }
  if (missing.length > 0) throw required(missing);

  const [bank] = await db.query<{ id: number; is_internal_transfer: boolean }>(
    `SELECT id, is_internal_transfer FROM bank_accounts WHERE merchant_id = $1 AND bank_account_no = $2 ORDER BY id LIMIT 1`,
    [merchantId, bankNo],
  );
  if (!bank) throw new ApiError(404, 'BANK_NOT_EXIST', 'No such linked bank account', { bank_account_no: bankNo });
  if (!bank.is_internal_transfer) {
    throw new ApiError(400, 'BANK_NOT_EXIST', 'The bank account is not verified yet', { bank_account_no: bankNo, reason: 'NOT_VERIFIED' });
  }

  let storeId: number | null = null;
  if (type === 'STORE') {
    const [store] = await db.query<{ id: number }>(`SELECT id FROM stores WHERE merchant_id = $1 AND id = $2`, [
      merchantId,
      Number(storeText),
    ]);
    if (!store) throw new ApiError(404, 'STORE_NOT_EXIST', 'No such store', { store_id: Number(storeText) });
    storeId = store.id;
  }

  let staffRowId: number | null = null;
  if (type !== 'STORE') {
    const [staff] = await db.query<{ id: number; store_id: number | null }>(
      `SELECT id, store_id FROM staff WHERE merchant_id = $1 AND staff_id = $2`,
      [merchantId, staffText],
    );
    if (!staff) throw required(['staff_id']);
    staffRowId = staff.id;
    // The staff member's store: what the report's store column shows for payments to this code.
    storeId = staff.store_id;
  }

  return {
    type,
    bankAccountId: bank.id,
    storeId,
    staffRowId,
    channel: type === 'BILL' ? channel : null,
    amount: type === 'BILL' ? Number(amountText) : null,
  };
}

/**
 * Conflicts (docs/contracts/receiving-money.md, shopqr): one STORE code per store, one STAFF code per
 * staff member, one BILL code per staff + channel + amount (CHANNEL_EXIST, which also makes a
 * repeated submit harmless); a store takes payments either on its store code or on its staff's
 * codes, never both (STORE_LINK_VA / STAFF_LINK_VA, the latter naming the staff member).
 */
export async function checkConflicts(db: Database, merchantId: string, v: NewVa): Promise<void> {
  const exists = async (sql: string, params: unknown[]) => (await db.query(sql, params)).length > 0;
  if (v.type === 'STORE') {
    if (
      await exists(`SELECT 1 FROM virtual_accounts WHERE merchant_id = $1 AND va_type = 'STORE' AND store_id = $2`, [merchantId, v.storeId])
    ) {
      throw new ApiError(409, 'CHANNEL_EXIST', 'This store already has a store ShopQR', { store_id: v.storeId });
    }
    const [staff] = await db.query<{ staff_id: string; full_name: string }>(
      `SELECT st.staff_id, st.full_name FROM virtual_accounts va JOIN staff st ON st.id = va.staff_row_id
        WHERE va.merchant_id = $1 AND va.va_type = 'STAFF' AND st.store_id = $2 ORDER BY st.staff_id LIMIT 1`,
      [merchantId, v.storeId],
    );
    if (staff) {
      throw new ApiError(409, 'STORE_LINK_VA', "The store's staff already have their own ShopQR", {
        store_id: v.storeId,
        staff_id: staff.staff_id,
        staff_name: staff.full_name,
      });
    }
    return;
  }
  if (v.type === 'STAFF') {
    if (
      await exists(`SELECT 1 FROM virtual_accounts WHERE merchant_id = $1 AND va_type = 'STAFF' AND staff_row_id = $2`, [
        merchantId,
        v.staffRowId,
      ])
    ) {
      throw new ApiError(409, 'CHANNEL_EXIST', 'This staff member already has a staff ShopQR', {});
    }
    const [linked] = await db.query<{ staff_id: string; full_name: string; store_name: string }>(
      `SELECT st.staff_id, st.full_name, s.name AS store_name FROM staff st
         JOIN virtual_accounts va ON va.merchant_id = st.merchant_id AND va.va_type = 'STORE' AND va.store_id = st.store_id
         JOIN stores s ON s.id = st.store_id
        WHERE st.id = $1 LIMIT 1`,
      [v.staffRowId],
    );
    if (linked) {
      throw new ApiError(409, 'STAFF_LINK_VA', `Staff ${linked.staff_id} is linked to the store ShopQR of ${linked.store_name}`, {
        staff_id: linked.staff_id,
        staff_name: linked.full_name,
        store_name: linked.store_name,
      });
    }
    return;
  }
  if (
    await exists(
      `SELECT 1 FROM virtual_accounts WHERE merchant_id = $1 AND va_type = 'BILL' AND staff_row_id = $2 AND channel = $3 AND amount = $4`,
      [merchantId, v.staffRowId, v.channel, v.amount],
    )
  ) {
    throw new ApiError(409, 'CHANNEL_EXIST', 'A bill ShopQR for this staff member, channel and amount exists', {});
  }
}

/**
 * The merchant's next sequence from its stored counter, which only moves up: a deleted ShopQR's
 * number is never issued again. One statement, so parallel creates get different numbers.
 */
export async function nextVaSequence(db: Database, merchantId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `INSERT INTO shopqr_va_counters (merchant_id, last_sequence) VALUES ($1, 1)
     ON CONFLICT (merchant_id) DO UPDATE SET last_sequence = shopqr_va_counters.last_sequence + 1
     RETURNING last_sequence AS n`,
    [merchantId],
  );
  return row!.n;
}

/** Inserts with the merchant's next number; answers the new row id. */
export async function insertVa(db: Database, merchantId: string, v: NewVa, now: number): Promise<number> {
  const next = await nextVaSequence(db, merchantId);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO virtual_accounts (merchant_id, va_account_no, va_type, bank_account_id, store_id, staff_row_id, channel, amount, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) RETURNING id`,
    [merchantId, vaAccountNo(merchantId, next), v.type, v.bankAccountId, v.storeId, v.staffRowId, v.channel, v.amount, now],
  );
  return row!.id;
}

/** One create at a time per merchant, so two quick submits cannot both pass the conflict check. */
const queues = new Map<string, Promise<unknown>>();
export function serialised<T>(merchantId: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(merchantId) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  queues.set(merchantId, settled);
  void settled.then(() => {
    if (queues.get(merchantId) === settled) queues.delete(merchantId);
  });
  return next;
}
