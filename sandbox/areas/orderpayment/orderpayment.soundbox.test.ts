// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseVietQr } from '../../../src/services/qr/vietqr';
import { t, copyOf, as, orderWithDishes, useOrderpaymentFixture } from './orderpayment.fixture';

useOrderpaymentFixture();

/** D297 (an order's QR pays its own store's ShopQR) and D298 (pushing it to the store's Soundbox, core §7). */

type Merchant = Awaited<ReturnType<typeof copyOf>>;
const db = () => t.sandbox.db;

/** A staff sign-in of the merchant, as staff member `staffId` (phoco: NV002 in store 0, NV003 in store 1, NV004 in store 2). */
async function staffOf(m: Merchant, staffId: string): Promise<string> {
  const user = await t.makeUser({ merchant: m.id });
  await db().query(
    `UPDATE users SET role = 'Staff', staff_row_id = (SELECT id FROM staff WHERE merchant_id = $1 AND staff_id = $2) WHERE username = $3`,
    [m.id, staffId, user.username],
  );
  return (await t.login(user.username, user.password)).access_token;
}

async function stores(m: Merchant) {
  return db().query<{ id: number; name: string }>(`SELECT id, name FROM stores WHERE merchant_id = $1 ORDER BY id`, [m.id]);
}

/** A STORE ShopQR for the store, on the merchant's first bank account (18 characters, unique by merchant id). */
async function shopQrFor(m: Merchant, storeId: number, suffix: string): Promise<string> {
  const va = `9688${m.id.padStart(10, '0').slice(-10)}${suffix}`.slice(0, 18).padEnd(18, '0');
  await db().query(
    `INSERT INTO virtual_accounts (merchant_id, va_account_no, va_type, bank_account_id, store_id, created_at)
     SELECT $1, $2, 'STORE', id, $3, 0 FROM bank_accounts WHERE merchant_id = $1 ORDER BY id LIMIT 1`,
    [m.id, va, storeId],
  );
  return va;
}

const qrOf = async (token: string, invoiceId: number) => (await as(token)('GET', `/payment/qr/${invoiceId}`)).body.data;

describe('D297: the order QR pays the ShopQR of the store that made the sale', () => {
  it("issue 27 §7: an order of store B pays store B's ShopQR; a store without one pays the merchant's bank account; the owner's order the first store's", async () => {
    const m = await copyOf('phoco');
    const [a, b] = await stores(m);
    const staffB = await staffOf(m, 'NV003');
    const [firstVa] = await db().query<{ va_account_no: string }>(
      `SELECT va_account_no FROM virtual_accounts WHERE merchant_id = $1 AND va_type = 'STORE' AND store_id = $2`,
      [m.id, a!.id],
    );
    const [bank] = await db().query<{ bank_account_no: string }>(
      `SELECT bank_account_no FROM bank_accounts WHERE merchant_id = $1 AND verified_at IS NOT NULL ORDER BY id LIMIT 1`,
      [m.id],
    );

    // Store B has no ShopQR yet: the merchant's own bank account, never store A's ShopQR.
    const orderB = await orderWithDishes(staffB);
    const before = await qrOf(staffB, orderB.invoiceId);
    expect(before).toMatchObject({ account_kind: 'BANK', account_no: bank!.bank_account_no, store_id: b!.id, store_name: b!.name });
    expect(parseVietQr(before.qr).accountNumber).toBe(bank!.bank_account_no);

    const vaB = await shopQrFor(m, b!.id, '77');
    const after = await qrOf(staffB, orderB.invoiceId);
    expect(after).toMatchObject({ account_kind: 'SHOPQR', account_no: vaB, store_id: b!.id });
    expect(parseVietQr(after.qr)).toMatchObject({ accountNumber: vaB, amount: orderB.total, purpose: orderB.code });
    // The owner (seen by both) reads the same QR for store B's order.
    expect((await qrOf(m.token, orderB.invoiceId)).qr).toBe(after.qr);

    const orderA = await orderWithDishes(m.token);
    const qrA = await qrOf(m.token, orderA.invoiceId);
    expect(qrA).toMatchObject({ account_kind: 'SHOPQR', store_id: a!.id });
    expect(parseVietQr(qrA.qr).accountNumber).toBe(firstVa!.va_account_no);
  });
});

async function soundboxes(m: Merchant) {
  const res = await t.api('GET', '/api/portal/metadata/edc?type_edc=2&page_size=100', { token: m.token });
  return res.body.data as Array<{ serial_number: string; store_id: number; status: string | null }>;
}
const received = async (serial: string) => (await t.api('POST', '/sandbox/triggers/soundbox-received', { body: { serial } })).body;
const push = (token: string, body: Record<string, unknown>) => as(token)('POST', '/payment/push-qr-terminal', body);

