// @vitest-environment node
import { pdfText } from '../../../../platform/test/pdf-text';
import { describe, expect, it } from 'vitest';
import { EINV_PASSWORD } from '../../core/accounts';
import { offeredYears } from '../../../../../src/services/einvoice/core/testing/offered-years';
import {
  t,
  V,
  API,
  PHOCO_TAX,
  freshMerchant,
  invoiceBody,
  salesBody,
  create,
  search,
  send,
  file,
  fault,
  useViettelFixture,
} from './viettel.fixture';

useViettelFixture();

describe('Viettel S-Invoice: login, tokens, tax codes', () => {
  it('logs in with the account and refuses wrong credentials; no secret in the answer but the token', async () => {
    const m = await freshMerchant();
    const res = await t.api('POST', `${V}/auth/login`, { body: { username: m.username, password: EINV_PASSWORD } });
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 30 * 60 });
    expect(JSON.stringify(res.body)).not.toContain(EINV_PASSWORD);
    const wrong = await t.api('POST', `${V}/auth/login`, { body: { username: m.username, password: 'nope' } });
    expect([wrong.status, wrong.body.errorCode]).toEqual([401, 'INVALID_CREDENTIALS']);
    const missing = await t.api('POST', `${V}/auth/login`, { body: { username: m.username } });
    expect([missing.status, missing.body.errorCode]).toEqual([400, 'BAD_REQUEST']);
  });

  it('an expired or unknown token answers HTTP 500 {message: "GENERAL"}, no token 401', async () => {
    const m = await freshMerchant();
    const templates = (token?: string) =>
      t.api('POST', `${API}/InvoiceUtilsWS/getInvoiceTemplates`, { ...(token ? { token } : {}), body: { taxCode: PHOCO_TAX } });
    expect((await templates(m.token)).status).toBe(200);
    await t.api('POST', '/sandbox/triggers/einvoice-expire-tokens', { body: { provider: 'viettel', merchant: m.id } });
    const expired = await templates(m.token);
    expect([expired.status, expired.body]).toEqual([500, { message: 'GENERAL' }]);
    const unknown = await templates('y'.repeat(43));
    expect([unknown.status, unknown.body]).toEqual([500, { message: 'GENERAL' }]);
    expect((await templates()).status).toBe(401);
  });

  it("a token's life runs on the sandbox clock", async () => {
    const m = await freshMerchant();
    t.sandbox.clock.advance(31 * 60);
    try {
      expect((await search(m, 'whatever')).body).toEqual({ message: 'GENERAL' });
    } finally {
      t.sandbox.clock.advance(-31 * 60);
    }
  });

  it('checks tax codes (check digit, branch, personal codes) without a token, looks companies up with one', async () => {
    const m = await freshMerchant();
    const check = (code: string) => t.api('GET', `${API}/InvoiceUtilsWS/checkTaxCode?taxCode=${encodeURIComponent(code)}`);
    for (const good of ['0100109106', '0100233488', '0314409058-002', '079185001234'])
      expect((await check(good)).body.result).toEqual({ taxCode: good, valid: true });
    for (const bad of ['0100233480', '0314409058-000', '0000000000', 'abc']) {
      const res = await check(bad);
      expect([bad, res.status, res.body.errorCode]).toEqual([bad, 400, 'TAX_CODE_INVALID']);
    }
    const info = await t.api('GET', `${API}/InvoiceUtilsWS/getCompanyInfo?taxCode=0314409058-002`, { token: m.token });
    expect(info.body.errorCode).toBeNull();
    expect(Object.keys(info.body.result).sort()).toEqual(['address', 'email', 'name', 'phone', 'representative', 'taxCode']);
    const none = await t.api('GET', `${API}/InvoiceUtilsWS/getCompanyInfo?taxCode=0100233488`, { token: m.token });
    expect([none.status, none.body.errorCode]).toEqual([404, 'TAX_CODE_NOT_FOUND']);
  });
});

