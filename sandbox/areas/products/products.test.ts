// @vitest-environment node
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  productCreatedSchema,
  productDetailSchema,
  productImageSchema,
  productSchema,
  productsSchema,
  type Product,
} from '../../../src/services/products/schemas';
import { TAX_CLASSES } from '../../../src/rules/vatRates';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { described } from '../../platform/test/images';
import { encodePng, seedPhoto } from './images';
import { COLAN_PRODUCT_COUNT } from './seed';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

async function freshMerchant(template = 'phoco'): Promise<{ id: string; token: string }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const { access_token } = await t.login(made.body.username, made.body.password);
  return { id: made.body.merchant_id, token: access_token };
}

const list = (token: string, query = '') => t.api('GET', `/api/sale/inventory/product${query}`, { token });
const create = (token: string, body: unknown) => t.api('POST', '/api/sale/inventory/product', { token, body });
const get = (token: string, code: string) => t.api('GET', `/api/sale/inventory/product/${code}`, { token });
const update = (token: string, code: string, body: unknown) => t.api('PUT', `/api/sale/inventory/product/${code}`, { token, body });
const stopSale = (token: string, code: string) => t.api('DELETE', `/api/sale/inventory/product/${code}`, { token });
const rowsOf = (res: { body: { data: unknown } }): Product[] => productsSchema.parse(res.body.data);

