// @vitest-environment node
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVietQr, crc16ccitt } from '../../../src/services/qr/vietqr';
import {
  bankAccountSchema,
  bankListSchema,
  bankVerifiedEventSchema,
  qrDataSchema,
  VERIFY_AMOUNT,
  VERIFY_DESCRIPTION,
} from '../../../src/services/bank/schemas';
import { BANKS, bankSeedPlan } from './seed';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

/** A throwaway merchant of its own per test, signed in. */
async function freshMerchant(): Promise<{ id: string; token: string; plan: ReturnType<typeof bankSeedPlan> }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  expect(made.status).toBe(201);
  const { merchant_id, username, password } = made.body;
  const { access_token } = await t.login(username, password);
  const [row] = await t.sandbox.db.query<{ holder_name: string }>(`SELECT holder_name FROM bank_registry WHERE merchant_id = $1 LIMIT 1`, [
    merchant_id,
  ]);
  return { id: merchant_id, token: access_token, plan: bankSeedPlan(merchant_id, row!.holder_name) };
}

const binOf = (code: string) => BANKS.find((b) => b.bank_code === code)!.bin;

describe('bank accounts (core §7 /bank/*)', () => {
  it('lists the banks with their NAPAS BINs, signed in only', async () => {
    const m = await freshMerchant();
    expect((await t.api('GET', '/api/portal/metadata/list-bank')).status).toBe(401);
    const res = await t.api('GET', '/api/portal/metadata/list-bank', { token: m.token });
    const banks = bankListSchema.parse(res.body.data);
    expect(banks.find((b) => b.bank_code === 'VCB')?.bin).toBe('970436');
    expect(banks.length).toBe(BANKS.length);
  });

  it("lists the merchant's own accounts, paged, newest first, one verified and one not", async () => {
    const m = await freshMerchant();
    const res = await t.api('GET', '/api/portal/bank/account?page=1&page_size=10', { token: m.token });
    expect(res.status).toBe(200);
    const rows = res.body.data.map((r: unknown) => bankAccountSchema.parse(r));
    expect(rows.map((r: { name: string }) => r.name)).toEqual([m.plan.unverified.account_no, m.plan.verified.account_no]);
    expect(rows.map((r: { is_internal_transfer: boolean }) => r.is_internal_transfer)).toEqual([false, true]);
    expect(res.body).toMatchObject({ total_page: 1, page: 1, page_size: 10 });
    const second = await t.api('GET', '/api/portal/bank/account?page=2&page_size=1', { token: m.token });
    expect(second.body.data[0].name).toBe(m.plan.verified.account_no);
    expect(second.body.total_page).toBe(2);
    const one = await t.api('GET', `/api/portal/bank/account?bank_account_no=${m.plan.verified.account_no}`, { token: m.token });
    expect(one.body.data).toHaveLength(1);
    expect((await t.api('GET', '/api/portal/bank/account?page_size=1000', { token: m.token })).status).toBe(400);
  });

  it('looks up the holder name the bank has, upper case without diacritics', async () => {
    const m = await freshMerchant();
    const { account_no, bank_code } = m.plan.addable[0]!;
    const res = await t.api('GET', `/api/portal/bank/holder-name?account_no=${account_no}&bank_code=${bank_code}`, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data.holder_name).toBe('NGUYEN VAN MINH');
    const unknown = await t.api('GET', `/api/portal/bank/holder-name?account_no=999999999&bank_code=${bank_code}`, { token: m.token });
    expect(unknown.body.error_code).toBe(`CUSTOMER_NOT_FOUND_${bank_code}`);
    const badBank = await t.api('GET', `/api/portal/bank/holder-name?account_no=${account_no}&bank_code=NOPE`, { token: m.token });
    expect(badBank.body.error_code).toBe('BANK_INCORRECT');
    expect((await t.api('GET', '/api/portal/bank/holder-name?account_no=', { token: m.token })).body.error_code).toBe('REQUIRED');
  });

  it('adds an account and answers a VietQR payload that decodes to its BIN, number, amount and purpose', async () => {
    const m = await freshMerchant();
    const target = m.plan.addable[0]!;
    const body = {
      bank_account_no: target.account_no,
      bank_code: target.bank_code,
      holder_name: m.plan.holderName,
      phone: `+84${m.plan.phone.slice(1)}`,
    };
    const res = await t.api('POST', '/api/portal/bank/account', { token: m.token, body });
    expect(res.status).toBe(200);
    const data = qrDataSchema.parse(res.body.data);
    expect(data).toMatchObject({ amount: VERIFY_AMOUNT, description: VERIFY_DESCRIPTION, bank_account_no: target.account_no });
    expect(data.qr.slice(-4)).toBe(crc16ccitt(data.qr.slice(0, -4)));
    expect(parseVietQr(data.qr)).toMatchObject({
      bin: binOf(target.bank_code),
      accountNumber: target.account_no,
      amount: VERIFY_AMOUNT,
      purpose: VERIFY_DESCRIPTION,
      service: 'account',
      pointOfInitiation: 'dynamic',
    });
    const list = await t.api('GET', '/api/portal/bank/account', { token: m.token });
    expect(list.body.data[0]).toMatchObject({ name: target.account_no, is_internal_transfer: false, phone: m.plan.phone });

    // Linked already (by this merchant or any other): BANK_EXIST.
    const again = await t.api('POST', '/api/portal/bank/account', { token: m.token, body });
    expect([again.status, again.body.error_code]).toEqual([409, 'BANK_EXIST']);
    const other = await freshMerchant();
    const theirs = await t.api('POST', '/api/portal/bank/account', { token: other.token, body });
    expect(theirs.body.error_code).toBe('BANK_EXIST');
  });

  it('refuses a wrong phone, an unknown account, a refusing state and missing fields; nothing is linked', async () => {
    const m = await freshMerchant();
    const target = m.plan.addable[1]!;
    const base = { bank_account_no: target.account_no, bank_code: target.bank_code, holder_name: m.plan.holderName, phone: '0987000111' };
    const add = (body: Record<string, string>) => t.api('POST', '/api/portal/bank/account', { token: m.token, body });
    expect((await add(base)).body.error_code).toBe(`PHONE_NO_MATCH_${target.bank_code}`);
    expect((await add({ ...base, bank_account_no: '123456789' })).body.error_code).toBe('BANK_INCORRECT');
    expect((await add({ ...base, bank_code: 'NOPE' })).body.error_code).toBe('BANK_INCORRECT');
    expect((await add({ ...base, holder_name: 'SOMEONE ELSE' })).body.error_code).toBe(`ACCOUNT_NAME_INVALID_${target.bank_code}`);
    const locked = {
      ...base,
      bank_account_no: m.plan.writeLocked.account_no,
      bank_code: m.plan.writeLocked.bank_code,
      phone: m.plan.phone,
    };
    expect((await add(locked)).body.error_code).toBe('ACCOUNT_WRITE_LOCKED');
    const missing = await add({ ...base, phone: '' });
    expect([missing.status, missing.body.error_code, missing.body.data.fields]).toEqual([400, 'REQUIRED', ['phone']]);
    expect((await add({ ...base, phone: '12345' })).body.error_code).toBe('REQUIRED');
    const list = await t.api('GET', '/api/portal/bank/account', { token: m.token });
    expect(list.body.data).toHaveLength(2);
  });

  it('deletes an account; one a ShopQR uses answers DELETE_BANK_ERROR; a missing one BANK_NOT_EXIST', async () => {
    const m = await freshMerchant();
    const list = await t.api('GET', '/api/portal/bank/account', { token: m.token });
    const [first, second] = list.body.data as Array<{ id: number }>;
    await t.sandbox.db.query(
      `INSERT INTO virtual_accounts (merchant_id, va_account_no, va_type, bank_account_id, created_at) VALUES ($1, $2, 'STORE', $3, 0)`,
      [m.id, `9704${m.id}999999`, second!.id],
    );
    const refused = await t.api('DELETE', `/api/portal/bank/account?id=${second!.id}`, { token: m.token });
    expect([refused.status, refused.body.error_code]).toEqual([400, 'DELETE_BANK_ERROR']);
    const done = await t.api('DELETE', `/api/portal/bank/account?id=${first!.id}`, { token: m.token });
    expect(done.body.data).toEqual({ success: true });
    expect((await t.api('DELETE', `/api/portal/bank/account?id=${first!.id}`, { token: m.token })).body.error_code).toBe('BANK_NOT_EXIST');
    // Another merchant's account is as missing as a deleted one.
    const other = await freshMerchant();
    expect((await t.api('DELETE', `/api/portal/bank/account?id=${second!.id}`, { token: other.token })).body.error_code).toBe(
      'BANK_NOT_EXIST',
    );
  });

  it('answers a QR for a linked account with the asked amount and purpose', async () => {
    const m = await freshMerchant();
    const { account_no, bank_code } = m.plan.unverified;
    const res = await t.api(
      'GET',
      `/api/portal/bank/qr?bank_account_no=${account_no}&amount=${VERIFY_AMOUNT}&description=Chuy%E1%BB%83n%20ti%E1%BB%81n`,
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(parseVietQr(res.body.data.qr)).toMatchObject({
      bin: binOf(bank_code),
      accountNumber: account_no,
      amount: VERIFY_AMOUNT,
      purpose: 'Chuyen tien',
    });
    const unlinked = await t.api('GET', `/api/portal/bank/qr?bank_account_no=${m.plan.addable[0]!.account_no}`, { token: m.token });
    expect(unlinked.body.error_code).toBe('BANK_NOT_EXIST');
  });
});

describe('core §9 the bank-account dropdown list (GET /metadata/bank-account)', () => {
  it('answers more than 100 accounts in one call (up to 100,000), newest first, without phones', async () => {
    const m = await freshMerchant();
    const made = await t.api('POST', '/sandbox/triggers/bank-link-many', { body: { count: 150, merchant: m.id } });
    expect(made.status).toBe(200);
    const accounts: string[] = made.body.accounts;
    expect(accounts).toHaveLength(150);
    expect(new Set(accounts).size).toBe(150);

    expect((await t.api('GET', '/api/portal/metadata/bank-account?page=1&page_size=100000')).status).toBe(401);
    const res = await t.api('GET', '/api/portal/metadata/bank-account?page=1&page_size=100000', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_page: 1, page: 1, page_size: 100_000 });
    // The ShopQR form's schema is the bank account's without the phone.
    const rows = res.body.data.map((r: unknown) => bankAccountSchema.omit({ phone: true }).parse(r));
    expect(rows).toHaveLength(152);
    expect(res.body.data.every((r: Record<string, unknown>) => !('phone' in r))).toBe(true);
    // The 150th linked is the newest, then the seeded two last.
    expect(rows[0].name).toBe(accounts[149]);
    expect(rows.slice(-2).map((r: { name: string }) => r.name)).toEqual([m.plan.unverified.account_no, m.plan.verified.account_no]);
    expect(rows.filter((r: { is_internal_transfer: boolean }) => r.is_internal_transfer)).toHaveLength(151);
    // The /bank screen's pages stay at 100.
    expect((await t.api('GET', '/api/portal/bank/account?page_size=1000', { token: m.token })).status).toBe(400);
    expect((await t.api('GET', '/api/portal/metadata/bank-account?page_size=100001', { token: m.token })).status).toBe(400);
  });

  it('bank-link-many refuses a count outside 1..1000; a second call adds more numbers, none repeated', async () => {
    const m = await freshMerchant();
    expect((await t.api('POST', '/sandbox/triggers/bank-link-many', { body: { count: 0, merchant: m.id } })).status).toBe(400);
    expect((await t.api('POST', '/sandbox/triggers/bank-link-many', { body: { count: 1001, merchant: m.id } })).status).toBe(400);
    const a = await t.api('POST', '/sandbox/triggers/bank-link-many', { body: { count: 2, merchant: m.id } });
    const b = await t.api('POST', '/sandbox/triggers/bank-link-many', { body: { count: 2, merchant: m.id } });
    expect(new Set([...a.body.accounts, ...b.body.accounts]).size).toBe(4);
  });
});

