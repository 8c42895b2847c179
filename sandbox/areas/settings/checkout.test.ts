// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { pngOf } from '../../platform/test/images';

// CONTRACT14 §D shapes.
const configSchema = z.tuple([
  z.strictObject({
    group: z.literal('ewallet'),
    data: z.strictObject({ url: z.string(), access_key: z.string(), secret_key: z.string(), partner_code: z.string() }),
  }),
  z.strictObject({ group: z.literal('qr'), data: z.strictObject({ channel_id: z.string() }) }),
]);
const methodSchema = z.strictObject({
  payment_method: z.array(z.strictObject({ id: z.number(), name: z.string(), group: z.enum(['ewallet', 'qr']), active: z.boolean() })),
  endpoint: z.strictObject({ redirect_url: z.string(), cancel_url: z.string(), ipn_url: z.string() }),
});
const uiSchema = z.strictObject({
  banners: z.array(z.string()).max(4),
  first_welcome: z.string(),
  second_welcome: z.string(),
  order_img: z.string(),
  success_payment_img: z.string(),
  thank_content: z.string(),
});
const validation = z.object({
  error_code: z.literal('VALIDATION_ERROR'),
  data: z.object({ errors: z.array(z.object({ field: z.string(), msg: z.string() })).min(1) }),
});

// Every line the sandbox prints (the access log is on for this file) is kept, to prove no key is in one.
const printed: string[] = [];
let t: TestSandbox;
beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
  t = await startTestSandbox({ seedVolume: 'small', accessLog: true });
});
afterAll(async () => {
  await t.close();
  vi.restoreAllMocks();
});

async function copy(template = 'phoco') {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  return { id: made.body.merchant_id as string, token: (await t.login(made.body.username, made.body.password)).access_token };
}

const ACCESS = 'AK-live-7f3c9e1d2b4a';
const SECRET = 'SK-live-c0ffee-5ecret-9d8e';
const links = {
  redirect_url: 'https://shop.example.vn/ok',
  cancel_url: 'https://shop.example.vn/cancel',
  ipn_url: 'https://shop.example.vn/ipn',
};
const full = (over: Record<string, unknown> = {}) => ({
  ...links,
  data: [
    { id: 1, data: { url: 'https://wallet.example.vn/pay', access_key: ACCESS, secret_key: SECRET, partner_code: 'PHOCO01', ...over } },
    { id: 2, data: { channel_id: 'POS-01' } },
  ],
});
const save = (token: string, body: unknown) => t.api('POST', '/api/checkout/payment-method', { token, body });
const config = async (token: string) => configSchema.parse((await t.api('GET', '/api/checkout/payment-config', { token })).body.data);

