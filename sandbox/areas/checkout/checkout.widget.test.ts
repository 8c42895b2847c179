// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { merchantInfoAnswerSchema } from '../../../src/services/checkout/link/schemas';
import { described } from '../../platform/test/images';
import { t, m, other, staff, chuoi, png, api, pub, form, info, makeLink, useCheckoutFixture } from './checkout.fixture';

useCheckoutFixture();

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
