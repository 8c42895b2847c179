// @vitest-environment node
import { crc32, deflateSync } from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseVietQr } from '../../../src/services/qr/vietqr';
import { merchantInfoAnswerSchema, paymentLinkPageSchema, paymentLinkSchema } from '../../../src/services/checkout/link/schemas';
import { jwtPayload, startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { described } from '../../platform/test/images';
import { luhnValid, qrPurpose } from './pay-routes';
import { signLink } from './signing';

/** The checkout area's calls, pay calls and trigger (docs/areas/checkout.md) against CONTRACT14 §A–§C. */

let t: TestSandbox;
let m: Merchant;
let other: Merchant;
let staff: string;
let socket: Socket;
const logged: string[] = [];

interface Merchant {
  id: string;
  token: string;
  username: string;
  password: string;
}

/** The seeded chuoi (it has no throwaway copies): no checkout record until it opens /e-com. */
async function chuoi(): Promise<Merchant> {
  const token = (await t.login('chuoi', 'Chuoi@2026')).access_token;
  return { id: String(jwtPayload(token).merchant_id), username: 'chuoi', password: 'Chuoi@2026', token };
}

async function copyOf(template: string): Promise<Merchant> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  const copy = made.body.data ?? made.body;
  return {
    id: copy.merchant_id,
    username: copy.username,
    password: copy.password,
    token: (await t.login(copy.username, copy.password)).access_token,
  };
}

/** A solid-colour PNG (real: browsers draw it), w×h. */
function png(w: number, h: number, rgb: [number, number, number]): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y += 1) for (let x = 0; x < w; x += 1) rows.set(rgb, y * (w * 3 + 1) + 1 + x * 3);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]));
}

