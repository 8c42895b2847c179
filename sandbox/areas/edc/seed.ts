import type { Database } from '../../platform/db/database';
import type { SeededMerchant } from '../../platform/area';

/**
 * One merchant's card machines (core §3 EDC machine, §4 Soundbox activation and POS connection).
 * Every case the /edc screens branch on has a machine: phoco-like merchants get a POS per connection
 * state (one already integrated with its store's ShopQR) and a Soundbox per activation case (ready,
 * not provisioned, provisioned but not selected). Serial numbers, POS ids, TIDs and MIDs are derived
 * from merchant.id (8 digits), so throwaway copies never collide with the seeded merchants.
 */

export type EdcStatus = 'ONLINE' | 'OFFLINE' | 'NOT_CONNECTED';
export const POS = 1;
export const SOUNDBOX = 2;

interface DevicePlan {
  type: typeof POS | typeof SOUNDBOX;
  /** Index into the merchant's stores. */
  store: number;
  status: EdcStatus | null;
  selected: boolean;
  /** Integrate with the store's STORE ShopQR at seeding. */
  integrated?: boolean;
  /** Acquiring banks on the machine: one tid/mid pair each. */
  acquirers: number;
}

const PLANS: Record<string, DevicePlan[]> = {
  phoco: [
    { type: POS, store: 0, status: 'ONLINE', selected: true, integrated: true, acquirers: 2 },
    { type: POS, store: 1, status: 'OFFLINE', selected: true, acquirers: 1 },
    { type: POS, store: 2, status: 'NOT_CONNECTED', selected: true, acquirers: 1 },
    { type: SOUNDBOX, store: 0, status: 'ONLINE', selected: true, acquirers: 1 },
    { type: SOUNDBOX, store: 1, status: null, selected: false, acquirers: 1 },
    { type: SOUNDBOX, store: 2, status: 'OFFLINE', selected: false, acquirers: 1 },
  ],
  colan: [
    { type: POS, store: 0, status: 'ONLINE', selected: true, acquirers: 1 },
    { type: SOUNDBOX, store: 1, status: 'ONLINE', selected: true, acquirers: 1 },
  ],
  chuoi: [{ type: POS, store: 0, status: 'ONLINE', selected: true, acquirers: 1 }],
};

/** Serial prefixes as the terminals print them: PAX A920 POS, Soundbox speakers. */
const SERIAL_PREFIX = { [POS]: '1850', [SOUNDBOX]: 'SB20' } as const;

/** The n-th (1-based) machine's identifiers for a merchant; exported for tests and docs. */
export function deviceIds(merchantId: string, type: typeof POS | typeof SOUNDBOX, n: number) {
  const nn = String(n).padStart(2, '0');
  return {
    serial_number: `${SERIAL_PREFIX[type]}${merchantId}${nn}`,
    pos_id: `${type === POS ? 'P' : 'S'}${merchantId}${nn}`,
  };
}

/** TID 8 digits, MID 15 digits (ISO 8583 field sizes), one pair per acquiring bank. */
function pairs(merchantId: string, n: number, acquirers: number) {
  return Array.from({ length: acquirers }, (_, a) => ({
    tid: `${merchantId.slice(-5)}${String(n).padStart(2, '0')}${a + 1}`,
    mid: `${a === 0 ? '000' : '101'}${merchantId}${String(n).padStart(4, '0')}`,
  }));
}

export async function seedEdc(db: Database, merchant: SeededMerchant): Promise<void> {
  const plans = PLANS[merchant.template] ?? [];
  const counters = { [POS]: 0, [SOUNDBOX]: 0 };
  for (const [index, plan] of plans.entries()) {
    const storeId = merchant.storeIds[plan.store] ?? merchant.storeIds[0] ?? null;
    counters[plan.type] += 1;
    const ids = deviceIds(merchant.id, plan.type, counters[plan.type]);
    let va: string | null = null;
    if (plan.integrated && storeId !== null) {
      // The ShopQR seed runs first; without a STORE ShopQR for that store the POS stays unintegrated.
      const [row] = await db.query<{ va_account_no: string }>(
        `SELECT va_account_no FROM virtual_accounts WHERE merchant_id = $1 AND va_type = 'STORE' AND store_id = $2 ORDER BY id LIMIT 1`,
        [merchant.id, storeId],
      );
      va = row?.va_account_no ?? null;
    }
    await db.query(
      `INSERT INTO edc_devices (merchant_id, store_id, serial_number, type_edc, pos_id, aggregated_data, va_account_no, status, is_selected)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)`,
      [
        merchant.id,
        storeId,
        ids.serial_number,
        plan.type,
        ids.pos_id,
        JSON.stringify(pairs(merchant.id, index + 1, plan.acquirers)),
        va,
        plan.status,
        plan.selected,
      ],
    );
  }
}
