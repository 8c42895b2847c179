// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerCreatedSchema, customerListSchema, customerSchema } from '../../../src/services/customers/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { seedCustomerPlan } from './seed';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

/** A throwaway copy of a template, signed in as its owner. */
async function freshMerchant(template = 'phoco'): Promise<{ id: string; token: string }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const { access_token } = await t.login(made.body.username, made.body.password);
  return { id: made.body.merchant_id, token: access_token };
}

/** Today's list (D239): Thành phố Hà Nội (01) / Phường Hoàn Kiếm (00070), no district. */
const HANG_BAC = { province_code: '01', district_code: '', ward_code: '00070' };
const body = (more: Record<string, unknown> = {}) => ({
  name: 'Trần Thị Phở',
  phone_number: '0977 123 456',
  ...HANG_BAC,
  address: '36 Hàng Bạc',
  ...more,
});

const list = (token: string, query = '') => t.api('GET', `/api/sale/customer${query}`, { token });
const create = (token: string, b: unknown) => t.api('POST', '/api/sale/customer', { token, body: b });
const get = (token: string, id: number | string) => t.api('GET', `/api/sale/customer/${id}`, { token });
const update = (token: string, id: number | string, b: unknown) => t.api('PUT', `/api/sale/customer/${id}`, { token, body: b });

describe('seed (every throwaway copy gets its template’s customers)', () => {
  it('gives a phoco copy and a colan copy their customers with points and spending, newest first', async () => {
    for (const template of ['phoco', 'colan']) {
      const m = await freshMerchant(template);
      const plan = seedCustomerPlan(template);
      const answer = await list(m.token, '?page_size=100');
      expect(answer.status).toBe(200);
      const page = customerListSchema.parse(answer.body.data);
      expect(page.total_count).toBe(plan.length);
      expect(page.customers[0]!.name).toBe(plan.at(-1)!.input.name);
      expect(page.customers.some((c) => c.point > 0 && c.total_spending > 0 && c.total_orders > 0)).toBe(true);
      // Points never exceed 1% of spending (1 point = 1 VND).
      for (const c of page.customers) expect(c.point).toBeLessThanOrEqual(c.total_spending / 100);
    }
    // chuoi (100,000 stores, not copyable) has none, so an empty list can be seen.
    expect(seedCustomerPlan('chuoi')).toEqual([]);
  });

  it('gives the seeded phoco owner and its staff-type user the same list', async () => {
    const owner = (await t.login('phoco', 'Phoco@2026')).access_token;
    const staff = (await t.login('phoco.staff', 'Staff@2026')).access_token;
    const a = customerListSchema.parse((await list(owner)).body.data);
    const b = customerListSchema.parse((await list(staff)).body.data);
    expect(a.total_count).toBeGreaterThan(0);
    expect(b.customers.map((c) => c.customer_id)).toEqual(a.customers.map((c) => c.customer_id));
  });
});

