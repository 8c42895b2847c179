// @vitest-environment node
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { bankFee } from '../../../src/rules/reconciliation';
import { vnDate, vnDayStart } from '../../platform/vn-time';
import { NEXT_DAY_CREDIT_MS } from './seed';
import { RECON_HEADERS } from './xlsx';

/** Reconciliation against the bank (issue 27 §5, D308, D309) on throwaway copies of phoco. */

let t: TestSandbox;
/** No later than the seeding clock (the clock starts at real time): a settlement between this and the test's clock may or may not be in the seed. */
let seededNoEarlierThan = 0;
beforeAll(async () => {
  seededNoEarlierThan = Date.now();
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

interface Merchant {
  id: string;
  token: string;
  storeId: number;
}

async function freshMerchant(): Promise<Merchant> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  const { access_token: token } = await t.login(made.body.username, made.body.password);
  const [store] = await t.sandbox.db.query<{ id: number }>(`SELECT min(id) AS id FROM stores WHERE merchant_id = $1`, [
    made.body.merchant_id,
  ]);
  return { id: made.body.merchant_id, token, storeId: Number(store!.id) };
}

/** A seeded merchant itself (read only here: the other tests work on copies). */
async function seededMerchant(alias: string, password: string): Promise<Merchant> {
  const [row] = await t.sandbox.db.query<{ id: string; store: number }>(
    `SELECT m.id, (SELECT min(s.id) FROM stores s WHERE s.merchant_id = m.id) AS store FROM merchants m WHERE m.alias = $1`,
    [alias],
  );
  const { access_token: token } = await t.login(alias, password);
  return { id: row!.id, token, storeId: Number(row!.store) };
}

let n = 0;
const key = (tag: string) => ({ 'idempotency-key': `${tag}-${Date.now()}-${(n += 1)}` });
const sale = (m: Merchant, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token: m.token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
const trigger = async (m: Merchant, name: string, body: Record<string, string> = {}) => {
  const res = await t.api('POST', `/sandbox/triggers/${name}`, { body: { merchant: m.id, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** A confirmed order of `amount` of the first dish: its code, invoice and total. */
async function order(m: Merchant, amount = 2) {
  const orderId = (await sale(m, 'POST', '/order', { table_id: null })).body.data.order_id as number;
  const dish = ((await sale(m, 'GET', '/inventory/product?status=0&page_size=5')).body.data as Array<{ product_id: number }>)[0]!;
  await sale(m, 'PUT', '/order/confirm', { order_id: orderId });
  const data = (await sale(m, 'PUT', '/order/product', { order_id: orderId, products: [{ product_id: dish.product_id, amount }] })).body
    .data;
  return {
    code: data.invoice_data.order_code as string,
    invoiceId: data.invoice_data.invoice_id as number,
    total: data.invoice_data.total_price as number,
  };
}

const today = () => vnDate(t.sandbox.clock.now());
const reconcile = async (m: Merchant, day = today(), storeId = m.storeId) => {
  const res = await t.api('GET', `/api/portal/reconciliation?store_id=${storeId}&day=${day}`, { token: m.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    rows: Array<{
      group: string;
      kind: string;
      method: string | null;
      order_code: string | null;
      amount: number;
      fee: number;
      credited: number;
      bank_id: string | null;
      reference: string | null;
    }>;
    totals: Record<'MATCHED' | 'WAITING' | 'OURS_ONLY' | 'BANK_ONLY' | 'ALL', { count: number; gross: number; fee: number; net: number }>;
  };
};

async function payByCard(m: Merchant, o: { invoiceId: number }) {
  const devices = (await sale(m, 'GET', '/payment/device?page_size=100')).body.data as Array<{ serial_number: string; status: string }>;
  const serial = devices.find((d) => d.status === 'ONLINE')!.serial_number;
  const sent = await sale(
    m,
    'POST',
    '/payment/pos',
    { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' },
    key('pos'),
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await trigger(m, 'terminal', { serial, result: 'approve' });
}

async function payByLink(m: Merchant, o: { code: string; invoiceId: number; total: number }) {
  const checkout = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    t.api(method, `/api/checkout${path}`, { token: m.token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
  const info = await checkout('GET', `/merchants/${m.id}?allow_create=True`);
  expect(info.status, JSON.stringify(info.body)).toBe(200);
  const widget = info.body.data.data.widget.id;
  const link = await checkout(
    'POST',
    '/payment-links',
    { app_id: widget, order_id: o.code, amount: o.total, invoice_id: o.invoiceId },
    key('link'),
  );
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  await trigger(m, 'link-paid', { link: link.body.data.id });
}

describe('issue 27 §5: the bank writes its record of each order payment (D308)', () => {
  it('D308: a VietQR payment is credited at once in /tx-va, a card payment waits in /tx-card, a link payment in /tx-ecom, cash writes nothing', async () => {
    const m = await freshMerchant();
    const [qr, card, link, cash] = [await order(m, 1), await order(m, 2), await order(m, 3), await order(m, 1)];
    await trigger(m, 'order-qr-paid', { order_code: qr.code });
    await payByCard(m, card);
    await payByLink(m, link);
    const paidCash = await sale(
      m,
      'POST',
      '/payment/cash',
      { invoice_id: cash.invoiceId, payment_method: 'CASH', receive_amount: cash.total, return_amount: 0, merchant_id: m.id },
      key('cash'),
    );
    expect(paidCash.status).toBe(200);
    const rows = await t.sandbox.db.query<{
      channel: string;
      bill_id: string;
      amount: string;
      commission_fee: string;
      credit_status: string;
      credit_amount: string | null;
      store_id: number;
    }>(
      `SELECT channel, bill_id, amount, commission_fee, credit_status, credit_amount, store_id FROM transactions WHERE merchant_id = $1 AND bill_id = ANY($2::text[]) ORDER BY id`,
      // A copy's seeded paid orders have no bank records (D321); these four orders are the test's.
      [m.id, [qr.code, card.code, link.code, cash.code]],
    );
    expect(
      rows.map((r) => [
        r.channel,
        r.bill_id,
        Number(r.amount),
        Number(r.commission_fee),
        r.credit_status,
        r.credit_amount === null ? null : Number(r.credit_amount),
        r.store_id,
      ]),
    ).toEqual([
      ['va', qr.code, qr.total, 0, 'credited', qr.total, m.storeId],
      ['card', card.code, card.total, Math.floor((card.total * 110) / 10_000), 'not_credited', null, m.storeId],
      ['ecom', link.code, link.total, Math.floor((link.total * 200) / 10_000), 'not_credited', null, m.storeId],
    ]);
  });
});

describe("issue 27 §5: the seeded history has the bank's records (D321)", () => {
  it("D321: every seeded VietQR, card and link payment has its bank record with the fee and credit date of the bank's rules, but one", async () => {
    const m = await seededMerchant('phoco', 'Phoco@2026');
    const ours = await t.sandbox.db.query<{ code: string; method: string; amount: number; at: number }>(
      `SELECT o.order_code AS code, p.method, p.amount::float8 AS amount, p.updated_at::float8 AS at FROM sale_payments p
         JOIN sale_orders o ON o.id = p.order_id WHERE p.merchant_id = $1 AND p.status = 'SUCCESS' AND p.method IN ('QR', 'CARD', 'LINK')`,
      [m.id],
    );
    const bank = await t.sandbox.db.query<{
      bill_id: string;
      channel: string;
      amount: number;
      fee: number;
      credited: number | null;
      at: number | null;
    }>(
      `SELECT bill_id, channel, amount::float8 AS amount, commission_fee::float8 AS fee, credit_amount::float8 AS credited,
              credit_date::float8 AS at FROM transactions
        WHERE merchant_id = $1 AND bill_id IN (SELECT order_code FROM sale_orders WHERE merchant_id = $1)`,
      // The seeded merchant's generated report history names no order; the bank's records of its orders do.
      [m.id],
    );
    const now = t.sandbox.clock.now();
    // "Today" is the seed's; should Vietnam's midnight fall between the seeding and now, either day's last VietQR may be the one.
    const lastQrBefore = (at: number) => ours.filter((p) => p.method === 'QR' && p.at < vnDayStart(at)).sort((a, b) => b.at - a.at)[0]!;
    const candidates = [lastQrBefore(seededNoEarlierThan), lastQrBefore(now)];
    const missing = candidates.find((c) => !bank.some((b) => b.bill_id === c.code)) ?? candidates[1]!;
    expect(ours.length).toBeGreaterThan(50);
    expect(bank.map((b) => b.bill_id).sort()).toEqual(
      ours
        .filter((p) => p !== missing)
        .map((p) => p.code)
        .sort(),
    );
    for (const p of ours.filter((o) => o !== missing)) {
      const b = bank.find((r) => r.bill_id === p.code)!;
      const channel = { QR: 'va', CARD: 'card', LINK: 'ecom' }[p.method] as 'va' | 'card' | 'ecom';
      const creditAt = channel === 'va' ? p.at : vnDayStart(p.at) + NEXT_DAY_CREDIT_MS;
      // The seed decides at its own clock; a settlement (09:00) that falls between the seeding and this line is either.
      const credited = creditAt <= seededNoEarlierThan ? true : creditAt > now ? false : b.at !== null;
      expect([b.channel, b.amount, b.fee, b.credited, b.at]).toEqual([
        channel,
        p.amount,
        bankFee(channel, p.amount),
        credited ? p.amount - bankFee(channel, p.amount) : null,
        credited ? creditAt : null,
      ]);
    }
    // The flagged one's day: it alone is paid with no bank record.
    const day = await reconcile(m, vnDate(missing.at));
    expect(day.rows.filter((r) => r.group === 'OURS_ONLY').map((r) => r.order_code)).toEqual([missing.code]);
    expect(day.totals.MATCHED.count + day.totals.WAITING.count).toBe(ours.filter((p) => vnDate(p.at) === vnDate(missing.at)).length - 1);
    // The seeded merchant's generated counter payments (ShopQR, no order) are the bank's alone; no order's record is among them.
    const codes = new Set(ours.map((p) => p.code));
    expect(day.rows.filter((r) => r.group === 'BANK_ONLY' && codes.has(r.reference ?? ''))).toEqual([]);
  });
});

describe('issue 27 §5: a store day matched against the bank (D308)', () => {
  it('issue 27 §5: matched, waiting, paid with no bank record (flagged) and bank only, with totals to the đồng', async () => {
    const m = await freshMerchant();
    // The copy's seeded paid orders predate the bank's records (D308): what is there before is the baseline.
    const base = await reconcile(m);
    const [qr, card, fake, held] = [await order(m, 1), await order(m, 2), await order(m, 3), await order(m, 1)];
    await trigger(m, 'order-qr-paid', { order_code: qr.code });
    await payByCard(m, card);
    await trigger(m, 'order-transfer-confirmed', { order_code: fake.code });
    await trigger(m, 'order-qr-paid', { order_code: held.code });
    await trigger(m, 'bank-credit-waiting', { order_code: held.code });
    await trigger(m, 'bank-credit-unmatched', { amount: '85000', store_id: String(m.storeId) });
    const mine = new Set([qr.code, card.code, fake.code, held.code]);
    const fresh = (d: Awaited<ReturnType<typeof reconcile>>) =>
      d.rows.filter((r) => (r.order_code ? mine.has(r.order_code) : !base.rows.some((b) => b.bank_id === r.bank_id)));
    const plus = (g: keyof typeof base.totals, d: { count: number; gross: number; fee: number; net: number }) => {
      const b = base.totals[g]!;
      return { count: b.count + d.count, gross: b.gross + d.gross, fee: b.fee + d.fee, net: b.net + d.net };
    };
    const day = await reconcile(m);
    const cardFee = Math.floor((card.total * 110) / 10_000);
    expect(fresh(day).map((r) => [r.group, r.method, r.order_code, r.amount, r.fee, r.credited])).toEqual([
      ['MATCHED', 'QR', qr.code, qr.total, 0, qr.total],
      ['WAITING', 'CARD', card.code, card.total, cardFee, 0],
      ['WAITING', 'QR', held.code, held.total, 0, 0],
      ['OURS_ONLY', 'QR', fake.code, fake.total, 0, 0],
      ['BANK_ONLY', null, null, 85_000, 0, 85_000],
    ]);
    expect(day.rows.find((r) => r.order_code === fake.code)!.bank_id).toBeNull();
    expect(day.totals).toEqual({
      MATCHED: plus('MATCHED', { count: 1, gross: qr.total, fee: 0, net: qr.total }),
      WAITING: plus('WAITING', { count: 2, gross: card.total + held.total, fee: cardFee, net: 0 }),
      OURS_ONLY: plus('OURS_ONLY', { count: 1, gross: fake.total, fee: 0, net: 0 }),
      BANK_ONLY: plus('BANK_ONLY', { count: 1, gross: 85_000, fee: 0, net: 85_000 }),
      ALL: plus('ALL', { count: 5, gross: qr.total + card.total + held.total + fake.total + 85_000, fee: cardFee, net: qr.total + 85_000 }),
    });

    // The bank settles: the waiting ones are credited, net = amount − fee.
    await trigger(m, 'bank-settle');
    const settled = await reconcile(m);
    expect(settled.totals.WAITING.count).toBe(0);
    // bank-settle credits the seeded records still waiting today too (D321): they move to matched with their own figures.
    const wasWaiting = base.rows.filter((r) => r.group === 'WAITING');
    const sum = (rows: typeof wasWaiting, f: (r: (typeof wasWaiting)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
    expect(settled.totals.MATCHED).toEqual(
      plus('MATCHED', {
        count: 3 + wasWaiting.length,
        gross: qr.total + card.total + held.total + sum(wasWaiting, (r) => r.amount),
        fee: cardFee + sum(wasWaiting, (r) => r.fee),
        net: qr.total + card.total - cardFee + held.total + sum(wasWaiting, (r) => r.amount - r.fee),
      }),
    );
    expect(
      fresh(settled)
        .filter((r) => r.group === 'OURS_ONLY')
        .map((r) => r.order_code),
    ).toEqual([fake.code]);

    // The export carries the same rows and figures.
    const file = await fetch(`${t.url}/api/portal/reconciliation/export?store_id=${m.storeId}&day=${today()}`, {
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(file.headers.get('content-disposition')).toContain('doi-soat_');
    const sheet = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' }).Sheets['Đối soát']!;
    const aoa = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1, blankrows: false });
    const head = aoa.findIndex((r) => r[0] === RECON_HEADERS[0]);
    const body = aoa.slice(head + 1, head + 1 + settled.rows.length);
    expect(body.map((r) => [r[3] ?? '', r[7], r[8], r[9]])).toEqual(
      settled.rows.map((r) => [r.order_code ?? '', r.amount, r.fee, r.credited]),
    );
    expect(body.find((r) => r[3] === fake.code)![1]).toBe('Có');
    const all = aoa.find((r) => r[0] === 'Tất cả')!;
    expect(all.slice(1)).toEqual([settled.totals.ALL.count, settled.totals.ALL.gross, settled.totals.ALL.fee, settled.totals.ALL.net]);
  });

  it('issue 27 §5: a link payment is matched in the e-commerce report, another store and another day are apart', async () => {
    const m = await freshMerchant();
    const o = await order(m, 2);
    await payByLink(m, o);
    const ofLink = async () => (await reconcile(m)).rows.filter((r) => r.order_code === o.code).map((r) => [r.group, r.method]);
    expect(await ofLink()).toEqual([['WAITING', 'LINK']]);
    await trigger(m, 'bank-settle', { order_code: o.code });
    expect(await ofLink()).toEqual([['MATCHED', 'LINK']]);
    const [other] = await t.sandbox.db.query<{ id: number }>(`SELECT max(id) AS id FROM stores WHERE merchant_id = $1`, [m.id]);
    expect((await reconcile(m, today(), Number(other!.id))).rows).toEqual([]);
    expect((await reconcile(m, vnDate(t.sandbox.clock.now() - 86_400_000))).rows.some((r) => r.order_code === o.code)).toBe(false);
  });

  it("D320: a VietQR refund the bank completed and a card refund the terminal approved are signed rows with the bank's record; totals net of refunds; the file agrees", async () => {
    const m = await freshMerchant();
    const [qr, card, asked] = [await order(m, 2), await order(m, 1), await order(m, 1)];
    await trigger(m, 'order-qr-paid', { order_code: qr.code });
    await payByCard(m, card);
    await trigger(m, 'order-qr-paid', { order_code: asked.code });
    const base = await reconcile(m);
    const refund = async (o: { invoiceId: number }) => {
      const res = await sale(
        m,
        'POST',
        '/payment/refund',
        { invoice_id: o.invoiceId, reason: 'CUSTOMER_RETURN', full: true },
        key('refund'),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return String(res.body.data.id);
    };
    const qrRefund = await refund(qr);
    await trigger(m, 'bank-refund', { refund_id: qrRefund });
    await trigger(m, 'refund-terminal', { refund_id: await refund(card) });
    await refund(asked); // requested from the bank, not sent back yet: nothing left the account
    // The bank answers once: a second answer is refused and writes no second record.
    expect((await t.api('POST', '/sandbox/triggers/bank-refund', { body: { merchant: m.id, refund_id: qrRefund } })).status).toBe(409);
    const day = await reconcile(m);
    const refunds = day.rows.filter((r) => r.kind === 'REFUND');
    expect(refunds.map((r) => [r.group, r.method, r.order_code, r.amount, r.fee, r.credited, r.bank_id !== null])).toEqual([
      ['MATCHED', 'QR', qr.code, -qr.total, 0, -qr.total, true],
      ['MATCHED', 'CARD', card.code, -card.total, 0, -card.total, true],
    ]);
    const b = base.totals;
    expect(day.totals.ALL).toEqual({
      count: b.ALL.count + 2,
      gross: b.ALL.gross - qr.total - card.total,
      fee: b.ALL.fee,
      net: b.ALL.net - qr.total - card.total,
    });
    expect(day.totals.MATCHED.net).toBe(b.MATCHED.net - qr.total - card.total);

    const file = await fetch(`${t.url}/api/portal/reconciliation/export?store_id=${m.storeId}&day=${today()}`, {
      headers: { authorization: `Bearer ${m.token}` },
    });
    const sheet = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' }).Sheets['Đối soát']!;
    const aoa = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1, blankrows: false });
    const head = aoa.findIndex((r) => r[0] === RECON_HEADERS[0]);
    const body = aoa.slice(head + 1, head + 1 + day.rows.length);
    expect(body.filter((r) => r[11] === 'Hoàn tiền').map((r) => [r[3], r[7], r[8], r[9]])).toEqual(
      refunds.map((r) => [r.order_code, r.amount, r.fee, r.credited]),
    );
    const all = aoa.find((r) => r[0] === 'Tất cả')!;
    expect(all.slice(1)).toEqual([day.totals.ALL.count, day.totals.ALL.gross, day.totals.ALL.fee, day.totals.ALL.net]);
  });

  it('D309: owner only, merchant-scoped, a bad day or store refused with its field', async () => {
    const m = await freshMerchant();
    const other = await freshMerchant();
    const get = (token: string, q: string) => t.api('GET', `/api/portal/reconciliation?${q}`, { token });
    const foreign = await get(m.token, `store_id=${other.storeId}&day=${today()}`);
    expect([foreign.status, foreign.body.error_code]).toEqual([404, 'STORE_NOT_EXIST']);
    expect((await get(m.token, `store_id=${m.storeId}&day=2026-13-01`)).body).toMatchObject({
      error_code: 'BAD_REQUEST',
      data: { field: 'day' },
    });
    expect((await get(m.token, `store_id=${m.storeId}&day=2999-01-01`)).body).toMatchObject({
      error_code: 'BAD_REQUEST',
      data: { field: 'day' },
    });
    expect((await get(m.token, `day=${today()}`)).body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field: 'store_id' } });
    const username = `recon.staff.${m.id}.${Date.now()}`.toLowerCase();
    await t.api('POST', '/sandbox/users', {
      body: { username, password: 'Staff@2026', email: `${username}@example.test`, merchant: m.id, role: 'Staff' },
    });
    const staff = (await t.login(username, 'Staff@2026')).access_token;
    expect((await get(staff, `store_id=${m.storeId}&day=${today()}`)).body.error_code).toBe('PERMISSION_DENY');
    expect(
      (await t.api('GET', `/api/portal/reconciliation/export?store_id=${m.storeId}&day=${today()}`, { token: staff })).body.error_code,
    ).toBe('PERMISSION_DENY');
  });
});
