import { z } from '../../config/zod-classic';
import type { ServiceClient } from '../http';

/**
 * After a reconnect that socket.io could not recover (the server forgot the session, or the outage
 * outlasted its window), payments made meanwhile were never pushed. The va report still has them:
 * fetch the newest ones since just before the last live connection and hand over those not yet
 * announced. Ids are the report row ids, the same as the va event's transaction_id.
 */

export interface MissedPayment {
  id: string;
  amount: number;
}

const PAID = ['success', 'PAID', 'settled'];
const CATCH_UP_PAGE = 50;
/** Clock skew between this browser and the service, and a payment racing the drop. */
export const CATCH_UP_MARGIN_MS = 60_000;

const rowsSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        amount: z.number().int().nonnegative(),
        status: z.string(),
        created_at: z.string(),
      }),
    )
    .max(CATCH_UP_PAGE),
});

/** Oldest first, so a burst is spoken in the order it was paid. */
export async function fetchMissedPayments(portal: ServiceClient, sinceMs: number, nowMs: number): Promise<MissedPayment[]> {
  const body = await portal.call({
    name: 'realtime.catchUp',
    path: '/transaction/va',
    query: {
      page: 1,
      page_size: CATCH_UP_PAGE,
      start_time: Math.floor((sinceMs - CATCH_UP_MARGIN_MS) / 1000),
      end_time: Math.ceil((nowMs + CATCH_UP_MARGIN_MS) / 1000),
      sort: 'created_at',
      order: 'desc',
    },
    response: rowsSchema,
  });
  return body.data
    .filter((row) => PAID.includes(row.status))
    .reverse()
    .map((row) => ({ id: row.id, amount: row.amount }));
}
