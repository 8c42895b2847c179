import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isHttpsLink,
  maskKey,
  PAYMENT_CODE,
  SAAS_IMAGE_PATH,
  UI_BANNERS_MAX,
  UI_TEXT_MAX,
  WALLET_KEY,
} from '../../../src/services/settings/schemas';
import type { UserRow } from '../../platform/auth/users';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { recordAudit } from '../audit';
import { authenticate, requireOwner } from '../../platform/http/authenticate';
import { ApiError, ok } from '../../platform/http/envelope';
import {
  DEFAULT_IMAGE_GROUPS,
  DEFAULT_IMAGE_NAMES,
  DEFAULT_IMAGE_PATH,
  defaultImage,
  defaultImagePath,
  type DefaultImageName,
} from './default-images';

interface FieldError {
  field: string;
  msg: string;
}

/** CONTRACT14 §A/§D: every failing field, in form order, English messages; never the value itself (it may be a key). */
const validationError = (errors: FieldError[]) =>
  new ApiError(400, 'VALIDATION_ERROR', `${errors[0]!.field}: ${errors[0]!.msg}`, { errors });

const obj = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

// --- e-order payment setup -------------------------------------------------------------------------

/** The two methods of the e-order form (doc 2 §2 "E-Order payment setup"); ids fixed, names as the bank shows them. */
const METHODS = [
  { id: 1, name: 'Ví điện tử', group: 'ewallet' },
  { id: 2, name: 'Thanh toán QR', group: 'qr' },
] as const;

interface SetupRow {
  redirect_url: string;
  cancel_url: string;
  ipn_url: string;
  ewallet_active: boolean;
  ewallet_url: string;
  ewallet_access_key: string;
  ewallet_secret_key: string;
  ewallet_partner_code: string;
  qr_active: boolean;
  qr_channel_id: string;
}

const EMPTY_SETUP: SetupRow = {
  redirect_url: '',
  cancel_url: '',
  ipn_url: '',
  ewallet_active: false,
  ewallet_url: '',
  ewallet_access_key: '',
  ewallet_secret_key: '',
  ewallet_partner_code: '',
  qr_active: false,
  qr_channel_id: '',
};

/** The payment setup as the audit log keeps it (D299): the wallet keys never, only whether they changed. */
function auditValues(s: SetupRow) {
  return {
    redirect_url: s.redirect_url,
    cancel_url: s.cancel_url,
    ipn_url: s.ipn_url,
    ewallet_active: s.ewallet_active,
    ewallet_url: s.ewallet_url,
    ewallet_partner_code: s.ewallet_partner_code,
    qr_active: s.qr_active,
    qr_channel_id: s.qr_channel_id,
  };
}