describe('D298: POST /payment/push-qr-terminal (core §7 soundbox payment)', () => {
  it("issue 27 §7: the order's current QR reaches its store's active Soundbox once, and the sandbox shows what it received", async () => {
    const m = await copyOf('phoco');
    const [sb1] = await soundboxes(m);
    const o = await orderWithDishes(m.token);
    expect((await received(sb1!.serial_number)).received).toBeNull();

    // Not activated yet (core §4): refused; activated by the owner, then pushed.
    const { qr } = await qrOf(m.token, o.invoiceId);
    const body = { qr, serial_number: sb1!.serial_number, order_id: o.orderId };
    const inactive = await push(m.token, body);
    expect(inactive.status).toBe(409);
    expect(inactive.body.error_code).toBe('SOUNDBOX_NOT_ACTIVE');
    expect(
      (await t.api('PUT', '/api/portal/metadata/edc/active', { token: m.token, body: { serial_number: sb1!.serial_number } })).status,
    ).toBe(200);

    const first = await push(m.token, body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      serial_number: sb1!.serial_number,
      order_id: o.orderId,
      qr,
      amount: o.total,
      times: 1,
      repeated: false,
    });
    const shown = await received(sb1!.serial_number);
    expect(shown).toMatchObject({ merchant_id: m.id, received: { qr, order_id: o.orderId, order_code: o.code, amount: o.total } });

    // Idempotent: the same push again is the same push (one row), shown again.
    const again = await push(m.token, body);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ qr, pushed_at: first.body.data.pushed_at, times: 2, repeated: true });
    const [count] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM soundbox_pushes WHERE serial_number = $1`, [
      sb1!.serial_number,
    ]);
    expect(count?.n).toBe(1);

    // Paid: nothing more to push.
    await t.api('POST', '/sandbox/triggers/order-qr-paid', { body: { merchant: m.id, order_code: o.code } });
    const paid = await push(m.token, body);
    expect(paid.status).toBe(409);
    expect(paid.body.error_code).toBe('ORDER_PAID');
  });

  it("issue 27 §7: refuses another store's, another merchant's, a POS's or an offline serial, a QR that is not the order's current one, and missing fields", async () => {
    const m = await copyOf('phoco');
    const other = await copyOf('colan');
    const [sb1, sb2] = await soundboxes(m);
    const [theirs] = await soundboxes(other);
    await t.api('PUT', '/api/portal/metadata/edc/active', { token: m.token, body: { serial_number: sb1!.serial_number } });
    const o = await orderWithDishes(m.token);
    const o2 = await orderWithDishes(m.token);
    const { qr } = await qrOf(m.token, o.invoiceId);
    const refused = async (body: Record<string, unknown>, status: number, code: string) => {
      const res = await push(m.token, { qr, serial_number: sb1!.serial_number, order_id: o.orderId, ...body });
      expect({ status: res.status, code: res.body.error_code }).toEqual({ status, code });
      return res.body;
    };
    // No QR made for o2 yet, then o's QR offered for o2: not o2's current QR.
    await refused({ order_id: o2.orderId }, 409, 'QR_NOT_CURRENT');
    await qrOf(m.token, o2.invoiceId);
    await refused({ order_id: o2.orderId }, 409, 'QR_NOT_CURRENT');
    await refused({ qr: qr.replace(/.{4}$/, '0000') }, 409, 'QR_NOT_CURRENT');
    const otherStore = await refused({ serial_number: sb2!.serial_number }, 409, 'SOUNDBOX_OTHER_STORE');
    expect(otherStore.data.store_id).toBe(sb1!.store_id);
    await refused({ serial_number: theirs!.serial_number }, 404, 'NOT_FOUND');
    const [pos] = await db().query<{ serial_number: string }>(
      `SELECT serial_number FROM edc_devices WHERE merchant_id = $1 AND type_edc = 1 ORDER BY id LIMIT 1`,
      [m.id],
    );
    await refused({ serial_number: pos!.serial_number }, 404, 'NOT_FOUND');
    await t.api('POST', '/sandbox/triggers/terminal-status', { body: { serial: sb1!.serial_number, status: 'OFFLINE' } });
    expect((await refused({}, 409, 'TERMINAL_OFFLINE')).data.status).toBe('OFFLINE');
    await t.api('POST', '/sandbox/triggers/terminal-status', { body: { serial: sb1!.serial_number, status: 'ONLINE' } });
    expect((await refused({ order_id: 999_999_999 }, 404, 'NOT_FOUND')).data.field).toBe('order_id');
    expect((await refused({ serial_number: '' }, 400, 'REQUIRED')).data.fields).toEqual(['serial_number']);
    await refused({ order_id: 'x' }, 400, 'BAD_REQUEST');
    // A staff member of store B cannot send store B's order to store A's Soundbox.
    const staffB = await staffOf(m, 'NV003');
    const oB = await orderWithDishes(staffB);
    const qrB = (await qrOf(staffB, oB.invoiceId)).qr;
    const cross = await push(staffB, { qr: qrB, serial_number: sb1!.serial_number, order_id: oB.orderId });
    expect(cross.body.error_code).toBe('SOUNDBOX_OTHER_STORE');
    expect((await received(sb1!.serial_number)).received).toBeNull();
    expect((await push(m.token, { qr, serial_number: sb1!.serial_number, order_id: o.orderId })).status).toBe(200);
  });
});
