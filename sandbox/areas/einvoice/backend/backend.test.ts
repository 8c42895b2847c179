// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../platform/test/harness';
import { EINV_PASSWORD, getAccount, verifyToken } from '../core/accounts';
import type { ProviderRoute } from '../core/types';
import { vnDay } from '../core/vat';
import { parseEivCode } from './eiv-code';
import { backendFixtures, type Merchant } from './testing';

/** A registered symbol with this year's digits on the sandbox clock ('C26TMS' in 2026): the settings take only series in force. */
const thisYearsSymbol = (letters: string) => `C${vnDay(t.sandbox.clock.now()).slice(2, 4)}${letters}`;

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

const { copyOf, staffOf, portal, completedOrder, issued } = backendFixtures(() => t);

describe('settings sync (PUT/GET/DELETE /api/portal/einvoice/setting)', () => {
  it('saves a provider with its checked credentials, answers the set-up without the password, keeps only a hash', async () => {
    const m = await copyOf();
    expect((await portal(m.token, 'GET', '/einvoice/setting')).body).toEqual({ data: null });
    const body = {
      provider: 'MISA',
      tax_code: '0108123455',
      username: m.user('misa'),
      password: EINV_PASSWORD,
      active_method: 'einv_provider_account',
      autoExport: true,
      printInvoice: false,
    };
    const saved = await portal(m.token, 'PUT', '/einvoice/setting', body);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      provider: 'MISA',
      tax_code: '0108123455',
      username: m.user('misa'),
      has_password: true,
      serial: null,
      tax: null,
      autoExport: true,
      printInvoice: false,
      active: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain(EINV_PASSWORD);
    const [row] = await t.sandbox.db.query<{ password_hash: string }>(`SELECT password_hash FROM einv_settings WHERE merchant_id = $1`, [
      m.id,
    ]);
    expect(row!.password_hash).toMatch(/^scrypt-sha256\$/);
    expect(row!.password_hash).not.toContain(EINV_PASSWORD);

    // The serial modal's second sync: the series and VAT, the password left out.
    const { password: _password, ...withoutPassword } = body;
    const second = await portal(m.token, 'PUT', '/einvoice/setting', { ...withoutPassword, serial: thisYearsSymbol('TMS'), tax: 8 });
    expect(second.body.data).toMatchObject({ serial: expect.stringMatching(/^C\d\dTMS$/), tax: 8, has_password: true });
    const read = await portal(m.token, 'GET', '/einvoice/setting');
    expect(read.body.data).toEqual(second.body.data);

    // Cancel clears it.
    expect((await portal(m.token, 'DELETE', '/einvoice/setting')).body.data).toEqual({ success: true, cleared: true });
    expect((await portal(m.token, 'GET', '/einvoice/setting')).body.data).toBeNull();
  });

  it('refuses wrong credentials, another merchant’s account, a wrong or invalid tax code, a bad series or VAT', async () => {
    const m = await copyOf();
    const base = { provider: 'FPT', tax_code: '0108123455', username: m.user('fpt'), password: EINV_PASSWORD };
    const put = (over: Record<string, unknown>) => portal(m.token, 'PUT', '/einvoice/setting', { ...base, ...over });
    const code = async (over: Record<string, unknown>) => {
      const res = await put(over);
      return [res.status, res.body.error_code];
    };
    expect(await code({ password: 'Wrong@2026' })).toEqual([400, 'EINV_LOGIN_FAIL']);
    expect(await code({ username: 'phoco-fpt' })).toEqual([400, 'EINV_LOGIN_FAIL']);
    expect(await code({ username: 'nobody' })).toEqual([400, 'EINV_LOGIN_FAIL']);
    expect(await code({ tax_code: '0100233480' })).toEqual([400, 'EINV_TAX_CODE_INVALID']);
    expect(await code({ tax_code: '0100109106' })).toEqual([400, 'EINV_TAX_CODE_INVALID']);
    expect(await code({ tax_code: '' })).toEqual([400, 'REQUIRED']);
    expect(await code({ password: '' })).toEqual([400, 'REQUIRED']);
    expect(await code({ username: '   ' })).toEqual([400, 'REQUIRED']);
    expect(await code({ provider: 'BKAV' })).toEqual([400, 'BAD_REQUEST']);
    expect(await code({ serial: 'C99TZZ' })).toEqual([400, 'EINV_SERIAL_INVALID']);
    const inactive = (await getAccount(t.sandbox.db, m.id, 'fpt'))!.series.find((s) => !s.active)!.value;
    expect(await code({ serial: inactive })).toEqual([400, 'EINV_SERIAL_INVALID']);
    const sales = (await getAccount(t.sandbox.db, m.id, 'fpt'))!.series.find((s) => s.template_code === '2')!.value;
    expect(await code({ serial: sales, tax: 10 })).toEqual([400, 'BAD_REQUEST']);
    expect((await put({ serial: sales, tax: 0 })).status).toBe(200);
    expect(await code({ tax: 7 })).toEqual([400, 'BAD_REQUEST']);
    expect(await code({ tax: '8' })).toEqual([400, 'BAD_REQUEST']);
    expect(await code({ tax: 8, vat: 10 })).toEqual([400, 'BAD_REQUEST']);
    expect((await put({ vat: 5 })).body.data.tax).toBe(5);
    expect(await code({ autoExport: 'yes' })).toEqual([400, 'BAD_REQUEST']);
    expect(await code({ active_method: 'merchant_account' })).toEqual([400, 'BAD_REQUEST']);
    // Hostile values: refused in the envelope, nothing stored from them.
    for (const hostile of [{ username: 'x'.repeat(10_000) }, { password: { $gt: '' } }, { provider: ['MISA'] }, { tax_code: 100109106 }]) {
      const res = await put(hostile);
      expect(res.status, JSON.stringify(hostile).slice(0, 40)).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'error_code', 'message']);
    }
    expect((await t.api('PUT', '/api/portal/einvoice/setting', { body: base })).status).toBe(401);
  });

  it('is the owner’s to change; staff may read it', async () => {
    const m = await copyOf();
    const staff = await staffOf(m);
    const body = { provider: 'VIETTEL', tax_code: '0108123455', username: m.user('viettel'), password: EINV_PASSWORD };
    expect((await portal(staff, 'PUT', '/einvoice/setting', body)).body.error_code).toBe('PERMISSION_DENY');
    expect((await portal(m.token, 'PUT', '/einvoice/setting', body)).status).toBe(200);
    expect((await portal(staff, 'GET', '/einvoice/setting')).body.data).toMatchObject({ provider: 'VIETTEL', active: true });
    expect((await portal(staff, 'DELETE', '/einvoice/setting')).body.error_code).toBe('PERMISSION_DENY');
    // Another merchant sees its own (none).
    const other = await copyOf('colan');
    expect((await portal(other.token, 'GET', '/einvoice/setting')).body.data).toBeNull();
  });
});

