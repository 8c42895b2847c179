// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesSchema, categorySchema, CATEGORY_NAME_MAX } from '../../../src/services/categories/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { SEED_CATEGORIES } from './seed';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

/** A throwaway copy of a seeded merchant, signed in as its owner. */
async function freshMerchant(template = 'phoco'): Promise<{ id: string; token: string }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const { access_token } = await t.login(made.body.username, made.body.password);
  return { id: made.body.merchant_id, token: access_token };
}

const list = (token: string, query = '') => t.api('GET', `/api/sale/category/${query}`, { token });
const add = (token: string, body: unknown) => t.api('POST', '/api/sale/category/', { token, body });
const get = (token: string, id: number | string) => t.api('GET', `/api/sale/category//${id}`, { token });
const remove = (token: string, id: number | string) => t.api('DELETE', `/api/sale/category//${id}`, { token });

describe('GET /category/ (doc 2 §7, §9 paging)', () => {
  it("lists the template's categories newest first, ten to a page by default", async () => {
    for (const template of ['phoco', 'colan'] as const) {
      const m = await freshMerchant(template);
      const first = await list(m.token);
      expect(first.status).toBe(200);
      const rows = categoriesSchema.parse(first.body.data);
      const names = [...SEED_CATEGORIES[template]!].map(([n]) => n).reverse();
      expect(rows.map((r) => r.category_name)).toEqual(names.slice(0, 10));
      expect(first.body).toMatchObject({ page: 1, page_size: 10, total_page: 2, total_count: names.length });
      const second = await list(m.token, '?page=2&page_size=10');
      expect(categoriesSchema.parse(second.body.data).map((r) => r.category_name)).toEqual(names.slice(10));
      // Past the end: an empty page, not an error.
      expect((await list(m.token, '?page=9')).body.data).toEqual([]);
    }
  });

  it('answers 401 without a token and 400 for a malformed page or size', async () => {
    expect((await t.api('GET', '/api/sale/category/')).status).toBe(401);
    const m = await freshMerchant();
    for (const q of ['?page=0', '?page=abc', '?page_size=1001', '?page_size=-1', `?page=${'9'.repeat(400)}`]) {
      const res = await list(m.token, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error_code, q).toBe('BAD_REQUEST');
    }
  });
});

describe('POST /category/, GET and DELETE /category//{id} (doc 2 §7)', () => {
  it('creates a category (answering its id), reads it back and deletes it', async () => {
    const m = await freshMerchant();
    const made = await add(m.token, { name: '  Bánh mì  ', description: 'Bánh mì pate, trứng' });
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    expect(Number.isInteger(id)).toBe(true);
    const read = await get(m.token, id);
    expect(categorySchema.parse(read.body.data)).toEqual({ category_id: id, category_name: 'Bánh mì', description: 'Bánh mì pate, trứng' });
    expect(categoriesSchema.parse((await list(m.token)).body.data)[0]?.category_id).toBe(id);
    const gone = await remove(m.token, id);
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ success: true, id });
    expect((await get(m.token, id)).status).toBe(404);
    const again = await remove(m.token, id);
    expect(again.status).toBe(404);
    expect(again.body.error_code).toBe('NOT_FOUND');
  });

  it('takes a category without a description', async () => {
    const m = await freshMerchant();
    const made = await add(m.token, { name: 'Khuyến mãi' });
    expect(made.status).toBe(200);
    expect((await get(m.token, made.body.data.id)).body.data.description).toBe('');
  });

  it('refuses a second category of the same name, ignoring case and diacritics (NAME_CODE_EXIST)', async () => {
    const m = await freshMerchant();
    for (const name of ['Đồ uống', 'do uong', 'ĐỒ UỐNG']) {
      const res = await add(m.token, { name });
      expect(res.status, name).toBe(409);
      expect(res.body).toMatchObject({ error_code: 'NAME_CODE_EXIST', data: { field: 'name' } });
    }
    // Another merchant's names are no obstacle.
    const other = await freshMerchant('colan');
    expect((await add(other.token, { name: 'Phở' })).status).toBe(200);
  });

  it("never shows, reads or deletes another merchant's category", async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const id = (await add(a.token, { name: 'Chỉ của A' })).body.data.id;
    expect((await get(b.token, id)).status).toBe(404);
    expect((await remove(b.token, id)).status).toBe(404);
    expect(categoriesSchema.parse((await list(b.token, '?page_size=100')).body.data).map((r) => r.category_id)).not.toContain(id);
    expect((await get(a.token, id)).status).toBe(200);
  });

  it('is open to a staff-type user of the merchant (D102)', async () => {
    const { access_token } = await t.login('phoco.staff', 'Staff@2026');
    const made = await add(access_token, { name: 'Món của nhân viên' });
    expect(made.status).toBe(200);
    expect((await get(access_token, made.body.data.id)).status).toBe(200);
    expect((await remove(access_token, made.body.data.id)).status).toBe(200);
  });

  it('keeps the paths as the spec gives them: a single slash before the id is not a route', async () => {
    const m = await freshMerchant();
    const id = (await add(m.token, { name: 'Đường dẫn' })).body.data.id;
    expect((await t.api('GET', `/api/sale/category/${id}`, { token: m.token })).status).toBe(404);
  });
});

describe('hostile input', () => {
  it('refuses blank, over-long, control-character and wrongly typed names as REQUIRED, naming the field', async () => {
    const m = await freshMerchant();
    const cases: unknown[] = [
      {},
      { name: '' },
      { name: '   ' },
      { name: '\u200B\u200B' },
      { name: 'a'.repeat(CATEGORY_NAME_MAX + 1) },
      { name: 'tab\there' },
      { name: 42 },
      { name: ['Phở'] },
      { name: { toString: 'x' } },
      { name: null },
    ];
    for (const body of cases) {
      const res = await add(m.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_code, JSON.stringify(body)).toBe('REQUIRED');
      expect(res.body.data.fields, JSON.stringify(body)).toEqual(['name']);
    }
    const longDescription = await add(m.token, { name: 'Ổn', description: 'x'.repeat(10_000) });
    expect(longDescription.body.data.fields).toEqual(['description']);
    expect((await add(m.token, { name: 'Ổn', description: 7 })).body.data.fields).toEqual(['description']);
    for (const body of ['"just a string"', '[1,2]', 'null']) {
      const res = await t.api('POST', '/api/sale/category/', { token: m.token, body: JSON.parse(body) });
      expect(res.status, body).toBe(400);
    }
  });

  it('refuses NUL anywhere and malformed ids with the envelope, never a 500', async () => {
    const m = await freshMerchant();
    const nul = await add(m.token, { name: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.error_code).toBe('BAD_REQUEST');
    for (const id of ['abc', '0', '-1', '1.5', '9999999999', '%3Cscript%3E', '%00']) {
      const res = await get(m.token, id);
      expect(res.status, id).toBe(400);
      expect(res.body.error_code, id).toBe('BAD_REQUEST');
    }
    expect((await get(m.token, '999999999')).status).toBe(404);
  });

  it('stores markup, emoji and other scripts as the text they are', async () => {
    const m = await freshMerchant();
    const name = '<img src=x onerror=alert(1)> 🍜 李';
    const made = await add(m.token, { name, description: '<b>đậm</b>\nhai dòng' });
    expect(made.status).toBe(200);
    expect((await get(m.token, made.body.data.id)).body.data).toMatchObject({ category_name: name, description: '<b>đậm</b>\nhai dòng' });
  });
});
