import { ApiError } from '../../platform/http/envelope';
import { wireId } from '../../platform/transactions/wire-id';
import { vnIso } from '../../platform/vn-time';
import { findDeviceBySerial } from './routes';
import { amountParam, emitVaPayment } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';

/** Triggers of the edc area: a card machine changes connection state or takes a payment. */

const STATES = ['ONLINE', 'OFFLINE', 'NOT_CONNECTED'] as const;
const MAX_AMOUNT = 10_000_000_000;

async function deviceOrFail(ctx: Parameters<TriggerDefinition['run']>[0], serial: string) {
  const device = await findDeviceBySerial(ctx.db, serial.trim());
  if (!device) throw new ApiError(404, 'BAD_REQUEST', `No card machine with serial "${serial}"`, { field: 'serial' });
  return device;
}

export const edcTriggers: TriggerDefinition[] = [
  {
    name: 'terminal-status',
    summary: "Sets a card machine's connection state (what GET /pos/check-status answers next).",
    params: [
      { name: 'serial', description: 'serial_number of the machine', required: true },
      { name: 'status', description: 'ONLINE, OFFLINE or NOT_CONNECTED', required: true },
    ],
    async run(ctx, params) {
      const status = (params.status ?? '').trim().toUpperCase();
      if (!(STATES as readonly string[]).includes(status)) {
        throw new ApiError(400, 'BAD_REQUEST', 'status must be ONLINE, OFFLINE or NOT_CONNECTED', { field: 'status' });
      }
      const device = await deviceOrFail(ctx, params.serial ?? '');
      const previous = device.status;
      await ctx.db.query(`UPDATE edc_devices SET status = $1 WHERE id = $2`, [status, device.id]);
      return { serial: device.serial_number, merchant_id: device.merchant_id, previous, status };
    },
  },
  {
    name: 'terminal-payment',
    summary: "A card payment on a machine: stores a card transaction for the machine's store and emits the va payment event.",
    params: [
      { name: 'serial', description: 'serial_number of the machine', required: true },
      { name: 'amount', description: 'VND, e.g. 150000', required: true },
    ],
    async run(ctx, params) {
      const amount = amountParam(params.amount, { max: MAX_AMOUNT });
      const device = await deviceOrFail(ctx, params.serial ?? '');
      if (device.store_id === null) throw new ApiError(409, 'BAD_REQUEST', 'The machine belongs to no store', { field: 'serial' });
      const now = ctx.clock.now();
      const [row] = await ctx.db.query<{ id: number }>(
        `INSERT INTO transactions (merchant_id, channel, created_at, store_id, bill_id, card_id, amount, commission_fee,
           credit_status, status, response_code, use_qrpay)
         VALUES ($1, 'card', $2, $3, $4, $5, $6, $7, 'not_credited', 'success', '00', false) RETURNING id::int AS id`,
        [
          device.merchant_id,
          now,
          device.store_id,
          `HD${vnIso(now).slice(2, 10).replace(/-/g, '')}${String(now % 100_000).padStart(5, '0')}`,
          `970436******${String(now % 10_000).padStart(4, '0')}`,
          amount,
          Math.floor(amount * 0.011),
        ],
      );
      const transactionId = wireId('card', row!.id);
      const kind = device.type_edc === 2 ? 'Soundbox' : 'POS';
      const payload = emitVaPayment(ctx, device.merchant_id, {
        transactionId,
        amount,
        message: `Thanh toán thẻ qua máy ${kind} ${device.serial_number}`,
        vaAccountNo: device.va_account_no,
        at: now,
      });
      return { merchant_id: device.merchant_id, store_id: device.store_id, event: payload };
    },
  },
];
