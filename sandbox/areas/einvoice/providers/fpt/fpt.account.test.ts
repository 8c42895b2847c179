// @vitest-environment node
import { pdfText } from '../../../../platform/test/pdf-text';
import { describe, expect, it } from 'vitest';
import { offeredYears } from '../../../../../src/services/einvoice/core/testing/offered-years';
import { EINV_PASSWORD, einvUsername } from '../../core/accounts';
import { vnDay } from '../../core/vat';
import { t, FPT, PHOCO_TAX, freshMerchant, invoice, create, fault, useFptFixture } from './fpt.fixture';

useFptFixture();

describe('FPT eInvoice: sign-in and tax codes', () => {
  it('signs in with the account, refuses a wrong password, an unknown user and another tax code alike', async () => {
    const m = await freshMerchant();
    expect(m.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const good = await t.api('POST', `${FPT}/signin`, { body: { username: m.username, password: EINV_PASSWORD, stax: PHOCO_TAX } });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ token_type: 'Bearer', expires_in: 8 * 3600, stax: PHOCO_TAX });
    expect(JSON.stringify(good.body)).not.toContain(EINV_PASSWORD);
    const wrong = await t.api('POST', `${FPT}/signin`, { body: { username: m.username, password: 'Einv@2025' } });
    const unknown = await t.api('POST', `${FPT}/signin`, { body: { username: 'nobody-fpt', password: EINV_PASSWORD } });
    expect([wrong.status, wrong.body.error]).toEqual([401, 'AUTH_FAILED']);
    expect(unknown.body).toEqual(wrong.body);
    const blank = await t.api('POST', `${FPT}/signin`, { body: { username: m.username, password: EINV_PASSWORD, stax: '  ' } });
    expect(blank.status).toBe(200);
    const other = await t.api('POST', `${FPT}/signin`, { body: { username: m.username, password: EINV_PASSWORD, stax: '0100109106' } });
    expect([other.status, other.body.error]).toEqual([401, 'TAX_CODE_MISMATCH']);
    // Another provider's account is not an FPT account.
    const misaUser = einvUsername({ alias: 'phoco', template: 'phoco' }, 'misa');
    expect((await t.api('POST', `${FPT}/signin`, { body: { username: misaUser, password: EINV_PASSWORD } })).status).toBe(401);
  });

  it('checks tax codes with the real check digit before any sign-in', async () => {
    const check = (stax: string) => t.api('GET', `${FPT}/taxcode/check?stax=${encodeURIComponent(stax)}`);
    for (const valid of ['0100109106', '0100233488', '0314409058-002', '079185001234', PHOCO_TAX]) {
      const res = await check(valid);
      expect([valid, res.status, res.body.valid]).toEqual([valid, 200, true]);
    }
    const digit = await check('0100233480');
    expect([digit.status, digit.body.error, digit.body.reason]).toEqual([400, 'TAX_CODE_INVALID', 'check-digit']);
    expect((await check('0314409058-000')).body.reason).toBe('branch');
    expect((await check('01002334')).body.error).toBe('TAX_CODE_INVALID');
    expect((await check('')).body.error).toBe('INVALID_DATA');
  });

  it('looks up a registered company, signed in only', async () => {
    const m = await freshMerchant();
    expect((await t.api('GET', `${FPT}/taxcode/info?stax=0314409058-002`)).status).toBe(401);
    const res = await t.api('GET', `${FPT}/taxcode/info?stax=0314409058-002`, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stax: '0314409058-002' });
    expect(res.body.name.length).toBeGreaterThan(3);
    expect(Object.keys(res.body).sort()).toEqual(['addr', 'email', 'name', 'rep', 'stax', 'tel']);
    expect((await t.api('GET', `${FPT}/taxcode/info?stax=0100233488`, { token: m.token })).body.error).toBe('TAX_CODE_NOT_FOUND');
    expect((await t.api('GET', `${FPT}/taxcode/info?stax=0100233480`, { token: m.token })).body.error).toBe('TAX_CODE_INVALID');
  });
});