const api = (token: string | undefined) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/checkout${path}`, {
    ...(token ? { token } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(headers ? { headers } : {}),
  });
const pub = api(undefined);
let keyN = 0;
const key = (tag = 'k') => ({ 'idempotency-key': `${tag}-${process.pid}-${(keyN += 1)}` });

async function form(method: string, path: string, token: string, fields: [string, string | Blob][], urlencoded = false) {
  let body: FormData | string;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (urlencoded) {
    body = new URLSearchParams(fields as [string, string][]).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else {
    body = new FormData();
    for (const [name, value] of fields) body.append(name, value);
  }
  const res = await fetch(`${t.url}/api/checkout${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function info(who: Merchant = m) {
  const res = await api(who.token)('GET', `/merchants/${who.id}?allow_create=True`);
  expect(res.status).toBe(200);
  return merchantInfoAnswerSchema.parse(res.body.data);
}

async function makeLink(who: Merchant = m, overrides: Record<string, unknown> = {}) {
  const widget = (await info(who)).widget.id;
  const res = await api(who.token)(
    'POST',
    '/payment-links',
    { app_id: widget, order_id: `DH-${keyN + 1}`, amount: 150_000, ...overrides },
    key('link'),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return paymentLinkSchema.parse(res.body.data);
}

/** The link's URL values as the hosted page sends them. */
function valuesOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
const payQuery = (values: Record<string, string>) => `/pay?${new URLSearchParams(values).toString()}`;
const VALID_CARD = { number: '4111 1111 1111 1111', expiry: '12/39', cvc: '123', holder: 'NGUYEN VAN A' };

beforeAll(async () => {
  const capture = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  for (const level of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(capture);
  t = await startTestSandbox({ seedVolume: 'small', accessLog: true });
  m = await copyOf('phoco');
  other = await copyOf('colan');
  const username = `cashier.${process.pid}`;
  await t.api('POST', '/sandbox/users', {
    body: { username, password: 'Staff@2026', email: `${username}@example.test`, merchant: m.id, role: 'Staff' },
  });
  staff = (await t.login(username, 'Staff@2026')).access_token;
  socket = io(`${t.url}/sale`, { path: '/socket.io', auth: { token: m.token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
});
afterAll(async () => {
  socket?.disconnect();
  await t?.close();
  vi.restoreAllMocks();
});

describe('merchant and widget (contract §A)', () => {
  it('seeds phoco copies with the defaults and https addresses; chuoi has no record until allow_create', async () => {
    const mi = await info();
    expect(mi.merchant_id).toBe(m.id);
    expect(mi.checkout_url).toBe(`${t.url}/checkout/`);
    expect(mi.return_url).toMatch(/^https:\/\/phoco\.example\.vn\//);
    expect(mi.widget).toMatchObject({
      primary_color: '#ffffff',
      secondary_color: '#f5f5f5',
      button_color: '#fafafa',
      logo_url: null,
      logo_height: 100,
      logo_position: 'center',
      button_border: true,
      border_radius: 8,
      button_text: '',
    });
    expect(mi.payment_methods.filter((p) => p.active).map((p) => p.widget_type)).toEqual(['qr_code', 'credit_card']);
    expect(mi.active_methods).toEqual([
      { name: 'cash', active: false },
      { name: 'ewallet', active: false },
      { name: 'qr_code', active: true },
      { name: 'credit_card', active: true },
    ]);

    const c = await chuoi();
    expect((await api(c.token)('GET', `/merchants/${c.id}`)).status).toBe(404);
    const made = await info(c);
    expect(made.return_url).toBe('');
    expect(made.widget.id).toMatch(/^wdg_[0-9a-f]{12}$/);
    // Asking again answers the same record.
    expect((await info(c)).widget.id).toBe(made.widget.id);
  });

  it("answers another merchant's id as not found, and staff may read but not change", async () => {
    expect((await api(m.token)('GET', `/merchants/${other.id}?allow_create=True`)).status).toBe(404);
    expect((await api(staff)('GET', `/merchants/${m.id}?allow_create=True`)).status).toBe(200);
    const put = await form('PUT', `/merchants/${m.id}`, staff, [['merchant_name', 'X']]);
    expect(put.status).toBe(403);
    expect(put.body.error_code).toBe('PERMISSION_DENY');
    const widget = (await info()).widget.id;
    expect((await form('PUT', `/widgets/${widget}`, staff, [['primary_color', '#000000']])).body.error_code).toBe('PERMISSION_DENY');
    const foreign = (await info(other)).widget.id;
    expect((await form('PUT', `/widgets/${foreign}`, m.token, [['primary_color', '#000000']])).status).toBe(404);
    expect((await pub('GET', `/merchants/${m.id}`)).status).toBe(401);
  });

  it('saves the merchant form (multipart and URL-encoded) and lists every failing field in form order', async () => {
    const good: [string, string][] = [
      ['merchant_id', m.id],
      ['merchant_name', 'Phở Cổ <b>online</b>'],
      ['return_url', 'https://shop.example.vn/ok'],
      ['cancel_url', 'https://shop.example.vn/cancel'],
      ['ipn_url', 'https://shop.example.vn/ipn'],
      ['payment_methods', '2'],
      ['payment_methods', '4'],
    ];
    const saved = await form('PUT', `/merchants/${m.id}`, m.token, good);
    expect(saved.status).toBe(200);
    const mi = merchantInfoAnswerSchema.parse(saved.body.data);
    expect(mi.merchant_name).toBe('Phở Cổ <b>online</b>');
    expect(mi.active_methods.filter((a) => a.active).map((a) => a.name)).toEqual(['ewallet', 'credit_card']);

    const encoded = await form(
      'PUT',
      `/merchants/${m.id}`,
      m.token,
      [...good.slice(0, 5), ['payment_methods', '3'], ['payment_methods', '4']],
      true,
    );
    expect(encoded.status).toBe(200);
    expect(
      merchantInfoAnswerSchema
        .parse(encoded.body.data)
        .active_methods.filter((a) => a.active)
        .map((a) => a.name),
    ).toEqual(['qr_code', 'credit_card']);

    const bad = await form('PUT', `/merchants/${m.id}`, m.token, [
      ['merchant_id', m.id],
      ['merchant_name', 'x'.repeat(101)],
      ['return_url', 'http://shop.example.vn/ok'],
      ['cancel_url', 'https://user:pw@shop.example.vn/'],
      ['ipn_url', 'https://shop.example.vn/a b'],
      ['payment_methods', '99'],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe('VALIDATION_ERROR');
    expect(bad.body.data.errors.map((e: { field: string }) => e.field)).toEqual([
      'merchant_name',
      'return_url',
      'cancel_url',
      'ipn_url',
      'payment_methods',
    ]);
    expect(bad.body.message).toBe('merchant_name: must be at most 100 characters');
    const empty = await form('PUT', `/merchants/${m.id}`, m.token, [['merchant_name', '  ']]);
    expect(empty.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['merchant_name', 'return_url', 'cancel_url', 'ipn_url']);
    // Very long values (beyond the form's field limit) are refused, never saved cut short.
    const long = await form('PUT', `/merchants/${m.id}`, m.token, [
      ['merchant_name', 'Ph\u1edf '.repeat(2000)],
      ['return_url', `https://shop.example.vn/${'a'.repeat(5000)}`],
      ['cancel_url', 'https://shop.example.vn/<script>'],
      ['ipn_url', 'https://shop.example.vn/ipn'],
    ]);
    expect(long.status).toBe(400);
    expect(long.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['merchant_name', 'return_url']);
    // Nothing was saved by the refused forms.
    expect((await info()).return_url).toBe('https://shop.example.vn/ok');
  });

  it('saves the widget look, serves the logo without sign-in, and refuses bad logos and values', async () => {
    const widget = (await info()).widget.id;
    const logo = png(40, 40, [200, 30, 30]);
    const saved = await form('PUT', `/widgets/${widget}`, m.token, [
      ['primary_color', '#0B1F3A'],
      ['secondary_color', '#123456'],
      ['button_color', '#D9480F'],
      ['logo_height', '60'],
      ['logo_position', 'right'],
      ['button_border', 'false'],
      ['border_radius', '20'],
      ['button_text', 'Trả ngay'],
      ['active_methods', JSON.stringify([{ name: 'ewallet', active: true }])],
      ['logo', new Blob([logo as BlobPart], { type: 'image/gif' })],
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const w = merchantInfoAnswerSchema.parse(saved.body.data).widget;
    expect(w).toMatchObject({
      primary_color: '#0b1f3a',
      button_color: '#d9480f',
      logo_height: 60,
      logo_position: 'right',
      button_border: false,
    });
    expect(w.logo_url).toMatch(new RegExp(`^/api/checkout/widgets/${widget}/logo\\?v=[0-9a-f]{8}$`));
    expect(merchantInfoAnswerSchema.parse(saved.body.data).active_methods.find((a) => a.name === 'ewallet')?.active).toBe(true);
    const served = await fetch(`${t.url}${w.logo_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    // Stored re-encoded (D220): the same 40×40 PNG, not the same bytes.
    expect(await described(new Uint8Array(await served.arrayBuffer()))).toMatchObject({ format: 'png', width: 40, height: 40 });
    expect((await fetch(`${t.url}/api/checkout/widgets/${widget}/logo?v=00000000`)).status).toBe(404);

    const big = new Uint8Array(102_401);
    big.set(logo.slice(0, 16));
    const tooBig = await form('PUT', `/widgets/${widget}`, m.token, [['logo', new Blob([big as BlobPart])]]);
    expect([tooBig.status, tooBig.body.error_code, tooBig.body.data.field]).toEqual([413, 'IMAGE_TOO_LARGE', 'logo']);
    const notImage = await form('PUT', `/widgets/${widget}`, m.token, [
      ['logo', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' })],
    ]);
    expect([notImage.status, notImage.body.error_code]).toEqual([415, 'IMAGE_INVALID_FORMAT']);

    const bad = await form('PUT', `/widgets/${widget}`, m.token, [
      ['primary_color', 'red'],
      ['logo_height', '70'],
      ['border_radius', '25'],
      ['button_text', 'x'.repeat(31)],
      ['active_methods', '[{"name":"bitcoin","active":true}]'],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e: { field: string }) => e.field)).toEqual([
      'primary_color',
      'logo_height',
      'border_radius',
      'button_text',
      'active_methods',
    ]);
    const removed = await form('PUT', `/widgets/${widget}`, m.token, [['remove_logo', 'true']]);
    expect(merchantInfoAnswerSchema.parse(removed.body.data).widget.logo_url).toBeNull();
    expect((await fetch(`${t.url}${w.logo_url}`)).status).toBe(404);
  });
});

describe('payment links (contract §B)', () => {
  it('makes a signed link that answers the same for the same key, lists and finds it', async () => {
    const widget = (await info()).widget.id;
    const k = key('same');
    const body = { app_id: widget, order_id: '  Đơn hàng 42  ', amount: 250_000 };
    const first = await api(m.token)('POST', '/payment-links', body, k);
    expect(first.status).toBe(201);
    const link = paymentLinkSchema.parse(first.body.data);
    expect(link.order_id).toBe('Đơn hàng 42');
    expect(link.status).toBe('OPEN');
    expect(link.expires_at - link.created_at).toBe(24 * 60 * 60);
    const url = new URL(link.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.url}/checkout/`);
    expect([...url.searchParams.keys()]).toEqual(['appId', 'orderId', 'amount', 'merchantId', 'createdAt', 'expiresAt', 'sig']);
    expect(url.searchParams.get('orderId')).toBe('Đơn hàng 42');
    expect(link.url).toContain('orderId=%C4%90%C6%A1n%20h%C3%A0ng%2042');

    const again = await api(m.token)('POST', '/payment-links', body, k);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(link.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api(m.token)('POST', '/payment-links', { ...body, amount: 1_000 }, k)).body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await api(m.token)('POST', '/payment-links', body)).body).toMatchObject({
      error_code: 'REQUIRED',
      data: { fields: ['Idempotency-Key'] },
    });

    // Staff make links too; the list is newest first and searches without accents or case.
    const byStaff = await api(staff)('POST', '/payment-links', { app_id: widget, order_id: 'QUAY-7', amount: 1_000 }, key());
    expect(byStaff.status).toBe(201);
    const page = paymentLinkPageSchema.parse((await api(staff)('GET', '/payment-links?q=DON%20HANG&page_size=5')).body);
    expect(page.data.map((l) => l.id)).toEqual([link.id]);
    const all = paymentLinkPageSchema.parse((await api(m.token)('GET', '/payment-links?page_size=100')).body);
    expect(all.data[0]!.id).toBe(byStaff.body.data.id);
    expect((await api(m.token)('GET', `/payment-links/${link.id}`)).body.data.id).toBe(link.id);
    expect((await api(other.token)('GET', `/payment-links/${link.id}`)).status).toBe(404);
    expect(paymentLinkPageSchema.parse((await api(other.token)('GET', '/payment-links')).body).data.map((l) => l.id)).not.toContain(
      link.id,
    );
    expect((await api(m.token)('GET', '/payment-links?status=open')).body.data.field).toBe('status');
    expect((await api(m.token)('GET', '/payment-links?page_size=101')).body.data.field).toBe('page_size');
  });

  it('refuses bad bodies field by field, and a widget of another merchant as not found', async () => {
    const widget = (await info()).widget.id;
    const post = (body: unknown) => api(m.token)('POST', '/payment-links', body, key('bad'));
    expect((await post({})).body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['app_id', 'order_id', 'amount'] } });
    expect((await post({ app_id: widget, order_id: '   ', amount: 5000 })).body.data.fields).toEqual(['order_id']);
    const field = async (body: Record<string, unknown>) =>
      (await post({ app_id: widget, order_id: 'A1', amount: 5000, ...body })).body.data.field;
    expect(await field({ amount: 999 })).toBe('amount');
    expect(await field({ amount: 1_000_000_000 })).toBe('amount');
    expect(await field({ amount: '5000' })).toBe('amount');
    expect(await field({ amount: 1500.5 })).toBe('amount');
    expect(await field({ order_id: 'x'.repeat(65) })).toBe('order_id');
    expect(await field({ order_id: 'A\u0007B' })).toBe('order_id');
    expect(await field({ order_id: ['A'] })).toBe('order_id');
    expect(await field({ invoice_id: 'abc' })).toBe('invoice_id');
    const nul = await post({ app_id: widget, order_id: 'A\u0000', amount: 5000 });
    expect(nul.status).toBe(400);
    // Unicode and HTML are just text.
    const html = await post({ app_id: widget, order_id: '<img src=x onerror=alert(1)>🍜', amount: 5000 });
    expect(html.status).toBe(201);
    expect(html.body.data.order_id).toBe('<img src=x onerror=alert(1)>🍜');
    const foreign = (await info(other)).widget.id;
    expect((await post({ app_id: foreign, order_id: 'A1', amount: 5000 })).status).toBe(404);
    expect((await post({ app_id: 'wdg_000000000000', order_id: 'A1', amount: 5000 })).status).toBe(404);
    expect((await post({ app_id: widget, order_id: 'A1', amount: 5000, invoice_id: 999_999 })).status).toBe(404);
  });
});

describe('the hosted page calls (contract §C)', () => {
  it('answers an open link with the widget and methods, and refuses every tampered value', async () => {
    const link = await makeLink();
    const values = valuesOf(link.url);
    const page = await pub('GET', payQuery(values));
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ status: 'OPEN', link_id: link.id, order_id: link.order_id, amount: 150_000, paid_at: null });
    expect(page.body.data.methods).not.toContain('cash');
    expect(page.body.data.widget.id).toBe(link.app_id);

    for (const [name, value] of [
      ['amount', '1000'],
      ['orderId', 'DH-other'],
      ['expiresAt', String(link.expires_at + 86_400)],
      ['merchantId', other.id],
      ['createdAt', String(link.created_at - 1)],
      ['appId', 'wdg_000000000000'],
      ['sig', values.sig!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))],
    ] as const) {
      const tampered = { ...values, [name]: value };
      const res = await pub('GET', payQuery(tampered));
      expect([name, res.status, res.body.error_code]).toEqual([name, 400, 'LINK_INVALID']);
      expect((await pub('POST', '/pay/qr', tampered)).body.error_code).toBe('LINK_INVALID');
      expect((await pub('POST', '/pay/card', { ...tampered, card: VALID_CARD }, key())).body.error_code).toBe('LINK_INVALID');
    }
    const { sig: _sig, ...unsigned } = values;
    expect((await pub('GET', payQuery(unsigned))).body.error_code).toBe('LINK_INVALID');
    // A well-signed link that does not exist (signed with another key) is just as invalid.
    const forged = { ...values, sig: signLink(values as never, Buffer.from('not the key')) };
    expect((await pub('GET', payQuery(forged))).body.error_code).toBe('LINK_INVALID');
  });

  it('gives a VietQR of the link, paid by the link-paid trigger once; then the page shows PAID and refuses to pay again', async () => {
    const link = await makeLink(m, { order_id: 'Đơn số 7 <b>' });
    const values = valuesOf(link.url);
    const qr = await pub('POST', '/pay/qr', values);
    expect(qr.status).toBe(200);
    const parsed = parseVietQr(qr.body.data.qr);
    expect(parsed.amount).toBe(150_000);
    expect(parsed.purpose).toBe('Don so 7 b');
    const events: unknown[] = [];
    socket.on('payment_success', (e) => events.push(e));
    const fired = await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: link.id } });
    expect(fired.status, JSON.stringify(fired.body)).toBe(200);
    const page = await pub('GET', payQuery(values));
    expect(page.body.data).toMatchObject({ status: 'PAID', method: 'QR' });
    expect(typeof page.body.data.paid_at).toBe('number');
    expect((await pub('POST', '/pay/qr', values)).status).toBe(409);
    const card = await pub('POST', '/pay/card', { ...values, card: VALID_CARD }, key());
    expect([card.status, card.body.error_code]).toEqual([409, 'LINK_PAID']);
    expect((await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: link.id } })).body.error_code).toBe('LINK_PAID');
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toEqual({
      data: { invoice_data: { total_price: 150_000, order_code: 'Đơn số 7 <b>', payment_method: 'LINK', link_id: link.id } },
    });
    socket.off('payment_success');
    expect(paymentLinkSchema.parse((await api(m.token)('GET', `/payment-links/${link.id}`)).body.data)).toMatchObject({
      status: 'PAID',
      method: 'QR',
    });
  });

  it('pays by test card once: declined card, bad fields, a second payment with another key refused', async () => {
    const link = await makeLink();
    const values = valuesOf(link.url);
    const pay = (card: unknown, k = key('card')) => pub('POST', '/pay/card', { ...values, card }, k);
    expect((await pay({ ...VALID_CARD, number: '4111 1111 1111 1112' })).body.data.field).toBe('card.number');
    expect((await pay({ ...VALID_CARD, expiry: '01/20' })).body.data.field).toBe('card.expiry');
    expect((await pay({ ...VALID_CARD, expiry: '13/30' })).body.data.field).toBe('card.expiry');
    expect((await pay({ ...VALID_CARD, cvc: '12' })).body.data.field).toBe('card.cvc');
    expect((await pay({ ...VALID_CARD, holder: ' ' })).body.data.field).toBe('card.holder');
    expect((await pay('4111111111111111')).body.data.field).toBe('card.number');
    expect((await pub('POST', '/pay/card', { ...values, card: VALID_CARD })).body.data.fields).toEqual(['Idempotency-Key']);
    const declined = await pay({ ...VALID_CARD, number: '4000 0000 0000 0002' });
    expect([declined.status, declined.body.error_code]).toEqual([402, 'CARD_DECLINED']);
    expect((await pub('GET', payQuery(values))).body.data.status).toBe('OPEN');
    const paid = await pay(VALID_CARD);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'PAID' });
    const twice = await pay({ ...VALID_CARD, number: '5555 5555 5555 4444' });
    expect([twice.status, twice.body.error_code]).toEqual([409, 'LINK_PAID']);
    expect((await pub('GET', payQuery(values))).body.data).toMatchObject({ status: 'PAID', method: 'CARD' });
  });

  it('takes 20 concurrent card payments with one key as one payment', async () => {
    const link = await makeLink();
    const values = valuesOf(link.url);
    const k = key('race');
    const answers = await Promise.all(Array.from({ length: 20 }, () => pub('POST', '/pay/card', { ...values, card: VALID_CARD }, k)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body.data.paid_at)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
  });

  it("pays an order's link through the order settlement: the order completed by LINK, once", async () => {
    const sale = (method: string, path: string, body?: unknown) =>
      t.api(method, `/api/sale${path}`, { token: m.token, ...(body ? { body } : {}) });
    const orderId = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
    const dish = (await sale('GET', '/inventory/product?status=0&page_size=1')).body.data[0];
    await sale('PUT', '/order/confirm', { order_id: orderId });
    const added = (await sale('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dish.product_id, amount: 2 }] })).body
      .data.invoice_data;
    const base = { order_id: added.order_code, amount: added.total_price, invoice_id: added.invoice_id };
    expect(
      (await api(m.token)('POST', '/payment-links', { ...base, app_id: (await info()).widget.id, amount: 1_000 }, key())).body.data.field,
    ).toBe('amount');
    const link = await makeLink(m, base);
    // Asking again for the same order and amount answers the open link.
    const again = await api(m.token)('POST', '/payment-links', { ...base, app_id: link.app_id }, key());
    expect([again.status, again.body.data.id]).toEqual([200, link.id]);
    const events: any[] = [];
    socket.on('payment_success', (e) => events.push(e));
    const paid = await pub('POST', '/pay/card', { ...valuesOf(link.url), card: VALID_CARD }, key());
    expect(paid.status).toBe(200);
    const order = (await sale('GET', `/order/${orderId}`)).body.data.invoice_data;
    expect(order.status).toBe(0);
    const payments = (await sale('GET', `/payment?invoice_id=${added.invoice_id}`)).body.data;
    expect(payments.filter((p: { status: string }) => p.status === 'SUCCESS').map((p: { method: string }) => p.method)).toEqual(['LINK']);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0].data.invoice_data).toMatchObject({ payment_method: 'LINK', invoice_id: added.invoice_id, order_id: orderId });
    socket.off('payment_success');
    expect((await api(m.token)('POST', '/payment-links', { ...base, app_id: link.app_id }, key())).body.error_code).toBe('ORDER_PAID');
  });

  it('says when the merchant has no account for QR, and checks the helpers', async () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(qrPurpose('Đơn hàng #42 – Phở')).toBe('Don hang 42 Pho');
    expect(qrPurpose('🍜🍜')).toBe('');
    const c = await chuoi();
    const link = await makeLink(c);
    // Without a ShopQR or a verified bank account there is nowhere for the transfer to go.
    await t.sandbox.db.query(`DELETE FROM virtual_accounts WHERE merchant_id = $1`, [c.id]);
    await t.sandbox.db.query(`UPDATE bank_accounts SET verified_at = NULL WHERE merchant_id = $1`, [c.id]);
    const qr = await pub('POST', '/pay/qr', valuesOf(link.url));
    expect([qr.status, qr.body.error_code, qr.body.data.qr]).toEqual([400, 'BAD_REQUEST', null]);
  });

  it('never puts the card number or the signing key in an answer or a log line', async () => {
    process.env.SANDBOX_LINK_SIGNING_KEY ??= '';
    const link = await makeLink();
    const values = valuesOf(link.url);
    const answers = [
      await pub('POST', '/pay/card', { ...values, card: { ...VALID_CARD, number: '4000 0000 0000 0002' } }, key()),
      await pub('POST', '/pay/card', { ...values, card: { ...VALID_CARD, number: '5105105105105100' } }, key()),
      await pub('GET', payQuery(values)),
    ];
    const text = JSON.stringify(answers.map((a) => a.body)) + logged.join('\n');
    for (const secret of ['4000000000000002', '4000 0000 0000 0002', '5105105105105100', VALID_CARD.cvc + '"'])
      expect(text.includes(secret), secret).toBe(false);
    expect(logged.some((line) => line.includes('/api/checkout/pay/card'))).toBe(true);
    expect(logged.some((line) => line.includes('sig='))).toBe(false);
    const stored = await t.api('GET', `/api/checkout/payment-links/${link.id}`, { token: m.token });
    expect(JSON.stringify(stored.body)).not.toContain('5105');
  });

  it('refuses an expired link, and shows it EXPIRED', async () => {
    const link = await makeLink();
    const values = valuesOf(link.url);
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: 24 * 60 * 60 } });
    try {
      expect((await pub('GET', payQuery(values))).body.data.status).toBe('EXPIRED');
      const qr = await pub('POST', '/pay/qr', values);
      expect([qr.status, qr.body.error_code]).toEqual([410, 'LINK_EXPIRED']);
      const card = await pub('POST', '/pay/card', { ...values, card: VALID_CARD }, key());
      expect([card.status, card.body.error_code]).toEqual([410, 'LINK_EXPIRED']);
      expect((await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: link.id } })).status).toBe(410);
      // The sign-in expired with the jump too: sign in again at the new time.
      const token = (await t.login(m.username, m.password)).access_token;
      const expired = await api(token)('GET', '/payment-links?status=EXPIRED&page_size=100');
      expect(expired.status, JSON.stringify(expired.body)).toBe(200);
      expect(expired.body.data.map((l: { id: string }) => l.id)).toContain(link.id);
    } finally {
      await t.api('POST', '/sandbox/clock/reset');
    }
  });
});

