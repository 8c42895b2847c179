// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOptionsSchema, regionOptionsSchema } from '../../../src/services/shared/schemas/address';
import { storeSchema, type Store } from '../../../src/services/stores/schemas';
import { SEED_MERCHANTS } from '../../platform/db/seed-data';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { currentDivisions, divisions } from '../../platform/db/divisions';

let t: TestSandbox;
let staffToken: string;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  staffToken = (await t.login('phoco.staff', 'Staff@2026')).access_token;
});
afterAll(() => t.close());

/** A throwaway copy of phoco, signed in as its owner. */
async function freshMerchant(): Promise<{ id: string; token: string }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  expect(made.status).toBe(201);
  const { access_token } = await t.login(made.body.username, made.body.password);
  return { id: made.body.merchant_id, token: access_token };
}

/** Today's list (D239): Thành phố Hà Nội (01) / Phường Hoàn Kiếm (00070); district_id 0, none. */
const HOAN_KIEM = { city_id: 1, district_id: 0, ward_id: 70 };
/** The seeded PC01, saved on the old list: Hà Nội (01) / Quận Hoàn Kiếm (002) / Phường Hàng Bạc (00061). */
const OLD_HANG_BAC = { city_id: 1, district_id: 2, ward_id: 61 };
const validBody = (more: Record<string, unknown> = {}) => ({
  name: 'Phố Cổ - Hàng Buồm',
  tax_no: '0100109106-002',
  address_line_1: '20 Hàng Buồm',
  country_id: 1,
  ...HOAN_KIEM,
  ...more,
});

const list = (token: string, query = '') => t.api('GET', `/api/portal/store${query}`, { token });
const add = (token: string, body: unknown) => t.api('POST', '/api/portal/store', { token, body });
const remove = (token: string, id: number | string) => t.api('DELETE', `/api/portal/store?id=${id}`, { token });

