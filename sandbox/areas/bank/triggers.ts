import { ApiError } from '../../platform/http/envelope';
import { merchantOf, MERCHANT_PARAM } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';

/** Triggers of the bank area (issue 4). */
export const bankTriggers: TriggerDefinition[] = [
  {
    name: 'bank-verify',
    summary: "The holder transferred from the bank's app: marks a linked account verified and emits its va event",
    params: [
      { name: 'account_no', description: 'the linked bank account number', required: true },
      { ...MERCHANT_PARAM, description: 'alias or id of the merchant that linked it (default phoco)' },
    ],
    async run(ctx, params) {
      const owner = { id: await merchantOf(ctx, params) };
      const [account] = await ctx.db.query<{ bank_account_no: string; bank_code: string }>(
        `UPDATE bank_accounts SET is_internal_transfer = true, verified_at = coalesce(verified_at, $3)
         WHERE merchant_id = $1 AND bank_account_no = $2 RETURNING bank_account_no, bank_code`,
        [owner.id, params.account_no, ctx.clock.now()],
      );
      if (!account) throw new ApiError(404, 'BANK_NOT_EXIST', `Merchant ${owner.id} has no linked account ${params.account_no ?? ''}`);
      const payload = { bank_account_no: account.bank_account_no, bank_code: account.bank_code, verified: true as const };
      ctx.realtime.emitToMerchant('va', owner.id, account.bank_account_no, payload);
      return { merchant_id: owner.id, ...payload };
    },
  },
];
