import { z } from '../../config/zod-classic';
import { LINK_AMOUNT_MAX, LINK_AMOUNT_MIN, linkStatusSchema, widgetSchema, widgetTypeSchema, type WidgetType } from './link/schemas';

/**
 * The hosted checkout page's public answers (docs/areas/checkout.md "Hosted checkout page"; D149–D151). The widget is the same schema the
 * portal's /e-com reads (src/services/checkout/link/), so the page and its preview cannot disagree.
 */

const unixSeconds = z.number().int().nonnegative();

export const payInfoSchema = z.object({
  status: linkStatusSchema,
  link_id: z.string().regex(/^pl_[0-9a-f]{16}$/),
  order_id: z.string().min(1).max(64),
  amount: z.number().int().min(LINK_AMOUNT_MIN).max(LINK_AMOUNT_MAX),
  merchant_name: z.string().max(200),
  expires_at: unixSeconds,
  paid_at: unixSeconds.nullable(),
  method: z.enum(['QR', 'CARD']).nullable(),
  widget: widgetSchema,
  // Only what a payer can use online; the service never offers cash here, and an unknown kind is dropped.
  methods: z.array(z.unknown()).transform((list) => list.filter((m): m is WidgetType => widgetTypeSchema.safeParse(m).success)),
  return_url: z.string().max(2048),
  cancel_url: z.string().max(2048),
});
export type PayInfo = z.infer<typeof payInfoSchema>;

export const payQrSchema = z.object({ qr: z.string().min(1).max(512), amount: z.number().int().positive() });
export type PayQr = z.infer<typeof payQrSchema>;

export const cardPaidSchema = z.object({ status: z.literal('PAID'), paid_at: unixSeconds });
export type CardPaid = z.infer<typeof cardPaidSchema>;

export const LINK_PARAM_NAMES = ['appId', 'orderId', 'amount', 'merchantId', 'createdAt', 'expiresAt', 'sig'] as const;
export type LinkParams = Record<(typeof LINK_PARAM_NAMES)[number], string>;

export interface CardInput {
  /** Digits only. */
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  holder: string;
}