/** POST /inventory/product/image as a browser sends it. */
async function upload(token: string, bytes: Uint8Array, options: { name?: string; type?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([bytes as BlobPart], { type: options.type ?? 'image/png' }), options.name ?? 'photo.png');
  const res = await fetch(`${t.url}/api/sale/inventory/product/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function image(token: string, url: string) {
  const res = await fetch(`${t.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function categoryIds(token: string): Promise<Map<string, number>> {
  const res = await t.api('GET', '/api/sale/category/?page_size=100', { token });
  return new Map((res.body.data as { category_id: number; category_name: string }[]).map((c) => [c.category_name, c.category_id]));
}

describe('seed (issue 12 point 1)', () => {
  it('gives a phoco copy about 60 dishes and drinks, each with a photo it can fetch, in its categories', async () => {
    const m = await freshMerchant();
    const all = await list(m.token, '?page_size=100');
    expect(all.status).toBe(200);
    const rows = rowsOf(all);
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(rows.length).toBeLessThanOrEqual(65);
    expect(rows.every((r) => r.img !== null && r.categories.length > 0)).toBe(true);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([0, 1, 2]));
    const pho = rows.find((r) => r.name === 'Phở bò tái')!;
    expect(pho.categories.map((c) => c.category_name)).toContain('Phở');
    const photo = await image(m.token, pho.img!);
    expect(photo.status).toBe(200);
    expect(`image/${(await described(photo.bytes)).format}`).toBe(photo.type);
    const kinds = new Set(await Promise.all(rows.slice(0, 4).map(async (r) => (await image(m.token, r.img!)).type)));
    expect(kinds).toEqual(new Set(['image/png', 'image/jpeg']));
  });

  it('gives colan 2,000 products, paged', async () => {
    const m = await freshMerchant('colan');
    const first = await list(m.token, '?page=1&page_size=10');
    expect(first.body).toMatchObject({ total_count: COLAN_PRODUCT_COUNT, total_page: 200, page: 1, page_size: 10 });
    expect(rowsOf(first)[0]?.code).toBe('CL02000');
    const last = await list(m.token, '?page=200&page_size=10');
    expect(rowsOf(last).at(-1)?.code).toBe('CL00001');
  });

  it('draws deterministic photos that decode', async () => {
    expect(seedPhoto(3).bytes).toEqual(seedPhoto(3).bytes);
    const decoded = jpeg.decode(seedPhoto(3).bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([96, 96]);
    expect(await described(seedPhoto(4).bytes)).toMatchObject({ format: 'png', width: 96, height: 96 });
  });
});

describe('tax class (issue 25 §1, D226, D227)', () => {
  it('D227: the seed classes beer as STANDARD, canned sugary drinks as SUGARY_DRINK, fresh produce at 5%, the rest reduced', async () => {
    const phoco = rowsOf(await list((await freshMerchant()).token, '?page_size=100'));
    const classOf = (rows: Product[], name: string) => rows.find((r) => r.name === name)?.tax_class;
    expect(classOf(phoco, 'Bia Hà Nội')).toBe('STANDARD');
    expect(classOf(phoco, 'Coca-Cola')).toBe('SUGARY_DRINK');
    for (const name of ['Phở bò tái', 'Nước cam ép', 'Trà sữa trân châu', 'Nước suối', 'Cà phê sữa đá']) {
      expect(classOf(phoco, name), name).toBe('REDUCED_ELIGIBLE');
    }
    expect(
      phoco
        .filter((r) => r.tax_class !== 'REDUCED_ELIGIBLE')
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Bia Hà Nội', 'Coca-Cola']);

    const colan = rowsOf(await list((await freshMerchant('colan')).token, '?page_size=2000'));
    expect(colan).toHaveLength(COLAN_PRODUCT_COUNT);
    for (const [name, taxClass] of [
      ['Bia Sài Gòn lon', 'STANDARD'],
      ['Bia Hà Nội thùng 24', 'STANDARD'],
      ['Coca-Cola chai 1.5L', 'SUGARY_DRINK'],
      ['Pepsi lon', 'SUGARY_DRINK'],
      ['Trà xanh Không Độ lon', 'SUGARY_DRINK'],
      ['Rau muống 300g', 'FIVE'],
      ['Thịt ba chỉ 500g', 'FIVE'],
      ['Xoài cát 1kg', 'FIVE'],
      ['Gạo ST25 5kg', 'FIVE'],
      ['Đậu xanh 1kg', 'FIVE'],
      ['Yến mạch 1kg', 'REDUCED_ELIGIBLE'],
      ['Sữa tươi Vinamilk 1L', 'REDUCED_ELIGIBLE'],
      ['Nước suối Lavie lon', 'REDUCED_ELIGIBLE'],
      ['Bột giặt OMO vừa', 'REDUCED_ELIGIBLE'],
    ] as const) {
      expect(classOf(colan, name), name).toBe(taxClass);
    }
  });

  it('is sent on create (REDUCED_ELIGIBLE when left out), changed on update, kept when an update leaves it out', async () => {
    const m = await freshMerchant();
    const plain = await create(m.token, { name: 'Bánh chưng', code: 'BC01', price: 60000, cost: 0, tax: 0 });
    expect(productCreatedSchema.parse(plain.body).data.tax_class).toBe('REDUCED_ELIGIBLE');
    const beer = await create(m.token, { name: 'Bia Trúc Bạch', code: 'BTB01', price: 35000, cost: 0, tax: 0, tax_class: 'STANDARD' });
    expect(productCreatedSchema.parse(beer.body).data.tax_class).toBe('STANDARD');
    expect(productDetailSchema.parse((await get(m.token, 'BTB01')).body.data).product.tax_class).toBe('STANDARD');
    const changed = await update(m.token, 'BC01', { name: 'Bánh chưng', price: 60000, tax_class: 'FIVE' });
    expect(productSchema.parse(changed.body.data).tax_class).toBe('FIVE');
    const kept = await update(m.token, 'BC01', { name: 'Bánh chưng lớn', price: 80000 });
    expect(productSchema.parse(kept.body.data)).toMatchObject({ name: 'Bánh chưng lớn', tax_class: 'FIVE' });
  });

  it('every class of the table is stored; anything else is refused with REQUIRED naming tax_class', async () => {
    const m = await freshMerchant();
    for (const [i, taxClass] of TAX_CLASSES.entries()) {
      const res = await create(m.token, { name: `Hàng ${taxClass}`, code: `TC${i}`, price: 1000, tax_class: taxClass });
      expect(res.status, taxClass).toBe(201);
      expect(res.body.data.tax_class).toBe(taxClass);
    }
    for (const bad of ['BEER', '8%', 10, null, '', 'reduced_eligible']) {
      const res = await create(m.token, { name: 'Hàng lạ', code: 'BAD1', price: 1000, tax_class: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['tax_class'] } });
      expect((await update(m.token, 'TC0', { name: 'x', price: 1, tax_class: bad })).status, String(bad)).toBe(400);
    }
    expect((await get(m.token, 'TC0')).body.data.product.tax_class).toBe(TAX_CLASSES[0]);
  });
});

describe('GET /inventory/product: search and status (doc 2 §2, §7; issue 12 point 5)', () => {
  it('finds "Phở" for "pho", any case, any word order, and codes too', async () => {
    const m = await freshMerchant();
    const pho = rowsOf(await list(m.token, '?q=pho&page_size=100'));
    expect(pho.length).toBeGreaterThanOrEqual(8);
    expect(pho.every((r) => /phở/i.test(r.name) || /pho/i.test(r.code))).toBe(true);
    expect(rowsOf(await list(m.token, `?q=${encodeURIComponent('TÁI  bo')}`)).map((r) => r.name)).toEqual(
      expect.arrayContaining(['Phở bò tái', 'Phở bò tái lăn']),
    );
    expect(rowsOf(await list(m.token, '?q=ca%20phe%20sua')).map((r) => r.name)).toEqual(['Cà phê sữa đá']);
    expect(rowsOf(await list(m.token, '?q=dau')).map((r) => r.name)).toEqual(expect.arrayContaining(['Bún đậu mắm tôm', 'Chè đậu đen']));
    expect(rowsOf(await list(m.token, '?q=pc001')).map((r) => r.code)).toEqual(['PC001']);
    // LIKE's wildcards are literal.
    expect(rowsOf(await list(m.token, '?q=%25'))).toEqual([]);
    expect(rowsOf(await list(m.token, '?q=_'))).toEqual([]);
  });

  it('searches and pages the grocery on the service', async () => {
    const m = await freshMerchant('colan');
    const res = await list(m.token, '?q=sua%20tuoi&page=2&page_size=10');
    const rows = rowsOf(res);
    expect(res.body.total_count).toBeGreaterThan(20);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.name.startsWith('Sữa tươi'))).toBe(true);
  });

  it('filters by status and refuses a malformed one', async () => {
    const m = await freshMerchant();
    for (const status of [0, 1, 2]) {
      const rows = rowsOf(await list(m.token, `?status=${status}&page_size=100`));
      expect(rows.length, String(status)).toBeGreaterThan(0);
      expect(rows.every((r) => r.status === status)).toBe(true);
    }
    for (const q of ['?status=3', '?status=abc', '?status=-1', `?q=${'a'.repeat(101)}`, '?page_size=10001', '?page=0']) {
      const res = await list(m.token, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error_code, q).toBe('BAD_REQUEST');
    }
  });
});

describe('create, get, update, stop-sale (doc 2 §5, §7, §8)', () => {
  it('creates with HTTP 201 and code 201, reads back data.product and data.categories, updates and stops sale', async () => {
    const m = await freshMerchant();
    const cats = await categoryIds(m.token);
    const png = encodePng(2, 2, new Uint8Array(16).fill(200));
    const uploaded = await upload(m.token, png);
    expect(uploaded.status).toBe(200);
    const { image_url } = productImageSchema.parse(uploaded.body.data);
    const made = await create(m.token, {
      name: '  Bánh mì chảo ',
      code: 'BMC01',
      img: image_url,
      cost: 0,
      tax: 0,
      price: 45000,
      category_ids: [cats.get('Món mới'), cats.get('Đồ ăn nhanh')],
    });
    expect(made.status).toBe(201);
    const created = productCreatedSchema.parse(made.body).data;
    expect(created).toMatchObject({ code: 'BMC01', name: 'Bánh mì chảo', price: 45000, cost: 0, tax: 0, status: 0, img: image_url });
    expect(created.categories.map((c) => c.category_name)).toEqual(['Món mới', 'Đồ ăn nhanh']);

    const read = productDetailSchema.parse((await get(m.token, 'bmc01')).body.data);
    expect(read.product.product_id).toBe(created.product_id);
    expect(read.categories.map((c) => c.category_name)).toEqual(['Món mới', 'Đồ ăn nhanh']);
    expect(rowsOf(await list(m.token))[0]?.code).toBe('BMC01');

    const changed = await update(m.token, 'BMC01', {
      name: 'Bánh mì chảo đặc biệt',
      price: 55000,
      status: 1,
      category_ids: [cats.get('Món mới')],
    });
    expect(changed.status).toBe(200);
    expect(productSchema.parse(changed.body.data)).toMatchObject({
      name: 'Bánh mì chảo đặc biệt',
      price: 55000,
      status: 1,
      img: image_url,
      category_ids: [cats.get('Món mới')],
    });
    // The code never changes.
    expect((await update(m.token, 'BMC01', { name: 'x', price: 1, code: 'OTHER1' })).body).toMatchObject({
      error_code: 'BAD_REQUEST',
      data: { field: 'code' },
    });
    // The image can be taken off.
    expect((await update(m.token, 'BMC01', { name: 'Bánh mì chảo', price: 55000, img: null })).body.data.img).toBeNull();

    const stopped = await stopSale(m.token, 'BMC01');
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.status).toBe(2);
    expect((await stopSale(m.token, 'BMC01')).status).toBe(200);
    expect((await get(m.token, 'BMC01')).body.data.product.status).toBe(2);
  });

  it('refuses a code already used, letter case ignored, with NAME_CODE_EXIST', async () => {
    const m = await freshMerchant();
    for (const code of ['PC001', 'pc001']) {
      const res = await create(m.token, { name: 'Trùng mã', code, price: 1000, cost: 0, tax: 0 });
      expect(res.status, code).toBe(409);
      expect(res.body).toMatchObject({ error_code: 'NAME_CODE_EXIST', data: { field: 'code' } });
    }
    const other = await freshMerchant('colan');
    expect((await create(other.token, { name: 'Mã của nơi khác', code: 'PC001', price: 1000 })).status).toBe(201);
  });

  it("never lists, reads, changes or stops another merchant's product, nor uses its images or categories", async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    await create(a.token, { name: 'Chỉ của A', code: 'ONLYA', price: 1000 });
    expect((await get(b.token, 'ONLYA')).status).toBe(404);
    expect((await update(b.token, 'ONLYA', { name: 'x', price: 1 })).status).toBe(404);
    expect((await stopSale(b.token, 'ONLYA')).body.error_code).toBe('NOT_FOUND');
    expect(rowsOf(await list(b.token, '?q=onlya'))).toEqual([]);
    const aImage = productImageSchema.parse((await upload(a.token, seedPhoto(2).bytes)).body.data).image_url;
    expect((await image(b.token, aImage)).status).toBe(404);
    expect((await image(a.token, aImage)).status).toBe(200);
    const usesImage = await create(b.token, { name: 'Ảnh của A', code: 'IMGA', price: 1, img: aImage });
    expect(usesImage.body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field: 'img' } });
    const aCategory = [...(await categoryIds(a.token)).values()][0];
    const usesCategory = await create(b.token, { name: 'Danh mục của A', code: 'CATA', price: 1, category_ids: [aCategory] });
    expect(usesCategory.body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field: 'category_ids' } });
  });

  it('is open to a staff-type user (D102) and closed without a token', async () => {
    const { access_token } = await t.login('phoco.staff', 'Staff@2026');
    expect((await list(access_token)).status).toBe(200);
    expect((await create(access_token, { name: 'Món nhân viên thêm', code: `NV${Date.now() % 100000}`, price: 1000 })).status).toBe(201);
    expect((await list('')).status).toBe(401);
    expect((await upload('nope', seedPhoto(2).bytes)).status).toBe(401);
  });

  it('keeps the categories of a product when a category is deleted: only the link goes', async () => {
    const m = await freshMerchant();
    const cats = await categoryIds(m.token);
    const pho = cats.get('Phở')!;
    expect((await t.api('DELETE', `/api/sale/category//${pho}`, { token: m.token })).status).toBe(200);
    const read = productDetailSchema.parse((await get(m.token, 'PC001')).body.data);
    expect(read.product.name).toBe('Phở bò tái');
    expect(read.product.category_ids).not.toContain(pho);
  });
});