describe('SSO: authorize, consent sign-in, check, token, sign-out', () => {
  it('the provider’s authorize page sends the popup to the portal’s consent page; only M-Invoice and Viettel have one', async () => {
    const res = await t.api('GET', '/api/einvoice/m-invoice/sso/authorize?tax_no=0108123455&return=/portal/e-inv-setting');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      '/portal/login-merchant-account?provider=m-invoice&tax_no=0108123455&return=%2Fportal%2Fe-inv-setting',
    );
    const elsewhere = await t.api('GET', '/api/einvoice/viettel/sso/authorize?tax_no=0108123455&return=https://evil.example/x');
    expect(elsewhere.headers.get('location')).toBe('/portal/login-merchant-account?provider=viettel&tax_no=0108123455');
    const protocolRelative = await t.api('GET', '/api/einvoice/viettel/sso/authorize?tax_no=0108123455&return=/portal//evil.example');
    expect(protocolRelative.headers.get('location')).not.toContain('return');
    expect((await t.api('GET', '/api/einvoice/misa/sso/authorize?tax_no=0108123455')).status).toBe(404);
    expect((await t.api('GET', '/api/einvoice/fpt/sso/authorize?tax_no=0108123455')).status).toBe(404);
    const bad = await t.api('GET', '/api/einvoice/m-invoice/sso/authorize?tax_no=0100233480');
    expect([bad.status, bad.body.error_code]).toEqual([400, 'EINV_TAX_CODE_INVALID']);
    expect((await t.api('GET', '/api/einvoice/m-invoice/sso/authorize')).body.error_code).toBe('REQUIRED');
    const html = await t.api('GET', `/api/einvoice/m-invoice/sso/authorize?tax_no=${encodeURIComponent('<script>')}`);
    expect(html.status).toBe(400);
  });

  it('links on consent with the account’s tax code, checks, gives a provider token, and unlinks', async () => {
    const m = await copyOf();
    const check = async () => (await portal(m.token, 'GET', '/einvoice/sso/check?provider=VIETTEL')).body.data.isAuthenticated;
    expect(await check()).toBe(false);
    expect((await portal(m.token, 'POST', '/einvoice/sso/token', { provider: 'viettel' })).body.error_code).toBe('EINV_SSO_NOT_LINKED');
    const wrong = await portal(m.token, 'POST', '/einvoice/sso/sign-in', { provider: 'viettel', tax_no: '0100109106' });
    expect([wrong.status, wrong.body.error_code]).toEqual([400, 'EINV_SSO_FAILED']);
    expect(await check()).toBe(false);
    const signIn = await portal(m.token, 'POST', '/einvoice/sso/sign-in', { provider: 'VIETTEL', tax_no: '0108123455' });
    expect(signIn.body).toEqual({ data: { success: true } });
    expect(await check()).toBe(true);
    // Only this merchant's account is linked.
    expect((await getAccount(t.sandbox.db, '10000001', 'viettel'))!.ssoLinked).toBe(false);
    expect((await getAccount(t.sandbox.db, m.id, 'm-invoice'))!.ssoLinked).toBe(false);

    const token = await portal(m.token, 'POST', '/einvoice/sso/token', { provider: 'viettel' });
    expect(token.body.data).toMatchObject({ token_type: 'bearer', expires_in: 1800 });
    expect(await verifyToken(t.sandbox.db, 'viettel', token.body.data.access_token, Date.now())).toEqual({
      status: 'ok',
      merchantId: m.id,
    });

    // Set up through the link, then sign out: the set-up is no longer active.
    const setup = await portal(m.token, 'PUT', '/einvoice/setting', {
      provider: 'VIETTEL',
      tax_code: '0108123455',
      active_method: 'merchant_account',
    });
    expect(setup.body.data).toMatchObject({ active_method: 'merchant_account', username: null, has_password: false, active: true });
    expect((await portal(m.token, 'POST', '/einvoice/sso/sign-out', { provider: 'viettel' })).body).toEqual({ data: { success: true } });
    expect(await check()).toBe(false);
    expect((await portal(m.token, 'GET', '/einvoice/setting')).body.data.active).toBe(false);
    const again = await portal(m.token, 'PUT', '/einvoice/setting', {
      provider: 'VIETTEL',
      tax_code: '0108123455',
      active_method: 'merchant_account',
    });
    expect(again.body.error_code).toBe('EINV_SSO_NOT_LINKED');
  });

  it('refuses providers without SSO, staff sign-in, and hostile bodies', async () => {
    const m = await copyOf();
    const staff = await staffOf(m);
    expect((await portal(m.token, 'POST', '/einvoice/sso/sign-in', { provider: 'misa', tax_no: '0108123455' })).body.error_code).toBe(
      'EINV_SSO_UNSUPPORTED',
    );
    expect((await portal(m.token, 'GET', '/einvoice/sso/check?provider=fpt')).body.error_code).toBe('EINV_SSO_UNSUPPORTED');
    expect((await portal(staff, 'POST', '/einvoice/sso/sign-in', { provider: 'viettel', tax_no: '0108123455' })).body.error_code).toBe(
      'PERMISSION_DENY',
    );
    expect((await portal(staff, 'GET', '/einvoice/sso/check?provider=viettel')).status).toBe(200);
    for (const body of [
      { provider: 'viettel', tax_no: 108123455 },
      { provider: 'viettel', tax_no: '0'.repeat(5000) },
      { provider: 'viettel' },
      [],
    ]) {
      const res = await portal(m.token, 'POST', '/einvoice/sso/sign-in', body);
      expect(res.status).toBe(400);
    }
    expect((await t.api('GET', '/api/portal/einvoice/sso/check?provider=viettel')).status).toBe(401);
  });
});

