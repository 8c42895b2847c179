// @vitest-environment node
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG, SCRIPT } from '../../../src/rules/hostile';
import { staffListSchema, staffRowSchema } from '../../../src/services/staff/schemas';
import { passwordDigest } from '../../platform/auth/passwords';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

let serial = 0;
/** A throwaway phoco copy, its owner signed in; unique e-mails and phones per test (sign-ins are global). */
async function freshMerchant(): Promise<{ id: string; token: string; storeIds: number[] }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  expect(made.status).toBe(201);
  const { merchant_id, username, password } = made.body;
  const { access_token } = await t.login(username, password);
  const stores = await t.sandbox.db.query<{ id: number }>(`SELECT id FROM stores WHERE merchant_id = $1 ORDER BY id`, [merchant_id]);
  return { id: merchant_id, token: access_token, storeIds: stores.map((s) => s.id) };
}

function newStaff(storeId: number, password = 'Secret1') {
  serial += 1;
  const tag = `${process.pid}${serial}`;
  return {
    staff_id: `T${serial}`,
    full_name: 'Nguyễn Thị Hồng',
    phone: `+8498${String(1_000_000 + serial * 7919).slice(-7)}`,
    email: `hong.${tag}@staff.example.vn`,
    store_id: storeId,
    address: '12 Hàng Bạc, Hoàn Kiếm, Hà Nội',
    password: passwordDigest(password),
  };
}

const login = (username: string, password: string) => t.api('POST', '/api/portal/user/login', { body: { username, password } });

