// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EINV_PASSWORD } from '../../core/accounts';
import { MISA_APP_ID, MISA_ERRORS, MISA_ITEM_ERRORS } from './wire';
import { offeredYears } from '../../../../../src/services/einvoice/core/testing/offered-years';
import {
  t,
  BASE,
  PHOCO_TAX,
  COLAN_TAX,
  phoco,
  colan,
  other,
  tokenCall,
  login,
  call,
  dataOf,
  seller,
  item,
  publishOne,
  trigger,
  pdfText,
  signInPhoco,
  useMisaFixture,
} from './misa.fixture';

useMisaFixture();

describe('token', () => {
  it('answers the token in data, and refuses a wrong app id, password, user or tax code at HTTP 200', async () => {
    const good = await login('PHOCO-MISA', PHOCO_TAX);
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ success: true, errorCode: null, descriptionErrorCode: null, errors: [], data: expect.any(String) });
    const wrongApp = await tokenCall({ appid: 'someone-else', taxcode: PHOCO_TAX, username: 'phoco-misa', password: EINV_PASSWORD });
    expect(wrongApp.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.INVALID_APP_ID, data: null });
    for (const bad of [
      await login('phoco-misa', PHOCO_TAX, 'Wrong@2026'),
      await login('nobody-misa', PHOCO_TAX),
      await login('phoco-misa', COLAN_TAX),
      await login('phoco-m-invoice', PHOCO_TAX),
    ]) {
      expect(bad.status).toBe(200);
      expect(bad.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.LOGIN_FAILED, data: null });
      expect(JSON.stringify(bad.body)).not.toContain(EINV_PASSWORD);
    }
    const missing = await tokenCall({ appid: MISA_APP_ID, username: 'phoco-misa' });
    expect(missing.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.INVALID_PARAMETER, errors: ['taxcode', 'password'] });
  });

  it('refuses a missing, bad, mismatched or expired token with InvalidTokenCode', async () => {
    const path = '/api/integration/invoice/templates';
    expect((await t.api('GET', `${BASE}${path}`, { headers: { CompanyTaxCode: PHOCO_TAX } })).body.errorCode).toBe(
      MISA_ERRORS.INVALID_TOKEN,
    );
    expect((await call('GET', path, { token: 'nope', taxCode: PHOCO_TAX })).body.errorCode).toBe(MISA_ERRORS.INVALID_TOKEN);
    expect((await call('GET', path, { token: phoco.token, taxCode: COLAN_TAX })).body.errorCode).toBe(MISA_ERRORS.INVALID_TOKEN);
    const own = await seller('phoco-misa', PHOCO_TAX);
    await trigger('einvoice-expire-tokens', { provider: 'misa', merchant: 'phoco' });
    const expired = await call('GET', path, own);
    expect(expired.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.INVALID_TOKEN, descriptionErrorCode: 'Token expired' });
    await signInPhoco();
  });
});

describe('tax codes and series', () => {
  it('checks tax codes by the check digit without a token', async () => {
    for (const code of ['0100109106', '0100233488', '0314409058-002', COLAN_TAX]) {
      const res = await t.api('GET', `${BASE}/api/integration/company/check-taxcode?taxcode=${code}`);
      expect(JSON.parse(res.body.data), code).toEqual({ TaxCode: code, Valid: true });
    }
    for (const code of ['0100233480', '0314409058-000', '12345']) {
      const res = await t.api('GET', `${BASE}/api/integration/company/check-taxcode?taxcode=${code}`);
      expect(res.body, code).toMatchObject({ success: false, errorCode: MISA_ERRORS.INVALID_TAX_CODE });
    }
  });

  it('looks up a company with a token', async () => {
    const known = await call('GET', '/api/integration/company/info?taxcode=0105872463', phoco);
    expect(dataOf(known)).toMatchObject({
      TaxCode: '0105872463',
      CompanyName: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
      LegalRepresentative: 'Lê Hoàng Nam',
    });
    expect((await call('GET', '/api/integration/company/info?taxcode=0100233488', phoco)).body.errorCode).toBe(
      MISA_ERRORS.TAX_CODE_NOT_FOUND,
    );
    expect((await call('GET', '/api/integration/company/info?taxcode=0100233480', phoco)).body.errorCode).toBe(
      MISA_ERRORS.INVALID_TAX_CODE,
    );
  });

  it("issue 25 §4: lists every series as JSON text, the inactive one flagged, the cash-register one, and from December next year's (D253)", async () => {
    const res = await call('GET', '/api/integration/invoice/templates', phoco);
    expect(typeof res.body.data).toBe('string');
    const entry = (digit: string, symbol: string, name: string, inactive = false) => ({
      IPTemplateID: `${PHOCO_TAX}-${digit}${symbol}`,
      TemplateName: name,
      InvTemplateNo: digit,
      InvSeries: `${digit}${symbol}`,
      InvoiceType: Number(digit),
      Inactive: inactive,
    });
    const year = (yy: string) => [
      entry('1', `C${yy}TMS`, 'Hóa đơn giá trị gia tăng'),
      entry('2', `C${yy}TMH`, 'Hóa đơn bán hàng'),
      entry('1', `K${yy}TMK`, 'Hóa đơn giá trị gia tăng', true),
      entry('1', `C${yy}MMS`, 'Hóa đơn giá trị gia tăng khởi tạo từ máy tính tiền'),
    ];
    expect(dataOf(res)).toEqual(offeredYears().flatMap(year));
  });
});

