// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EINV_PASSWORD } from '../../core/accounts';
import { MI_CODES } from './wire';
import { offeredYears } from '../../../../../src/services/einvoice/core/testing/offered-years';
import {
  t,
  BASE,
  PHOCO_TAX,
  COLAN_TAX,
  phoco,
  signInPhoco,
  colan,
  login,
  seller,
  call,
  invoice,
  save,
  trigger,
  pdfText,
  useMInvoiceFixture,
} from './m-invoice.fixture';

useMInvoiceFixture();

describe('login', () => {
  it('answers a token with code 00 and refuses wrong details with code 03 at HTTP 200, never echoing the password', async () => {
    const good = await login('PHOCO-m-invoice', PHOCO_TAX);
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ code: '00', expires_in: 86_400 });
    expect(good.body.token).toMatch(/^[\w-]{40,}$/);
    for (const bad of [
      await login('phoco-m-invoice', PHOCO_TAX, 'Wrong@2026'),
      await login('nobody-m-invoice', PHOCO_TAX),
      await login('phoco-m-invoice', COLAN_TAX),
      await login('phoco-m-invoice', PHOCO_TAX, EINV_PASSWORD, 'XX'),
      await login('phoco-misa', PHOCO_TAX),
    ]) {
      expect(bad.status).toBe(200);
      expect(bad.body).toEqual({ code: MI_CODES.LOGIN_FAILED, message: expect.any(String) });
    }
    const noHeader = await t.api('POST', `${BASE}/api/Account/Login`, {
      body: { username: 'phoco-m-invoice', password: EINV_PASSWORD, ma_dvcs: 'VP' },
    });
    expect(noHeader.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['TaxCode'] });
    expect(JSON.stringify(noHeader.body)).not.toContain(EINV_PASSWORD);
  });

  it('refuses calls without a token, with a bad one, with another seller’s TaxCode header and after expiry (code 02)', async () => {
    const path = '/api/Invoice68/GetTypeInvoiceSeries';
    expect((await t.api('GET', `${BASE}${path}`, { headers: { TaxCode: PHOCO_TAX } })).body.code).toBe(MI_CODES.UNAUTHORIZED);
    expect((await call('GET', path, { token: 'x'.repeat(43), taxCode: PHOCO_TAX })).body.code).toBe(MI_CODES.UNAUTHORIZED);
    expect((await call('GET', path, { token: phoco.token, taxCode: COLAN_TAX })).body.code).toBe(MI_CODES.UNAUTHORIZED);
    const own = await seller('phoco-m-invoice', PHOCO_TAX);
    expect((await call('GET', path, own)).body.code).toBe('00');
    await trigger('einvoice-expire-tokens', { provider: 'm-invoice', merchant: 'phoco' });
    const expired = await call('GET', path, own);
    expect(expired.status).toBe(200);
    expect(expired.body).toEqual({ code: MI_CODES.UNAUTHORIZED, message: expect.stringContaining('hết hạn') });
    await signInPhoco();
  });
});

describe('tax codes', () => {
  it('checks the check digit before login (no token): valid organisations, branches and personal codes pass', async () => {
    for (const mst of ['0100109106', '0100233488', '0314409058-002', PHOCO_TAX, COLAN_TAX]) {
      const res = await t.api('GET', `${BASE}/api/Company/CheckTaxCode?mst=${mst}`);
      expect(res.body, mst).toEqual({ code: '00', message: expect.any(String), data: { mst, valid: true } });
    }
    const cases: Array<[string, string]> = [
      ['0100233480', 'check-digit'],
      ['0314409058-000', 'branch'],
      ['0000000019', 'province'],
      ['01002334', 'format'],
      ['<b>0100233488</b>', 'format'],
    ];
    for (const [mst, reason] of cases) {
      const res = await t.api('GET', `${BASE}/api/Company/CheckTaxCode?mst=${encodeURIComponent(mst)}`);
      expect(res.body, mst).toMatchObject({ code: MI_CODES.TAX_CODE_INVALID, data: { valid: false, reason } });
    }
    expect((await t.api('GET', `${BASE}/api/Company/CheckTaxCode`)).body).toMatchObject({ code: MI_CODES.INVALID, errors: ['mst'] });
  });

  it('looks a company up in the register (with a token): known, unknown and invalid', async () => {
    const known = await call('GET', '/api/Company/GetInfoByTaxCode?mst=0105872463', phoco);
    expect(known.body).toMatchObject({
      code: '00',
      data: {
        mst: '0105872463',
        ten_cty: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
        nguoi_dai_dien: 'Lê Hoàng Nam',
        dia_chi: expect.any(String),
      },
    });
    expect((await call('GET', '/api/Company/GetInfoByTaxCode?mst=0100233488', phoco)).body.code).toBe(MI_CODES.TAX_CODE_UNKNOWN);
    expect((await call('GET', '/api/Company/GetInfoByTaxCode?mst=0100233480', phoco)).body.code).toBe(MI_CODES.TAX_CODE_INVALID);
    expect((await t.api('GET', `${BASE}/api/Company/GetInfoByTaxCode?mst=0105872463`)).body.code).toBe(MI_CODES.UNAUTHORIZED);
  });
});