describe('create, read, update (doc 2 §7)', () => {
  it('creates with customer_id and code, stores the phone in its national form and starts at zero points', async () => {
    const m = await freshMerchant();
    expect((await create('', body())).status).toBe(401);
    const made = await create(m.token, body());
    expect(made.status).toBe(200);
    const { customer_id, code } = customerCreatedSchema.parse(made.body.data);
    expect(code).toMatch(/^KH\d{6}$/);
    const c = customerSchema.parse((await get(m.token, customer_id)).body.data);
    expect(c).toMatchObject({
      name: 'Trần Thị Phở',
      phone_number: '0977123456',
      point: 0,
      total_spending: 0,
      total_orders: 0,
      ...HANG_BAC,
    });
    expect(c.full_address).toBe('36 Hàng Bạc, Phường Hoàn Kiếm, Thành phố Hà Nội');
    const first = customerListSchema.parse((await list(m.token)).body.data).customers[0];
    expect(first?.customer_id).toBe(customer_id);
  });

  it('updates name, phone and address but never points, spending, orders or code', async () => {
    const m = await freshMerchant();
    const seeded = customerListSchema.parse((await list(m.token)).body.data).customers.find((c) => c.point > 0)!;
    const answer = await update(m.token, seeded.customer_id, {
      name: 'Lê Văn Đạt',
      phone_number: '+84 912 000 999',
      province_code: '',
      district_code: '',
      ward_code: '',
      address: '',
      point: 999_999_999,
      total_spending: 1,
      code: 'HACK',
    });
    expect(answer.status).toBe(200);
    const c = customerSchema.parse(answer.body.data);
    expect(c).toMatchObject({ name: 'Lê Văn Đạt', phone_number: '0912000999', point: seeded.point, code: seeded.code });
    expect(c.total_spending).toBe(seeded.total_spending);
    expect(c.full_address).toBe('');
  });

  it("issue 25 §7: a customer saved on the old list reads as saved; an update puts it on today's list", async () => {
    const m = await freshMerchant();
    const all = customerListSchema.parse((await list(m.token, '?page_size=100')).body.data).customers;
    const old = all.find((c) => c.district_code !== '')!;
    expect(old).toMatchObject({ province_code: '74', district_code: '718', ward_code: '25747' });
    expect(old.full_address).toMatch(/, Phường Phú Cường, Thành phố Thủ Dầu Một, Tỉnh Bình Dương$/);
    // Today's seeded addresses have no district and name today's ward and province.
    expect(all.find((c) => c.ward_code === '00070')?.full_address).toMatch(/, Phường Hoàn Kiếm, Thành phố Hà Nội$/);
    const moved = await update(m.token, old.customer_id, {
      name: old.name,
      phone_number: old.phone_number,
      province_code: '79',
      district_code: '',
      ward_code: '25747',
      address: old.address,
    });
    expect(moved.status).toBe(200);
    const c = customerSchema.parse(moved.body.data);
    expect(c).toMatchObject({ province_code: '79', district_code: '', ward_code: '25747' });
    expect(c.full_address).toBe(`${old.address}, Phường Thủ Dầu Một, Thành phố Hồ Chí Minh`);
  });

  it('refuses a phone another customer of the merchant has (409 PHONE_IS_EXIST), on create and update', async () => {
    const m = await freshMerchant();
    const [a, b] = customerListSchema.parse((await list(m.token)).body.data).customers;
    const dup = await create(m.token, body({ phone_number: a!.phone_number.replace(/^0/, '+84') }));
    expect(dup.status).toBe(409);
    expect(dup.body.error_code).toBe('PHONE_IS_EXIST');
    const upd = await update(m.token, b!.customer_id, body({ phone_number: a!.phone_number }));
    expect(upd.body.error_code).toBe('PHONE_IS_EXIST');
    // Keeping one's own phone is fine.
    expect((await update(m.token, a!.customer_id, body({ phone_number: a!.phone_number }))).status).toBe(200);
    // Another merchant may have the same phone.
    const other = await freshMerchant();
    const otherFirst = customerListSchema.parse((await list(other.token)).body.data).customers[0]!;
    expect((await create(other.token, body({ phone_number: '0977123456' }))).status).toBe(200);
    expect(otherFirst.phone_number).toBeTruthy();
  });
});

describe('scoping (another merchant’s customer answers as a missing one)', () => {
  it('never lists, reads, updates or deletes another merchant’s customer', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const { customer_id } = customerCreatedSchema.parse((await create(a.token, body({ name: 'Khách của A' }))).body.data);
    for (const answer of [
      await get(b.token, customer_id),
      await update(b.token, customer_id, body()),
      await t.api('DELETE', `/api/sale/customer/${customer_id}`, { token: b.token }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error_code).toBe('CUSTOMER_NOT_EXIST');
    }
    expect(customerListSchema.parse((await list(b.token, '?q=khach cua a')).body.data).total_count).toBe(0);
    expect((await get(a.token, customer_id)).status).toBe(200);
    expect((await get(a.token, 99_999_999)).body.error_code).toBe('CUSTOMER_NOT_EXIST');
  });

  it('deletes the merchant’s own customer', async () => {
    const m = await freshMerchant();
    const { customer_id } = customerCreatedSchema.parse((await create(m.token, body())).body.data);
    expect((await t.api('DELETE', `/api/sale/customer/${customer_id}`, { token: m.token })).status).toBe(200);
    expect((await get(m.token, customer_id)).status).toBe(404);
  });
});

