import { buildVietQr } from '../../../src/services/qr/vietqr';
import type { Database } from '../db/database';

/** Where a VietQR pays: the bank's BIN and the account, and whose account it is (D297). */
export interface ReceivingAccount {
  bin: string;
  account: string;
  /** SHOPQR: a store's virtual account (shopqr area); BANK: the merchant's verified bank account (bank area). */
  kind: 'SHOPQR' | 'BANK';
  /** The store the order belongs to (the one whose ShopQR is used, or which has none). */
  store_id: number | null;
  store_name: string | null;
}

async function firstVerifiedBank(db: Database, merchantId: string): Promise<{ bin: string; account: string } | undefined> {
  const [bank] = await db.query<{ bin: string; account: string }>(
    `SELECT b.bin, ba.bank_account_no AS account FROM bank_accounts ba JOIN banks b ON b.bank_code = ba.bank_code
      WHERE ba.merchant_id = $1 AND ba.verified_at IS NOT NULL ORDER BY ba.id LIMIT 1`,
    [merchantId],
  );
  return bank;
}

/**
 * Where a payment link's VietQR pays (D117): the merchant's first store ShopQR, else its first verified
 * bank account; null when it has neither (not_setting_account_yet). An order's QR follows D297 instead.
 */
export async function receivingAccount(db: Database, merchantId: string): Promise<{ bin: string; account: string } | null> {
  const [va] = await db.query<{ bin: string; account: string }>(
    `SELECT b.bin, va.va_account_no AS account FROM virtual_accounts va
       JOIN bank_accounts ba ON ba.id = va.bank_account_id JOIN banks b ON b.bank_code = ba.bank_code
      WHERE va.merchant_id = $1 AND va.va_type = 'STORE' ORDER BY va.id LIMIT 1`,
    [merchantId],
  );
  return va ?? (await firstVerifiedBank(db, merchantId)) ?? null;
}

/**
 * The store an order belongs to (D297): the one it was opened in, or, for an order with none (opened
 * before orders carried a store, or its store since removed), the merchant's first store.
 */
export async function orderStore(db: Database, merchantId: string, storeId: number | null): Promise<{ id: number; name: string } | null> {
  const [store] = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM stores WHERE merchant_id = $1 ORDER BY (id = $2::int) DESC NULLS LAST, id LIMIT 1`,
    [merchantId, storeId],
  );
  return store ?? null;
}

/**
 * Where an order's VietQR pays (D297, superseding D117 for orders): the STORE ShopQR of the order's own
 * store; a store without one is paid into the merchant's first verified bank account (the merchant's
 * own, never another store's ShopQR); neither: null (not_setting_account_yet).
 */
export async function orderReceivingAccount(db: Database, merchantId: string, storeId: number | null): Promise<ReceivingAccount | null> {
  const store = await orderStore(db, merchantId, storeId);
  const owner = { store_id: store?.id ?? null, store_name: store?.name ?? null };
  if (store) {
    const [va] = await db.query<{ bin: string; account: string }>(
      `SELECT b.bin, va.va_account_no AS account FROM virtual_accounts va
         JOIN bank_accounts ba ON ba.id = va.bank_account_id JOIN banks b ON b.bank_code = ba.bank_code
        WHERE va.merchant_id = $1 AND va.va_type = 'STORE' AND va.store_id = $2 ORDER BY va.id LIMIT 1`,
      [merchantId, store.id],
    );
    if (va) return { ...va, kind: 'SHOPQR', ...owner };
  }
  const bank = await firstVerifiedBank(db, merchantId);
  return bank ? { ...bank, kind: 'BANK', ...owner } : null;
}

/** The order's VietQR: its account, the amount to pay and the order code as the transfer's purpose. */
export function orderQr(account: { bin: string; account: string }, amount: number, orderCode: string): string {
  return buildVietQr({ bin: account.bin, accountNumber: account.account, amount, purpose: orderCode });
}