describe('trigger bank-verify', () => {
  it('marks the account verified and emits the va event named by the account number to that merchant only', async () => {
    const m = await freshMerchant();
    const other = await freshMerchant();
    const connect = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(`${t.url}/va`, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const mine = await connect(m.token);
    const theirs = await connect(other.token);
    const account = m.plan.unverified.account_no;
    const seen: unknown[] = [];
    const leaked: unknown[] = [];
    theirs.on(account, (payload: unknown) => leaked.push(payload));
    const arrived = new Promise<unknown>((resolve) => mine.once(account, resolve));
    mine.on(account, (payload: unknown) => seen.push(payload));

    const res = await t.api('POST', '/sandbox/triggers/bank-verify', { body: { account_no: account, merchant: m.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ merchant_id: m.id, bank_account_no: account, verified: true });
    expect(bankVerifiedEventSchema.parse(await arrived)).toEqual({
      bank_account_no: account,
      bank_code: m.plan.unverified.bank_code,
      verified: true,
    });
    const list = await t.api('GET', `/api/portal/bank/account?bank_account_no=${account}`, { token: m.token });
    expect(list.body.data[0].is_internal_transfer).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toEqual([]);
    expect(seen).toHaveLength(1);
    mine.close();
    theirs.close();

    const unknown = await t.api('POST', '/sandbox/triggers/bank-verify', { body: { account_no: '000', merchant: m.id } });
    expect([unknown.status, unknown.body.error_code]).toEqual([404, 'BANK_NOT_EXIST']);
  });
});

/** A staff-type sign-in (role Staff, core §6) on the given merchant. */
async function staffToken(merchantId: string): Promise<string> {
  const username = `staff.${merchantId}.${Math.random().toString(36).slice(2, 8)}`;
  const made = await t.api('POST', '/sandbox/users', {
    body: { username, password: 'Staff@2026', email: `${username}@example.test`, merchant: merchantId, role: 'Staff' },
  });
  expect(made.status).toBe(201);
  return (await t.login(username, 'Staff@2026')).access_token;
}

describe('D87 roles: linking and unlinking accounts is the owner’s', () => {
  it('a staff-type user reads the list but adding and deleting answer 403 PERMISSION_DENY and change nothing; the owner may', async () => {
    const m = await freshMerchant();
    const staff = await staffToken(m.id);
    const before = await t.api('GET', '/api/portal/bank/account', { token: staff });
    expect(before.status).toBe(200);
    const rows = before.body.data as Array<{ id: number; name: string }>;
    expect(rows).toHaveLength(2);
    const target = m.plan.addable[0]!;
    const body = { bank_account_no: target.account_no, bank_code: target.bank_code, holder_name: m.plan.holderName, phone: m.plan.phone };

    const add = await t.api('POST', '/api/portal/bank/account', { token: staff, body });
    expect([add.status, add.body.error_code]).toEqual([403, 'PERMISSION_DENY']);
    // Refused before anything is read: an empty body is refused the same way, not REQUIRED.
    expect((await t.api('POST', '/api/portal/bank/account', { token: staff, body: {} })).body.error_code).toBe('PERMISSION_DENY');
    const del = await t.api('DELETE', `/api/portal/bank/account?id=${rows[0]!.id}`, { token: staff });
    expect([del.status, del.body.error_code]).toEqual([403, 'PERMISSION_DENY']);
    const after = await t.api('GET', '/api/portal/bank/account', { token: m.token });
    expect(after.body.data).toEqual(before.body.data);
    // Read calls stay open to staff.
    expect((await t.api('GET', '/api/portal/metadata/list-bank', { token: staff })).status).toBe(200);
    expect((await t.api('GET', `/api/portal/bank/qr?bank_account_no=${rows[0]!.name}`, { token: staff })).status).toBe(200);

    expect((await t.api('POST', '/api/portal/bank/account', { token: m.token, body })).status).toBe(200);
    expect((await t.api('DELETE', `/api/portal/bank/account?id=${rows[0]!.id}`, { token: m.token })).status).toBe(200);
  });
});
