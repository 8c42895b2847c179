import { z } from '../../config/zod-classic';
import { BANK_METHODS, RECON_GROUPS } from '../../rules/reconciliation';

/** The portal service's reconciliation of a store's day against the bank (issue 27 §5, D308, D309; docs/areas/reconciliation.md). */

const dong = z.number().int().nonnegative();
/** A refund's row and the totals are signed: money sent back counts against the day (D320). */
const signedDong = z.number().int();
const seconds = z.number().int().nonnegative();

export const reconRowSchema = z.object({
  group: z.enum(RECON_GROUPS),
  kind: z.enum(['PAYMENT', 'REFUND']),
  method: z.enum(BANK_METHODS).nullable(),
  channel: z.enum(['va', 'card', 'ecom']),
  payment_id: z.number().int().positive().nullable(),
  refund_id: z.number().int().positive().nullable(),
  order_code: z.string().nullable(),
  invoice_id: z.number().int().nullable(),
  paid_at: seconds.nullable(),
  bank_id: z.string().nullable(),
  reference: z.string().nullable(),
  bank_at: seconds.nullable(),
  amount: signedDong,
  fee: dong,
  credited: signedDong,
  credit_date: seconds.nullable(),
});
export type ReconRow = z.infer<typeof reconRowSchema>;

const totalsSchema = z.object({ count: z.number().int().nonnegative(), gross: signedDong, fee: dong, net: signedDong });
export type ReconTotals = z.infer<typeof totalsSchema>;

export const reconDaySchema = z.object({
  store_id: z.number().int().positive(),
  store_name: z.string(),
  day: z.string(),
  rows: z.array(reconRowSchema),
  totals: z.object({
    MATCHED: totalsSchema,
    WAITING: totalsSchema,
    OURS_ONLY: totalsSchema,
    BANK_ONLY: totalsSchema,
    ALL: totalsSchema,
  }),
});
export type ReconDay = z.infer<typeof reconDaySchema>;

/** What is reconciled: one store, one Vietnam day (YYYY-MM-DD). */
export interface ReconQuery {
  storeId: number;
  day: string;
}
