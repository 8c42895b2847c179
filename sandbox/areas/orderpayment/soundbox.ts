import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { orderEmpty, orderPaid, orderQr, orderReceivingAccount, orderStore, pendingQr } from '../../platform/sale/settlement';
import type { TriggerDefinition } from '../../platform/triggers/registry';

/**
 * Pushing an order's VietQR to a Soundbox (core §7 POST /payment/push-qr-terminal "soundbox payment":
 * the decoded QR, the serial, the order id; D298). The Soundbox is one of the edc area's machines
 * (type_edc 2): it must be the caller's, in the order's store (D297: the QR pays that store's
 * ShopQR), activated (core §4) and ONLINE; the QR must be the order's current one (the string its
 * pending QR payment shows). One push per (Soundbox, order, QR): a repeat answers the same push.
 * Scoped to the caller's merchant; owner and staff alike (a cashier is staff, D115).
 */

const SOUNDBOX = 2;
const QR_MAX = 512;

interface PushRow {
  serial_number: string;
  order_id: number;
  order_code: string;
  qr: string;
  amount: number;
  pushed_at: number;
  last_pushed_at: number;
  times: number;
}

const pushOut = (r: PushRow) => ({
  serial_number: r.serial_number,
  order_id: Number(r.order_id),
  order_code: r.order_code,
  qr: r.qr,
  amount: Number(r.amount),
  pushed_at: Math.floor(Number(r.pushed_at) / 1000),
  last_pushed_at: Math.floor(Number(r.last_pushed_at) / 1000),
  times: Number(r.times),
  repeated: Number(r.times) > 1,
});

function bodyOf(request: FastifyRequest): { qr: string; serial: string; orderId: number } {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
  const missing = ['qr', 'serial_number', 'order_id'].filter(
    (name) => body[name] === undefined || body[name] === null || body[name] === '',
  );
  if (missing.length > 0) throw required(missing);
  const { qr, serial_number: serial, order_id: orderId } = body;
  const bad = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });
  if (typeof qr !== 'string' || qr.length > QR_MAX) throw bad('qr', `qr is the decoded QR text, at most ${QR_MAX} characters`);
  if (typeof serial !== 'string' || serial.trim() === '' || serial.length > 64)
    throw bad('serial_number', 'serial_number is at most 64 characters');
  if (typeof orderId !== 'number' || !Number.isInteger(orderId) || orderId < 1 || orderId > 2_147_483_647) {
    throw bad('order_id', 'order_id is a whole number');
  }
  return { qr, serial: serial.trim(), orderId };
}

interface SoundboxRow {
  serial_number: string;
  store_id: number | null;
  status: string | null;
  activated_at: number | null;
}

/** Why a Soundbox may not show this order's QR, or null when it may (D298). */
async function refusal(ctx: SandboxContext, merchantId: string, box: SoundboxRow | undefined, orderStoreId: number | null) {
  if (!box) return new ApiError(404, 'NOT_FOUND', 'No such Soundbox', { field: 'serial_number' });
  if (box.store_id === null || box.store_id !== orderStoreId) {
    const store = await orderStore(ctx.db, merchantId, orderStoreId);
    return new ApiError(409, 'SOUNDBOX_OTHER_STORE', "The Soundbox is not in the order's store", {
      field: 'serial_number',
      store_id: store?.id ?? null,
      store_name: store?.name ?? null,
    });
  }
  if (box.activated_at === null)
    return new ApiError(409, 'SOUNDBOX_NOT_ACTIVE', 'The Soundbox is not activated', { field: 'serial_number' });
  if (box.status !== 'ONLINE')
    return new ApiError(409, 'TERMINAL_OFFLINE', 'The Soundbox is not connected', { status: box.status ?? 'NOT_CONNECTED' });
  return null;
}

export function registerSoundboxRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/payment/push-qr-terminal', async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const { qr, serial, orderId } = bodyOf(request);
    const merchantId = user.merchant_id;
    const [order] = await ctx.db.query<{ id: number; order_code: string; status: number; total_price: number; store_id: number | null }>(
      `SELECT id, order_code, status, total_price::float8 AS total_price, store_id FROM sale_orders WHERE merchant_id = $1 AND id = $2`,
      [merchantId, orderId],
    );
    if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order', { field: 'order_id' });
    if (order.status === 0) throw await orderPaid(ctx.db, order.id);
    if (Number(order.total_price) <= 0) throw orderEmpty();
    const account = await orderReceivingAccount(ctx.db, merchantId, order.store_id);
    const [box] = await ctx.db.query<SoundboxRow & Record<string, unknown>>(
      `SELECT serial_number, store_id, status, activated_at FROM edc_devices WHERE merchant_id = $1 AND serial_number = $2 AND type_edc = $3`,
      [merchantId, serial, SOUNDBOX],
    );
    const refused = await refusal(ctx, merchantId, box, account?.store_id ?? null);
    if (refused) throw refused;
    // The current QR: the one the order's pending QR payment holds, at that amount, to the account the
    // order's QR pays now. A QR made before the order changed, cancelled, or of another order is refused.
    const pending = await pendingQr(ctx.db, order.id);
    const current = account && pending ? orderQr(account, Number(pending.amount), order.order_code) : null;
    if (current === null || qr !== current) {
      throw new ApiError(409, 'QR_NOT_CURRENT', "The QR is not this order's current QR; show the order's QR again", { field: 'qr' });
    }
    const now = ctx.clock.now();
    const [row] = await ctx.db.query<PushRow & Record<string, unknown>>(
      `INSERT INTO soundbox_pushes AS p (merchant_id, serial_number, order_id, qr, amount, pushed_at, last_pushed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)
       ON CONFLICT (serial_number, order_id, qr) DO UPDATE SET last_pushed_at = EXCLUDED.last_pushed_at, times = p.times + 1
       RETURNING p.serial_number, p.order_id, $7::text AS order_code, p.qr, p.amount, p.pushed_at, p.last_pushed_at, p.times`,
      [merchantId, box!.serial_number, order.id, qr, Number(pending!.amount), now, order.order_code],
    );
    return ok(pushOut(row!));
  });
}

export const soundboxTriggers: TriggerDefinition[] = [
  {
    name: 'soundbox-received',
    summary: 'What a Soundbox shows: the last order QR pushed to it (POST /payment/push-qr-terminal), or null.',
    params: [{ name: 'serial', description: 'serial_number of the Soundbox', required: true }],
    async run(ctx, params) {
      const serial = (params.serial ?? '').trim();
      const [box] = await ctx.db.query<{ merchant_id: string; store_id: number | null }>(
        `SELECT merchant_id, store_id FROM edc_devices WHERE serial_number = $1 AND type_edc = $2`,
        [serial, SOUNDBOX],
      );
      if (!box) throw new ApiError(404, 'NOT_FOUND', `No Soundbox with serial "${serial}"`, { field: 'serial' });
      const [row] = await ctx.db.query<PushRow & Record<string, unknown>>(
        `SELECT p.serial_number, p.order_id, o.order_code, p.qr, p.amount, p.pushed_at, p.last_pushed_at, p.times
           FROM soundbox_pushes p JOIN sale_orders o ON o.id = p.order_id
          WHERE p.serial_number = $1 ORDER BY p.last_pushed_at DESC, p.id DESC LIMIT 1`,
        [serial],
      );
      return { serial, merchant_id: box.merchant_id, store_id: box.store_id, received: row ? pushOut(row) : null };
    },
  },
];