describe('provider token for either login method (POST /api/portal/einvoice/provider-token, D189)', () => {
  const providerToken = (token: string, body: unknown) => portal(token, 'POST', '/einvoice/provider-token', body);
  const fault = (m: Merchant, provider: ProviderRoute, name: string, off = false) =>
    t.api('POST', '/sandbox/triggers/einvoice-fault', { body: { provider, fault: name, merchant: m.id, ...(off ? { off: 'true' } : {}) } });

  it('answers a token of the set-up provider (user name and password kept server-side) to owner and staff; none for the others', async () => {
    const m = await copyOf();
    const staff = await staffOf(m);
    expect(await providerToken(m.token, { provider: 'fpt' })).toMatchObject({ status: 400, body: { error_code: 'EINV_NOT_SET_UP' } });
    const saved = await portal(m.token, 'PUT', '/einvoice/setting', {
      provider: 'FPT',
      tax_code: '0108123455',
      username: m.user('fpt'),
      password: EINV_PASSWORD,
    });
    expect(saved.status).toBe(200);
    for (const who of [m.token, staff]) {
      const res = await providerToken(who, { provider: 'FPT' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ access_token: expect.stringMatching(/^[\w-]{40,}$/), token_type: 'bearer', expires_in: 8 * 3600 });
      expect(await verifyToken(t.sandbox.db, 'fpt', res.body.data.access_token, t.sandbox.clock.now())).toEqual({
        status: 'ok',
        merchantId: m.id,
      });
      // The token works at the emulator: FPT's series of this merchant.
      const serials = await t.api('GET', '/api/einvoice/fpt/serials', { token: res.body.data.access_token });
      expect(serials.status).toBe(200);
      expect(serials.body.data.length).toBeGreaterThan(0);
    }
    // Another provider than the set-up one: not set up (and MISA has no SSO to fall back on).
    expect((await providerToken(m.token, { provider: 'misa' })).body.error_code).toBe('EINV_NOT_SET_UP');
    expect((await providerToken(m.token, { provider: 'viettel' })).body.error_code).toBe('EINV_NOT_SET_UP');
    // Cancelled: no token any more.
    await portal(m.token, 'DELETE', '/einvoice/setting');
    expect((await providerToken(m.token, { provider: 'fpt' })).body.error_code).toBe('EINV_NOT_SET_UP');
  });

  it('answers for an SSO link without any set-up, and stops after sign-out', async () => {
    const m = await copyOf();
    expect((await providerToken(m.token, { provider: 'm-invoice' })).body.error_code).toBe('EINV_NOT_SET_UP');
    await portal(m.token, 'POST', '/einvoice/sso/sign-in', { provider: 'm-invoice', tax_no: '0108123455' });
    const res = await providerToken(m.token, { provider: 'm-invoice' });
    expect(res.body.data).toMatchObject({ token_type: 'bearer', expires_in: 24 * 3600 });
    expect((await verifyToken(t.sandbox.db, 'm-invoice', res.body.data.access_token, t.sandbox.clock.now())).status).toBe('ok');
    await portal(m.token, 'POST', '/einvoice/sso/sign-out', { provider: 'm-invoice' });
    expect((await providerToken(m.token, { provider: 'm-invoice' })).body.error_code).toBe('EINV_NOT_SET_UP');
  });

  it('answers 503 EINV_PROVIDER_DOWN while that provider is down for the merchant', async () => {
    const m = await copyOf();
    await portal(m.token, 'PUT', '/einvoice/setting', {
      provider: 'MISA',
      tax_code: '0108123455',
      username: m.user('misa'),
      password: EINV_PASSWORD,
    });
    await fault(m, 'misa', 'down');
    expect(await providerToken(m.token, { provider: 'misa' })).toMatchObject({ status: 503, body: { error_code: 'EINV_PROVIDER_DOWN' } });
    await fault(m, 'misa', 'down', true);
    expect((await providerToken(m.token, { provider: 'misa' })).status).toBe(200);
  });

  it('refuses no sign-in, unknown providers and hostile bodies in the wire envelope', async () => {
    const m = await copyOf();
    expect((await t.api('POST', '/api/portal/einvoice/provider-token', { body: { provider: 'fpt' } })).status).toBe(401);
    for (const body of [
      {},
      [],
      { provider: 'BKAV' },
      { provider: 42 },
      { provider: ['fpt'] },
      { provider: 'f'.repeat(10_000) },
      { provider: '<script>alert(1)</script>' },
      { provider: 'fpt\u0000' },
      { provider: 'Việt 🧾' },
    ]) {
      const res = await providerToken(m.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_code: expect.any(String), message: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toContain('<script>');
    }
  });
});

describe('saving the e-invoice code on an order (POST /api/sale/invoice/eiv/{id})', () => {
  it('saves the code of a real invoice on a completed order, sets cqt_code and is_eiv_exported; the same again answers the same', async () => {
    const m = await copyOf();
    const order = await completedOrder(m.id);
    const invoice = await issued(m.id, 'o1');
    const eiv = `${invoice.cqtCode}::${invoice.lookupCode}::${invoice.number}`;
    const save = (id: number, code: string, token = m.token, query = '') =>
      t.api('POST', `/api/sale/invoice/eiv/${id}${query}`, { token, body: { eiv_code: code } });
    const res = await save(order.invoice_id, eiv);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      order_id: order.id,
      invoice_id: order.invoice_id,
      eiv_code: eiv,
      cqt_code: invoice.cqtCode,
      is_eiv_exported: true,
    });
    const detail = await t.api('GET', `/api/sale/invoice/${order.id}?is_orderid=true`, { token: m.token });
    expect(detail.body.data.invoice_data).toMatchObject({ eiv_code: eiv, cqt_code: invoice.cqtCode, is_eiv_exported: true });
    expect((await save(order.id, eiv, m.token, '?is_orderid=true')).status).toBe(200);
    // Another code on an exported order: the stored one comes back.
    const other = await issued(m.id, 'o2');
    const conflict = await save(order.invoice_id, `${other.cqtCode}::${other.lookupCode}::${other.number}`);
    expect([conflict.status, conflict.body.error_code, conflict.body.data.eiv_code]).toEqual([409, 'INVOICE_ALREADY_EXPORTED', eiv]);
  });

  it('an invoice without a tax-authority code yet (cqt part empty); staff may save', async () => {
    const m = await copyOf();
    const staff = await staffOf(m);
    const order = await completedOrder(m.id);
    const invoice = await issued(m.id, 'uncoded', null);
    const res = await t.api('POST', `/api/sale/invoice/eiv/${order.invoice_id}`, {
      token: staff,
      body: { eiv_code: `::${invoice.lookupCode}::${invoice.number}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cqt_code: null, is_eiv_exported: true });
  });

  it('refuses unknown codes, unpaid orders, other merchants’ orders and invoices, malformed codes', async () => {
    const m = await copyOf();
    const other = await copyOf();
    const order = await completedOrder(m.id);
    const mine = await issued(m.id, 'x1');
    const theirs = await issued(other.id, 'x1');
    const save = (id: number | string, code: unknown, token = m.token) =>
      t.api('POST', `/api/sale/invoice/eiv/${id}`, { token, body: { eiv_code: code } });
    const good = `${mine.cqtCode}::${mine.lookupCode}::${mine.number}`;
    expect((await save(order.invoice_id, `${mine.cqtCode}::${mine.lookupCode}::${mine.number + 1}`)).body.error_code).toBe(
      'EIV_CODE_UNKNOWN',
    );
    expect((await save(order.invoice_id, `WRONG-CQT::${mine.lookupCode}::${mine.number}`)).body.error_code).toBe('EIV_CODE_UNKNOWN');
    expect((await save(order.invoice_id, `${theirs.cqtCode}::${theirs.lookupCode}::${theirs.number}`)).body.error_code).toBe(
      'EIV_CODE_UNKNOWN',
    );
    // Their order reads as missing.
    const theirOrder = await completedOrder(other.id);
    expect((await save(theirOrder.invoice_id, good)).status).toBe(404);
    const [unpaid] = await t.sandbox.db.query<{ invoice_id: number }>(
      `SELECT invoice_id FROM sale_orders WHERE merchant_id = $1 AND status <> 0 LIMIT 1`,
      [m.id],
    );
    expect(unpaid).toBeDefined();
    expect((await save(unpaid!.invoice_id, good)).body.error_code).toBe('ORDER_NOT_COMPLETED');
    for (const bad of [
      '',
      'abc',
      'a::b',
      'a::b::c',
      'a::b::0',
      '::::1',
      `a::<b>::1`,
      'a::b::1::2',
      'x'.repeat(300),
      42,
      null,
      ['a::b::1'],
    ]) {
      const res = await save(order.invoice_id, bad);
      expect([res.status, res.body.error_code], String(bad).slice(0, 20)).toEqual([400, 'REQUIRED']);
    }
    expect((await save('abc', good)).status).toBe(400);
    expect((await save('99999999999', good)).status).toBe(400);
    expect((await save(2_000_000_000, good)).status).toBe(404);
    expect((await t.api('POST', `/api/sale/invoice/eiv/${order.invoice_id}`, { body: { eiv_code: good } })).status).toBe(401);
    // Nothing of that was saved.
    const [row] = await t.sandbox.db.query<{ eiv_code: string | null }>(`SELECT eiv_code FROM sale_orders WHERE id = $1`, [order.id]);
    expect(row!.eiv_code).toBeNull();
  });

  it('parses the code format', () => {
    expect(parseEivCode('M1-26-ABC::QK7M2P9XWA::42')).toEqual({ cqt: 'M1-26-ABC', search: 'QK7M2P9XWA', sequence: 42 });
    expect(parseEivCode('::QK7M2P9XWA::42')).toEqual({ cqt: null, search: 'QK7M2P9XWA', sequence: 42 });
    expect(parseEivCode('a::b::2147483648')).toBeNull();
    expect(parseEivCode('a::b\u0000::1')).toBeNull();
  });
});