describe('search (accent-insensitive, on the server)', () => {
  it('finds "Phở" with "pho", "Đạt" with "dat", by phone digits and by code, every word in any order', async () => {
    const m = await freshMerchant();
    await create(m.token, body());
    await create(m.token, body({ name: 'Đỗ Văn Đạt', phone_number: '0388111222' }));
    const names = async (q: string) =>
      customerListSchema.parse((await list(m.token, `?page_size=100&q=${encodeURIComponent(q)}`)).body.data).customers.map((c) => c.name);
    const pho = await names('pho');
    expect(pho).toContain('Trần Thị Phở');
    expect(pho.every((n) => /phở/i.test(n))).toBe(true);
    expect(await names('DAT do')).toEqual(['Đỗ Văn Đạt']);
    expect(await names('0388 111')).toEqual(['Đỗ Văn Đạt']);
    expect(await names('38811')).toEqual(['Đỗ Văn Đạt']);
    const all = customerListSchema.parse((await list(m.token, '?page_size=100')).body.data);
    const byCode = await names(all.customers.at(-1)!.code.toLowerCase());
    expect(byCode).toEqual([all.customers.at(-1)!.name]);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('pages the search result (colan has more than a page)', async () => {
    const m = await freshMerchant('colan');
    const p1 = customerListSchema.parse((await list(m.token, '?page=1&page_size=10')).body.data);
    const p2 = customerListSchema.parse((await list(m.token, '?page=2&page_size=10')).body.data);
    expect(p1.total_page).toBe(Math.ceil(seedCustomerPlan('colan').length / 10));
    expect(p2.customers.map((c) => c.customer_id)).not.toContain(p1.customers[0]!.customer_id);
  });
});

describe('hostile input', () => {
  it('names the missing fields and refuses wrong types, markup stays text, NUL and over-long are refused', async () => {
    const m = await freshMerchant();
    const missing = await create(m.token, { name: '   ', phone_number: 12345 });
    expect(missing.status).toBe(400);
    expect(missing.body.error_code).toBe('REQUIRED');
    expect(missing.body.data.fields).toEqual(['name', 'phone_number']);
    for (const b of [null, [], 'text', 42]) expect((await create(m.token, b)).status).toBe(400);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ phone_number: '0123456789' }, 'phone_number'],
      [{ phone_number: '09'.repeat(5000) }, 'phone_number'],
      [{ name: 'A'.repeat(101) }, 'name'],
      [{ address: 'x'.repeat(201) }, 'address'],
      [{ address: 42 }, 'address'],
      [{ province_code: 1 }, 'province_code'],
      [{ province_code: '99' }, 'province_code'],
      // D239: provinces merged on 1 July 2025 are not on today's list; no districts;
      // a ward of another province, or a code that is no ward today, is refused.
      [{ province_code: '74' }, 'province_code'],
      [{ district_code: '760' }, 'district_code'],
      [{ district_code: '002' }, 'district_code'],
      [{ ward_code: '26740' }, 'ward_code'],
      [{ ward_code: '00061' }, 'ward_code'],
      [{ ward_code: '99999' }, 'ward_code'],
      [{ province_code: '', ward_code: '00070' }, 'ward_code'],
      [{ province_code: "01'; DROP TABLE customers;--" }, 'province_code'],
    ];
    // NUL is refused before the route by the platform's hygiene check, naming where it was.
    const nul = await create(m.token, body({ name: 'Tên\u0000ẩn' }));
    expect([nul.status, nul.body.data.field]).toEqual([400, 'body.name']);
    for (const [more, fieldName] of cases) {
      const answer = await create(m.token, body(more));
      expect(answer.status, JSON.stringify(more).slice(0, 60)).toBe(400);
      expect(answer.body.data.field).toBe(fieldName);
    }
    const html = '<img src=x onerror=alert(1)> 🍜 李小龙';
    const made = customerCreatedSchema.parse((await create(m.token, body({ name: html, phone_number: '0866000111' }))).body.data);
    expect(customerSchema.parse((await get(m.token, made.customer_id)).body.data).name).toBe(html);
  });

  it('answers a malformed id, page or query as the client’s mistake', async () => {
    const m = await freshMerchant();
    expect((await get(m.token, 'abc')).status).toBe(404);
    expect((await get(m.token, '9'.repeat(40))).status).toBe(404);
    expect((await list(m.token, '?page=0')).status).toBe(400);
    expect((await list(m.token, '?page_size=101')).status).toBe(400);
    expect((await list(m.token, `?q=${'a'.repeat(1000)}`)).status).toBe(400);
    expect((await list(m.token, '?q=a&q=b')).status).toBe(400);
    expect((await list(m.token, `?q=${encodeURIComponent('\u0000pho')}`)).status).toBe(400);
    expect((await list(m.token, `?q=${encodeURIComponent('<script>')}`)).status).toBe(200);
  });
});
