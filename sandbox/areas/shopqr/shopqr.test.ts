// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVietQr } from '../../../src/services/qr/vietqr';
import { shopQrDetailSchema, shopQrListSchema, shopQrRowSchema, staffOptionSchema } from '../../../src/services/shopqr/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
let token: string;
let merchantId: string;

/** A throwaway phoco copy per file: these tests add and delete rows. */
beforeAll(async () => {
  t = await startTestSandbox();
  const m = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  expect(m.status).toBe(201);
  merchantId = m.body.merchant_id;
  token = (await t.login(m.body.username, m.body.password)).access_token;
});
afterAll(() => t.close());

const api = (method: string, path: string, body?: unknown, as = token) =>
  t.api(method, `/api/portal${path}`, { token: as, ...(body ? { body } : {}) });
const verifiedAccount = async () => {
  const [row] = await t.sandbox.db.query<{ bank_account_no: string }>(
    `SELECT bank_account_no FROM bank_accounts WHERE merchant_id = $1 AND is_internal_transfer`,
    [merchantId],
  );
  return row!.bank_account_no;
};
const storeIds = async () =>
  (await t.sandbox.db.query<{ id: number }>(`SELECT id FROM stores WHERE merchant_id = $1 ORDER BY id`, [merchantId])).map((r) => r.id);

describe('seed', () => {
  it('gives a phoco copy a STORE, a STAFF and a BILL ShopQR with 18-digit numbers from its id', async () => {
    const res = await api('GET', '/channel-payment?page=1&page_size=10');
    expect(res.status).toBe(200);
    // What the portal will parse.
    shopQrListSchema.parse(res.body);
    expect(res.body.data.map((r: { va_type: string }) => r.va_type).sort()).toEqual(['BILL', 'STAFF', 'STORE']);
    for (const row of res.body.data) {
      expect(row.va_account_no).toMatch(/^\d{18}$/);
      expect(row.va_account_no).toContain(merchantId);
    }
    const bill = res.body.data.find((r: { va_type: string }) => r.va_type === 'BILL');
    expect(bill).toMatchObject({ staff_id: 'NV002', channel: 'IN_STORE', amount: 150000 });
    const staff = res.body.data.find((r: { va_type: string }) => r.va_type === 'STAFF');
    expect(staff.staff_id).toBe('NV003');
    // Never one of the stores' own numbers.
    const storeNos = await t.sandbox.db.query<{ va_account_no: string }>(
      `SELECT va_account_no FROM stores WHERE va_account_no IS NOT NULL`,
    );
    const vaNos = new Set(res.body.data.map((r: { va_account_no: string }) => r.va_account_no));
    expect(storeNos.some((s) => vaNos.has(s.va_account_no))).toBe(false);
  });

  it('colan has one STORE ShopQR; the list is per merchant', async () => {
    const colan = (await t.login('colan', 'Colan@2026')).access_token;
    const res = await api('GET', '/channel-payment', undefined, colan);
    expect(res.body.data.map((r: { va_type: string }) => r.va_type)).toEqual(['STORE']);
    expect(res.body.data[0].va_account_no).not.toContain(merchantId);
  });
});

