// @vitest-environment node
import { createHash } from 'node:crypto';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { EXPORT_HEADERS } from './xlsx';

/** The portal's password digest (D97: SHA-256 hex of the NFC password). */
const passwordDigest = (p: string) => createHash('sha256').update(p.normalize('NFC'), 'utf8').digest('hex');

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

async function freshMerchant() {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  const { merchant_id: id, username, password } = made.body;
  const { access_token: token } = await t.login(username, password);
  const stores = await t.sandbox.db.query<{ id: number; name: string }>(`SELECT id, name FROM stores WHERE merchant_id = $1 ORDER BY id`, [
    id,
  ]);
  return { id: id as string, token, stores };
}
type Merchant = Awaited<ReturnType<typeof freshMerchant>>;

const log = async (m: Merchant, query = '') => {
  const res = await t.api('GET', `/api/portal/audit-log${query}`, { token: m.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** An account the bank knows for this merchant and nobody has linked yet. */
async function addableAccount(m: Merchant) {
  const [row] = await t.sandbox.db.query<{ bank_code: string; account_no: string; holder_name: string; phone: string }>(
    `SELECT r.bank_code, r.account_no, r.holder_name, r.phone FROM bank_registry r
      WHERE r.merchant_id = $1 AND r.state = 'ACTIVE'
        AND NOT EXISTS (SELECT 1 FROM bank_accounts a WHERE a.bank_code = r.bank_code AND a.bank_account_no = r.account_no)
      ORDER BY r.account_no LIMIT 1`,
    [m.id],
  );
  return row!;
}

async function addBank(m: Merchant) {
  const a = await addableAccount(m);
  const res = await t.api('POST', '/api/portal/bank/account', {
    token: m.token,
    body: { bank_account_no: a.account_no, bank_code: a.bank_code, holder_name: a.holder_name, phone: a.phone },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return a;
}

describe('issue 27 §6: the audit log records sensitive actions (D299)', () => {
  it('issue 27 §6: a bank account added and deleted, with who, when, the masked number before and after', async () => {
    const m = await freshMerchant();
    const before = Math.floor(t.sandbox.clock.now() / 1000);
    const a = await addBank(m);
    const added = (await log(m)).data[0];
    expect(added).toMatchObject({ action: 'bank.account.add', target_type: 'bank_account', user_role: 'Customer', before: null });
    expect(added.after).toEqual({ bank_code: a.bank_code, bank_account_no: `••••${a.account_no.slice(-4)}`, holder_name: a.holder_name });
    expect(JSON.stringify(added)).not.toContain(a.account_no);
    // Whole seconds on a running clock: the entry's second lies between the call and now.
    expect(added.at).toBeGreaterThanOrEqual(before);
    expect(added.at).toBeLessThanOrEqual(Math.floor(t.sandbox.clock.now() / 1000));
    const del = await t.api('DELETE', `/api/portal/bank/account?id=${added.target_id}`, { token: m.token });
    expect(del.status).toBe(200);
    const [deleted] = (await log(m)).data;
    expect(deleted).toMatchObject({ action: 'bank.account.delete', target_id: added.target_id, after: null, before: added.after });
  });

  it('issue 27 §6: a ShopQR deleted and added, with its store', async () => {
    const m = await freshMerchant();
    const [seeded] = await t.sandbox.db.query<{ id: number; store_id: number; bank_account_no: string }>(
      `SELECT v.id, v.store_id, b.bank_account_no FROM virtual_accounts v JOIN bank_accounts b ON b.id = v.bank_account_id
        WHERE v.merchant_id = $1 AND v.va_type = 'STORE' ORDER BY v.id LIMIT 1`,
      [m.id],
    );
    const store = m.stores.find((s) => s.id === seeded!.store_id)!;
    expect((await t.api('DELETE', `/api/portal/channel-payment?channel_id=${seeded!.id}`, { token: m.token })).status).toBe(200);
    const [deleted] = (await log(m, '?action=shopqr.delete')).data;
    expect(deleted).toMatchObject({ store_id: store.id, store_name: store.name, target_id: String(seeded!.id), after: null });
    expect(deleted.before).toMatchObject({
      va_type: 'STORE',
      store: store.name,
      bank_account_no: `••••${seeded!.bank_account_no.slice(-4)}`,
    });
    const made = await t.api('POST', '/api/portal/channel-payment', {
      token: m.token,
      body: { type: 'STORE', bank_account_no: seeded!.bank_account_no, store_id: store.id },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [added] = (await log(m, `?action=shopqr.add&store_id=${store.id}`)).data;
    expect(added).toMatchObject({ target_id: String(made.body.data.id), before: null });
    expect(added.after).toMatchObject({
      va_type: 'STORE',
      store: store.name,
      va_account_no: `••••${made.body.data.va_account_no.slice(-4)}`,
    });
  });

  it('issue 27 §6: staff added, changed (password noted, never its value) and deleted; phone masked, no e-mail', async () => {
    const m = await freshMerchant();
    const [s1, s2] = m.stores;
    const body = {
      staff_id: 'AUD1',
      full_name: 'Trần Thị Lan',
      phone: '0987654321',
      email: `lan.${m.id}@staff.example.vn`,
      store_id: s1!.id,
      address: '1 Tràng Tiền, Hà Nội',
      password: passwordDigest('Secret1'),
    };
    const made = await t.api('POST', '/api/portal/staff', { token: m.token, body });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id;
    const put = await t.api('PUT', '/api/portal/staff', {
      token: m.token,
      body: {
        id,
        full_name: 'Trần Thị Lan Anh',
        phone: '0987654321',
        store_id: s2!.id,
        password: passwordDigest('Secret2'),
        old_password: passwordDigest('Secret1'),
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await t.api('DELETE', `/api/portal/staff?id=${id}`, { token: m.token });
    const rows = (await log(m)).data;
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['staff.delete', 'staff.update', 'staff.add']);
    const [deleted, updated, added] = rows;
    expect(added.after).toEqual({ staff_id: 'AUD1', full_name: 'Trần Thị Lan', phone: '098••••321', store: s1!.name });
    expect(updated.before).toMatchObject({ full_name: 'Trần Thị Lan', store: s1!.name, password_changed: false });
    expect(updated.after).toMatchObject({ full_name: 'Trần Thị Lan Anh', store: s2!.name, password_changed: true });
    expect(updated.store_id).toBe(s2!.id);
    expect(deleted.before).toMatchObject({ full_name: 'Trần Thị Lan Anh' });
    const text = JSON.stringify(rows);
    for (const secret of [body.email, body.address, body.password, '0987654321', passwordDigest('Secret2')])
      expect(text).not.toContain(secret);
  });

  it('issue 27 §6: payment settings saved, the wallet keys left out and only their change noted', async () => {
    const m = await freshMerchant();
    const body = {
      redirect_url: 'https://phoco.example.vn/ok',
      cancel_url: 'https://phoco.example.vn/cancel',
      ipn_url: 'https://phoco.example.vn/ipn',
      data: [
        {
          id: 1,
          data: { url: 'https://wallet.example.vn/pay', access_key: 'ACCESSKEY123', secret_key: 'SECRETKEY456', partner_code: 'PHOCO01' },
        },
        { id: 2, data: { channel_id: 'POS-01' } },
      ],
    };
    const res = await t.api('POST', '/api/checkout/payment-method', { token: m.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry] = (await log(m, '?action=payment.settings.save')).data;
    expect(entry.before).toMatchObject({ redirect_url: '', ewallet_active: false, ewallet_keys_changed: false });
    expect(entry.after).toMatchObject({ redirect_url: body.redirect_url, ewallet_active: true, ewallet_keys_changed: true });
    expect(JSON.stringify(entry)).not.toMatch(/ACCESSKEY123|SECRETKEY456|KEY123|KEY456/);
  });
});

describe('issue 27 §6: reading the log (D300)', () => {
  it('issue 27 §6: is the owner’s alone and each merchant sees only its own entries', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    await addBank(a);
    expect((await log(a)).total_count).toBe(1);
    expect((await log(b)).total_count).toBe(0);
    const staff = await t.login('phoco.staff', 'Staff@2026');
    for (const path of ['/audit-log', '/audit-log/export', '/audit-log/users']) {
      const res = await t.api('GET', `/api/portal${path}`, { token: staff.access_token });
      expect(res.status).toBe(403);
      expect(res.body.error_code).toBe('PERMISSION_DENY');
      expect((await t.api('GET', `/api/portal${path}`)).status).toBe(401);
    }
  });

  it('issue 27 §6: filters by Vietnam day, action, user and store, newest first, paged; refuses a bad filter', async () => {
    const m = await freshMerchant();
    await addBank(m);
    await addBank(m);
    const all = await log(m, '?page_size=1');
    expect(all).toMatchObject({ total_count: 2, total_page: 2, page_size: 1 });
    const today = new Date(t.sandbox.clock.now() + 7 * 3600_000).toISOString().slice(0, 10);
    expect((await log(m, `?from=${today}&to=${today}`)).total_count).toBe(2);
    expect((await log(m, `?from=2020-01-01&to=2020-01-02`)).total_count).toBe(0);
    expect((await log(m, '?action=staff.add')).total_count).toBe(0);
    const users = (await t.api('GET', '/api/portal/audit-log/users', { token: m.token })).body.data;
    expect(users).toHaveLength(1);
    expect((await log(m, `?user_id=${users[0].user_id}`)).total_count).toBe(2);
    expect((await log(m, `?user_id=${users[0].user_id + 1000}`)).total_count).toBe(0);
    expect((await log(m, `?store_id=${m.stores[0]!.id}`)).total_count).toBe(0);
    for (const bad of [
      '?action=nope',
      '?from=2026-02-30&to=2026-03-01',
      '?from=2026-03-02&to=2026-03-01',
      '?from=2026-03-01',
      '?store_id=x',
    ]) {
      const res = await t.api('GET', `/api/portal/audit-log${bad}`, { token: m.token });
      expect(res.status, bad).toBe(400);
    }
  });

  it('issue 27 §6: exports the same filter as an xlsx whose rows match the list', async () => {
    const m = await freshMerchant();
    const a = await addBank(m);
    const res = await fetch(`${t.url}/api/portal/audit-log/export?action=bank.account.add`, {
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('nhat-ky-thao-tac');
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual([...EXPORT_HEADERS]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(2, 6)).toEqual([
      'Chủ cửa hàng',
      '',
      'Thêm tài khoản ngân hàng',
      expect.stringMatching(/^Tài khoản ngân hàng #\d+$/),
    ]);
    expect(rows[1]![7]).toContain(`bank_account_no: ••••${a.account_no.slice(-4)}`);
  });

  it('issue 27 §6: no call changes or deletes an entry, and the database refuses UPDATE and DELETE; reset still empties it', async () => {
    const m = await freshMerchant();
    await addBank(m);
    const [entry] = (await log(m)).data;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const path of ['/audit-log', `/audit-log/${entry.id}`, `/audit-log?id=${entry.id}`]) {
        const res = await t.api(method, `/api/portal${path}`, { token: m.token, body: method === 'DELETE' ? undefined : { action: 'x' } });
        expect([404, 405], `${method} ${path}`).toContain(res.status);
      }
    }
    await expect(t.sandbox.db.query(`UPDATE audit_log SET after = NULL WHERE id = $1`, [entry.id])).rejects.toThrow(/append-only/);
    await expect(t.sandbox.db.query(`DELETE FROM audit_log WHERE id = $1`, [entry.id])).rejects.toThrow(/append-only/);
    expect((await log(m)).data[0]).toEqual(entry);
    const reset = await t.api('POST', '/sandbox/reset', { body: {} });
    expect(reset.status).toBeLessThan(300);
    const [left] = await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`);
    expect(left!.n).toBe(0);
  });
});