describe('the password digest (D97)', () => {
  // The portal's own implementation is checked against the same vectors in src/services/staff/staff.test.ts.
  it('is the SHA-256 hex of the NFC password', () => {
    for (const p of ['', 'abc', 'Staff@2026', 'Mật khẩu', '🔒💳']) {
      expect(passwordDigest(p)).toBe(createHash('sha256').update(p.normalize('NFC'), 'utf8').digest('hex'));
    }
    expect(passwordDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(passwordDigest('Me\u0301t')).toBe(passwordDigest('Mét'));
  });

  it('leaves the seeded sign-ins working (owner and staff)', async () => {
    expect((await login('phoco', 'Phoco@2026')).status).toBe(200);
    expect((await login('phoco.staff', 'Staff@2026')).status).toBe(200);
    expect((await login('phoco.staff', passwordDigest('Staff@2026'))).status).toBe(401);
  });
});

describe('GET /staff (core §7)', () => {
  it("lists the merchant's own staff, newest first, paged, without passwords", async () => {
    const m = await freshMerchant();
    const res = await t.api('GET', '/api/portal/staff?page=1&page_size=2', { token: m.token });
    expect(res.status).toBe(200);
    const list = staffListSchema.parse(res.body);
    expect(list.data.map((r) => r.staff_id)).toEqual(['NV004', 'NV003']);
    expect(list.total_page).toBe(2);
    expect(res.body.total_count).toBe(4);
    expect(JSON.stringify(res.body)).not.toMatch(/password/);
    expect(list.data[0]!.store_name).toBeTruthy();
    expect(list.data.every((r) => r.has_login === false)).toBe(true);
    expect((await t.api('GET', '/api/portal/staff?page_size=101', { token: m.token })).body.error_code).toBe('BAD_REQUEST');
  });

  it('answers one row by id; another merchant’s id answers as a missing one', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const [row] = (await t.api('GET', '/api/portal/staff', { token: a.token })).body.data;
    const one = await t.api('GET', `/api/portal/staff?id=${row.id}`, { token: a.token });
    expect(staffRowSchema.parse(one.body.data)).toMatchObject({ id: row.id, staff_id: row.staff_id });
    const theirs = await t.api('GET', `/api/portal/staff?id=${row.id}`, { token: b.token });
    const missing = await t.api('GET', `/api/portal/staff?id=999999999`, { token: b.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error_code).toBe('USER_INCORRECT');
    expect({ ...theirs.body, data: {} }).toEqual({ ...missing.body, data: {} });
    for (const bad of ['abc', '-1', '1e3', '', '1%00', '1'.repeat(12)]) {
      const res = await t.api('GET', `/api/portal/staff?id=${bad}`, { token: a.token });
      expect(res.status, bad).toBe(400);
      expect(['REQUIRED', 'BAD_REQUEST']).toContain(res.body.error_code);
    }
  });
});

describe('roles (D87): the owner alone manages staff', () => {
  it('refuses every /staff call of a staff-type user with PERMISSION_DENY and keeps the dropdown open', async () => {
    const { access_token } = await t.login('phoco.staff', 'Staff@2026');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/portal/staff'],
      ['GET', '/api/portal/staff?id=1'],
      ['POST', '/api/portal/staff', newStaff(1)],
      ['PUT', '/api/portal/staff', { id: 1, full_name: 'Lê Thị Hồng', phone: '0903111222', store_id: 1 }],
      ['DELETE', '/api/portal/staff?id=1'],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.api(method, path, { token: access_token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error_code).toBe('PERMISSION_DENY');
    }
    const [before] = await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE merchant_id = '10000001'`);
    expect(before!.n).toBe(4);
    const dropdown = await t.api('GET', '/api/portal/metadata/list-staff?page_size=100000', { token: access_token });
    expect(dropdown.status).toBe(200);
    expect(dropdown.body.data).toHaveLength(4);
  });

  it('refuses without a token', async () => {
    expect((await t.api('GET', '/api/portal/staff')).body.error_code).toBe('AUTHEN_FAIL');
    expect((await t.api('POST', '/api/portal/staff', { body: newStaff(1) })).status).toBe(401);
  });
});

describe('POST /staff', () => {
  it('adds a staff member who signs in with their e-mail and the password typed in the portal', async () => {
    const m = await freshMerchant();
    const body = newStaff(m.storeIds[1]!, 'Mật khẩu 6');
    const res = await t.api('POST', '/api/portal/staff', { token: m.token, body });
    expect(res.status).toBe(200);
    const row = staffRowSchema.parse(res.body.data);
    expect(row).toMatchObject({ staff_id: body.staff_id, full_name: 'Nguyễn Thị Hồng', email: body.email, has_login: true });
    // Stored in the national form whatever form was typed.
    expect(row.phone).toBe(`0${body.phone.slice(3)}`);
    const [stored] = await t.sandbox.db.query<{ password_hash: string; role: string; username: string }>(
      `SELECT password_hash, role, username FROM users WHERE staff_row_id = $1`,
      [row.id],
    );
    expect(stored).toMatchObject({ role: 'Staff', username: body.email });
    expect(stored!.password_hash).toMatch(/^scrypt-sha256\$/);
    expect(stored!.password_hash).not.toContain(body.password);

    const signIn = await login(body.email, 'Mật khẩu 6');
    expect(signIn.status).toBe(200);
    const info = await t.api('GET', '/api/portal/user/info', { token: signIn.body.data.access_token });
    expect(info.body.data.role).toBe('Staff');
    expect(info.body.data.merchant_id).toBe(m.id);
    // A staff-type user, so the staff calls are closed to them.
    expect((await t.api('GET', '/api/portal/staff', { token: signIn.body.data.access_token })).body.error_code).toBe('PERMISSION_DENY');
    expect((await login(body.email, 'wrong one')).status).toBe(401);
  });

  it('answers STAFF_EXIST, PHONE_IS_EXIST and EMAIL_IS_EXIST', async () => {
    const m = await freshMerchant();
    const first = newStaff(m.storeIds[0]!);
    expect((await t.api('POST', '/api/portal/staff', { token: m.token, body: first })).status).toBe(200);
    const again = newStaff(m.storeIds[0]!);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...again, staff_id: first.staff_id.toLowerCase() }, 'STAFF_EXIST'],
      [{ ...again, staff_id: 'NV001' }, 'STAFF_EXIST'],
      // The same number in another form is the same number.
      [{ ...again, phone: `0${first.phone.slice(3)}` }, 'PHONE_IS_EXIST'],
      [{ ...again, phone: '0903111222' }, 'PHONE_IS_EXIST'],
      [{ ...again, email: first.email.toUpperCase() }, 'EMAIL_IS_EXIST'],
      // Another merchant's sign-in: an e-mail signs in one user only.
      [{ ...again, email: 'staff@phoco.example.vn' }, 'EMAIL_IS_EXIST'],
      [{ ...again, email: 'owner@phoco.example.vn' }, 'EMAIL_IS_EXIST'],
    ];
    for (const [body, code] of cases) {
      const res = await t.api('POST', '/api/portal/staff', { token: m.token, body });
      expect(res.status, `${code} ${JSON.stringify(body)}`).toBe(409);
      expect(res.body.error_code).toBe(code);
    }
    const [count] = await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE merchant_id = $1`, [m.id]);
    expect(count!.n).toBe(5);
  });

  it("refuses another merchant's store as STORE_NOT_EXIST", async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const res = await t.api('POST', '/api/portal/staff', { token: a.token, body: newStaff(b.storeIds[0]!) });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('STORE_NOT_EXIST');
  });

  it('checks every field with the form rules (core §5), naming the fields', async () => {
    const m = await freshMerchant();
    const base = newStaff(m.storeIds[0]!);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ['staff_id', 'full_name', 'phone', 'email', 'password', 'store_id', 'address']],
      [{ ...base, full_name: 'Hong 2' }, ['full_name']],
      [{ ...base, full_name: 'Hồng <b>' }, ['full_name']],
      [{ ...base, full_name: '   ' }, ['full_name']],
      [{ ...base, phone: '0212345678' }, ['phone']],
      [{ ...base, phone: '+84 91234567' }, ['phone']],
      [{ ...base, email: 'not-an-email' }, ['email']],
      // The typed password never arrives: only a 64-character hex digest is taken.
      [{ ...base, password: 'Secret1' }, ['password']],
      [{ ...base, password: base.password.toUpperCase() }, ['password']],
      [{ ...base, store_id: 'one' }, ['store_id']],
      [{ ...base, address: '' }, ['address']],
      [{ ...base, staff_id: 'NV 9' }, ['staff_id']],
    ];
    for (const [body, fields] of cases) {
      const res = await t.api('POST', '/api/portal/staff', { token: m.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error_code).toBe('REQUIRED');
      expect(res.body.data.fields).toEqual(fields);
    }
  });

  it('takes hostile input as a refusal or as plain text, never a 500', async () => {
    const m = await freshMerchant();
    const base = newStaff(m.storeIds[0]!);
    const hostile: Array<Record<string, unknown>> = [
      { ...base, full_name: LONG },
      { ...base, address: LONG },
      { ...base, staff_id: LONG },
      { ...base, email: `${LONG}@x.vn` },
      { ...base, full_name: 'Hồng\u0000' },
      { ...base, address: 'Hà Nội\u0000' },
      { ...base, full_name: ['Hồng'] },
      { ...base, phone: { $gt: '' } },
      { ...base, store_id: 1.5 },
      { ...base, store_id: 99999999999 },
      { ...base, password: null },
      { ...base, email: SCRIPT },
    ];
    for (const body of hostile) {
      const res = await t.api('POST', '/api/portal/staff', { token: m.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    for (const raw of ['[]', '"x"', 'null', '{']) {
      const res = await fetch(`${t.url}/api/portal/staff`, {
        method: 'POST',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
        body: raw,
      });
      expect(res.status).toBe(400);
    }
    // Markup and other scripts are kept as text (the portal renders text only).
    const marked = { ...newStaff(m.storeIds[0]!), full_name: '李小龙 Đặng', address: SCRIPT };
    const ok = await t.api('POST', '/api/portal/staff', { token: m.token, body: marked });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ full_name: '李小龙 Đặng', address: SCRIPT });
    const [count] = await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE merchant_id = $1`, [m.id]);
    expect(count!.n).toBe(5);
  });
});

describe('PUT /staff', () => {
  async function added() {
    const m = await freshMerchant();
    const body = newStaff(m.storeIds[0]!, 'First1');
    const row = (await t.api('POST', '/api/portal/staff', { token: m.token, body })).body.data;
    return { m, body, row };
  }
  const edit = (row: { id: number; store_id: number }, more: Record<string, unknown> = {}) => ({
    id: row.id,
    full_name: 'Trần Thu Hà',
    phone: '0987 000 111',
    store_id: row.store_id,
    address: 'Đà Nẵng',
    ...more,
  });

  it('changes name, phone, store and address; id and e-mail stay', async () => {
    const { m, row, body } = await added();
    const res = await t.api('PUT', '/api/portal/staff', {
      token: m.token,
      body: edit(row, { store_id: m.storeIds[2], staff_id: row.staff_id, email: row.email }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ full_name: 'Trần Thu Hà', phone: '0987000111', store_id: m.storeIds[2], address: 'Đà Nẵng' });
    expect(res.body.data).toMatchObject({ staff_id: body.staff_id, email: body.email });
    const [user] = await t.sandbox.db.query<{ full_name: string }>(`SELECT full_name FROM users WHERE staff_row_id = $1`, [row.id]);
    expect(user!.full_name).toBe('Trần Thu Hà');
    for (const [more, field] of [
      [{ staff_id: 'X1' }, 'staff_id'],
      [{ email: 'other@staff.example.vn' }, 'email'],
    ] as const) {
      const refused = await t.api('PUT', '/api/portal/staff', { token: m.token, body: edit(row, more) });
      expect(refused.body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field } });
    }
  });

  it('refuses a blank or invalid name, a wrong phone, a taken phone, another merchant’s row', async () => {
    const { m, row } = await added();
    const other = await freshMerchant();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ full_name: '' }, 'REQUIRED'],
      [{ full_name: 'Hà 3' }, 'REQUIRED'],
      [{ phone: '123' }, 'REQUIRED'],
      [{ phone: '0904222333' }, 'PHONE_IS_EXIST'],
      [{ store_id: other.storeIds[0] }, 'STORE_NOT_EXIST'],
    ];
    for (const [more, code] of bad) {
      expect((await t.api('PUT', '/api/portal/staff', { token: m.token, body: edit(row, more) })).body.error_code).toBe(code);
    }
    const theirs = await t.api('PUT', '/api/portal/staff', { token: other.token, body: edit(row, { store_id: other.storeIds[0] }) });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error_code).toBe('USER_INCORRECT');
    const [kept] = await t.sandbox.db.query<{ full_name: string }>(`SELECT full_name FROM staff WHERE id = $1`, [row.id]);
    expect(kept!.full_name).toBe('Nguyễn Thị Hồng');
  });

  it('changes the password with the old one (both hashed); a wrong old one is PASSWORD_NOT_MATCH', async () => {
    const { m, row, body } = await added();
    const staffSession = (await login(body.email, 'First1')).body.data.access_token;
    const wrong = await t.api('PUT', '/api/portal/staff', {
      token: m.token,
      body: edit(row, { old_password: passwordDigest('nope12'), password: passwordDigest('Second2') }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_code).toBe('PASSWORD_NOT_MATCH');
    expect((await login(body.email, 'First1')).status).toBe(200);

    const missingOld = await t.api('PUT', '/api/portal/staff', {
      token: m.token,
      body: edit(row, { password: passwordDigest('Second2') }),
    });
    expect(missingOld.body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['old_password'] } });
    const plain = await t.api('PUT', '/api/portal/staff', {
      token: m.token,
      body: edit(row, { old_password: 'First1', password: 'Second2' }),
    });
    expect(plain.body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['password', 'old_password'] } });
    const same = await t.api('PUT', '/api/portal/staff', {
      token: m.token,
      body: edit(row, { old_password: passwordDigest('First1'), password: passwordDigest('First1') }),
    });
    expect(same.body.error_code).toBe('PASSWORD_DUPLICATE');

    const changed = await t.api('PUT', '/api/portal/staff', {
      token: m.token,
      body: edit(row, { old_password: passwordDigest('First1'), password: passwordDigest('Second2') }),
    });
    expect(changed.status).toBe(200);
    expect((await login(body.email, 'First1')).status).toBe(401);
    expect((await login(body.email, 'Second2')).status).toBe(200);
    // Whoever was signed in with the old password is signed out.
    expect((await t.api('GET', '/api/portal/user/info', { token: staffSession })).status).toBe(401);
  });

  it('gives a staff member without a sign-in one when a password is first set', async () => {
    const m = await freshMerchant();
    const rows = (await t.api('GET', '/api/portal/staff', { token: m.token })).body.data as Array<{ id: number; staff_id: string }>;
    const nv4 = rows.find((r) => r.staff_id === 'NV004')!;
    const row = (await t.api('GET', `/api/portal/staff?id=${nv4.id}`, { token: m.token })).body.data;
    // The throwaway copy shares its template's staff e-mails: make this one unique first.
    const email = `huy.${process.pid}@copy.example.vn`;
    await t.sandbox.db.query(`UPDATE staff SET email = $2 WHERE id = $1`, [row.id, email]);
    const res = await t.api('PUT', '/api/portal/staff', {
      token: m.token,
      body: { id: row.id, full_name: row.full_name, phone: row.phone, store_id: row.store_id, password: passwordDigest('Huy123') },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.has_login).toBe(true);
    expect((await login(email, 'Huy123')).status).toBe(200);
  });
});

describe('DELETE /staff', () => {
  it('deletes a staff member and their sign-in; another merchant’s id answers as missing', async () => {
    const m = await freshMerchant();
    const other = await freshMerchant();
    const body = newStaff(m.storeIds[0]!, 'Gone12');
    const row = (await t.api('POST', '/api/portal/staff', { token: m.token, body })).body.data;
    const session = (await login(body.email, 'Gone12')).body.data.access_token;
    const theirs = await t.api('DELETE', `/api/portal/staff?id=${row.id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error_code).toBe('USER_INCORRECT');
    const res = await t.api('DELETE', `/api/portal/staff?id=${row.id}`, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data.success).toBe(true);
    expect((await t.api('GET', `/api/portal/staff?id=${row.id}`, { token: m.token })).body.error_code).toBe('USER_INCORRECT');
    expect((await login(body.email, 'Gone12')).status).toBe(401);
    expect((await t.api('GET', '/api/portal/user/info', { token: session })).status).toBe(401);
    expect((await t.api('DELETE', `/api/portal/staff?id=${row.id}`, { token: m.token })).body.error_code).toBe('USER_INCORRECT');
    expect((await t.api('DELETE', `/api/portal/staff?id=abc`, { token: m.token })).body.error_code).toBe('REQUIRED');
  });

  it('refuses a staff member linked to a ShopQR with STAFF_LINK_VA naming them', async () => {
    const m = await freshMerchant();
    const [linked] = await t.sandbox.db.query<{ id: number; staff_id: string; full_name: string }>(
      `SELECT st.id, st.staff_id, st.full_name FROM staff st JOIN virtual_accounts va ON va.staff_row_id = st.id WHERE st.merchant_id = $1 LIMIT 1`,
      [m.id],
    );
    expect(linked).toBeTruthy();
    const res = await t.api('DELETE', `/api/portal/staff?id=${linked!.id}`, { token: m.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error_code: 'STAFF_LINK_VA', data: { staff_id: linked!.staff_id, staff_name: linked!.full_name } });
    expect((await t.api('GET', `/api/portal/staff?id=${linked!.id}`, { token: m.token })).status).toBe(200);
  });
});