describe('series', () => {
  it("issue 25 §4: lists the active series with the template digit in khhdon (the inactive K series is left out), the cash-register one, and from December next year's (D253)", async () => {
    const res = await call('GET', '/api/Invoice68/GetTypeInvoiceSeries', phoco);
    expect(res.body).toEqual({
      code: '00',
      message: expect.any(String),
      data: offeredYears().flatMap((yy) => [
        { khhdon: `1C${yy}TMV`, khmshdon: '1', ky_hieu: `C${yy}TMV`, ten_loai: 'Hóa đơn giá trị gia tăng' },
        { khhdon: `2C${yy}TMB`, khmshdon: '2', ky_hieu: `C${yy}TMB`, ten_loai: 'Hóa đơn bán hàng' },
        { khhdon: `1C${yy}MMV`, khmshdon: '1', ky_hieu: `C${yy}MMV`, ten_loai: 'Hóa đơn giá trị gia tăng khởi tạo từ máy tính tiền' },
      ]),
    });
  });
});

describe('list, PDF and XML', () => {
  it('lists by day range, series, search and released, newest first, with paging', async () => {
    const today = new Date(Date.now() + 7 * 3600_000 + 3600_000).toISOString().slice(0, 10);
    const mine = (await save(colan, invoice(colan.vat, { inv_buyerDisplayName: 'Nguyễn Thị Lựu' }))).body.data;
    const signed = (await save(colan, invoice(colan.vat, { inv_buyerDisplayName: 'Trần Văn Ba' }), true)).body.data;
    const all = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&so_dong=1`, colan);
    expect(all.body).toMatchObject({ code: '00', total: 2 });
    expect(all.body.data.map((r: { hoadon68_id: string }) => r.hoadon68_id)).toEqual([signed.hoadon68_id]);
    const page2 = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&so_dong=1&trang=2`, colan);
    expect(page2.body.data[0].hoadon68_id).toBe(mine.hoadon68_id);
    const released = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&da_phat_hanh=1`, colan);
    expect(released.body.data.map((r: { tnmua: string }) => r.tnmua)).toEqual(['Trần Văn Ba']);
    const waiting = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&da_phat_hanh=0`, colan);
    expect(waiting.body.data.map((r: { tnmua: string }) => r.tnmua)).toEqual(['Nguyễn Thị Lựu']);
    const search = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&tim_kiem=lựu`, colan);
    expect(search.body.total).toBe(1);
    const series = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&khieu=${colan.sales}`, colan);
    expect(series.body.total).toBe(0);
    const past = await call('GET', '/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=2020-01-31', colan);
    expect(past.body.total).toBe(0);
    const backwards = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=${today}&den_ngay=2020-01-01`, colan);
    expect(backwards.body.code).toBe(MI_CODES.INVALID);
    expect((await call('GET', '/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01', colan)).body).toMatchObject({
      code: MI_CODES.INVALID,
      errors: ['den_ngay'],
    });
  });

  it('PrintInvoice answers a real PDF whose text has the buyer, the total and Vietnamese intact; failures are JSON', async () => {
    const made = (await save(phoco, invoice(phoco.vat, { inv_buyerDisplayName: 'Đặng Thị Hường' }))).body.data;
    const res = await fetch(`${t.url}${BASE}/api/InvoiceApi78/PrintInvoice?id=${made.hoadon68_id}`, {
      headers: { authorization: `Bearer ${phoco.token}`, TaxCode: PHOCO_TAX },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    if (text !== null) {
      expect(text).toContain('Đặng Thị Hường');
      expect(text).toContain('Một triệu tám trăm chín mươi chín nghìn chín trăm chín mươi lăm đồng');
      expect(text).toMatch(/1[.,]899[.,]995/);
      expect(text).toContain(made.sobaomat);
      expect(text).toContain('Lẩu cá kèo');
    }
    const missing = await call('GET', '/api/InvoiceApi78/PrintInvoice?id=nope', phoco);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(missing.body.code).toBe(MI_CODES.NOT_FOUND);
  });

  it('ExportXml answers the HDon with buyer text escaped', async () => {
    const made = (await save(phoco, invoice(phoco.vat, { inv_buyerDisplayName: '<script>alert("x")</script> & Co' }))).body.data;
    const res = await call('GET', `/api/InvoiceApi78/ExportXml?id=${made.hoadon68_id}`, phoco);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.body).toContain('<HDon><DLHDon');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain(`<SHDon>${made.shdon}</SHDon>`);
  });
});

describe('declarations', () => {
  it('answers the registration status and its records from a date range, newest first', async () => {
    const year = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 4);
    const res = await call('GET', `/api/ToKhai/GetTrangThai?tu_ngay=${year}-01-01&den_ngay=${year}-12-31`, colan);
    expect(res.body).toMatchObject({ code: '00', data: { mst: COLAN_TAX, trang_thai: 'APPROVED', ds_to_khai: [{ status: 'APPROVED' }] } });
    const before = await call('GET', '/api/ToKhai/GetTrangThai?tu_ngay=2020-01-01&den_ngay=2020-12-31', colan);
    expect(before.body.data.ds_to_khai).toEqual([]);
    expect((await call('GET', '/api/ToKhai/GetTrangThai?tu_ngay=2020-02-30', colan)).body.code).toBe(MI_CODES.INVALID);
  });
});