describe('the hosted page and embed.js (contract §C, §I)', () => {
  it('serves the checkout entry at /checkout/, framable only by the sandbox and the merchant site, and embed.js', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    mkdirSync(join(t.dir, 'dist'), { recursive: true });
    writeFileSync(join(t.dir, 'dist', 'checkout.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    const link = await makeLink();
    const page = await fetch(`${link.url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    // The merchant saved https://shop.example.vn/... above.
    expect(csp).toContain("frame-ancestors 'self' https://shop.example.vn;");
    expect(csp).toContain("script-src 'self'");
    const tampered = await fetch(`${t.url}/checkout/?merchantId=${other.id}`);
    expect(tampered.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://colan.example.vn;");
    expect((await fetch(`${t.url}/checkout/?merchantId=nobody`)).headers.get('content-security-policy')).toContain(
      "frame-ancestors 'self';",
    );
    const portal = await fetch(`${t.url}/portal/`);
    expect(portal.headers.get('content-security-policy') ?? "frame-ancestors 'none'").toContain("frame-ancestors 'none'");
    const redirect = await fetch(`${t.url}/checkout?appId=x`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('/checkout/?appId=x');
    const embed = await fetch(`${t.url}/checkout/embed.js`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-type')).toContain('text/javascript');
    expect(await embed.text()).toContain('data-checkout-link');
  });
});

describe('a link made for an order holds its amount (issue 24 §1, D214–D216)', () => {
  let me: Merchant;
  const sale = (method: string, path: string, body?: unknown) =>
    t.api(method, `/api/sale${path}`, { token: me.token, ...(body ? { body } : {}) });
  beforeAll(async () => {
    me = await copyOf('phoco');
  });

  /** A confirmed order of two dishes, and its link. */
  async function orderWithLink() {
    const orderId = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
    const dishes = (await sale('GET', '/inventory/product?status=0&page_size=2')).body.data as Array<{ product_id: number; price: number }>;
    await sale('PUT', '/order/confirm', { order_id: orderId });
    const added = (await sale('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dishes[0]!.product_id, amount: 2 }] }))
      .body.data.invoice_data;
    const link = await makeLink(me, { order_id: added.order_code, amount: added.total_price, invoice_id: added.invoice_id });
    const add = () => sale('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dishes[1]!.product_id, amount: 1 }] });
    return { orderId, invoiceId: added.invoice_id as number, total: added.total_price as number, link, add, extra: dishes[1]!.price };
  }
  const orderOf = async (orderId: number) => (await sale('GET', `/order/${orderId}`)).body.data.invoice_data;

  it('issue 24 §1: adding dishes is refused while the order’s link is open (ORDER_PAYMENT_PENDING LINK), and link-paid pays the link’s amount', async () => {
    const o = await orderWithLink();
    const refused = await o.add();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error_code: 'ORDER_PAYMENT_PENDING', data: { method: 'LINK', id: o.link.id, amount: o.total } });
    expect((await orderOf(o.orderId)).total_price).toBe(o.total);
    const paid = await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: o.link.id } });
    expect(paid.status).toBe(200);
    expect(await orderOf(o.orderId)).toMatchObject({ status: 0, payment_method: 'LINK', total_price: o.total, receive_amount: o.total });
    const payments = (await sale('GET', `/payment?invoice_id=${o.invoiceId}`)).body.data;
    expect(payments.map((p: { method: string; status: string; amount: number }) => [p.method, p.status, p.amount])).toEqual([
      ['LINK', 'SUCCESS', o.total],
    ]);
  });

  it('issue 24 §1: a link payment whose amount differs from the order total is refused (AMOUNT_MISMATCH): the order stays unpaid, the link is cancelled', async () => {
    const o = await orderWithLink();
    // What the lock cannot see (a race on a real server, an old row): the total moved behind it.
    await t.sandbox.db.query(`UPDATE sale_orders SET total_price = total_price + 60000 WHERE id = $1`, [o.orderId]);
    const byQr = await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: o.link.id } });
    expect(byQr.status).toBe(409);
    expect(byQr.body).toMatchObject({ error_code: 'AMOUNT_MISMATCH', data: { amount: o.total, total_price: o.total + 60_000 } });
    expect(await orderOf(o.orderId)).toMatchObject({ status: 1, payment_status: 0 });
    expect((await sale('GET', `/payment?invoice_id=${o.invoiceId}`)).body.data).toEqual([]);
    // It can never be paid now: it reads EXPIRED, the card is refused, and the order is free again.
    expect((await api(me.token)('GET', `/payment-links/${o.link.id}`)).body.data.status).toBe('EXPIRED');
    const card = await pub('POST', '/pay/card', { ...valuesOf(o.link.url), card: VALID_CARD }, key());
    expect([card.status, card.body.error_code]).toEqual([410, 'LINK_EXPIRED']);
    expect((await o.add()).status).toBe(201);
  });

  it('issue 24 §1: the hosted card payment of a link whose order total moved is refused too, never re-priced', async () => {
    const o = await orderWithLink();
    await t.sandbox.db.query(`UPDATE sale_orders SET total_price = total_price + 60000 WHERE id = $1`, [o.orderId]);
    const card = await pub('POST', '/pay/card', { ...valuesOf(o.link.url), card: VALID_CARD }, key());
    expect([card.status, card.body.error_code]).toEqual([409, 'AMOUNT_MISMATCH']);
    expect(await orderOf(o.orderId)).toMatchObject({ status: 1, payment_status: 0 });
  });

  it('issue 24 §1: the merchant cancels the open link (POST /payment-links/{id}/cancel): it reads EXPIRED, takes no money, and the order can change', async () => {
    const o = await orderWithLink();
    const cancelled = await api(me.token)('POST', `/payment-links/${o.link.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(paymentLinkSchema.parse(cancelled.body.data)).toMatchObject({ id: o.link.id, status: 'EXPIRED', paid_at: null });
    // A repeat answers it as it is; the hosted page shows it expired and takes nothing.
    expect((await api(me.token)('POST', `/payment-links/${o.link.id}/cancel`)).body.data.status).toBe('EXPIRED');
    expect((await pub('GET', payQuery(valuesOf(o.link.url)))).body.data.status).toBe('EXPIRED');
    expect((await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: o.link.id } })).status).toBe(410);
    const added = await o.add();
    expect(added.status).toBe(201);
    // A new link for the new total.
    const next = await makeLink(me, {
      order_id: added.body.data.invoice_data.order_code,
      amount: o.total + o.extra,
      invoice_id: o.invoiceId,
    });
    expect(next.status).toBe('OPEN');
    // Another merchant's, a malformed id: not found; a paid link: 409 LINK_PAID.
    expect((await api(other.token)('POST', `/payment-links/${next.id}/cancel`)).status).toBe(404);
    expect((await api(me.token)('POST', '/payment-links/pl_nope/cancel')).status).toBe(404);
    await t.api('POST', '/sandbox/triggers/link-paid', { body: { link: next.id } });
    const paid = await api(me.token)('POST', `/payment-links/${next.id}/cancel`);
    expect([paid.status, paid.body.error_code]).toEqual([409, 'LINK_PAID']);
    // Staff make links, and cancel them.
    const free = await makeLink(me);
    const cashier = `cashier24.${process.pid}`;
    await t.api('POST', '/sandbox/users', {
      body: { username: cashier, password: 'Staff@2026', email: `${cashier}@example.test`, merchant: me.id, role: 'Staff' },
    });
    const staffToken = (await t.login(cashier, 'Staff@2026')).access_token;
    expect((await api(staffToken)('POST', `/payment-links/${free.id}/cancel`)).body.data.status).toBe('EXPIRED');
  });
});
