import { z } from '../../config/zod-classic';

/**
 * What the cashier's screen tells the customer's display (doc 2 §2 customer display, order payment
 * panel `customer`; core §2 /ecr pages). One shape for both roads: the same browser's
 * BroadcastChannel and the sandbox relay to a paired device (docs/areas/display.md). It carries only
 * what the customer sees on the second screen: no customer phone or name, no staff data, no tokens;
 * the schema strips every other key, so a sender that passes a whole order cannot leak the rest.
 */

export const DISPLAY_PROTOCOL = 1;
export const DISPLAY_CHANNEL = 'portal-display';

export const DISPLAY_KINDS = ['idle', 'order', 'pay', 'success'] as const;
export type DisplayKind = (typeof DISPLAY_KINDS)[number];

/** Money is integer đồng, at most 13 digits (doc 2 §5 amounts). */
export const DISPLAY_MONEY_MAX = 9_999_999_999_999;
/** A bill longer than this is cut on the display (a screen cannot show more anyway); the total stays exact. */
export const DISPLAY_LINES_MAX = 300;
/** An EMV VietQR string is a few hundred characters; anything far longer is not one. */
export const DISPLAY_QR_MAX = 1024;
export const DISPLAY_TEXT_MAX = 200;

// Control characters would break the display's layout and never belong in a dish name or code.
const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u);
const money = z.number().int().min(0).max(DISPLAY_MONEY_MAX);

export const displayLineSchema = z.object({
  name: text(DISPLAY_TEXT_MAX),
  amount: z.number().int().min(0).max(999_999),
  price: money,
});

export const displayOrderSchema = z.object({
  order_code: text(64),
  table_name: text(DISPLAY_TEXT_MAX).nullable(),
  /** Unix seconds (contract: every time of the sale service is in seconds). */
  updated_at: z.number().int().min(0),
  point: z.number().int().min(0).max(DISPLAY_MONEY_MAX),
  sub_total: money,
  total: money,
  lines: z.array(displayLineSchema).max(DISPLAY_LINES_MAX),
});

export const displayPaySchema = z.object({
  method: z.enum(['QR', 'CARD', 'CASH']),
  /** The EMV string of /payment/qr, rendered by the display itself (a picture would be heavier and unverifiable). */
  qr: z
    .string()
    .min(1)
    .max(DISPLAY_QR_MAX)
    .regex(/^[\x20-\x7e]+$/)
    .optional(),
  amount: money,
});

export const displayMessageSchema = z.object({
  v: z.literal(DISPLAY_PROTOCOL),
  /** Newest wins on the display; the sender keeps it increasing across reloads (see channel.ts). */
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Milliseconds since the epoch, when the cashier's screen sent it. */
  at: z.number().int().min(0),
  kind: z.enum(DISPLAY_KINDS),
  order: displayOrderSchema.optional(),
  pay: displayPaySchema.optional(),
});

export type DisplayLine = z.infer<typeof displayLineSchema>;
export type DisplayOrder = z.infer<typeof displayOrderSchema>;
export type DisplayPay = z.infer<typeof displayPaySchema>;
export type DisplayMessage = z.infer<typeof displayMessageSchema>;

/** What a sender says; the channel adds v, seq and at. */
export type DisplayInput =
  | { kind: 'idle' }
  | { kind: 'order'; order: DisplayOrder }
  | { kind: 'pay'; order: DisplayOrder; pay: DisplayPay }
  | { kind: 'success'; order?: DisplayOrder; pay?: DisplayPay };

/**
 * A display that just (re)loaded asks the cashier's side for the current state; the sender answers
 * with its last message. Not a DisplayMessage: it never reaches the display machine.
 */
export const displayHelloSchema = z.object({ v: z.literal(DISPLAY_PROTOCOL), hello: z.literal(true) });
export type DisplayHello = z.infer<typeof displayHelloSchema>;

/** Parses anything that came off a channel or the relay: the message, or null (ignored, never thrown). */
export function parseDisplayMessage(value: unknown): DisplayMessage | null {
  const result = displayMessageSchema.safeParse(value);
  if (!result.success) return null;
  return result.data;
}

export function isDisplayHello(value: unknown): boolean {
  return displayHelloSchema.safeParse(value).success;
}

/** The order and its lines as the sale service answers them (contract: GET /order/{id}); only these fields are read. */
export interface OrderForDisplay {
  order_code: string;
  table_name: string | null;
  updated_at: number;
  point: number;
  sub_total: number;
  total_price: number;
}
export interface OrderLineForDisplay {
  name: string;
  amount: number;
  price: number;
}

/**
 * The display's summary of an order (doc 2 §2: invoice code, position = table name, time from
 * updated_at in seconds, point, sub_total, total = total_price). Builds a fresh object of exactly
 * these fields, so no customer phone or name can follow the order into the message.
 */
export function displayOrderFrom(order: OrderForDisplay, lines: readonly OrderLineForDisplay[]): DisplayOrder {
  return {
    order_code: order.order_code,
    table_name: order.table_name,
    updated_at: order.updated_at,
    point: order.point,
    sub_total: order.sub_total,
    total: order.total_price,
    lines: lines.slice(0, DISPLAY_LINES_MAX).map((line) => ({ name: line.name, amount: line.amount, price: line.price })),
  };
}
