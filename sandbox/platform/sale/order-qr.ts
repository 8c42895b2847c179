import { buildVietQr } from '../../../src/services/qr/vietqr';
import type { Database } from '../db/database';

/**
 * Where the order's VietQR pays: the merchant's first store ShopQR (a virtual account, shopqr area),
 * else its first verified bank account (bank area); null when it has neither (not_setting_account_yet).
 */
export async function receivingAccount(db: Database, merchantId: string): Promise<{ bin: string; account: string } | null> {
  const [va] = await db.query<{ bin: string; account: string }>(
    `SELECT b.bin, va.va_account_no AS account FROM virtual_accounts va
       JOIN bank_accounts ba ON ba.id = va.bank_account_id JOIN banks b ON b.bank_code = ba.bank_code
      WHERE va.merchant_id = $1 AND va.va_type = 'STORE' ORDER BY va.id LIMIT 1`,
    [merchantId],
  );
  if (va) return va;
  const [bank] = await db.query<{ bin: string; account: string }>(
    `SELECT b.bin, ba.bank_account_no AS account FROM bank_accounts ba JOIN banks b ON b.bank_code = ba.bank_code
      WHERE ba.merchant_id = $1 AND ba.verified_at IS NOT NULL ORDER BY ba.id LIMIT 1`,
    [merchantId],
  );
  return bank ?? null;
}

/** The order's VietQR: its account, the amount to pay and the order code as the transfer's purpose. */
export function orderQr(account: { bin: string; account: string }, amount: number, orderCode: string): string {
  return buildVietQr({ bin: account.bin, accountNumber: account.account, amount, purpose: orderCode });
}
