import { randomBytes } from 'node:crypto';
import { stripVietnameseDiacritics } from '../../../src/services/qr/vietqr';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { ApiError } from '../../platform/http/envelope';
import { LINK_LIFETIME_SECONDS, linkUrl, type LinkValues } from './signing';

/**
 * The checkout service's records (CONTRACT14 §A, §B) and their wire shapes. One checkout record per
 * merchant, holding its one widget; payment methods are the bank's four, each switched on or off by
 * the merchant; links belong to a merchant and name its widget.
 */

export const WIDGET_TYPES = ['cash', 'ewallet', 'qr_code', 'credit_card'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** The bank's catalogue (doc 2 §3 Widget payment methods); ids fixed so a form can name them. */
export const METHODS: readonly { id: number; widget_type: WidgetType; name: string; group: 'offline' | 'wallet' | 'qr' | 'card' }[] = [
  { id: 1, widget_type: 'cash', name: 'Tiền mặt', group: 'offline' },
  { id: 2, widget_type: 'ewallet', name: 'Ví điện tử', group: 'wallet' },
  { id: 3, widget_type: 'qr_code', name: 'Thanh toán bằng mã VietQR', group: 'qr' },
  { id: 4, widget_type: 'credit_card', name: 'Thẻ ngân hàng (tín dụng, ghi nợ)', group: 'card' },
];
/** Contract §A: a new record has QR and card on, cash and e-wallet off. */
export const DEFAULT_ACTIVE: readonly WidgetType[] = ['qr_code', 'credit_card'];
/** What the hosted page can take (contract §C): cash is for the counter, never online. */
export const ONLINE_METHODS: readonly WidgetType[] = ['qr_code', 'credit_card', 'ewallet'];

export const WIDGET_ID = /^wdg_[0-9a-f]{12}$/;
export const LINK_ID = /^pl_[0-9a-f]{16}$/;

export interface CheckoutRow {
  merchant_id: string;
  merchant_name: string;
  return_url: string;
  cancel_url: string;
  ipn_url: string;
  widget_id: string;
  primary_color: string;
  secondary_color: string;
  button_color: string;
  logo_height: number;
  logo_position: 'left' | 'center' | 'right';
  button_border: boolean;
  border_radius: number;
  button_text: string;
  logo_hash: string | null;
}

const CHECKOUT_COLUMNS = `merchant_id, merchant_name, return_url, cancel_url, ipn_url, widget_id, primary_color, secondary_color,
  button_color, logo_height, logo_position, button_border, border_radius, button_text, logo_hash`;

export const checkoutUrl = (ctx: SandboxContext) => `${ctx.publicUrl().replace(/\/+$/, '')}/checkout/`;
export const logoUrl = (row: CheckoutRow) => (row.logo_hash ? `/api/checkout/widgets/${row.widget_id}/logo?v=${row.logo_hash}` : null);

export const widgetOut = (row: CheckoutRow) => ({
  id: row.widget_id,
  primary_color: row.primary_color,
  secondary_color: row.secondary_color,
  logo_url: logoUrl(row),
  logo_height: row.logo_height as 60 | 80 | 100,
  logo_position: row.logo_position,
  button_color: row.button_color,
  button_border: row.button_border,
  border_radius: row.border_radius,
  button_text: row.button_text,
});

export async function checkoutRecord(db: Database, merchantId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.query<CheckoutRow & Record<string, unknown>>(
    `SELECT ${CHECKOUT_COLUMNS} FROM checkout_merchants WHERE merchant_id = $1`,
    [merchantId],
  );
  return row;
}

export async function recordByWidget(db: Database, widgetId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.query<CheckoutRow & Record<string, unknown>>(
    `SELECT ${CHECKOUT_COLUMNS} FROM checkout_merchants WHERE widget_id = $1`,
    [widgetId],
  );
  return row;
}

export async function activeMethods(db: Database, merchantId: string): Promise<Map<WidgetType, boolean>> {
  const rows = await db.query<{ widget_type: WidgetType; active: boolean }>(
    `SELECT widget_type, active FROM checkout_methods WHERE merchant_id = $1`,
    [merchantId],
  );
  return new Map(rows.map((r) => [r.widget_type, r.active]));
}

/** MerchantInfo (contract §A). */
export async function merchantInfo(ctx: SandboxContext, row: CheckoutRow) {
  const active = await activeMethods(ctx.db, row.merchant_id);
  return {
    merchant_id: row.merchant_id,
    merchant_name: row.merchant_name,
    checkout_url: checkoutUrl(ctx),
    return_url: row.return_url,
    cancel_url: row.cancel_url,
    ipn_url: row.ipn_url,
    widget: widgetOut(row),
    payment_methods: METHODS.map((m) => ({ ...m, is_active: true, active: active.get(m.widget_type) ?? false })),
    active_methods: METHODS.map((m) => ({ name: m.widget_type, active: active.get(m.widget_type) ?? false })),
  };
}

/**
 * The merchant's checkout record, made with the defaults (doc 2 §9) when it has none; the name is the
 * business profile's. Two callers racing to create it get the same one.
 */
export async function ensureRecord(
  db: Database,
  merchantId: string,
  now: number,
  urls: { return_url: string; cancel_url: string; ipn_url: string } = { return_url: '', cancel_url: '', ipn_url: '' },
): Promise<CheckoutRow> {
  await db.query(
    `INSERT INTO checkout_merchants (merchant_id, merchant_name, return_url, cancel_url, ipn_url, widget_id, created_at, updated_at)
     SELECT id, left(coalesce(nullif(trademark, ''), name), 100), $2, $3, $4, $5, $6, $6 FROM merchants WHERE id = $1
     ON CONFLICT (merchant_id) DO NOTHING`,
    [merchantId, urls.return_url, urls.cancel_url, urls.ipn_url, `wdg_${randomBytes(6).toString('hex')}`, now],
  );
  await db.query(
    `INSERT INTO checkout_methods (merchant_id, widget_type, active)
     SELECT $1, t, t = ANY($3::text[]) FROM unnest($2::text[]) AS t
     ON CONFLICT DO NOTHING`,
    [merchantId, WIDGET_TYPES, DEFAULT_ACTIVE],
  );
  return (await checkoutRecord(db, merchantId))!;
}

export async function setActive(db: Database, merchantId: string, changes: ReadonlyMap<WidgetType, boolean>): Promise<void> {
  for (const [type, active] of changes) {
    await db.query(`UPDATE checkout_methods SET active = $3 WHERE merchant_id = $1 AND widget_type = $2`, [merchantId, type, active]);
  }
}

// ---- payment links ----

export interface LinkRow {
  id: string;
  merchant_id: string;
  app_id: string;
  order_id: string;
  amount: number;
  invoice_id: number | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  method: 'QR' | 'CARD' | null;
  /** Computed: PAID when paid by the link or when its order was paid another way (D151). */
  status: 'OPEN' | 'PAID' | 'EXPIRED';
}

/**
 * A link with its computed state. A link made for an order whose order was then paid at the counter
 * reads PAID (with that payment's time and no link method): it must not take a second payment. A link
 * the merchant cancelled reads EXPIRED (D216): it can no longer take money.
 */
export const LINK_SELECT = (
  nowParam: string,
) => `SELECT l.id, l.seq, l.merchant_id, l.app_id, l.order_fold, l.order_id, l.amount::float8 AS amount, l.invoice_id,
    l.created_at::float8 AS created_at, l.expires_at::float8 AS expires_at,
    coalesce(l.paid_at, CASE WHEN o.status = 0 THEN floor(o.paid_at / 1000) END)::float8 AS paid_at, l.method,
    CASE WHEN l.paid_at IS NOT NULL OR o.status = 0 THEN 'PAID' WHEN l.cancelled_at IS NOT NULL OR l.expires_at <= ${nowParam} THEN 'EXPIRED'
      ELSE 'OPEN' END AS status
  FROM payment_links l LEFT JOIN sale_orders o ON l.invoice_id IS NOT NULL AND o.merchant_id = l.merchant_id AND o.invoice_id = l.invoice_id`;

export const linkValues = (
  link: Pick<LinkRow, 'app_id' | 'order_id' | 'amount' | 'merchant_id' | 'created_at' | 'expires_at'>,
): LinkValues => ({
  appId: link.app_id,
  orderId: link.order_id,
  amount: String(link.amount),
  merchantId: link.merchant_id,
  createdAt: String(link.created_at),
  expiresAt: String(link.expires_at),
});

export const linkOut = (ctx: SandboxContext, link: LinkRow) => ({
  id: link.id,
  url: linkUrl(checkoutUrl(ctx), linkValues(link)),
  app_id: link.app_id,
  merchant_id: link.merchant_id,
  order_id: link.order_id,
  amount: Number(link.amount),
  invoice_id: link.invoice_id,
  status: link.status,
  created_at: Number(link.created_at),
  expires_at: Number(link.expires_at),
  paid_at: link.paid_at === null ? null : Number(link.paid_at),
  method: link.method,
});

export async function linkById(ctx: SandboxContext, merchantId: string, id: string): Promise<LinkRow | undefined> {
  const [row] = await ctx.db.query<LinkRow & Record<string, unknown>>(`${LINK_SELECT('$3')} WHERE l.merchant_id = $1 AND l.id = $2`, [
    merchantId,
    id,
    ctx.clock.nowSeconds(),
  ]);
  return row;
}

/** The link these signed values name (the signature already checked), if it exists. */
export async function linkByValues(ctx: SandboxContext, v: LinkValues): Promise<LinkRow | undefined> {
  if (!/^\d{1,12}$/.test(v.amount) || !/^\d{1,12}$/.test(v.createdAt) || !/^\d{1,12}$/.test(v.expiresAt)) return undefined;
  const [row] = await ctx.db.query<LinkRow & Record<string, unknown>>(
    `${LINK_SELECT('$7')} WHERE l.merchant_id = $1 AND l.app_id = $2 AND l.order_id = $3 AND l.amount = $4 AND l.created_at = $5 AND l.expires_at = $6`,
    [v.merchantId, v.appId, v.orderId, Number(v.amount), Number(v.createdAt), Number(v.expiresAt), ctx.clock.nowSeconds()],
  );
  return row;
}

/** Lower case without diacritics, for the list's search. */
export const foldText = (text: string) => stripVietnameseDiacritics(text).toLowerCase();

export interface NewLink {
  appId: string;
  orderId: string;
  amount: number;
  invoiceId: number | null;
}

/** Inserts a link; the same six signed values as an existing link answer that link instead (D147). */
export async function insertLink(ctx: SandboxContext, merchantId: string, input: NewLink): Promise<{ link: LinkRow; created: boolean }> {
  const createdAt = ctx.clock.nowSeconds();
  const expiresAt = createdAt + LINK_LIFETIME_SECONDS;
  const id = `pl_${randomBytes(8).toString('hex')}`;
  const inserted = await ctx.db.query(
    `INSERT INTO payment_links (id, merchant_id, app_id, order_id, order_fold, amount, invoice_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (merchant_id, app_id, order_id, amount, created_at, expires_at) DO NOTHING RETURNING id`,
    [id, merchantId, input.appId, input.orderId, foldText(input.orderId), input.amount, input.invoiceId, createdAt, expiresAt],
  );
  if (inserted.length === 1) return { link: (await linkById(ctx, merchantId, id))!, created: true };
  const same = await linkByValues(ctx, {
    appId: input.appId,
    orderId: input.orderId,
    amount: String(input.amount),
    merchantId,
    createdAt: String(createdAt),
    expiresAt: String(expiresAt),
  });
  if (!same) throw new ApiError(409, 'CONFLICT', 'The link could not be made; try again');
  return { link: same, created: false };
}
