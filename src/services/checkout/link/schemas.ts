import { z } from '../../../config/zod-classic';

/**
 * The checkout service's merchant, widget and payment-link answers (D146–D148;
 * doc 2 §3 Merchant/widget info, §7 checkout service). Shared because three areas read them: the
 * widget setup (/e-com), Pay by Link (/pay-by-link) and the order payment screen's link tab; areas
 * never import each other. Times are unix seconds, money whole đồng.
 */

export const WIDGET_TYPES = ['cash', 'ewallet', 'qr_code', 'credit_card'] as const;
export const widgetTypeSchema = z.enum(WIDGET_TYPES);
export type WidgetType = z.infer<typeof widgetTypeSchema>;

/** `#rrggbb`; the service sends lowercase, read case-insensitively and kept lowercase so comparisons hold. */
export const colourSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .transform((colour) => colour.toLowerCase());

export const LOGO_HEIGHTS = [60, 80, 100] as const;
export const LOGO_POSITIONS = ['left', 'center', 'right'] as const;

export const widgetSchema = z.object({
  id: z.string().regex(/^wdg_[0-9a-f]{12}$/),
  primary_color: colourSchema,
  secondary_color: colourSchema,
  logo_url: z.string().min(1).max(2048).nullable(),
  logo_height: z.union([z.literal(60), z.literal(80), z.literal(100)]),
  logo_position: z.enum(LOGO_POSITIONS),
  button_color: colourSchema,
  button_border: z.boolean(),
  border_radius: z.number().int().min(0).max(24),
  button_text: z.string().max(30),
});
export type Widget = z.infer<typeof widgetSchema>;

export const PAYMENT_METHOD_GROUPS = ['offline', 'wallet', 'qr', 'card'] as const;
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  widget_type: widgetTypeSchema,
  name: z.string().max(200),
  group: z.enum(PAYMENT_METHOD_GROUPS),
  is_active: z.boolean(),
  active: z.boolean(),
});
export type CheckoutPaymentMethod = z.infer<typeof paymentMethodSchema>;

/** '' until the merchant saves them. */
const savedUrl = z.string().max(2048);

export const merchantInfoSchema = z.object({
  merchant_id: z.string().min(1).max(64),
  merchant_name: z.string().max(200),
  checkout_url: z.string().min(1).max(2048),
  return_url: savedUrl,
  cancel_url: savedUrl,
  ipn_url: savedUrl,
  widget: widgetSchema,
  payment_methods: z.array(paymentMethodSchema),
  active_methods: z.array(z.object({ name: widgetTypeSchema, active: z.boolean() })),
});
export type MerchantInfo = z.infer<typeof merchantInfoSchema>;

/** The spec's double `data`: `{data: {data: MerchantInfo}}`; the client strips the outer one. */
export const merchantInfoAnswerSchema = z.object({ data: merchantInfoSchema }).transform((answer) => answer.data);

export const LINK_STATUSES = ['OPEN', 'PAID', 'EXPIRED'] as const;
export const linkStatusSchema = z.enum(LINK_STATUSES);
export type LinkStatus = z.infer<typeof linkStatusSchema>;

/** The contract's limits on a link's amount (whole đồng). */
export const LINK_AMOUNT_MIN = 1_000;
export const LINK_AMOUNT_MAX = 999_999_999;
/** The contract's limit on a link's order id (after trimming). */
export const LINK_ORDER_ID_MAX = 64;

const unixSeconds = z.number().int().nonnegative();

export const paymentLinkSchema = z.object({
  id: z.string().regex(/^pl_[0-9a-f]{16}$/),
  url: z
    .string()
    .max(4096)
    .regex(/^https?:\/\/\S+$/),
  app_id: z.string().min(1).max(64),
  merchant_id: z.string().min(1).max(64),
  order_id: z.string().min(1).max(LINK_ORDER_ID_MAX),
  amount: z.number().int().min(LINK_AMOUNT_MIN).max(LINK_AMOUNT_MAX),
  invoice_id: z.number().int().positive().nullable(),
  status: linkStatusSchema,
  created_at: unixSeconds,
  expires_at: unixSeconds,
  paid_at: unixSeconds.nullable(),
  method: z.enum(['QR', 'CARD']).nullable(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

const count = z.number().int().nonnegative();

/** The list envelope as a whole (the toolkit's pager needs total_count, which the client's list() drops). */
export const paymentLinkPageSchema = z.object({
  data: z.array(paymentLinkSchema),
  total_page: count,
  page: count,
  page_size: count,
  total_count: count,
});

/** POST /payment-links body. */
export interface CreateLinkBody {
  app_id: string;
  /** Trimmed by the caller; 1..64 characters. */
  order_id: string;
  amount: number;
  /** The order being paid (the order payment screen's link tab); absent for a free link. */
  invoice_id?: number;
}

/** GET /payment-links query. */
export interface PaymentLinkQuery {
  page: number;
  /** 1..100. */
  pageSize: number;
  /** Order id contains (case- and accent-insensitive); '' = all. */
  q?: string;
  status?: LinkStatus | null;
}

/** GET /payment-links answer as the list toolkit reads it. */
export interface PaymentLinkPage {
  rows: PaymentLink[];
  totalPage: number;
  totalCount: number;
  page: number;
}

/** The link of one order (the order payment screen's link tab). */
export interface OrderLinkRequest {
  orderId: number;
  invoiceId: number;
  orderCode: string;
  total: number;
  appId: string;
}
