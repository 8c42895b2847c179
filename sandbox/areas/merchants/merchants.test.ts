// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { subMerchantSchema } from '../../../src/services/merchants/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { PHOCO_SUB_MERCHANTS } from './seed';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const PATH = '/api/portal/master-merchant/sub-merchant';
const pageSchema = z.object({
  data: z.array(subMerchantSchema),
  total_page: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
const valid = { name: 'Phố Cổ Kitchen - Huế', tax_no: '0108123455-004', address: '8 Lê Lợi, Huế', phone: '+84 912 000 104' };

/** A throwaway copy of a seeded merchant, signed in as its owner. */
async function owner(template: 'phoco' | 'colan' = 'phoco') {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  return { id: made.body.merchant_id as string, token: (await t.login(made.body.username, made.body.password)).access_token };
}

describe('GET /master-merchant/sub-merchant (D100)', () => {
  it('a phoco copy lists its three seeded branches, newest first, paged; colan has none', async () => {
    const m = await owner();
    const res = await t.api('GET', `${PATH}?page=1&page_size=10`, { token: m.token });
    expect(res.status).toBe(200);
    const page = pageSchema.parse(res.body);
    expect(page.data.map((r) => r.tax_no)).toEqual(PHOCO_SUB_MERCHANTS.map((r) => r.tax_no).reverse());
    expect(page).toMatchObject({ total_page: 1, page: 1, page_size: 10 });
    expect(new Set(page.data.map((r) => r.merchant_id)).size).toBe(3);
    const second = pageSchema.parse((await t.api('GET', `${PATH}?page=2&page_size=2`, { token: m.token })).body);
    expect([second.data.length, second.total_page, second.data[0]?.tax_no]).toEqual([1, 2, PHOCO_SUB_MERCHANTS[0].tax_no]);
    expect((await t.api('GET', `${PATH}?page_size=1000`, { token: m.token })).body.error_code).toBe('BAD_REQUEST');
    expect((await t.api('GET', `${PATH}?page=abc`, { token: m.token })).status).toBe(400);

    const colan = await owner('colan');
    expect(pageSchema.parse((await t.api('GET', PATH, { token: colan.token })).body)).toMatchObject({ data: [], total_page: 0 });
  });

  it('needs a sign-in; the seeded phoco is a master too', async () => {
    expect((await t.api('GET', PATH)).body.error_code).toBe('AUTHEN_FAIL');
    const { access_token } = await t.login('phoco', 'Phoco@2026');
    expect(pageSchema.parse((await t.api('GET', PATH, { token: access_token })).body).data).toHaveLength(3);
  });
});

describe('POST /master-merchant/sub-merchant (D101)', () => {
  it('creates a record under the caller only, with a new merchant id and the phone in national form', async () => {
    const m = await owner();
    const other = await owner();
    const res = await t.api('POST', PATH, { token: m.token, body: valid });
    expect(res.status).toBe(200);
    const made = subMerchantSchema.parse(res.body.data);
    expect(made).toMatchObject({ name: valid.name, tax_no: valid.tax_no, address: valid.address, phone: '0912000104' });
    const list = pageSchema.parse((await t.api('GET', PATH, { token: m.token })).body);
    expect(list.data[0]).toEqual(made);
    // Another master never sees it, and may use the same tax number for its own record.
    const theirs = pageSchema.parse((await t.api('GET', PATH, { token: other.token })).body);
    expect(theirs.data.map((r) => r.merchant_id)).not.toContain(made.merchant_id);
    expect((await t.api('POST', PATH, { token: other.token, body: valid })).status).toBe(200);
  });

  it('a tax number already used under this master is TAX_NO_IS_EXST and adds nothing', async () => {
    const m = await owner();
    const res = await t.api('POST', PATH, { token: m.token, body: { ...valid, tax_no: PHOCO_SUB_MERCHANTS[1].tax_no } });
    expect([res.status, res.body.error_code, res.body.data.field]).toEqual([409, 'TAX_NO_IS_EXST', 'tax_no']);
    expect(pageSchema.parse((await t.api('GET', PATH, { token: m.token })).body).data).toHaveLength(3);
  });

  it('REQUIRED names every missing, mistyped or invalid field; hostile input adds nothing', async () => {
    const m = await owner();
    const post = (body: unknown) => t.api('POST', PATH, { token: m.token, body });
    const cases: Array<[unknown, string[]]> = [
      [{}, ['name', 'tax_no', 'address', 'phone']],
      [{ ...valid, name: '   ' }, ['name']],
      [{ ...valid, name: '\u200B\u200D' }, ['name']],
      [{ ...valid, name: 'x'.repeat(101) }, ['name']],
      [{ ...valid, name: 'a'.repeat(100_000) }, ['name']],
      [{ ...valid, name: 42, address: ['x'] }, ['name', 'address']],
      [{ ...valid, name: 'line\nbreak' }, ['name']],
      [{ ...valid, tax_no: '010812345' }, ['tax_no']],
      [{ ...valid, tax_no: '0108 123455' }, ['tax_no']],
      [{ ...valid, tax_no: '0108123455-0011' }, ['tax_no']],
      [{ ...valid, tax_no: '０１０８１２３４５５' }, ['tax_no']],
      [{ ...valid, tax_no: 108123455 }, ['tax_no']],
      [{ ...valid, phone: '0212345678' }, ['phone']],
      [{ ...valid, phone: '<b>0912000104</b>' }, ['phone']],
      [{ ...valid, address: 'y'.repeat(201) }, ['address']],
      [null, ['name', 'tax_no', 'address', 'phone']],
    ];
    for (const [body, fields] of cases) {
      const res = await post(body);
      expect([res.status, res.body.error_code, res.body.data?.fields], JSON.stringify(body).slice(0, 80)).toEqual([
        400,
        'REQUIRED',
        fields,
      ]);
    }
    const nul = await post({ ...valid, name: 'a\u0000b' });
    expect([nul.status, nul.body.error_code]).toEqual([400, expect.any(String)]);
    const notJson = await t.api('POST', PATH, { token: m.token, headers: { 'content-type': 'application/json' }, body: undefined });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(pageSchema.parse((await t.api('GET', PATH, { token: m.token })).body).data).toHaveLength(3);
  });

  it('keeps unicode and markup as text: what was sent is what is answered', async () => {
    const m = await owner();
    const body = { ...valid, tax_no: '0108123455-009', name: '<img src=x onerror=alert(1)> Bún chả 🍜', address: 'Ngõ 1 & "2" <b>' };
    const res = await t.api('POST', PATH, { token: m.token, body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: body.name, address: body.address });
  });
});

describe('D87 roles: master merchant records are the owner’s', () => {
  it('a staff-type user gets 403 PERMISSION_DENY for the list and for a new record, which is not added', async () => {
    const m = await owner();
    const made = await t.api('POST', '/sandbox/users', {
      body: { username: `staff.${m.id}`, password: 'Staff@2026', email: `staff.${m.id}@example.test`, merchant: m.id, role: 'Staff' },
    });
    expect(made.status).toBe(201);
    const staff = (await t.login(`staff.${m.id}`, 'Staff@2026')).access_token;
    const list = await t.api('GET', PATH, { token: staff });
    expect([list.status, list.body.error_code]).toEqual([403, 'PERMISSION_DENY']);
    const create = await t.api('POST', PATH, { token: staff, body: valid });
    expect([create.status, create.body.error_code]).toEqual([403, 'PERMISSION_DENY']);
    expect(pageSchema.parse((await t.api('GET', PATH, { token: m.token })).body).data).toHaveLength(3);
  });
});