describe('Viettel S-Invoice: templates and declaration', () => {
  it('lists active templates and series; serial-slow delays it; another supplier is refused', async () => {
    const m = await freshMerchant();
    const templates = (body: unknown) => t.api('POST', `${API}/InvoiceUtilsWS/getInvoiceTemplates`, { token: m.token, body });
    // D253: the cash-register (M) series too, and from December each symbol for next year as well.
    expect((await templates({ taxCode: PHOCO_TAX })).body.template).toEqual(
      offeredYears().flatMap((yy) => [
        { templateCode: '1/001', invoiceSeries: `C${yy}TVT`, invoiceType: '1', invoiceTypeName: 'Hóa đơn giá trị gia tăng' },
        { templateCode: '2/001', invoiceSeries: `C${yy}TVB`, invoiceType: '2', invoiceTypeName: 'Hóa đơn bán hàng' },
        {
          templateCode: '1/001',
          invoiceSeries: `C${yy}MVT`,
          invoiceType: '1',
          invoiceTypeName: 'Hóa đơn giá trị gia tăng khởi tạo từ máy tính tiền',
        },
      ]),
    );
    expect(m.vatSeries).toBe(`C${offeredYears()[0]}TVT`);
    expect((await templates({ taxCode: PHOCO_TAX, invoiceType: '2' })).body.template).toHaveLength(offeredYears().length);
    expect((await templates({ taxCode: '0100109106' })).body.errorCode).toBe('SUPPLIER_TAX_CODE_INVALID');
    await fault(m, 'serial-slow', { delay_ms: '300' });
    const started = Date.now();
    expect((await templates({ taxCode: PHOCO_TAX })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('declaration status: approved, pending under the fault, and creating is refused while pending', async () => {
    const m = await freshMerchant();
    const status = () => t.api('GET', `${API}/InvoiceUtilsWS/getDeclarationStatus?taxCode=${PHOCO_TAX}`, { token: m.token });
    expect((await status()).body.result).toMatchObject({ taxCode: PHOCO_TAX, status: 'APPROVED' });
    await fault(m, 'declaration-pending');
    expect((await status()).body.result.status).toBe('PENDING');
    expect((await create(m, invoiceBody(m))).body.errorCode).toBe('INVOICE_REGISTRATION_NOT_APPROVED');
  });
});

describe('Viettel S-Invoice: list and PDF', () => {
  it('lists by epoch-ms range, series, keyword and sent, newest first, paged', async () => {
    const m = await freshMerchant();
    const a = invoiceBody(m, { buyer: { buyerName: 'Nguyễn Văn An' } });
    const b = invoiceBody(m, { buyer: { buyerName: 'Lê Thị Bình' } });
    const c = salesBody(m);
    for (const body of [a, b, c]) expect((await create(m, body)).status).toBe(200);
    await send(m, a.generalInvoiceInfo.transactionUuid);
    const now = t.sandbox.clock.now();
    const list = (more: Record<string, unknown> = {}) =>
      t.api('POST', `${API}/InvoiceUtilsWS/getInvoices`, {
        token: m.token,
        body: { supplierTaxCode: PHOCO_TAX, startDate: now - 86_400_000, endDate: now + 60_000, ...more },
      });
    const uuids = (res: { body: { invoices: { transactionUuid: string }[] } }) => res.body.invoices.map((i) => i.transactionUuid);
    const all = await list();
    expect(all.body.totalRow).toBe(3);
    expect(uuids(all)).toEqual([c, b, a].map((x) => x.generalInvoiceInfo.transactionUuid));
    expect(uuids(await list({ sent: true }))).toEqual([a.generalInvoiceInfo.transactionUuid]);
    expect((await list({ sent: false })).body.totalRow).toBe(2);
    expect(uuids(await list({ invoiceSeries: m.salesSeries }))).toEqual([c.generalInvoiceInfo.transactionUuid]);
    expect(uuids(await list({ keyword: 'bình' }))).toEqual([b.generalInvoiceInfo.transactionUuid]);
    const page2 = await list({ rowPerPage: 2, pageNum: 2 });
    expect([page2.body.totalRow, uuids(page2)]).toEqual([3, [a.generalInvoiceInfo.transactionUuid]]);
    expect((await list({ startDate: 0, endDate: 1000 })).body.totalRow).toBe(0);
    for (const bad of [
      { startDate: now, endDate: now - 1 },
      { startDate: 0, endDate: now },
      { rowPerPage: 101 },
      { startDate: '2026-01-01' },
    ]) {
      const res = await list(bad);
      expect([JSON.stringify(bad), res.status]).toEqual([JSON.stringify(bad), 400]);
    }
  });

  it('the PDF is not ready on the first ask after creating, then comes as base64; pdf-not-ready adds failing asks', async () => {
    const m = await freshMerchant();
    const body = invoiceBody(m, { buyer: { buyerName: 'Đặng Thị Thu Hường' } });
    const created = await create(m, body);
    const invoiceNo = created.body.result.invoiceNo;
    const first = await file(m, invoiceNo);
    expect([first.status, first.body.errorCode]).toEqual([400, 'INVOICE_FILE_NOT_READY']);
    const second = await file(m, invoiceNo);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ errorCode: null, fileName: `${invoiceNo}.pdf` });
    const bytes = Buffer.from(second.body.fileToBytes, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await fault(m, 'pdf-not-ready', { count: '1' });
    expect((await file(m, invoiceNo)).body.errorCode).toBe('INVOICE_FILE_NOT_READY');
    expect((await file(m, invoiceNo)).status).toBe(200);
    expect((await file(m, invoiceNo, '2/001')).body.errorCode).toBe('INVOICE_NOT_FOUND');
    expect((await file(m, `${m.vatSeries}999`)).body.errorCode).toBe('INVOICE_NOT_FOUND');
    expect((await file(m, 'garbage')).body.errorCode).toBe('INVOICE_NOT_FOUND');

    const text = pdfText(bytes, { layout: true });
    if (text === null) return;
    expect(text).toContain('Đặng Thị Thu Hường');
    expect(text).toContain(created.body.result.reservationCode);
    expect(text).toMatch(/1[.,]900[.,]000/);
    expect(text).toContain('Một triệu chín trăm nghìn đồng');
  });

  it('walks every Viettel route with overflowing, long, odd and mistyped values: 4xx in Viettel shape, never a 500 with a good token', async () => {
    const m = await freshMerchant();
    // The SSO authorize step under the same prefix is the product backend's (backend/sso.ts), tested there.
    const routes = t.sandbox.routes.filter((r) => r.url.startsWith(`${V}/`) && !r.url.includes('/sso/'));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const names = [
      'taxCode',
      'supplierTaxCode',
      'transactionUuid',
      'invoiceNo',
      'templateCode',
      'startDate',
      'endDate',
      'rowPerPage',
      'pageNum',
      'keyword',
      'sent',
      'username',
      'password',
      'generalInvoiceInfo',
      'buyerInfo',
      'itemInfo',
      'payments',
    ];
    const values: unknown[] = [
      '2147483648',
      '-1',
      '1e400',
      '9'.repeat(40),
      1e300,
      -(2 ** 63),
      'x'.repeat(10_000),
      [{ a: 1 }],
      { deep: { er: 1 } },
      // D219: objects Number()/String() throw on, and deep nesting where a scalar goes.
      { toString: 1, valueOf: 1 },
      [{ toString: 1, valueOf: 1 }],
      JSON.parse(`${'['.repeat(60)}1${']'.repeat(60)}`),
      true,
      null,
      '<b>ư</b>',
      '🍜',
    ];
    const problems: string[] = [];
    for (const route of routes) {
      for (const value of values) {
        const query = typeof value === 'string' ? `?${names.map((n) => `${n}=${encodeURIComponent(value)}`).join('&')}` : '';
        const body = route.method === 'POST' ? Object.fromEntries(names.map((n) => [n, value])) : undefined;
        const url = route.url.replace(':supplierTaxCode', typeof value === 'string' && value.length < 50 ? encodeURIComponent(value) : '1');
        const res = await t.api(route.method, `${url}${query}`, { token: m.token, ...(body ? { body } : {}) });
        // A URL over 8 KiB is the platform's to refuse (414 in the sandbox envelope), before any route.
        const platform = res.status === 414 && res.body?.error_code === 'URI_TOO_LONG';
        const shaped =
          platform ||
          res.status < 400 ||
          (typeof res.body === 'object' && typeof res.body.errorCode === 'string' && 'description' in res.body);
        if (res.status >= 500 || !shaped)
          problems.push(
            `${route.method} ${route.url} ${JSON.stringify(value).slice(0, 20)}: ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('down: every call answers 503, login included, until switched off', async () => {
    const m = await freshMerchant();
    await fault(m, 'down');
    const login = await t.api('POST', `${V}/auth/login`, { body: { username: m.username, password: EINV_PASSWORD } });
    const created = await create(m, invoiceBody(m));
    expect([login.status, login.body.errorCode, created.status, created.body.errorCode]).toEqual([
      503,
      'SERVICE_UNAVAILABLE',
      503,
      'SERVICE_UNAVAILABLE',
    ]);
    await fault(m, 'down', { off: 'true' });
    expect((await create(m, invoiceBody(m))).status).toBe(200);
  });
});
