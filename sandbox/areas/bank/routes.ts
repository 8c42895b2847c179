import type { FastifyInstance } from 'fastify';
import { VERIFY_AMOUNT, VERIFY_DESCRIPTION } from '../../../src/services/bank/schemas';
import { buildVietQr, MAX_PURPOSE_LENGTH, stripVietnameseDiacritics } from '../../../src/services/qr/vietqr';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticate, authenticateOwner } from '../../platform/http/authenticate';
import { ApiError, field, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';
import { maskAccountNo } from '../../../src/rules/audit';
import { recordAudit } from '../audit';

/**
 * /bank/account, /bank/holder-name, /bank/qr, /metadata/list-bank, /metadata/bank-account (calls in
 * docs/contracts/receiving-money.md, "bank"). The bank's own records (bank_registry) stand in for the
 * bank: the holder lookup reads them and adding an account is checked against them.
 */

interface BankRow {
  bank_code: string;
  bin: string;
  short_name: string;
  name: string;
}

interface AccountRow {
  id: number;
  bank_code: string;
  bank_account_no: string;
  holder_name: string;
  phone: string;
  is_internal_transfer: boolean;
}

const ACCOUNT_NO = /^\d{6,19}$/;
const MAX_PAGE_SIZE = 100;
/** core §9: dropdown lists fetch up to 100,000 rows (the shape of /metadata/store). */
export const MAX_DROPDOWN_PAGE_SIZE = 100_000;
/** Why the bank refuses an account it knows (bank_registry.state) → core §8 code. */
const REFUSALS: Record<string, string> = {
  SPECIALIZED: 'ACCOUNT_SPECILIZED',
  WRITE_LOCKED: 'ACCOUNT_WRITE_LOCKED',
  CLOSED: 'ACCOUNT_CLOSED_REDISTERED',
};

/** Vietnamese mobile numbers in their national form: +84 / 84 become 0 (notes: mobile phone numbers). */
export function nationalPhone(value: string): string | null {
  const compact = value.replace(/[\s.-]/g, '');
  const m = /^(?:0|\+?84)([3-9]\d{8})$/.exec(compact);
  return m ? `0${m[1]}` : null;
}

const toWire = (r: AccountRow) => ({
  id: r.id,
  name: r.bank_account_no,
  holder_name: r.holder_name,
  bank_code: r.bank_code,
  is_internal_transfer: r.is_internal_transfer,
  phone: r.phone,
});

async function findBank(db: Database, code: string): Promise<BankRow | undefined> {
  const [bank] = await db.query<BankRow & Record<string, unknown>>(`SELECT * FROM banks WHERE bank_code = $1`, [code]);
  return bank;
}

function queryString(query: unknown, name: string): string {
  const value = (query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.trim() : '';
}

export function verificationQr(bin: string, accountNo: string, amount: number, description: string): string {
  const purpose = stripVietnameseDiacritics(description).slice(0, MAX_PURPOSE_LENGTH);
  return buildVietQr({ bin, accountNumber: accountNo, ...(amount > 0 ? { amount } : {}), ...(purpose ? { purpose } : {}) });
}

/** The banks, the merchant's accounts, an account holder's name and an account's QR: open to every signed-in user. */
function registerBankReadRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/metadata/list-bank', async (request) => {
    await authenticate(ctx, request);
    return ok(await ctx.db.query(`SELECT bank_code, bin, short_name, name FROM banks ORDER BY short_name`));
  });

  app.get('/bank/account', async (request) => {
    const { user } = await authenticate(ctx, request);
    const page = queryInt(request.query, 'page', 1, 1_000_000);
    const pageSize = queryInt(request.query, 'page_size', 10, MAX_PAGE_SIZE);
    // Optional: one account by number (the portal asks after a realtime reconnect whether it got verified).
    const accountNo = queryString(request.query, 'bank_account_no');
    const where = accountNo ? `merchant_id = $1 AND bank_account_no = $2` : `merchant_id = $1`;
    const params: unknown[] = accountNo ? [user.merchant_id, accountNo] : [user.merchant_id];
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bank_accounts WHERE ${where}`, params);
    const rows = await ctx.db.query<AccountRow & Record<string, unknown>>(
      `SELECT id, bank_code, bank_account_no, holder_name, phone, is_internal_transfer FROM bank_accounts WHERE ${where}
       ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    const total = count?.n ?? 0;
    return { data: rows.map(toWire), total_page: Math.ceil(total / pageSize), page, page_size: pageSize };
  });

  // The ShopQR form's dropdown (core §9: up to 100,000 rows in one call, like /metadata/store); the
  // /bank screen keeps its 100-row pages. Only what a dropdown needs: no phone.
  app.get('/metadata/bank-account', async (request) => {
    const { user } = await authenticate(ctx, request);
    const pageSize = queryInt(request.query, 'page_size', 10, MAX_DROPDOWN_PAGE_SIZE);
    const page = queryInt(request.query, 'page', 1, 1_000_000);
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bank_accounts WHERE merchant_id = $1`, [
      user.merchant_id,
    ]);
    const rows = await ctx.db.query(
      `SELECT id, bank_account_no AS name, holder_name, bank_code, is_internal_transfer FROM bank_accounts WHERE merchant_id = $1
       ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      [user.merchant_id],
    );
    return { data: rows, total_page: Math.ceil((count?.n ?? 0) / pageSize), page, page_size: pageSize };
  });

  app.get('/bank/holder-name', async (request) => {
    await authenticate(ctx, request);
    const accountNo = queryString(request.query, 'account_no');
    const bankCode = queryString(request.query, 'bank_code');
    const missing = [...(accountNo ? [] : ['account_no']), ...(bankCode ? [] : ['bank_code'])];
    if (missing.length) throw required(missing);
    const bank = await findBank(ctx.db, bankCode);
    if (!bank || !ACCOUNT_NO.test(accountNo)) throw new ApiError(400, 'BANK_INCORRECT', 'Unknown bank or malformed account number');
    const [known] = await ctx.db.query<{ holder_name: string }>(
      `SELECT holder_name FROM bank_registry WHERE bank_code = $1 AND account_no = $2`,
      [bankCode, accountNo],
    );
    if (!known) throw new ApiError(404, `CUSTOMER_NOT_FOUND_${bankCode}`, 'The bank has no such account');
    return ok({ holder_name: known.holder_name });
  });

  app.get('/bank/qr', async (request) => {
    const { user } = await authenticate(ctx, request);
    const accountNo = queryString(request.query, 'bank_account_no');
    if (!accountNo) throw required(['bank_account_no']);
    const amountText = queryString(request.query, 'amount');
    if (amountText !== '' && !/^\d{1,13}$/.test(amountText))
      throw new ApiError(400, 'BAD_REQUEST', 'amount must be whole dong', { field: 'amount' });
    const amount = amountText === '' ? 0 : Number(amountText);
    const description = queryString(request.query, 'description') || VERIFY_DESCRIPTION;
    if (!/^[\x20-\x7E\u00C0-\u1EF9]{0,100}$/.test(description)) {
      throw new ApiError(400, 'BAD_REQUEST', 'description has characters a QR cannot carry', { field: 'description' });
    }
    const [account] = await ctx.db.query<{ bin: string }>(
      `SELECT b.bin FROM bank_accounts a JOIN banks b USING (bank_code) WHERE a.merchant_id = $1 AND a.bank_account_no = $2`,
      [user.merchant_id, accountNo],
    );
    if (!account) throw new ApiError(404, 'BANK_NOT_EXIST', 'No such bank account');
    return ok({ qr: verificationQr(account.bin, accountNo, amount, description) });
  });
}