describe('address lists (core §7 /address/*, /region/*; issue 25 §7, D239)', () => {
  it("issue 25 §7: answers today's 34 provinces, then a province's wards, by id and by code alike; no districts", async () => {
    const m = await freshMerchant();
    expect((await t.api('GET', '/api/portal/address/city')).status).toBe(401);
    const country = await t.api('GET', '/api/portal/address/country', { token: m.token });
    expect(addressOptionsSchema.parse(country.body.data)).toEqual([{ id: 1, name: 'Việt Nam' }]);
    const cities = addressOptionsSchema.parse((await t.api('GET', '/api/portal/address/city', { token: m.token })).body.data);
    expect(cities).toHaveLength(34);
    expect(cities.find((c) => c.id === 79)?.name).toBe('Thành phố Hồ Chí Minh');
    expect(cities.find((c) => c.id === 74)).toBeUndefined();
    const districts = await t.api('GET', '/api/portal/address/district?city_id=1', { token: m.token });
    expect([districts.status, districts.body.data]).toEqual([200, []]);
    const wards = addressOptionsSchema.parse((await t.api('GET', '/api/portal/address/ward?city_id=1', { token: m.token })).body.data);
    expect(wards).toHaveLength(126);
    expect(wards.find((w) => w.id === 70)?.name).toBe('Phường Hoàn Kiếm');
    expect(wards.map((w) => w.name)).not.toContain('Phường Hàng Bạc');

    const provinces = regionOptionsSchema.parse((await t.api('GET', '/api/portal/region/provinces', { token: m.token })).body.data);
    expect(provinces.map((p) => [Number(p.code), p.name])).toEqual(cities.map((c) => [c.id, c.name]));
    expect((await t.api('GET', '/api/portal/region/districts/01', { token: m.token })).body.data).toEqual([]);
    const rWards = regionOptionsSchema.parse((await t.api('GET', '/api/portal/region/wards/01', { token: m.token })).body.data);
    expect(rWards.map((w) => [Number(w.code), w.name])).toEqual(wards.map((w) => [w.id, w.name]));
    expect(rWards.find((w) => w.name === 'Phường Hoàn Kiếm')?.code).toBe('00070');
  });

  it('is open to staff-type users too (nothing in it belongs to a merchant)', async () => {
    expect((await t.api('GET', '/api/portal/address/city', { token: staffToken })).status).toBe(200);
    expect((await t.api('GET', '/api/portal/region/provinces', { token: staffToken })).status).toBe(200);
  });

  it('answers an empty list for an unknown parent and refuses a malformed one', async () => {
    const m = await freshMerchant();
    expect((await t.api('GET', '/api/portal/address/ward?city_id=999999', { token: m.token })).body.data).toEqual([]);
    expect((await t.api('GET', '/api/portal/region/wards/99', { token: m.token })).body.data).toEqual([]);
    for (const path of [
      '/address/district',
      '/address/district?city_id=abc',
      '/address/district?city_id=-1',
      '/address/ward',
      // The old call's parameter: wards no longer hang from a district.
      '/address/ward?district_id=2',
      `/address/ward?city_id=${'9'.repeat(5000)}`,
    ]) {
      const res = await t.api('GET', `/api/portal${path}`, { token: m.token });
      expect(res.status, path).toBe(400);
      expect(res.body.error_code, path).toBe('REQUIRED');
    }
    // NUL is refused by the platform's input hygiene before the route sees it.
    for (const path of [
      '/address/ward?city_id=1%00',
      '/region/districts/1',
      '/region/districts/%3Cb%3E',
      '/region/wards/002',
      '/region/wards/0001',
      '/region/wards/%E1%BA%A1bc',
    ]) {
      const res = await t.api('GET', `/api/portal${path}`, { token: m.token });
      expect(res.status, path).toBe(400);
      expect(res.body.error_code, path).toBe('BAD_REQUEST');
    }
  });

  it("names every seeded store's city, district and ward as its address text does (saved on the old list)", () => {
    const list = divisions();
    for (const m of SEED_MERCHANTS) {
      for (const s of m.stores) {
        const city = list.province(s.city_id);
        const district = list.district(s.district_id);
        const ward = list.ward(s.ward_id);
        expect(city, s.name).toBeDefined();
        expect(district?.parent, s.name).toBe(city!.code);
        expect(ward?.parent, s.name).toBe(district!.code);
        expect(s.address, s.name).toBe(`${s.address_line_1}, ${ward!.name}, ${district!.name}, ${city!.name}`);
      }
    }
  });

  it("places the large merchant's generated stores in real wards of today's list, as their address texts say", async () => {
    const list = currentDivisions();
    const { access_token } = await t.login('chuoi', 'Chuoi@2026');
    const res = await t.api('GET', '/api/portal/store?sort_by=code&order=asc&page=1&page_size=100', { token: access_token });
    const rows: Store[] = res.body.data.map((r: unknown) => storeSchema.parse(r));
    const generated = rows.filter((r) => Number(r.code.slice(2)) > 2);
    expect(generated.length).toBeGreaterThan(90);
    for (const s of generated) {
      const city = list.province(s.city_id)!;
      const ward = list.ward(s.ward_id)!;
      expect([s.district_id, ward.parent], s.code).toEqual([0, city.code]);
      expect(s.address, s.code).toBe(`${s.address_line_1}, ${ward.name}, ${city.name}`);
    }
    expect(new Set(generated.map((s) => s.city_id)).size).toBe(5);
  });

  it('holds the whole pre-July-2025 list: 63 provinces, 705 districts, 10,599 wards and communes', () => {
    const list = divisions();
    const districts = list.provinces.flatMap((p) => list.districtsOf(p.code));
    const wards = districts.flatMap((d) => list.wardsOf(d.code));
    expect([list.provinces.length, districts.length, wards.length]).toEqual([63, 705, 10599]);
    expect(new Set(wards.map((w) => w.code)).size).toBe(wards.length);
  });
});

