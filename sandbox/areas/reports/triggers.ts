import { ApiError } from '../../platform/http/envelope';
import { CHANNELS, STATUSES, type Channel, type Status } from '../../platform/transactions/channels';
import { wireId } from '../../platform/transactions/wire-id';
import { amountParam, merchantOf, MERCHANT_PARAM } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';

/**
 * A transaction row of any channel and status at a chosen time, without any event: what a test needs
 * to check the report totals and the dashboard figures (a failed payment, a loan credit, a payment of
 * last month) on a merchant of its own (decisions D62–D65).
 */
export const reportTriggers: TriggerDefinition[] = [
  {
    name: 'transaction',
    summary: 'Stores a transaction of any channel and status (no event): a row of that channel’s report, counted by the dashboard if paid.',
    params: [
      { name: 'channel', description: CHANNELS.join(', '), required: true },
      { name: 'amount', description: 'đồng, e.g. 150000', required: true },
      { name: 'status', description: 'a report status (default success)' },
      { name: 'at', description: 'when: unix ms or an ISO 8601 time (default now on the sandbox clock; not later)' },
      { name: 'transaction_type', description: 'saving and loan rows: CREDIT (default) or DEBIT' },
      MERCHANT_PARAM,
    ],
    async run(ctx, params) {
      const channel = params.channel as Channel;
      if (!(CHANNELS as readonly string[]).includes(channel)) {
        throw new ApiError(400, 'BAD_REQUEST', `channel must be one of ${CHANNELS.join(', ')}`, { field: 'channel' });
      }
      const status = (params.status || 'success') as Status;
      if (!(STATUSES as readonly string[]).includes(status)) throw new ApiError(400, 'BAD_REQUEST', 'unknown status', { field: 'status' });
      const amount = amountParam(params.amount);
      const now = ctx.clock.now();
      const at = params.at ? (/^\d{1,15}$/.test(params.at) ? Number(params.at) : Date.parse(params.at)) : now;
      // Rows later than the clock are hidden by every list, so one made there could never be seen.
      if (!Number.isSafeInteger(at) || at < 0 || at > now) {
        throw new ApiError(400, 'BAD_REQUEST', 'at must be a time not later than the sandbox clock', { field: 'at' });
      }
      const movesAccounts = channel === 'saving' || channel === 'loan';
      const type = movesAccounts ? (params.transaction_type || 'CREDIT').toUpperCase() : null;
      if (type !== null && type !== 'CREDIT' && type !== 'DEBIT') {
        throw new ApiError(400, 'BAD_REQUEST', 'transaction_type must be CREDIT or DEBIT', { field: 'transaction_type' });
      }
      const merchantId = await merchantOf(ctx, params);
      const [store] = await ctx.db.query<{ id: number }>(`SELECT id FROM stores WHERE merchant_id = $1 ORDER BY id LIMIT 1`, [merchantId]);
      if (!store) throw new ApiError(409, 'STORE_NOT_EXIST', 'The merchant has no store');
      const [row] = await ctx.db.query<{ id: number }>(
        `INSERT INTO transactions (merchant_id, channel, created_at, store_id, bill_id, amount, commission_fee, credit_status,
           status, response_code, use_qrpay, transaction_type)
         VALUES ($1, $2, $3, $4, '', $5, 0, 'not_credited', $6, $7, $8, $9) RETURNING id::int AS id`,
        [merchantId, channel, at, store.id, amount, status, status === 'fail' || status === 'error' ? '05' : '00', channel === 'va', type],
      );
      return { merchant_id: merchantId, id: wireId(channel, row!.id), channel, status, amount, created_at: at, transaction_type: type };
    },
  },
];