describe('FPT eInvoice: series and declaration', () => {
  it("lists the account's active series in FPT's names", async () => {
    const m = await freshMerchant();
    const res = await t.api('GET', `${FPT}/serials?stax=${PHOCO_TAX}`, { token: m.token });
    expect(res.status).toBe(200);
    // D253: the cash-register (M) series too, and from December each symbol for next year as well.
    expect(res.body.data).toEqual(
      offeredYears().flatMap((yy) => [
        { form: '1', serial: `C${yy}TFP`, type: '01GTKT', type_name: 'Hóa đơn giá trị gia tăng' },
        { form: '2', serial: `C${yy}TFB`, type: '02GTTT', type_name: 'Hóa đơn bán hàng' },
        { form: '1', serial: `C${yy}MFP`, type: '01GTKT', type_name: 'Hóa đơn giá trị gia tăng khởi tạo từ máy tính tiền' },
      ]),
    );
    expect(m.vatSerial).toBe(`C${offeredYears()[0]}TFP`);
    expect((await t.api('GET', `${FPT}/serials?stax=0100109106`, { token: m.token })).body.error).toBe('FORBIDDEN');
  });

  it('serial-slow makes the series list wait (configurable), declaration-pending answers pending and blocks creating', async () => {
    const m = await freshMerchant();
    expect((await fault(m, 'serial-slow', { delay_ms: '400' })).status).toBe(200);
    const started = Date.now();
    expect((await t.api('GET', `${FPT}/serials`, { token: m.token })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);

    const before = await t.api('GET', `${FPT}/declaration-status`, { token: m.token });
    expect(before.body).toMatchObject({ stax: PHOCO_TAX, status: 'APPROVED' });
    expect(before.body.declarations[0]).toMatchObject({ status: 'APPROVED' });
    await fault(m, 'declaration-pending');
    const after = await t.api('GET', `${FPT}/declaration-status`, { token: m.token });
    expect(after.body.status).toBe('PENDING');
    const refused = await create(m, invoice(m));
    expect([refused.status, refused.body.error]).toEqual([400, 'DECLARATION_NOT_APPROVED']);
    await fault(m, 'declaration-pending', { off: 'true' });
    expect((await create(m, invoice(m))).status).toBe(200);
  });
});

describe('FPT eInvoice: list and PDF', () => {
  it('lists by date range, series, search and released, newest first, paged', async () => {
    const m = await freshMerchant();
    const a = invoice(m, { bname: 'Nguyễn Văn An' });
    const b = invoice(m, { bname: 'Lê Thị Bình' });
    const c = invoice(m, { form: '2', serial: m.salesSerial });
    for (const inv of [a, b, c]) expect((await create(m, inv)).status).toBe(200);
    await t.api('POST', `${FPT}/apprs`, { token: m.token, body: { inv: { sid: a.sid } } });
    const list = (q: string) => t.api('GET', `${FPT}/search-invoice?type=json&stax=${PHOCO_TAX}${q}`, { token: m.token });
    const all = await list('');
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((r: { sid: string }) => r.sid)).toEqual([c.sid, b.sid, a.sid]);
    expect((await list('&released=1')).body.data.map((r: { sid: string }) => r.sid)).toEqual([a.sid]);
    expect((await list('&released=0')).body.total).toBe(2);
    expect((await list(`&serial=${m.salesSerial}`)).body.data.map((r: { sid: string }) => r.sid)).toEqual([c.sid]);
    expect((await list(`&q=${encodeURIComponent('bình')}`)).body.data.map((r: { sid: string }) => r.sid)).toEqual([b.sid]);
    const page2 = await list('&page=2&page_size=2');
    expect([page2.body.total, page2.body.data.length, page2.body.data[0].sid]).toEqual([3, 1, a.sid]);
    const today = vnDay(t.sandbox.clock.now());
    expect((await list(`&fd=${today}&td=${today}`)).body.total).toBe(3);
    expect((await list('&fd=2020-01-01&td=2020-01-31')).body.total).toBe(0);
    // The row carries doc 2 §3's e-invoice row fields.
    expect(Object.keys(all.body.data[0])).toEqual(
      expect.arrayContaining([
        'serial',
        'seq',
        'invoice_date',
        'tax_authority_code',
        'search_code',
        'bname',
        'buyer',
        'vat_v',
        'total_v',
        'status_received',
        'status',
        'sid',
        'vpid',
      ]),
    );
    for (const bad of [
      '&fd=2026-13-01',
      '&fd=2020-01-01&td=2026-01-01',
      '&page_size=101',
      '&released=yes',
      '&type=xml',
      `&q=${'x'.repeat(101)}`,
    ]) {
      const res = await list(bad);
      expect([bad, res.status]).toEqual([bad, 400]);
    }
  });

  it('answers the PDF raw by sid and as base64 JSON by serial and seq; pdf-not-ready fails the asks it was set for', async () => {
    const m = await freshMerchant();
    const inv = invoice(m, { bname: 'Phạm Thị Ngọc Ánh' });
    const created = await create(m, inv);
    const raw = await fetch(`${t.url}${FPT}/search-invoice?type=pdf&sid=${inv.sid}`, { headers: { authorization: `Bearer ${m.token}` } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toContain('application/pdf');
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const json = await t.api('GET', `${FPT}/search-invoice?type=pdf&form=1&serial=${m.vatSerial}&seq=${created.body.seq}`, {
      token: m.token,
    });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ sid: inv.sid, serial: m.vatSerial, seq: created.body.seq });
    expect(Buffer.from(json.body.pdf, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await fault(m, 'pdf-not-ready', { count: '2' });
    for (let i = 0; i < 2; i++) {
      const res = await t.api('GET', `${FPT}/search-invoice?type=pdf&sid=${inv.sid}`, { token: m.token });
      expect([res.status, res.body.error]).toEqual([409, 'PDF_NOT_READY']);
    }
    expect((await t.api('GET', `${FPT}/search-invoice?type=pdf&sid=${inv.sid}`, { token: m.token })).status).toBe(200);
    expect((await t.api('GET', `${FPT}/search-invoice?type=pdf`, { token: m.token })).status).toBe(400);

    const text = pdfText(bytes, { layout: true });
    if (text === null) return;
    expect(text).toContain('Phạm Thị Ngọc Ánh');
    expect(text).toContain(created.body.sec);
    expect(text).toMatch(/1[.,]900[.,]000/);
    expect(text).toContain('Một triệu chín trăm nghìn đồng');
  });
});
