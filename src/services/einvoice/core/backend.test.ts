// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../http/client';
import { ServiceError } from '../../http/errors';
import { createFakeServer } from '../../shared/testing/fake-server';
import { createEinvoiceBackend } from './backend';
import { completedOrders, createMerchant, startSandbox, type TestMerchant, type TestSandbox } from './testing/sandbox';

const PHOCO_TAX = '0108123455';
const yy = String(new Date().getUTCFullYear()).slice(2);

let t: TestSandbox;
let owner: TestMerchant;

beforeAll(async () => {
  t = await startSandbox();
  owner = await createMerchant(t, 'phoco');
});
afterAll(async () => {
  await t?.close();
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as ServiceError,
  );

describe('createEinvoiceBackend against the sandbox', () => {
  it('has no settings at first, saves them (password never answered), reads them back and cancels', async () => {
    const backend = createEinvoiceBackend(owner);
    expect(await backend.getSettings()).toBeNull();
    const account = owner.account('misa');
    const saved = await backend.saveSettings({
      provider: 'misa',
      taxCode: ` ${PHOCO_TAX} `,
      activeMethod: 'einv_provider_account',
      username: account.username,
      password: account.password,
      autoExport: true,
      printInvoice: false,
    });
    expect(saved).toMatchObject({
      provider: 'misa',
      activeMethod: 'einv_provider_account',
      taxCode: PHOCO_TAX,
      username: account.username,
      hasPassword: true,
      serial: null,
      tax: null,
      autoExport: true,
      printInvoice: false,
      active: true,
    });
    expect(JSON.stringify(saved)).not.toContain(account.password);

    // The serial modal's later sync: no password, and the provider's symbol with its template digit.
    const synced = await backend.saveSettings({
      provider: 'misa',
      taxCode: PHOCO_TAX,
      activeMethod: 'einv_provider_account',
      username: account.username,
      serial: `1C${yy}TMS`,
      tax: 8,
      autoExport: true,
      printInvoice: true,
    });
    expect(synced).toMatchObject({ serial: `C${yy}TMS`, tax: 8, printInvoice: true, hasPassword: true });
    expect(await backend.getSettings()).toEqual(synced);

    await backend.cancelSettings();
    expect(await backend.getSettings()).toBeNull();
  });

  it('rejects a wrong password as EINV_LOGIN_FAIL and a wrong tax code as EINV_TAX_CODE_INVALID', async () => {
    const backend = createEinvoiceBackend(owner);
    const base = { provider: 'fpt' as const, activeMethod: 'einv_provider_account' as const, autoExport: false, printInvoice: false };
    const wrongPassword = await rejection(
      backend.saveSettings({ ...base, taxCode: PHOCO_TAX, username: owner.account('fpt').username, password: 'Wrong@2026' }),
    );
    expect(wrongPassword).toMatchObject({ code: 'EINV_LOGIN_FAIL', status: 400 });
    expect(wrongPassword?.message).not.toContain('Wrong@2026');
    const wrongTax = await rejection(backend.saveSettings({ ...base, taxCode: '0100233480', username: 'x', password: 'y' }));
    expect(wrongTax).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
    const notLinked = await rejection(
      backend.saveSettings({ ...base, provider: 'viettel', activeMethod: 'merchant_account', taxCode: PHOCO_TAX }),
    );
    expect(notLinked).toMatchObject({ code: 'EINV_SSO_NOT_LINKED' });
  });
});

describe('createEinvoiceBackend against the sandbox: SSO and the e-invoice code', () => {
  it('links, checks and unlinks the merchant account (SSO), and refuses it for MISA', async () => {
    const backend = createEinvoiceBackend(owner);
    expect(await backend.ssoCheck('viettel')).toBe(false);
    await backend.ssoSignIn('viettel', PHOCO_TAX);
    expect(await backend.ssoCheck('viettel')).toBe(true);
    const saved = await backend.saveSettings({
      provider: 'viettel',
      taxCode: PHOCO_TAX,
      activeMethod: 'merchant_account',
      // Ignored for the merchant-account login: never sent.
      username: 'someone',
      password: 'secret',
      autoExport: false,
      printInvoice: false,
    });
    expect(saved).toMatchObject({
      provider: 'viettel',
      activeMethod: 'merchant_account',
      username: null,
      hasPassword: false,
      active: true,
    });
    await backend.ssoSignOut('viettel');
    expect(await backend.ssoCheck('viettel')).toBe(false);
    expect(await backend.getSettings()).toMatchObject({ active: false });
    expect(await rejection(backend.ssoCheck('misa'))).toMatchObject({ code: 'EINV_SSO_UNSUPPORTED' });
    expect(await rejection(backend.ssoSignIn('m-invoice', '0100109106'))).toMatchObject({ code: 'EINV_SSO_FAILED' });
    await backend.cancelSettings();
  });

  it('saveEivCode: refuses a code no invoice has, an unknown order, and a malformed id before any request', async () => {
    const backend = createEinvoiceBackend(owner);
    const [order] = await completedOrders(t, owner);
    expect(order).toBeDefined();
    expect(await rejection(backend.saveEivCode(String(order!.order_id), '::NOSUCHCODE::1'))).toMatchObject({ code: 'EIV_CODE_UNKNOWN' });
    expect(await rejection(backend.saveEivCode('999999999', '::NOSUCHCODE::1'))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await rejection(backend.saveEivCode('../1', '::X::1'))).toMatchObject({ code: 'BAD_REQUEST', status: 0 });
  });
});

describe('createEinvoiceBackend.providerToken', () => {
  it('turns expires_in into an absolute expiry counted from the ask, and validates the answer', async () => {
    const server = createFakeServer();
    server.on('POST', 'http://x/api/portal/einvoice/provider-token', (request) =>
      (request.body as { provider: string }).provider === 'misa'
        ? { body: { data: { access_token: 'tok-1', token_type: 'bearer', expires_in: 1800 } } }
        : { status: 400, body: { error_code: 'EINV_NOT_SET_UP', message: 'not set up', data: null } },
    );
    const tokens = { getToken: async () => 'portal-token', onRejected: async () => null, onUserLocked: () => {} };
    const portal = createServiceClient({ service: 'portal', baseURL: 'http://x/api/portal', tokens, fetch: server.fetch });
    const backend = createEinvoiceBackend({ portal, sale: portal }, { now: () => 1_000_000 });
    server.on('GET', 'http://x/api/portal/einvoice/setting', () => ({
      body: {
        data: {
          provider: 'MISA',
          active_method: 'einv_provider_account',
          tax_code: '0108123455',
          username: 'u',
          has_password: true,
          serial: null,
          tax: null,
          autoExport: false,
          printInvoice: false,
          active: true,
          updated_at: 1,
        },
      },
    }));
    // Without tax_code in the answer, the settings' tax code is the seller's.
    expect(await backend.providerToken('misa')).toEqual({ token: 'tok-1', expiresAt: 1_000_000 + 1_800_000, taxCode: '0108123455' });
    expect(server.requests[0]?.body).toEqual({ provider: 'misa' });
    server.on('POST', 'http://x/api/portal/einvoice/provider-token', () => ({
      body: { data: { access_token: 'tok-2', token_type: 'bearer', expires_in: 60, tax_code: '0100109106' } },
    }));
    expect(await backend.providerToken('m-invoice')).toEqual({ token: 'tok-2', expiresAt: 1_060_000, taxCode: '0100109106' });
    server.on('POST', 'http://x/api/portal/einvoice/provider-token', (request) =>
      (request.body as { provider: string }).provider === 'misa'
        ? { body: { data: { access_token: 'tok-1', token_type: 'bearer', expires_in: 1800 } } }
        : { status: 400, body: { error_code: 'EINV_NOT_SET_UP', message: 'not set up', data: null } },
    );
    expect(await rejection(backend.providerToken('fpt'))).toMatchObject({ code: 'EINV_NOT_SET_UP' });

    server.on('POST', 'http://x/api/portal/einvoice/provider-token', () => ({ body: { data: { access_token: '', expires_in: 'soon' } } }));
    expect(await rejection(backend.providerToken('misa'))).toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