describe('status in batches, download, paging, scoping', () => {
  it('status takes at most 50 ids; unknown and other sellers’ ids answer InvoiceNotFound', async () => {
    const mine = await publishOne(other, item(other.vat));
    const phocos = await publishOne(phoco, item(phoco.vat));
    const res = dataOf(await call('POST', '/api/integration/invoice/status', other, [mine.TransactionID, phocos.TransactionID, 'NOPE']));
    expect(res.map((r: { ErrorCode: string }) => r.ErrorCode)).toEqual(['', MISA_ITEM_ERRORS.NOT_FOUND, MISA_ITEM_ERRORS.NOT_FOUND]);
    expect(res[1]).toEqual({ TransactionID: phocos.TransactionID, ErrorCode: MISA_ITEM_ERRORS.NOT_FOUND });
    const tooMany = await call(
      'POST',
      '/api/integration/invoice/status',
      other,
      Array.from({ length: 51 }, (_, i) => `T${i}`),
    );
    expect(tooMany.body.errorCode).toBe(MISA_ERRORS.TOO_MANY);
    const fifty = await call(
      'POST',
      '/api/integration/invoice/status',
      other,
      Array.from({ length: 50 }, (_, i) => `T${i}`),
    );
    expect(dataOf(fifty)).toHaveLength(50);
    expect((await call('POST', '/api/integration/invoice/status', other, { ids: [] })).body.errorCode).toBe(MISA_ERRORS.INVALID_PARAMETER);
    expect((await call('POST', '/api/integration/invoice/status?inputType=9', other, ['x'])).body.errorCode).toBe(
      MISA_ERRORS.INVALID_PARAMETER,
    );
  });

  it('downloads a real PDF as base64 (buyer, total and Vietnamese intact) and the XML', async () => {
    const made = await publishOne(phoco, item(phoco.vat, { BuyerFullName: 'Đặng Thị Hường' }));
    const [pdf] = dataOf(await call('POST', '/api/integration/invoice/download?downloadDataType=pdf', phoco, [made.TransactionID]));
    expect(pdf.ErrorCode).toBe('');
    const bytes = Buffer.from(pdf.Data, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    if (text !== null) {
      expect(text).toContain('Đặng Thị Hường');
      expect(text).toContain('Một triệu tám trăm chín mươi chín nghìn chín trăm chín mươi lăm đồng');
      expect(text).toMatch(/1[.,]899[.,]995/);
      expect(text).toContain(made.TransactionID);
    }
    const [xml] = dataOf(await call('POST', '/api/integration/invoice/download?downloadDataType=xml', phoco, [made.TransactionID]));
    expect(Buffer.from(xml.Data, 'base64').toString('utf8')).toContain(`<MCCQT>${made.InvoiceCode}</MCCQT>`);
    expect((await call('POST', '/api/integration/invoice/download?downloadDataType=doc', phoco, [made.TransactionID])).body.errorCode).toBe(
      MISA_ERRORS.INVALID_PARAMETER,
    );
    const [elsewhere] = dataOf(await call('POST', '/api/integration/invoice/download?downloadDataType=pdf', other, [made.TransactionID]));
    expect(elsewhere).toEqual({ TransactionID: made.TransactionID, Data: null, ErrorCode: MISA_ITEM_ERRORS.NOT_FOUND });
  });

  it('pages by day range, series, keyword and publish status, newest first', async () => {
    const fresh = other;
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const before = dataOf(await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today })).Total;
    const a = await publishOne(fresh, item(fresh.vat, { BuyerFullName: 'Nguyễn Thị Lựu' }));
    const b = await publishOne(fresh, item(fresh.vat, { BuyerFullName: 'Trần Văn Ba' }));
    const page = dataOf(
      await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today, PageSize: 1 }),
    );
    expect(page.Total).toBe(before + 2);
    expect(page.Data.map((r: { RefID: string }) => r.RefID)).toEqual([b.RefID]);
    const second = dataOf(
      await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today, PageSize: 1, PageIndex: 2 }),
    );
    expect(second.Data[0].RefID).toBe(a.RefID);
    const found = dataOf(
      await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today, Keyword: 'lựu' }),
    );
    expect(found.Data.map((r: { RefID: string }) => r.RefID)).toEqual([a.RefID]);
    const unpublished = dataOf(
      await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today, PublishStatus: 0 }),
    );
    expect(unpublished.Total).toBe(0);
    const sales = dataOf(
      await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today, InvSeries: fresh.sales }),
    );
    expect(sales.Total).toBe(0);
    const bad = await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: today, ToDate: '2020-01-01' });
    expect(bad.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.INVALID_PARAMETER });
  });
});

describe('declarations', () => {
  it('colan’s MISA registration is pending: the status says so and publishing is refused', async () => {
    const res = dataOf(await call('GET', '/api/integration/declaration/status', colan));
    expect(res).toMatchObject({ TaxCode: COLAN_TAX, Status: 'PENDING', Declarations: [{ status: 'PENDING' }] });
    expect((await publishOne(colan, item(colan.vat))).ErrorCode).toBe(MISA_ITEM_ERRORS.DECLARATION_PENDING);
    expect(dataOf(await call('GET', '/api/integration/declaration/status', phoco)).Status).toBe('APPROVED');
    const year = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 4);
    const earlier = dataOf(
      await call('GET', `/api/integration/declaration/status?fromDate=${Number(year) - 1}-01-01&toDate=${Number(year) - 1}-12-31`, phoco),
    );
    expect(earlier.Declarations).toEqual([]);
  });
});