describe('image upload (doc 2 §5, §9)', () => {
  it('takes PNG and JPEG by what decodes, whatever the name or declared type says, and answers the stored size (D220)', async () => {
    const m = await freshMerchant();
    const asJpg = await upload(m.token, seedPhoto(4).bytes, { name: 'anh.jpg', type: 'image/jpeg' });
    expect(asJpg.status).toBe(200);
    expect((await image(m.token, asJpg.body.data.image_url)).type).toBe('image/png');
    const jpegBytes = seedPhoto(5).bytes;
    const asText = await upload(m.token, jpegBytes, { name: 'notes.txt', type: 'text/plain' });
    expect(asText.status).toBe(200);
    const stored = await image(m.token, asText.body.data.image_url);
    expect(stored.type).toBe('image/jpeg');
    expect(asText.body.data.size).toBe(stored.bytes.length);
  });

  it('refuses what is not an image, is too large, is missing or is not multipart', async () => {
    const m = await freshMerchant();
    const fake = await upload(m.token, new TextEncoder().encode('<svg onload=alert(1)></svg>'), { name: 'x.png' });
    expect(fake.status).toBe(415);
    expect(fake.body.error_code).toBe('IMAGE_INVALID_FORMAT');
    const big = new Uint8Array(PRODUCT_IMAGE_MAX_BYTES + 1);
    big.set(seedPhoto(4).bytes);
    const tooBig = await upload(m.token, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ error_code: 'IMAGE_TOO_LARGE', data: { max_bytes: PRODUCT_IMAGE_MAX_BYTES } });
    const wrongField = await upload(m.token, seedPhoto(4).bytes, { field: 'image' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error_code).toBe('REQUIRED');
    const json = await t.api('POST', '/api/sale/inventory/product/image', { token: m.token, body: { file: 'x' } });
    expect(json.status).toBe(415);
  });
});

