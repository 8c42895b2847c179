import type { Database } from '../../platform/db/database';
import { ApiError } from '../../platform/http/envelope';

/**
 * A cash refund leaves a drawer (D318): the refunds area calls this inside the refund's transaction, so
 * the refund and its drawer movement land together or not at all.
 *
 * Which drawer: the open shift of the order's store (D297: the store the bill was opened in, else the
 * merchant's first store) — the one the cash sale went into, whoever opened it (a store has one drawer,
 * D303). A store that keeps a drawer (it has had a shift) but has none open refuses the refund with 409
 * SHIFT_NOT_OPEN: the cash would leave a drawer nobody will count. A store that never opened a drawer
 * refunds without one, as its cash sales are in no drawer.
 *
 * The shift row is locked (FOR SHARE) until the refund commits, and the close locks it FOR UPDATE
 * before it computes the figures (routes.ts): a close either counts this refund or comes first and the
 * refund finds no open shift. Returns the shift the refund went into, or null.
 */
export async function cashRefundToDrawer(
  tx: Database,
  r: { merchantId: string; orderId: number; orderCode: string; refundId: number; amount: number; byName: string; now: number },
): Promise<number | null> {
  const [store] = await tx.query<{ store_id: number | null }>(
    `SELECT coalesce((SELECT x.id FROM stores x WHERE x.id = o.store_id AND x.merchant_id = o.merchant_id),
                     (SELECT min(f.id) FROM stores f WHERE f.merchant_id = o.merchant_id)) AS store_id
       FROM sale_orders o WHERE o.id = $1 AND o.merchant_id = $2`,
    [r.orderId, r.merchantId],
  );
  const storeId = store?.store_id ?? null;
  if (storeId === null) return null;
  const [shift] = await tx.query<{ id: number }>(
    `SELECT id FROM shifts WHERE store_id = $1 AND merchant_id = $2 AND status = 'OPEN' FOR SHARE`,
    [storeId, r.merchantId],
  );
  if (!shift) {
    const [kept] = await tx.query(`SELECT 1 FROM shifts WHERE store_id = $1 AND merchant_id = $2 LIMIT 1`, [storeId, r.merchantId]);
    if (kept) throw new ApiError(409, 'SHIFT_NOT_OPEN', 'Open the store’s drawer before giving cash back', { store_id: storeId });
    return null;
  }
  await tx.query(
    `INSERT INTO shift_movements (merchant_id, shift_id, kind, amount, reason, note, created_by_name, created_at, refund_id)
     VALUES ($1, $2, 'REFUND', $3, 'CASH_REFUND', $4, $5, $6, $7)`,
    [r.merchantId, shift.id, r.amount, r.orderCode, r.byName, r.now, r.refundId],
  );
  return shift.id;
}