describe('GET /channel-payment', () => {
  it('pages and filters by type', async () => {
    const page = await api('GET', '/channel-payment?page=2&page_size=2');
    expect(page.body).toMatchObject({ page: 2, page_size: 2, total_page: 2 });
    expect(page.body.data).toHaveLength(1);
    const bills = await api('GET', '/channel-payment?va_type=BILL');
    expect(bills.body.data.every((r: { va_type: string }) => r.va_type === 'BILL')).toBe(true);
    expect((await api('GET', '/channel-payment?page_size=101')).status).toBe(400);
    expect((await api('GET', '/channel-payment?va_type=OTHER')).status).toBe(400);
    expect((await t.api('GET', '/api/portal/channel-payment')).status).toBe(401);
  });

  it('detail carries a PNG and a VietQR payload: CRC, NAPAS BIN of the bank, the virtual account, the BILL amount', async () => {
    const list = (await api('GET', '/channel-payment')).body.data as Array<{ va_type: string; va_account_no: string }>;
    for (const row of list) {
      const res = await api('GET', `/channel-payment?va_account_no=${row.va_account_no}`);
      expect(res.status).toBe(200);
      shopQrDetailSchema.parse(res.body.data);
      const png = Buffer.from(res.body.data.qr_base64, 'base64');
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      const qr = parseVietQr(res.body.data.qr_payload);
      expect(qr.bin).toBe('970436'); // the verified seeded account is at Vietcombank
      expect(qr.accountNumber).toBe(row.va_account_no);
      expect(qr.service).toBe('account');
      if (row.va_type === 'BILL') {
        expect(qr.amount).toBe(150000);
        expect(qr.pointOfInitiation).toBe('dynamic');
      } else {
        expect(qr.amount).toBeUndefined();
        expect(qr.pointOfInitiation).toBe('static');
      }
    }
  });

  it('another merchant’s or an unknown number is VA_NOT_FOUND', async () => {
    const colan = (await t.login('colan', 'Colan@2026')).access_token;
    const mine = (await api('GET', '/channel-payment')).body.data[0].va_account_no;
    const res = await api('GET', `/channel-payment?va_account_no=${mine}`, undefined, colan);
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('VA_NOT_FOUND');
    expect((await api('GET', '/channel-payment?va_account_no=12')).status).toBe(400);
  });
});