describe('hostile input', () => {
  it('refuses blank, whitespace-only, over-long and mistyped fields as REQUIRED, naming them', async () => {
    const m = await freshMerchant();
    const cases: [unknown, string[]][] = [
      [{}, ['name', 'code', 'price']],
      [{ name: '   ', code: 'A1', price: 1 }, ['name']],
      [{ name: '\u200B', code: 'A1', price: 1 }, ['name']],
      [{ name: 'x'.repeat(151), code: 'A1', price: 1 }, ['name']],
      [{ name: 'a\tb', code: 'A1', price: 1 }, ['name']],
      [{ name: 'Ok', code: 'A-1', price: 1 }, ['code']],
      [{ name: 'Ok', code: 'Phở1', price: 1 }, ['code']],
      [{ name: 'Ok', code: 'A'.repeat(31), price: 1 }, ['code']],
      [{ name: 'Ok', code: '<b>', price: 1 }, ['code']],
      [{ name: 'Ok', code: 'A1', price: '1000' }, ['price']],
      [{ name: 'Ok', code: 'A1', price: -1 }, ['price']],
      [{ name: 'Ok', code: 'A1', price: 1.5 }, ['price']],
      [{ name: 'Ok', code: 'A1', price: 10_000_000_000_000 }, ['price']],
      [{ name: 'Ok', code: 'A1', price: 1, cost: 5 }, ['cost']],
      [{ name: 'Ok', code: 'A1', price: 1, tax: 10 }, ['tax']],
      [{ name: 'Ok', code: 'A1', price: 1, status: 3 }, ['status']],
      [{ name: 'Ok', code: 'A1', price: 1, category_ids: 'x' }, ['category_ids']],
      [{ name: 'Ok', code: 'A1', price: 1, img: 'javascript:alert(1)' }, ['img']],
      [{ name: 'Ok', code: 'A1', price: 1, img: 'https://evil.example/x.png' }, ['img']],
      [{ name: ['Ok'], code: { a: 1 }, price: null }, ['name', 'code', 'price']],
    ];
    for (const [body, fields] of cases) {
      const res = await create(m.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_code, JSON.stringify(body)).toBe('REQUIRED');
      expect(res.body.data.fields, JSON.stringify(body)).toEqual(fields);
    }
  });

  it('refuses NUL and odd codes in the path with the envelope, never a 500, and keeps markup as text', async () => {
    const m = await freshMerchant();
    const nul = await create(m.token, { name: 'a\u0000b', code: 'NUL1', price: 1 });
    expect(nul.status).toBe(400);
    for (const code of ['%3Cscript%3E', 'a%20b', 'x'.repeat(31), '%E1%BB%9F']) {
      const res = await get(m.token, code);
      expect(res.status, code).toBe(404);
      expect(res.body.error_code, code).toBe('NOT_FOUND');
    }
    const name = '<img src=x onerror=alert(1)> 🍜 李';
    const made = await create(m.token, { name, code: 'HTML1', price: 1 });
    expect(made.status).toBe(201);
    expect(rowsOf(await list(m.token, '?q=onerror'))[0]?.name).toBe(name);
  });
});