/** Linking and unlinking accounts. */
function registerBankLinkRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // Linking and unlinking accounts is the owner's (D87); the lists, QR and lookups stay open.
  app.post('/bank/account', async (request, reply) => {
    const { user } = await authenticateOwner(ctx, request);
    const body = {
      bank_account_no: (field(request.body, 'bank_account_no') ?? '').trim(),
      bank_code: (field(request.body, 'bank_code') ?? '').trim(),
      holder_name: (field(request.body, 'holder_name') ?? '').trim(),
      phone: (field(request.body, 'phone') ?? '').trim(),
    };
    const missing = Object.entries(body)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length) throw required(missing);
    const phone = nationalPhone(body.phone);
    if (!phone) throw new ApiError(400, 'REQUIRED', 'phone is not a Vietnamese mobile number', { fields: ['phone'] });
    const bank = await findBank(ctx.db, body.bank_code);
    if (!bank || !ACCOUNT_NO.test(body.bank_account_no))
      throw new ApiError(400, 'BANK_INCORRECT', 'Unknown bank or malformed account number');
    const [known] = await ctx.db.query<{ holder_name: string; phone: string; state: string }>(
      `SELECT holder_name, phone, state FROM bank_registry WHERE bank_code = $1 AND account_no = $2`,
      [bank.bank_code, body.bank_account_no],
    );
    if (!known) throw new ApiError(400, 'BANK_INCORRECT', 'The bank has no such account');
    const refusal = REFUSALS[known.state];
    if (refusal) throw new ApiError(400, refusal, `The bank refuses this account (${known.state})`);
    const [linked] = await ctx.db.query(`SELECT 1 FROM bank_accounts WHERE bank_code = $1 AND bank_account_no = $2`, [
      bank.bank_code,
      body.bank_account_no,
    ]);
    // By anyone: an account receives for one merchant only. The answer does not say whose.
    if (linked) throw new ApiError(409, 'BANK_EXIST', 'This bank account is already linked');
    if (known.holder_name !== body.holder_name.toUpperCase()) {
      throw new ApiError(400, `ACCOUNT_NAME_INVALID_${bank.bank_code}`, 'The holder name does not match the bank');
    }
    if (nationalPhone(known.phone) !== phone) {
      throw new ApiError(400, `PHONE_NO_MATCH_${bank.bank_code}`, 'The phone does not match the one registered with the bank');
    }
    // D299: the account and its audit entry land together; the entry keeps the number's last 4 digits only.
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO bank_accounts (merchant_id, bank_code, bank_account_no, holder_name, phone, created_at) VALUES ($1,$2,$3,$4,$5,$6)
         RETURNING id`,
        [user.merchant_id, bank.bank_code, body.bank_account_no, known.holder_name, phone, ctx.clock.now()],
      );
      await recordAudit(tx, ctx.clock.now(), user, {
        action: 'bank.account.add',
        target: 'bank_account',
        targetId: row!.id,
        after: { bank_code: bank.bank_code, bank_account_no: maskAccountNo(body.bank_account_no), holder_name: known.holder_name },
      });
    });
    reply.status(200);
    return ok({
      qr: verificationQr(bank.bin, body.bank_account_no, VERIFY_AMOUNT, VERIFY_DESCRIPTION),
      amount: VERIFY_AMOUNT,
      description: VERIFY_DESCRIPTION,
      bank_account_no: body.bank_account_no,
    });
  });

  app.delete('/bank/account', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const raw = queryString(request.query, 'id');
    if (!/^\d{1,9}$/.test(raw)) throw required(['id']);
    const [account] = await ctx.db.query<{ id: number; bank_code: string; bank_account_no: string; holder_name: string }>(
      `SELECT id, bank_code, bank_account_no, holder_name FROM bank_accounts WHERE id = $1 AND merchant_id = $2`,
      [Number(raw), user.merchant_id],
    );
    // Someone else's account answers exactly like a missing one.
    if (!account) throw new ApiError(404, 'BANK_NOT_EXIST', 'No such bank account');
    const [used] = await ctx.db.query(`SELECT 1 FROM virtual_accounts WHERE bank_account_id = $1 LIMIT 1`, [account.id]);
    if (used) throw new ApiError(400, 'DELETE_BANK_ERROR', 'A ShopQR uses this bank account; delete it first');
    await ctx.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM bank_accounts WHERE id = $1`, [account.id]);
      await recordAudit(tx, ctx.clock.now(), user, {
        action: 'bank.account.delete',
        target: 'bank_account',
        targetId: account.id,
        before: { bank_code: account.bank_code, bank_account_no: maskAccountNo(account.bank_account_no), holder_name: account.holder_name },
      });
    });
    return ok({ success: true });
  });
}

export function registerBankRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerBankReadRoutes(app, ctx);
  registerBankLinkRoutes(app, ctx);
}
