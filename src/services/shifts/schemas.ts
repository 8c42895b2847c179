import { z } from '../../config/zod-classic';
import { DRAWER_MOVEMENT_KINDS, DRAWER_MOVEMENT_REASONS, MOVEMENT_KINDS, MOVEMENT_REASONS } from '../../rules/shifts/drawer';

/** The sale service's shifts and cash drawer (D303; docs/areas/shifts.md). Money whole đồng, times unix seconds. */

const money = z.number().int();

export const movementSchema = z.object({
  movement_id: z.number().int().positive(),
  /** IN and OUT by hand; REFUND a cash refund given back from this drawer (D318), its note the order's code. */
  kind: z.enum(DRAWER_MOVEMENT_KINDS),
  amount: money.positive(),
  reason: z.enum(DRAWER_MOVEMENT_REASONS),
  note: z.string(),
  created_by_name: z.string(),
  created_at: z.number().int().nonnegative(),
});
export type Movement = z.infer<typeof movementSchema>;

export const shiftSchema = z.object({
  shift_id: z.number().int().positive(),
  store_id: z.number().int().positive(),
  store_name: z.string(),
  status: z.enum(['OPEN', 'CLOSED']),
  float_amount: money.nonnegative(),
  opened_by_name: z.string(),
  opened_at: z.number().int().nonnegative(),
  cash_sales: money.nonnegative(),
  /** Refunds given back in cash from this drawer (D305). */
  cash_refunds: money.nonnegative(),
  cash_in: money.nonnegative(),
  cash_out: money.nonnegative(),
  /** float + cash sales − cash refunds + cash in − cash out, computed by the service (may be negative after a big cash out). */
  expected: money,
  closed_by_name: z.string().nullable(),
  closed_at: z.number().int().nonnegative().nullable(),
  counted: money.nonnegative().nullable(),
  /** Denomination (as a string key) → notes counted, every denomination present once closed. */
  counts: z.record(z.string().regex(/^\d+$/), z.number().int().nonnegative()).nullable(),
  difference: money.nullable(),
  close_reason: z.string().nullable(),
  /** Present when one shift is read; the owner's list of drawers leaves it out. */
  movements: z.array(movementSchema).optional(),
});
export type Shift = z.infer<typeof shiftSchema>;

/** GET /shift?store_id=: the store's open shift and its last closed one. */
export const storeShiftsSchema = z.object({ open: shiftSchema.nullable(), last_closed: shiftSchema.nullable() });
export type StoreShifts = z.infer<typeof storeShiftsSchema>;

/** GET /shift/drawers (owner only): every open drawer of the merchant. */
export const drawersSchema = z.object({ items: z.array(shiftSchema) });

export type OpenShiftBody = {
  store_id: number;
  float_amount: number;
};

export type MovementBody = {
  kind: (typeof MOVEMENT_KINDS)[number];
  amount: number;
  reason: (typeof MOVEMENT_REASONS)[number];
  note: string;
};

export type CloseShiftBody = {
  counts: Record<string, number>;
  reason: string;
};