describe('e-order payment setup (CONTRACT14 §D)', () => {
  it('empty before a save: no links, both methods off, keys ""', async () => {
    const m = await copy();
    const methods = methodSchema.parse((await t.api('GET', '/api/checkout/payment-method', { token: m.token })).body.data);
    expect(methods.endpoint).toEqual({ redirect_url: '', cancel_url: '', ipn_url: '' });
    expect(methods.payment_method.map((p) => [p.id, p.group, p.active])).toEqual([
      [1, 'ewallet', false],
      [2, 'qr', false],
    ]);
    expect((await config(m.token))[0].data).toEqual({ url: '', access_key: '', secret_key: '', partner_code: '' });
  });

  it('saves, answers "success", and gives the keys back masked only', async () => {
    const m = await copy();
    const res = await save(m.token, full());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: 'success' });
    const [ewallet, qr] = await config(m.token);
    expect(ewallet.data).toEqual({
      url: 'https://wallet.example.vn/pay',
      access_key: '••••2b4a',
      secret_key: `••••${SECRET.slice(-4)}`,
      partner_code: 'PHOCO01',
    });
    expect(qr.data).toEqual({ channel_id: 'POS-01' });
    const methods = methodSchema.parse((await t.api('GET', '/api/checkout/payment-method', { token: m.token })).body.data);
    expect(methods.endpoint).toEqual(links);
    expect(methods.payment_method.every((p) => p.active)).toBe(true);
  });

  it('a key sent "", absent or still masked keeps the stored one; a new one replaces it', async () => {
    const m = await copy();
    await save(m.token, full());
    const masked = (await config(m.token))[0].data;
    for (const keys of [
      { access_key: '', secret_key: '' },
      { access_key: undefined, secret_key: undefined },
      { access_key: masked.access_key, secret_key: masked.secret_key },
    ]) {
      expect((await save(m.token, full(keys))).status).toBe(200);
      expect((await config(m.token))[0].data).toEqual(masked);
    }
    expect((await save(m.token, full({ secret_key: 'another-secret-1234' }))).status).toBe(200);
    expect((await config(m.token))[0].data.secret_key).toBe('••••1234');
    expect((await config(m.token))[0].data.access_key).toBe(masked.access_key);
  });

  it('a method left out is off and keeps its values for later', async () => {
    const m = await copy();
    await save(m.token, full());
    expect((await save(m.token, { ...links, data: [{ id: 2, data: { channel_id: 'POS-02' } }] })).status).toBe(200);
    const methods = methodSchema.parse((await t.api('GET', '/api/checkout/payment-method', { token: m.token })).body.data);
    expect(methods.payment_method.map((p) => p.active)).toEqual([false, true]);
    expect((await config(m.token))[0].data.partner_code).toBe('PHOCO01');
    // Turning it back on without retyping the keys works: they are still stored.
    expect((await save(m.token, full({ access_key: '', secret_key: '' }))).status).toBe(200);
  });

  it('refuses with VALIDATION_ERROR listing every failing field in form order, and saves nothing', async () => {
    const m = await copy();
    const res = await save(m.token, {
      redirect_url: 'http://shop.vn/',
      cancel_url: '',
      ipn_url: 'https://user:pw@shop.vn/',
      data: [
        { id: 1, data: { url: 'javascript:alert(1)', access_key: 'short', secret_key: '', partner_code: '<b>x</b>' } },
        { id: 2, data: { channel_id: '' } },
      ],
    });
    expect(res.status).toBe(400);
    const errors = validation.parse(res.body).data.errors;
    expect(errors.map((e) => e.field)).toEqual([
      'redirect_url',
      'cancel_url',
      'ipn_url',
      'ewallet.url',
      'ewallet.access_key',
      'ewallet.secret_key',
      'ewallet.partner_code',
      'qr.channel_id',
    ]);
    expect(res.body.message).toMatch(/^redirect_url: /);
    expect(
      methodSchema.parse((await t.api('GET', '/api/checkout/payment-method', { token: m.token })).body.data).endpoint.redirect_url,
    ).toBe('');
  });

  it('hostile bodies: wrong types, unknown or repeated ids, long, unicode, NUL', async () => {
    const m = await copy();
    const bad: unknown[] = [
      [],
      'x',
      { ...links, data: 'x' },
      { ...links, data: [{ id: 3, data: {} }] },
      {
        ...links,
        data: [
          { id: 2, data: { channel_id: 'A' } },
          { id: 2, data: { channel_id: 'B' } },
        ],
      },
      { ...links, data: [{ id: '1', data: {} }] },
      { ...links, data: [{ id: 2 }] },
      { ...links, redirect_url: `https://a.vn/${'x'.repeat(2040)}` },
      { ...links, redirect_url: 'https://a.vn/ x' },
      { ...links, redirect_url: 42 },
      full({ access_key: 'khóa-bí-mật-🔑-12345' }),
      full({ access_key: 'x'.repeat(256) }),
      full({ access_key: 12345678 }),
      full({ partner_code: 'x'.repeat(65) }),
    ];
    for (const body of bad) expect({ body, status: (await save(m.token, body)).status }).toEqual({ body, status: 400 });
    expect((await save(m.token, full({ partner_code: 'A\u0000B' }))).status).toBe(400);
    expect((await config(m.token))[0].data.access_key).toBe('');
  });

  it('is the owner’s (D87) and each merchant’s own', async () => {
    const staff = (await t.login('phoco.staff', 'Staff@2026')).access_token;
    for (const [method, path] of [
      ['GET', '/api/checkout/payment-config'],
      ['GET', '/api/checkout/payment-method'],
      ['POST', '/api/checkout/payment-method'],
    ] as const) {
      const res = await t.api(method, path, { token: staff, ...(method === 'POST' ? { body: full() } : {}) });
      expect(res.body.error_code).toBe('PERMISSION_DENY');
      expect((await t.api(method, path)).status).toBe(401);
    }
    const a = await copy();
    const b = await copy();
    await save(a.token, full());
    expect((await config(b.token))[0].data.partner_code).toBe('');
  });

  it('never answers nor logs a key in full', async () => {
    const m = await copy();
    await save(m.token, full());
    await save(m.token, full({ access_key: 'bad key with spaces' }));
    const answers = await Promise.all(
      ['/api/checkout/payment-config', '/api/checkout/payment-method', '/api/checkout/ui_custom/detail'].map((p) =>
        t.api('GET', p, { token: m.token }),
      ),
    );
    for (const a of answers) expect(JSON.stringify(a.body)).not.toMatch(/AK-live|SK-live|c0ffee|bad key/);
    expect(printed.some((line) => line.includes('/api/checkout/payment-method'))).toBe(true);
    expect(printed.join('\n')).not.toMatch(/AK-live|SK-live|c0ffee|bad key/);
  });
});

// --- screen customisation ---------------------------------------------------------------------------

