import { ApiError } from '../../platform/http/envelope';
import { merchantOf, MERCHANT_PARAM } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';

const MAX_LINK_MANY = 1000;

/** Triggers of the bank area. */
export const bankTriggers: TriggerDefinition[] = [
  {
    name: 'bank-link-many',
    summary: 'Links many verified accounts to a merchant at once (core §9: a dropdown of more than 100 accounts)',
    params: [
      { name: 'count', description: `how many accounts to link, 1 to ${MAX_LINK_MANY}`, required: true },
      { ...MERCHANT_PARAM, description: 'alias or id of the merchant (a throwaway copy, so others see no change)' },
    ],
    async run(ctx, params) {
      const count = Number(params.count);
      if (!Number.isInteger(count) || count < 1 || count > MAX_LINK_MANY) {
        throw new ApiError(400, 'BAD_REQUEST', `count must be a whole number from 1 to ${MAX_LINK_MANY}`, { fields: ['count'] });
      }
      const merchantId = await merchantOf(ctx, params);
      const [linked] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bank_accounts WHERE merchant_id = $1`, [
        merchantId,
      ]);
      // Numbers made from the merchant id and a running index: never another merchant's, never repeated.
      const first = linked?.n ?? 0;
      const id = merchantId.padStart(8, '0').slice(-8);
      const accounts = Array.from({ length: count }, (_, i) => `7${id}${String(first + i + 1).padStart(5, '0')}`);
      const now = ctx.clock.now();
      // One millisecond apart, in order: "the 150th account" is the 150th linked.
      await ctx.db.query(
        `INSERT INTO bank_accounts (merchant_id, bank_code, bank_account_no, holder_name, phone, is_internal_transfer, verified_at, created_at)
         SELECT $1, 'VCB', no, 'NGUYEN VAN MINH', '0900000000', true, $3, $3 + ord
           FROM unnest($2::text[]) WITH ORDINALITY AS t(no, ord)`,
        [merchantId, accounts, now],
      );
      return { merchant_id: merchantId, accounts };
    },
  },
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
