import { z } from '../../config/zod-classic';
import { devicePairingSchema, pairCodeCreatedSchema } from '../shared/pairing/schemas';

/**
 * The kitchen screen's calls of the sale service (docs/areas/kitchen.md; beyond the spec, D325–D327).
 * Times are unix seconds, as every sale call. Names and notes are shown as text, never HTML.
 */

export const KITCHEN_TOKEN_PATTERN = /^kit_[A-Za-z0-9_-]{20,200}$/;

export const kitchenPairCreatedSchema = pairCodeCreatedSchema.extend({ store_id: z.number().int().positive() });
export type KitchenPairCreated = z.infer<typeof kitchenPairCreatedSchema>;

/** A kitchen device's pairing, with the store whose tickets it shows. */
export const kitchenPairingSchema = devicePairingSchema.extend({ store_id: z.number().int().positive() });
export type KitchenPairing = z.infer<typeof kitchenPairingSchema>;

export const kitchenClaimedSchema = z.object({
  kitchen_token: z.string().regex(KITCHEN_TOKEN_PATTERN),
  pairing_id: z.number().int().positive(),
  shop_name: z.string().max(500),
  store_id: z.number().int().positive(),
  store_name: z.string().max(500),
});
export type KitchenClaimed = z.infer<typeof kitchenClaimedSchema>;

export const ticketLineSchema = z.object({
  line_no: z.number().int().positive(),
  product_id: z.number().int().positive(),
  name: z.string().max(500),
  quantity: z.number().int().positive().max(99_999),
  note: z.string().max(500).nullable(),
  done_at: z.number().int().nullable(),
});
export type TicketLine = z.infer<typeof ticketLineSchema>;

export const ticketSchema = z.object({
  ticket_id: z.number().int().positive(),
  order_id: z.number().int().positive(),
  order_code: z.string().max(100),
  table_name: z.string().max(200).nullable(),
  created_at: z.number().int(),
  done_at: z.number().int().nullable(),
  lines: z.array(ticketLineSchema).min(1).max(100),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** The stream's events: who this kitchen is, the store's open tickets, then each new or changed one. */
export const kitchenPairedSchema = z.object({
  pairing_id: z.number().int(),
  shop_name: z.string().max(500),
  store_id: z.number().int(),
  store_name: z.string().max(500),
});
export const kitchenBoardSchema = z.object({ tickets: z.array(ticketSchema).max(200) });

/** GET /kitchen/order/{id}: per product of the order, how many were sent and how many are done. */
export const orderKitchenLineSchema = z.object({
  product_id: z.number().int().positive(),
  sent: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  state: z.enum(['WAITING', 'DONE']),
});
export type OrderKitchenLine = z.infer<typeof orderKitchenLineSchema>;
export const orderKitchenSchema = z.object({ order_id: z.number().int(), lines: z.array(orderKitchenLineSchema).max(1000) });