describe('stores (core §5 Store, §7 /store, §8; D94, D95)', () => {
  it("lists the merchant's own stores, paged and sorted on the server", async () => {
    const m = await freshMerchant();
    const res = await list(m.token, '?page=1&page_size=10');
    expect(res.status).toBe(200);
    const rows: Store[] = res.body.data.map((r: unknown) => storeSchema.parse(r));
    // Newest first without a sort: the copy of phoco has its three stores.
    expect(rows.map((r) => r.code)).toEqual(['PC03', 'PC02', 'PC01']);
    expect(rows[2]).toMatchObject({ name: 'Phố Cổ - Hàng Bạc', store_name: 'Phố Cổ - Hàng Bạc', country_id: 1, ...OLD_HANG_BAC });
    expect(res.body).toMatchObject({ total_page: 1, total_count: 3, page: 1, page_size: 10 });

    const byName = await list(m.token, '?sort_by=name&order=asc');
    // The database's byte order (PGlite has no Vietnamese collation): "Tr" before "Tâ" (docs/areas/stores.md).
    expect(byName.body.data.map((r: Store) => r.name)).toEqual(['Phố Cổ - Hàng Bạc', 'Phố Cổ - Tràng Tiền', 'Phố Cổ - Tây Hồ']);
    const byCodeDesc = await list(m.token, '?sort_by=code&order=desc&page=2&page_size=2');
    expect(byCodeDesc.body.data.map((r: Store) => r.code)).toEqual(['PC01']);
    expect(byCodeDesc.body.total_page).toBe(2);
    const oldestFirst = await list(m.token, '?sort_by=id');
    expect(oldestFirst.body.data.map((r: Store) => r.code)).toEqual(['PC01', 'PC02', 'PC03']);
  });

  it('refuses a malformed page, size or sort (no SQL from the address bar)', async () => {
    const m = await freshMerchant();
    for (const q of [
      '?page_size=1000',
      '?page=0',
      '?page=abc',
      '?sort_by=name;DROP TABLE stores',
      '?sort_by=tax_no',
      '?order=sideways',
      '?sort_by=%00',
      '?sort_by=name&sort_by=code',
    ]) {
      const res = await list(m.token, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error_code, q).toBe('BAD_REQUEST');
    }
    expect((await list(m.token)).body.data).toHaveLength(3);
  });

  it('adds a store with its address written out from the chosen places, and a code of its own', async () => {
    const m = await freshMerchant();
    const res = await add(m.token, validBody());
    expect(res.status).toBe(200);
    const store = storeSchema.parse(res.body.data);
    expect(store).toMatchObject({
      name: 'Phố Cổ - Hàng Buồm',
      tax_no: '0100109106-002',
      address: '20 Hàng Buồm, Phường Hoàn Kiếm, Thành phố Hà Nội',
      address_line_1: '20 Hàng Buồm',
      country_id: 1,
      va_account_no: null,
      ...HOAN_KIEM,
    });
    expect(store.code).toMatch(/^CH\d{6}$/);
    expect((await list(m.token)).body.data[0].id).toBe(store.id);
    // The dropdown list (reports area) sees it too.
    const dropdown = await t.api('GET', '/api/portal/metadata/store?page_size=100000', { token: m.token });
    expect(dropdown.body.data.map((r: { id: number }) => r.id)).toContain(store.id);
    // Ids as digit strings are accepted, as form posts send them.
    const asText = await add(m.token, validBody({ city_id: '79', district_id: '0', ward_id: '26740', country_id: '1' }));
    expect(asText.status).toBe(200);
    expect(asText.body.data.address).toBe('20 Hàng Buồm, Phường Sài Gòn, Thành phố Hồ Chí Minh');
    // D239: the district may be left out (or null) as well as 0.
    const { district_id: _none, ...noDistrict } = validBody();
    expect((await add(m.token, noDistrict)).body.data.district_id).toBe(0);
    expect((await add(m.token, validBody({ district_id: null }))).status).toBe(200);
  });

  it('keeps unicode and markup as plain text', async () => {
    const m = await freshMerchant();
    const name = '<img src=x onerror=alert(1)> Quán "Ngon" & Rẻ 🍜';
    const res = await add(m.token, validBody({ name, address_line_1: '<b>1</b> Ngõ 2' }));
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe(name);
    expect(res.body.data.address).toMatch(/^<b>1<\/b> Ngõ 2, /);
  });

  it('refuses missing fields with REQUIRED and their names, and the tax number per core §5 with TAX_NO_INCORECT', async () => {
    const m = await freshMerchant();
    const missing = await add(m.token, { country_id: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error_code: 'REQUIRED' });
    expect(missing.body.data.fields).toEqual(['name', 'tax_no', 'address_line_1', 'city_id', 'ward_id']);
    const blank = await add(m.token, validBody({ name: '   ', address_line_1: '' }));
    expect(blank.body.data.fields).toEqual(['name', 'address_line_1']);
    const wrongTypes = await add(m.token, validBody({ name: 42, tax_no: 100109106, city_id: true, ward_id: 1.5 }));
    expect(wrongTypes.body.data.fields).toEqual(['name', 'tax_no', 'city_id', 'ward_id']);
    for (const taxNo of ['010010910', '0100109106 ', '0100 109106', '01001O9106', '0100109106/002', '0100109106-0021', '٠١٠٠١٠٩١٠٦']) {
      const res = await add(m.token, validBody({ tax_no: taxNo }));
      expect(res.status, taxNo).toBe(400);
      expect(res.body.error_code, taxNo).toBe('TAX_NO_INCORECT');
    }
    // The check digit is not a rule: a code with a wrong one is taken (the portal warns).
    expect((await add(m.token, validBody({ tax_no: '0100233480' }))).status).toBe(200);
    expect((await add(m.token, validBody({ tax_no: '001085012345' }))).status).toBe(200);
    expect((await list(m.token)).body.total_count).toBe(5);
  });

  it("issue 25 §7: refuses a place not on today's list (400, never 500): a merged province, a district, a ward of another province or of the old list, another country", async () => {
    const m = await freshMerchant();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ city_id: 3 }, 'city_id'],
      [{ city_id: 74 }, 'city_id'],
      [{ city_id: 2 ** 31 - 1 }, 'city_id'],
      [{ district_id: 760 }, 'district_id'],
      [{ district_id: 2 }, 'district_id'],
      [{ district_id: [2] }, 'district_id'],
      [{ district_id: 'Quận 1' }, 'district_id'],
      [{ ward_id: 26740 }, 'ward_id'],
      [{ ward_id: 61 }, 'ward_id'],
      [{ ward_id: 99999 }, 'ward_id'],
      [{ country_id: 2 }, 'country_id'],
    ];
    for (const [more, field] of cases) {
      const res = await add(m.token, validBody(more));
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({ error_code: 'BAD_REQUEST', data: { field } });
    }
    expect((await list(m.token)).body.total_count).toBe(3);
  });

  it('refuses hostile text: very long, NUL and other control characters, a body that is not an object', async () => {
    const m = await freshMerchant();
    for (const [more, field] of [
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'Quán\u0000 Ngon' }, 'name'],
      [{ address_line_1: 'y'.repeat(201) }, 'address_line_1'],
      [{ address_line_1: 'line\nbreak' }, 'address_line_1'],
    ] as const) {
      const res = await add(m.token, validBody(more));
      expect(res.status, field).toBe(400);
      // NUL is caught by the platform's input hygiene first, which names the field by its place (body.name).
      expect(res.body.data.field, field).toMatch(new RegExp(`^(body\\.)?${field}$`));
    }
    expect((await add(m.token, validBody({ tax_no: '0'.repeat(100_000) }))).body.error_code).toBe('TAX_NO_INCORECT');
    expect((await add(m.token, [validBody()])).body.error_code).toBe('REQUIRED');
    const notJson = await t.api('POST', '/api/portal/store', {
      token: m.token,
      body: undefined,
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect((await list(m.token)).body.total_count).toBe(3);
  });

  it("deletes a store of its own; another merchant's or a missing one is STORE_NOT_EXIST and stays", async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const added = (await add(a.token, validBody())).body.data as Store;
    const theirs = await remove(b.token, added.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error_code).toBe('STORE_NOT_EXIST');
    expect((await remove(a.token, 999_999_999)).body.error_code).toBe('STORE_NOT_EXIST');
    expect((await list(a.token)).body.total_count).toBe(4);
    // B's list never shows A's store either.
    expect((await list(b.token)).body.data.map((r: Store) => r.id)).not.toContain(added.id);

    const gone = await remove(a.token, added.id);
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ success: true, id: added.id });
    expect((await list(a.token)).body.total_count).toBe(3);
    expect((await remove(a.token, added.id)).body.error_code).toBe('STORE_NOT_EXIST');
    expect((await remove(a.token, '1%00')).body.error_code).toBe('BAD_REQUEST');
    for (const id of ['', 'abc', '-1', '1e3', '9'.repeat(20)]) {
      const res = await remove(a.token, id);
      expect(res.status, id).toBe(400);
      expect(res.body.error_code, id).toBe('REQUIRED');
    }
  });

  it('refuses to delete a store still in use: STORE_LINK_VA naming a ShopQR, a card machine or its payments', async () => {
    const m = await freshMerchant();
    const seeded = (await list(m.token, '?sort_by=code')).body.data as Store[];
    const [pc01, pc02, pc03] = seeded;
    // phoco's copy: a STORE ShopQR on PC01, a STAFF ShopQR whose staff works at PC02, card machines on all three.
    expect((await remove(m.token, pc01!.id)).body).toMatchObject({ error_code: 'STORE_LINK_VA', data: { linked: 'SHOPQR' } });
    expect((await remove(m.token, pc02!.id)).body).toMatchObject({ error_code: 'STORE_LINK_VA', data: { linked: 'SHOPQR' } });
    const pc03Answer = await remove(m.token, pc03!.id);
    expect(pc03Answer.status).toBe(400);
    expect(pc03Answer.body).toMatchObject({ error_code: 'STORE_LINK_VA', data: { linked: 'EDC' } });

    const added = (await add(m.token, validBody())).body.data as Store;
    await t.sandbox.db.query(
      `INSERT INTO transactions (merchant_id, channel, created_at, store_id, amount, credit_status, status, response_code)
       VALUES ($1, 'cash', 0, $2, 10000, 'credited', 'success', '00')`,
      [m.id, added.id],
    );
    expect((await remove(m.token, added.id)).body).toMatchObject({ error_code: 'STORE_LINK_VA', data: { linked: 'TRANSACTIONS' } });
    expect((await list(m.token)).body.total_count).toBe(4);
  });

  it('keeps staff assigned to a deleted store, with no store', async () => {
    const m = await freshMerchant();
    const added = (await add(m.token, validBody())).body.data as Store;
    await t.sandbox.db.query(`UPDATE staff SET store_id = $1 WHERE merchant_id = $2 AND staff_id = 'NV004'`, [added.id, m.id]);
    expect((await remove(m.token, added.id)).status).toBe(200);
    const [nv004] = await t.sandbox.db.query<{ store_id: number | null }>(
      `SELECT store_id FROM staff WHERE merchant_id = $1 AND staff_id = 'NV004'`,
      [m.id],
    );
    expect(nv004).toEqual({ store_id: null });
  });

  it("is the owner's (D87): a staff-type user gets PERMISSION_DENY for list, add and delete, and keeps the dropdown", async () => {
    const before = await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stores WHERE merchant_id = '10000001'`);
    const [first] = await t.sandbox.db.query<{ id: number }>(`SELECT id FROM stores WHERE merchant_id = '10000001' ORDER BY id LIMIT 1`);
    for (const res of [await list(staffToken), await add(staffToken, validBody()), await remove(staffToken, first!.id)]) {
      expect(res.status).toBe(403);
      expect(res.body.error_code).toBe('PERMISSION_DENY');
    }
    expect(await t.sandbox.db.query(`SELECT count(*)::int AS n FROM stores WHERE merchant_id = '10000001'`)).toEqual(before);
    const dropdown = await t.api('GET', '/api/portal/metadata/store?page_size=100000', { token: staffToken });
    expect(dropdown.status).toBe(200);
    expect(dropdown.body.data).toHaveLength(before[0]!.n);
    // Signed out: 401 before anything else.
    expect((await t.api('GET', '/api/portal/store')).status).toBe(401);
    expect((await t.api('POST', '/api/portal/store', { body: validBody() })).status).toBe(401);
  });
});