async function uploadBackground(token: string, kind = 'background') {
  const form = new FormData();
  // A real image: uploads are decoded (D220).
  form.append('file', new Blob([(await pngOf(16, 9)) as BlobPart], { type: 'image/png' }), 'bg.png');
  const res = await fetch(`${t.url}/api/sale/saas/image?kind=${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await res.json()) as { data: { url: string } }).data.url;
}
const defaults = async (token: string) =>
  z
    .object({ order: z.array(z.string()).min(1), success: z.array(z.string()).min(1) })
    .parse((await t.api('GET', '/api/checkout/ui_custom/default_image', { token })).body.data);
const saveUi = (token: string, body: unknown) => t.api('POST', '/api/checkout/ui_custom/create_update', { token, body });

describe('screen customisation (CONTRACT14 §D)', () => {
  it('null before a save; saves uploads and default images; order_img follows', async () => {
    const m = await copy();
    expect((await t.api('GET', '/api/checkout/ui_custom/detail', { token: m.token })).body).toEqual({ data: null });
    expect((await t.api('GET', '/api/checkout/ui_custom/order_img', { token: m.token })).body).toEqual({ data: { order_img: null } });
    const d = await defaults(m.token);
    const banners = [await uploadBackground(m.token), await uploadBackground(m.token)];
    const body = {
      banners,
      first_welcome: ' Xin chào! ',
      second_welcome: 'Mời quý khách gọi món',
      order_img: d.order[0],
      success_payment_img: d.success[1],
      thank_content: 'Cảm ơn <b>quý khách</b>',
    };
    const res = await saveUi(m.token, body);
    expect(res.status).toBe(200);
    const saved = uiSchema.parse(res.body.data);
    expect(saved).toEqual({ ...body, first_welcome: 'Xin chào!' });
    expect(uiSchema.parse((await t.api('GET', '/api/checkout/ui_custom/detail', { token: m.token })).body.data)).toEqual(saved);
    expect((await t.api('GET', '/api/checkout/ui_custom/order_img', { token: m.token })).body.data).toEqual({ order_img: d.order[0] });
  });

  it('default images are drawn JPEGs under 700 KB, public and cacheable', async () => {
    const m = await copy();
    const d = await defaults(m.token);
    for (const url of [...d.order, ...d.success]) {
      const res = await fetch(`${t.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
      expect(bytes.length).toBeLessThan(716_800);
    }
    expect((await fetch(`${t.url}/api/checkout/ui_custom/default_image/order-9.jpg`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/checkout/ui_custom/default_image/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it('refuses every failing field in form order; another merchant’s image or a logo upload is not a background', async () => {
    const m = await copy();
    const other = await copy();
    const theirs = await uploadBackground(other.token);
    const logo = await uploadBackground(m.token, 'logo');
    const res = await saveUi(m.token, {
      banners: [theirs],
      first_welcome: '',
      second_welcome: 'x'.repeat(201),
      order_img: 'https://evil.example/x.jpg',
      success_payment_img: logo,
      thank_content: '   ',
    });
    expect(validation.parse(res.body).data.errors.map((e) => e.field)).toEqual([
      'banners',
      'first_welcome',
      'second_welcome',
      'order_img',
      'success_payment_img',
      'thank_content',
    ]);
    const d = await defaults(m.token);
    const ok = {
      banners: [],
      first_welcome: 'a',
      second_welcome: 'b',
      order_img: d.order[0],
      success_payment_img: d.success[0],
      thank_content: 'c',
    };
    expect((await saveUi(m.token, ok)).status).toBe(200);
    const mine = await uploadBackground(m.token);
    for (const body of [
      { ...ok, banners: [mine, mine, mine, mine, mine] },
      { ...ok, banners: 'x' },
      { ...ok, banners: [1] },
      // an order image is not a success image
      { ...ok, success_payment_img: d.order[0] },
      { ...ok, thank_content: 'a\u0007b' },
      { ...ok, thank_content: 42 },
      [],
    ])
      expect((await saveUi(m.token, body)).status).toBe(400);
    expect((await saveUi(m.token, { ...ok, thank_content: 'ă'.repeat(200), banners: [mine, mine, mine, mine] })).status).toBe(200);
  });

  it('owner writes, staff read', async () => {
    const staff = (await t.login('phoco.staff', 'Staff@2026')).access_token;
    expect((await t.api('GET', '/api/checkout/ui_custom/detail', { token: staff })).status).toBe(200);
    expect((await t.api('GET', '/api/checkout/ui_custom/default_image', { token: staff })).status).toBe(200);
    const res = await saveUi(staff, {});
    expect(res.body.error_code).toBe('PERMISSION_DENY');
    expect((await t.api('GET', '/api/checkout/ui_custom/detail')).status).toBe(401);
  });
});
