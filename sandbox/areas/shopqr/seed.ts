import { insertVa, type NewVa } from './create';
import type { Database } from '../../platform/db/database';
import type { SeededMerchant } from '../../platform/area';

/**
 * One merchant's ShopQR virtual accounts, on its verified bank account (the bank area seeds
 * first). phoco and its copies: a STORE code for the first store, a STAFF code for NV003 (second
 * store) and a BILL code for NV002 at the counter; colan: one STORE code; chuoi: none. Numbers come
 * from the merchant id (va-number.ts), so throwaway copies never collide.
 */
export const SEED_BILL_AMOUNT = 150_000;

export async function seedShopQr(db: Database, merchant: SeededMerchant): Promise<void> {
  if (merchant.template === 'chuoi') return;
  const [bank] = await db.query<{ id: number }>(
    `SELECT id FROM bank_accounts WHERE merchant_id = $1 AND is_internal_transfer ORDER BY id LIMIT 1`,
    [merchant.id],
  );
  if (!bank) return;
  const firstStore = merchant.storeIds[0] ?? null;
  const plans: NewVa[] = [];
  if (firstStore !== null)
    plans.push({ type: 'STORE', bankAccountId: bank.id, storeId: firstStore, staffRowId: null, channel: null, amount: null });
  if (merchant.template === 'phoco') {
    const staffStore = async (rowId: number | undefined) =>
      rowId === undefined
        ? null
        : ((await db.query<{ store_id: number | null }>(`SELECT store_id FROM staff WHERE id = $1`, [rowId]))[0]?.store_id ?? null);
    const nv003 = merchant.staffIds.get('NV003');
    const nv002 = merchant.staffIds.get('NV002');
    if (nv003 !== undefined) {
      plans.push({
        type: 'STAFF',
        bankAccountId: bank.id,
        storeId: await staffStore(nv003),
        staffRowId: nv003,
        channel: null,
        amount: null,
      });
    }
    if (nv002 !== undefined) {
      plans.push({
        type: 'BILL',
        bankAccountId: bank.id,
        storeId: await staffStore(nv002),
        staffRowId: nv002,
        channel: 'IN_STORE',
        amount: SEED_BILL_AMOUNT,
      });
    }
  }
  // A minute apart, oldest first, so the list's newest-first order is stable.
  for (const [i, plan] of plans.entries()) await insertVa(db, merchant.id, plan, merchant.now - (plans.length - i) * 60_000);
}