/** The e-order payment setup saved, and its audit entry with it (D299): the keys never, only whether they changed. */
async function savePaymentSetup(ctx: SandboxContext, user: UserRow, body: unknown): Promise<void> {
  const stored = await readSetup(ctx.db, user.merchant_id);
  const next = checkSetup(body, stored);
  const columns = Object.keys(EMPTY_SETUP) as (keyof SetupRow)[];
  const keysChanged = next.ewallet_access_key !== stored.ewallet_access_key || next.ewallet_secret_key !== stored.ewallet_secret_key;
  // D299: the setup and its audit entry land together.
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO eorder_payment_setup (merchant_id, ${columns.join(', ')}, updated_at)
     VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}, $${columns.length + 2})
     ON CONFLICT (merchant_id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = EXCLUDED.updated_at`,
      [user.merchant_id, ...columns.map((c) => next[c]), ctx.clock.now()],
    );
    await recordAudit(tx, ctx.clock.now(), user, {
      action: 'payment.settings.save',
      target: 'payment_settings',
      targetId: user.merchant_id,
      before: { ...auditValues(stored), ewallet_keys_changed: false },
      after: { ...auditValues(next), ewallet_keys_changed: keysChanged },
    });
  });
}

async function readSetup(db: Database, merchantId: string): Promise<SetupRow> {
  const [row] = await db.query<SetupRow & Record<string, unknown>>(`SELECT * FROM eorder_payment_setup WHERE merchant_id = $1`, [
    merchantId,
  ]);
  return row ?? EMPTY_SETUP;
}

/**
 * A key of the POST: '' or absent or the stored key's own mask keeps the stored one (the form shows
 * the mask and sends it back untouched); anything else must be a key.
 */
function nextKey(sent: unknown, stored: string, field: string, errors: FieldError[]): string {
  if (sent === undefined || sent === '' || (typeof sent === 'string' && stored && sent === maskKey(stored))) return stored;
  if (typeof sent !== 'string' || !WALLET_KEY.test(sent)) {
    errors.push({ field, msg: 'must be 8 to 255 visible ASCII characters' });
    return stored;
  }
  return sent;
}

function checkSetup(body: unknown, stored: SetupRow): SetupRow {
  const b = obj(body);
  if (!b) throw validationError([{ field: 'body', msg: 'must be a JSON object' }]);
  const errors: FieldError[] = [];
  const next: SetupRow = { ...stored };
  for (const name of ['redirect_url', 'cancel_url', 'ipn_url'] as const) {
    const value = b[name];
    if (typeof value !== 'string' || value === '') errors.push({ field: name, msg: 'is required' });
    else if (!isHttpsLink(value)) errors.push({ field: name, msg: 'must be an https URL of at most 2048 characters' });
    else next[name] = value;
  }
  const data = b.data;
  const entries = Array.isArray(data) ? data.map(obj) : null;
  const ids = entries?.map((e) => e?.id);
  if (
    !entries ||
    entries.length > METHODS.length ||
    entries.some((e) => !e || !obj(e.data)) ||
    new Set(ids).size !== ids!.length ||
    ids!.some((id) => !METHODS.some((m) => m.id === id))
  ) {
    errors.push({ field: 'data', msg: 'must list each method at most once as {id, data}' });
    throw validationError(errors);
  }
  // A method listed is turned on, one left out is off (its stored values kept for when it comes back).
  const ewallet = obj(entries.find((e) => e!.id === 1)?.data);
  const qr = obj(entries.find((e) => e!.id === 2)?.data);
  next.ewallet_active = ewallet !== null;
  next.qr_active = qr !== null;
  if (ewallet) {
    const url = ewallet.url;
    if (typeof url !== 'string' || url === '') errors.push({ field: 'ewallet.url', msg: 'is required' });
    else if (!isHttpsLink(url)) errors.push({ field: 'ewallet.url', msg: 'must be an https URL of at most 2048 characters' });
    else next.ewallet_url = url;
    next.ewallet_access_key = nextKey(ewallet.access_key, stored.ewallet_access_key, 'ewallet.access_key', errors);
    if (!next.ewallet_access_key && !errors.some((e) => e.field === 'ewallet.access_key'))
      errors.push({ field: 'ewallet.access_key', msg: 'is required' });
    next.ewallet_secret_key = nextKey(ewallet.secret_key, stored.ewallet_secret_key, 'ewallet.secret_key', errors);
    if (!next.ewallet_secret_key && !errors.some((e) => e.field === 'ewallet.secret_key'))
      errors.push({ field: 'ewallet.secret_key', msg: 'is required' });
    const code = ewallet.partner_code;
    if (typeof code !== 'string' || code === '') errors.push({ field: 'ewallet.partner_code', msg: 'is required' });
    else if (!PAYMENT_CODE.test(code)) errors.push({ field: 'ewallet.partner_code', msg: 'must be 1 to 64 letters, digits, _ . or -' });
    else next.ewallet_partner_code = code;
  }
  if (qr) {
    const channel = qr.channel_id;
    if (typeof channel !== 'string' || channel === '') errors.push({ field: 'qr.channel_id', msg: 'is required' });
    else if (!PAYMENT_CODE.test(channel)) errors.push({ field: 'qr.channel_id', msg: 'must be 1 to 64 letters, digits, _ . or -' });
    else next.qr_channel_id = channel;
  }
  if (errors.length > 0) throw validationError(errors);
  return next;
}

// --- screen customisation --------------------------------------------------------------------------

export interface UiCustom {
  banners: string[];
  first_welcome: string;
  second_welcome: string;
  order_img: string;
  success_payment_img: string;
  thank_content: string;
}

/** A background this merchant uploaded (POST /api/sale/saas/image?kind=background). */
async function ownBackground(db: Database, merchantId: string, url: string): Promise<boolean> {
  const match = SAAS_IMAGE_PATH.exec(url);
  if (!match) return false;
  const [row] = await db.query(`SELECT 1 FROM saas_images WHERE id = $1 AND merchant_id = $2 AND kind = 'background'`, [
    Number(match[1]),
    merchantId,
  ]);
  return Boolean(row);
}

const isDefault = (group: keyof typeof DEFAULT_IMAGE_GROUPS, url: string) =>
  (DEFAULT_IMAGE_GROUPS[group] as readonly string[]).some((name) => defaultImagePath(name as DefaultImageName) === url);

async function checkUiCustom(db: Database, merchantId: string, body: unknown): Promise<UiCustom> {
  const b = obj(body);
  if (!b) throw validationError([{ field: 'body', msg: 'must be a JSON object' }]);
  const errors: FieldError[] = [];
  const banners = b.banners;
  if (!Array.isArray(banners) || banners.length > UI_BANNERS_MAX || banners.some((u) => typeof u !== 'string'))
    errors.push({ field: 'banners', msg: `must be a list of at most ${UI_BANNERS_MAX} image URLs` });
  else
    for (const url of banners as string[])
      if (!(await ownBackground(db, merchantId, url))) {
        errors.push({ field: 'banners', msg: 'must be images uploaded by this merchant' });
        break;
      }
  const text = (name: 'first_welcome' | 'second_welcome' | 'thank_content') => {
    const value = b[name];
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (!trimmed) errors.push({ field: name, msg: 'is required' });
    else if ([...trimmed].length > UI_TEXT_MAX || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(trimmed))
      errors.push({ field: name, msg: `must be at most ${UI_TEXT_MAX} characters without control characters` });
    return trimmed;
  };
  const image = async (name: 'order_img' | 'success_payment_img', group: 'order' | 'success') => {
    const value = b[name];
    if (typeof value !== 'string' || value === '') errors.push({ field: name, msg: 'is required' });
    else if (!isDefault(group, value) && !(await ownBackground(db, merchantId, value)))
      errors.push({ field: name, msg: 'must be an uploaded image or one of the default images' });
    return typeof value === 'string' ? value : '';
  };
  // Form order: banners, first and second welcome, order image, success image, thank-you text.
  const first = text('first_welcome');
  const second = text('second_welcome');
  const orderImg = await image('order_img', 'order');
  const successImg = await image('success_payment_img', 'success');
  const thanks = text('thank_content');
  if (errors.length > 0) throw validationError(errors);
  return {
    banners: banners as string[],
    first_welcome: first,
    second_welcome: second,
    order_img: orderImg,
    success_payment_img: successImg,
    thank_content: thanks,
  };
}

/** The merchant's saved screen customisation, or null (also read by the customer display's route, D296). */
export async function readUiCustom(db: Database, merchantId: string): Promise<UiCustom | null> {
  const [row] = await db.query<UiCustom & Record<string, unknown>>(
    `SELECT banners, first_welcome, second_welcome, order_img, success_payment_img, thank_content FROM ui_custom WHERE merchant_id = $1`,
    [merchantId],
  );
  return row
    ? {
        banners: row.banners,
        first_welcome: row.first_welcome,
        second_welcome: row.second_welcome,
        order_img: row.order_img,
        success_payment_img: row.success_payment_img,
        thank_content: row.thank_content,
      }
    : null;
}

/**
 * The checkout service's e-order payment setup and screen customisation (doc 2 §3, §7; CONTRACT14 §D).
 * The payment setup is the owner's (D87); the customisation is read by owner and staff (the customer
 * display runs on the cashier's session) and written by the owner. The default images are the
 * sandbox's own stock pictures, public like any static file.
 */
export function registerCheckoutSettingsRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const owner = async (request: FastifyRequest) => requireOwner(await authenticate(ctx, request));

  app.get('/payment-config', async (request) => {
    const { user } = await owner(request);
    const s = await readSetup(ctx.db, user.merchant_id);
    return ok([
      {
        group: 'ewallet',
        data: {
          url: s.ewallet_url,
          access_key: maskKey(s.ewallet_access_key),
          secret_key: maskKey(s.ewallet_secret_key),
          partner_code: s.ewallet_partner_code,
        },
      },
      { group: 'qr', data: { channel_id: s.qr_channel_id } },
    ]);
  });

  app.get('/payment-method', async (request) => {
    const { user } = await owner(request);
    const s = await readSetup(ctx.db, user.merchant_id);
    return ok({
      payment_method: METHODS.map((m) => ({ ...m, active: m.group === 'ewallet' ? s.ewallet_active : s.qr_active })),
      endpoint: { redirect_url: s.redirect_url, cancel_url: s.cancel_url, ipn_url: s.ipn_url },
    });
  });

  app.post('/payment-method', async (request) => {
    const { user } = await owner(request);
    await savePaymentSetup(ctx, user, request.body);
    return ok('success');
  });

  app.get('/ui_custom/detail', async (request) => {
    const { user } = await authenticate(ctx, request);
    return ok(await readUiCustom(ctx.db, user.merchant_id));
  });

  app.post('/ui_custom/create_update', async (request) => {
    const { user } = await owner(request);
    const ui = await checkUiCustom(ctx.db, user.merchant_id, request.body);
    await ctx.db.query(
      `INSERT INTO ui_custom (merchant_id, banners, first_welcome, second_welcome, order_img, success_payment_img, thank_content, updated_at)
       VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (merchant_id) DO UPDATE SET banners = EXCLUDED.banners, first_welcome = EXCLUDED.first_welcome,
         second_welcome = EXCLUDED.second_welcome, order_img = EXCLUDED.order_img,
         success_payment_img = EXCLUDED.success_payment_img, thank_content = EXCLUDED.thank_content, updated_at = EXCLUDED.updated_at`,
      [
        user.merchant_id,
        JSON.stringify(ui.banners),
        ui.first_welcome,
        ui.second_welcome,
        ui.order_img,
        ui.success_payment_img,
        ui.thank_content,
        ctx.clock.now(),
      ],
    );
    return ok(ui);
  });

  app.get('/ui_custom/default_image', async (request) => {
    await authenticate(ctx, request);
    return ok({
      order: DEFAULT_IMAGE_GROUPS.order.map(defaultImagePath),
      success: DEFAULT_IMAGE_GROUPS.success.map(defaultImagePath),
    });
  });

  app.get('/ui_custom/order_img', async (request) => {
    const { user } = await authenticate(ctx, request);
    return ok({ order_img: (await readUiCustom(ctx.db, user.merchant_id))?.order_img ?? null });
  });

  app.get('/ui_custom/default_image/:file', async (request, reply) => {
    const match = DEFAULT_IMAGE_PATH.exec(`/api/checkout/ui_custom/default_image/${(request.params as { file?: string }).file ?? ''}`);
    const name = match?.[1] as DefaultImageName | undefined;
    if (!name || !DEFAULT_IMAGE_NAMES.includes(name)) throw new ApiError(404, 'NOT_FOUND', 'No such image');
    return reply
      .type('image/jpeg')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'")
      .header('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(defaultImage(name)));
  });
}
