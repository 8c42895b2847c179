// @vitest-environment node
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../platform/test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

async function copy(): Promise<{ id: string; token: string }> {
  const made = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
  return { id: made.merchant_id, token: (await t.login(made.username, made.password)).access_token };
}

async function put(token: string, fields: [string, string | Blob, string?][]) {
  const body = new FormData();
  for (const [name, value, filename] of fields) {
    if (value instanceof Blob) body.append(name, value, filename ?? 'logo');
    else body.append(name, value);
  }
  const res = await fetch(`${t.url}/api/portal/einvoice/template`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body });
  return { status: res.status, body: await res.json() };
}

const png = async () =>
  new Blob([
    await sharp({ create: { width: 4, height: 3, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer(),
  ]);

describe('the invoice template (issue 25 §8, D255)', () => {
  it('issue 25 §8: saves what the setup shows (template, name, type, logo), answers it back and serves the logo re-encoded', async () => {
    const m = await copy();
    expect((await t.api('GET', '/api/portal/einvoice/template', { token: m.token })).body).toEqual({ data: null });
    // A PNG with bytes after its end (an appended page): stored re-encoded, without them.
    const sent = Buffer.concat([Buffer.from(await (await png()).arrayBuffer()), Buffer.from('<script>alert(1)</script>')]);
    const saved = await put(m.token, [
      ['template_id', 'gtgt-classic'],
      ['name', 'Mẫu <b>Phở Cổ</b>'],
      ['type', 'gtgt'],
      ['logo', new Blob([sent]), 'logo.png'],
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      template_id: 'gtgt-classic',
      name: 'Mẫu <b>Phở Cổ</b>',
      type: 'gtgt',
      logo: { mime: 'image/png', name: 'logo.png' },
    });
    expect((await t.api('GET', '/api/portal/einvoice/template', { token: m.token })).body.data).toEqual(saved.body.data);
    const logo = await fetch(`${t.url}/api/portal/einvoice/template/logo`, { headers: { authorization: `Bearer ${m.token}` } });
    expect(logo.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await logo.arrayBuffer());
    expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 4, height: 3, format: 'png' });

    // Saved again with keep_logo: the logo stays; without a logo and without keep_logo: it goes.
    const renamed = await put(m.token, [
      ['template_id', 'sale-modern'],
      ['name', 'Mẫu bán hàng'],
      ['type', 'sale'],
      ['keep_logo', '1'],
    ]);
    expect(renamed.body.data).toMatchObject({ template_id: 'sale-modern', type: 'sale', logo: { mime: 'image/png', name: 'logo.png' } });
    const dropped = await put(m.token, [
      ['template_id', 'sale-modern'],
      ['name', 'Mẫu bán hàng'],
      ['type', 'sale'],
    ]);
    expect(dropped.body.data.logo).toBeNull();
  });

  it('issue 25 §8: a PDF logo is rewritten as one fresh page; a text file named .png, a broken PDF and an oversized file are refused; nothing is saved', async () => {
    const m = await copy();
    const source = await PDFDocument.create();
    source.addPage([200, 100]);
    source.addPage([200, 100]);
    source.addJavaScript('hello', 'app.alert("hi")');
    const pdf = await put(m.token, [
      ['template_id', 'service-classic'],
      ['name', 'Dịch vụ'],
      ['type', 'service'],
      ['logo', new Blob([Buffer.from(await source.save())]), 'logo.pdf'],
    ]);
    expect(pdf.body.data.logo).toMatchObject({ mime: 'application/pdf', name: 'logo.pdf' });
    const stored = Buffer.from(
      await (await fetch(`${t.url}/api/portal/einvoice/template/logo`, { headers: { authorization: `Bearer ${m.token}` } })).arrayBuffer(),
    );
    const reread = await PDFDocument.load(stored);
    expect(reread.getPageCount()).toBe(1);
    expect(stored.includes(Buffer.from('app.alert'))).toBe(false);

    const other = await copy();
    const base: [string, string][] = [
      ['template_id', 'gtgt-classic'],
      ['name', 'Mẫu'],
      ['type', 'gtgt'],
    ];
    const fake = await put(other.token, [...base, ['logo', new Blob(['not an image']), 'fake.png']]);
    expect([fake.status, fake.body.error_code, fake.body.data.field]).toEqual([415, 'IMAGE_INVALID_FORMAT', 'logo']);
    const broken = await put(other.token, [...base, ['logo', new Blob(['%PDF-1.7\n garbage']), 'broken.pdf']]);
    expect(broken.status).toBe(415);
    const big = await put(other.token, [...base, ['logo', new Blob([Buffer.alloc(5 * 1024 * 1024 + 1, 0xff)]), 'big.jpg']]);
    expect([big.status, big.body.error_code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    expect((await t.api('GET', '/api/portal/einvoice/template', { token: other.token })).body).toEqual({ data: null });
  });
});

describe('the invoice template: refusals (issue 25 §8, D255)', () => {
  it('issue 25 §8: refuses a missing name, an unknown type or template, and staff; another merchant never sees the template', async () => {
    const m = await copy();
    expect(
      (
        await put(m.token, [
          ['template_id', 'gtgt-classic'],
          ['type', 'gtgt'],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await put(m.token, [
          ['template_id', 'gtgt-classic'],
          ['name', 'x'],
          ['type', 'nope'],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await put(m.token, [
          ['template_id', '../etc'],
          ['name', 'x'],
          ['type', 'gtgt'],
        ])
      ).status,
    ).toBe(400);
    const username = `staff${Math.random().toString(36).slice(2, 10)}`;
    await t.api('POST', '/sandbox/users', {
      body: { username, password: 'Staff@2026x', email: `${username}@example.test`, merchant: m.id, role: 'Staff' },
    });
    const staff = (await t.login(username, 'Staff@2026x')).access_token;
    expect(
      (
        await put(staff, [
          ['template_id', 'gtgt-classic'],
          ['name', 'x'],
          ['type', 'gtgt'],
        ])
      ).status,
    ).toBe(403);
    expect(
      (
        await put(m.token, [
          ['template_id', 'gtgt-classic'],
          ['name', 'Của tôi'],
          ['type', 'gtgt'],
        ])
      ).status,
    ).toBe(200);
    expect((await t.api('GET', '/api/portal/einvoice/template', { token: staff })).body.data.name).toBe('Của tôi');
    const other = await copy();
    expect((await t.api('GET', '/api/portal/einvoice/template', { token: other.token })).body).toEqual({ data: null });
    expect(
      (await fetch(`${t.url}/api/portal/einvoice/template/logo`, { headers: { authorization: `Bearer ${other.token}` } })).status,
    ).toBe(404);
  });
});