describe('POST and DELETE /channel-payment', () => {
  it('REQUIRED names the missing fields per type', async () => {
    const bank = await verifiedAccount();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ type: 'STORE' }, ['bank_account_no', 'store_id']],
      [{ type: 'STAFF', bank_account_no: bank }, ['staff_id']],
      [{ type: 'BILL', bank_account_no: bank, staff_id: 'NV004', channel: 'SHOP', amount: '1.5' }, ['channel', 'amount']],
      [{ type: 'BILL', bank_account_no: bank, staff_id: 'NV004', channel: 'KIOSK', amount: 12345678901234 }, ['amount']],
      [{ type: 'X', bank_account_no: bank }, ['type']],
    ];
    for (const [body, fields] of cases) {
      const res = await api('POST', '/channel-payment', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'REQUIRED', data: { fields } });
    }
  });

  it('BANK_NOT_EXIST for an unknown or unverified account, STORE_NOT_EXIST for another merchant’s store', async () => {
    const [unverified] = await t.sandbox.db.query<{ bank_account_no: string }>(
      `SELECT bank_account_no FROM bank_accounts WHERE merchant_id = $1 AND NOT is_internal_transfer`,
      [merchantId],
    );
    for (const bank_account_no of ['000000000', unverified!.bank_account_no]) {
      const res = await api('POST', '/channel-payment', { type: 'STAFF', bank_account_no, staff_id: 'NV004' });
      expect(res.body.error_code).toBe('BANK_NOT_EXIST');
    }
    const [foreign] = await t.sandbox.db.query<{ id: number }>(`SELECT id FROM stores WHERE merchant_id <> $1 LIMIT 1`, [merchantId]);
    const res = await api('POST', '/channel-payment', { type: 'STORE', bank_account_no: await verifiedAccount(), store_id: foreign!.id });
    expect(res.body.error_code).toBe('STORE_NOT_EXIST');
  });

  it('CHANNEL_EXIST on a second code for the same store, staff member or bill; the LINK_VA rules name the staff', async () => {
    const bank = await verifiedAccount();
    const [first, second] = await storeIds();
    expect((await api('POST', '/channel-payment', { type: 'STORE', bank_account_no: bank, store_id: first })).body.error_code).toBe(
      'CHANNEL_EXIST',
    );
    expect((await api('POST', '/channel-payment', { type: 'STAFF', bank_account_no: bank, staff_id: 'NV003' })).body.error_code).toBe(
      'CHANNEL_EXIST',
    );
    const bill = await api('POST', '/channel-payment', {
      type: 'BILL',
      bank_account_no: bank,
      staff_id: 'NV002',
      channel: 'IN_STORE',
      amount: 150000,
    });
    expect(bill.body.error_code).toBe('CHANNEL_EXIST');
    // NV001 works at the first store, which has a store code.
    const staffLinked = await api('POST', '/channel-payment', { type: 'STAFF', bank_account_no: bank, staff_id: 'NV001' });
    expect(staffLinked.status).toBe(409);
    expect(staffLinked.body).toMatchObject({ error_code: 'STAFF_LINK_VA', data: { staff_id: 'NV001', staff_name: 'Lê Thị Hồng' } });
    // The second store's NV003 has a staff code.
    const storeLinked = await api('POST', '/channel-payment', { type: 'STORE', bank_account_no: bank, store_id: second });
    expect(storeLinked.body).toMatchObject({ error_code: 'STORE_LINK_VA', data: { staff_id: 'NV003' } });
  });

  it('creates each type (a repeat is CHANNEL_EXIST, never a duplicate) and deletes it', async () => {
    const bank = await verifiedAccount();
    const third = (await storeIds())[2]!;
    const bodies = [
      { type: 'STORE', bank_account_no: bank, store_id: third, store_name: 'x' },
      { type: 'STAFF', bank_account_no: bank, staff_id: 'NV004' },
      { type: 'BILL', bank_account_no: bank, staff_id: 'NV004', channel: 'KIOSK', amount: '2500000' },
    ];
    // NV004 works at the third store: create its staff code before the store code would conflict.
    const [store, staff, bill] = bodies;
    const madeStaff = await api('POST', '/channel-payment', staff);
    expect(madeStaff.status).toBe(200);
    expect((await api('POST', '/channel-payment', store)).body.error_code).toBe('STORE_LINK_VA');
    const madeBill = await api('POST', '/channel-payment', bill);
    shopQrRowSchema.parse(madeBill.body.data);
    expect(madeBill.body.data).toMatchObject({
      va_type: 'BILL',
      channel: 'KIOSK',
      amount: 2500000,
      staff_id: 'NV004',
      bank_account_no: bank,
    });
    const repeat = await Promise.all([api('POST', '/channel-payment', bill), api('POST', '/channel-payment', bill)]);
    expect(repeat.map((r) => r.body.error_code)).toEqual(['CHANNEL_EXIST', 'CHANNEL_EXIST']);
    const [{ n }] = (await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM virtual_accounts WHERE merchant_id = $1`, [
      merchantId,
    ])) as [{ n: number }];
    expect(n).toBe(5);

    const detail = await api('GET', `/channel-payment?va_account_no=${madeBill.body.data.va_account_no}`);
    expect(parseVietQr(detail.body.data.qr_payload).amount).toBe(2500000);

    for (const made of [madeStaff, madeBill]) {
      const del = await api('DELETE', `/channel-payment?channel_id=${made.body.data.channel_id}`);
      expect(del.status).toBe(200);
      const again = await api('DELETE', `/channel-payment?channel_id=${made.body.data.channel_id}`);
      expect(again.body.error_code).toBe('CHANNEL_NOT_FOUND');
    }
    // With NV004's code gone, the third store may have a store code.
    expect((await api('POST', '/channel-payment', store)).status).toBe(200);
  });

  it("core §3: a deleted ShopQR's account number is never given to a new one (create, delete, create → another number)", async () => {
    const bank = await verifiedAccount();
    const body = { type: 'BILL', bank_account_no: bank, staff_id: 'NV001', channel: 'WEBSITE', amount: '777000' };
    const first = await api('POST', '/channel-payment', body);
    expect(first.status).toBe(200);
    expect((await api('DELETE', `/channel-payment?channel_id=${first.body.data.channel_id}`)).status).toBe(200);
    const second = await api('POST', '/channel-payment', body);
    expect(second.status).toBe(200);
    expect(second.body.data.va_account_no).not.toBe(first.body.data.va_account_no);
    // The number only moves up, so no number ever issued to this merchant comes back.
    expect(second.body.data.va_account_no > first.body.data.va_account_no).toBe(true);
    expect(second.body.data.va_account_no).toMatch(new RegExp(`^9699${merchantId}\\d{6}$`));
    // Parallel creates still get distinct numbers.
    const parallel = await Promise.all(
      ['111000', '222000', '333000'].map((amount) => api('POST', '/channel-payment', { ...body, amount })),
    );
    expect(new Set(parallel.map((r) => r.body.data.va_account_no)).size).toBe(3);
  });

  it('DELETE of another merchant’s code is CHANNEL_NOT_FOUND and leaves it', async () => {
    const colan = (await t.login('colan', 'Colan@2026')).access_token;
    const mine = (await api('GET', '/channel-payment')).body.data[0];
    const res = await api('DELETE', `/channel-payment?channel_id=${mine.channel_id}`, undefined, colan);
    expect(res.body.error_code).toBe('CHANNEL_NOT_FOUND');
    expect((await api('GET', `/channel-payment?va_account_no=${mine.va_account_no}`)).status).toBe(200);
  });
});

describe('dropdown metadata', () => {
  it('list-staff: the merchant’s staff with their store, no phone or e-mail, up to 100,000 a page', async () => {
    const res = await api('GET', '/metadata/list-staff?page=1&page_size=100000');
    expect(res.status).toBe(200);
    for (const staff of res.body.data) staffOptionSchema.parse(staff);
    expect(res.body.data.map((s: { staff_id: string }) => s.staff_id)).toEqual(['NV001', 'NV002', 'NV003', 'NV004']);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['full_name', 'id', 'staff_id', 'store_id', 'store_name']);
    expect((await api('GET', '/metadata/list-staff?page_size=100001')).status).toBe(400);
  });

  it('list-va-to-link: STORE and STAFF codes, not BILL', async () => {
    const res = await api('GET', '/metadata/list-va-to-link');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const row of res.body.data) {
      expect(Object.keys(row).sort()).toEqual(['holder_name', 'staff_id', 'store_id', 'store_name', 'va_account_no', 'va_type']);
      expect(row.va_type).not.toBe('BILL');
    }
  });
});

describe('D87 roles: creating and deleting ShopQRs is the owner’s', () => {
  it('a staff-type user reads the list and detail but create and delete answer 403 PERMISSION_DENY and change nothing', async () => {
    const username = `staff.${merchantId}.shopqr`;
    const made = await t.api('POST', '/sandbox/users', {
      body: { username, password: 'Staff@2026', email: `${username}@example.test`, merchant: merchantId, role: 'Staff' },
    });
    expect(made.status).toBe(201);
    const staff = (await t.login(username, 'Staff@2026')).access_token;
    const before = await api('GET', '/channel-payment?page_size=100', undefined, staff);
    expect(before.status).toBe(200);
    const first = before.body.data[0] as { channel_id: number; va_account_no: string };
    expect((await api('GET', `/channel-payment?va_account_no=${first.va_account_no}`, undefined, staff)).status).toBe(200);
    expect((await api('GET', '/metadata/list-staff', undefined, staff)).status).toBe(200);

    const third = (await storeIds())[2]!;
    const created = await api(
      'POST',
      '/channel-payment',
      { type: 'STORE', bank_account_no: await verifiedAccount(), store_id: third },
      staff,
    );
    expect([created.status, created.body.error_code]).toEqual([403, 'PERMISSION_DENY']);
    const deleted = await api('DELETE', `/channel-payment?channel_id=${first.channel_id}`, undefined, staff);
    expect([deleted.status, deleted.body.error_code]).toEqual([403, 'PERMISSION_DENY']);
    expect((await api('GET', '/channel-payment?page_size=100')).body.data).toEqual(before.body.data);
  });
});
