import {
  completedOrders,
  einvoiceFault,
  expireProviderTokens,
  invoicePdf,
  issueInvoiceFor,
  pdfText,
  portalApi,
  PROVIDERS,
  providerAccount,
  providerLogin,
  setUpEinvoice,
} from '../support/einvoice';
import { expect, test } from '../support/fixtures';

// The Node-side e-invoice helpers other e-invoice specs build on (no UI): a set-up through
// the product backend, an invoice issued at each provider's emulator and saved on a real completed
// order, its PDF read back as text, and the create-fails fault refusing one create.

test.describe('Issue 15: e-invoice spec helpers', () => {
  for (const provider of PROVIDERS) {
    test(`${provider}: set up, issue an invoice for a completed order, read its PDF`, async ({ sandbox }) => {
      const merchant = await sandbox.createMerchant();
      const api = await portalApi(sandbox, merchant);
      const account = providerAccount(merchant, provider);
      expect(account).toEqual({ username: `phoco-${merchant.alias}-${provider}`, password: 'Einv@2026', taxCode: '0108123455' });

      const settings = await setUpEinvoice(api, merchant, { provider });
      expect(settings).toMatchObject({ provider: provider.toUpperCase(), active: true, tax: 10, username: account.username });
      expect(String(settings.serial)).toMatch(/^C\d\dT[A-Z]{2}$/);
      const read = await api.request('GET', '/api/portal/einvoice/setting');
      expect(read.body.data).toEqual(settings);
      // Staff reach the provider through the backend's token once it is set up (D189).
      expect((await api.request('POST', '/api/portal/einvoice/provider-token', { body: { provider } })).status).toBe(200);

      const [order] = await completedOrders(api, 1);
      expect(order, 'a throwaway copy has completed orders').toBeTruthy();
      const issued = await issueInvoiceFor(api, merchant, provider, order!.order_id);
      expect(issued.eivCode).toBe(`${issued.cqtCode ?? ''}::${issued.lookupCode}::${issued.number}`);
      expect(issued.number).toBeGreaterThanOrEqual(1);
      const detail = await api.request('GET', `/api/sale/order/${order!.order_id}`);
      expect(detail.body.data.invoice_data).toMatchObject({ eiv_code: issued.eivCode, is_eiv_exported: true });
      expect((await completedOrders(api, 100)).map((o) => o.order_id)).not.toContain(order!.order_id);

      const text = pdfText(await invoicePdf(api, merchant, issued));
      expect(text).toContain(issued.lookupCode);
      expect(text).toContain('Khách lẻ');
      expect(text).toContain(String(issued.number).padStart(8, '0'));
    });
  }

  test('create-fails refuses the next create at the provider and stores nothing; the order then exports', async ({ sandbox }) => {
    const merchant = await sandbox.createMerchant();
    const api = await portalApi(sandbox, merchant);
    await setUpEinvoice(api, merchant, { provider: 'fpt' });
    const [order] = await completedOrders(api, 1);
    expect(await einvoiceFault(api, merchant, 'fpt', 'create-fails')).toMatchObject({ fault: 'create-fails', on: true });
    // Through the portal's own FPT adapter (D234), as the export meets it: the provider's refusal.
    await expect(issueInvoiceFor(api, merchant, 'fpt', order!.order_id)).rejects.toMatchObject({ code: 'EINV_INVOICE_REFUSED' });
    expect((await api.request('GET', `/api/sale/order/${order!.order_id}`)).body.data.invoice_data.eiv_code).toBeNull();
    const issued = await issueInvoiceFor(api, merchant, 'fpt', order!.order_id);
    expect(issued.number).toBe(1);
  });

  test('merchant_account: the SSO link then the set-up (Viettel), and a provider token without any password', async ({ sandbox }) => {
    const merchant = await sandbox.createMerchant();
    const api = await portalApi(sandbox, merchant);
    const settings = await setUpEinvoice(api, merchant, { provider: 'viettel', method: 'merchant_account' });
    expect(settings).toMatchObject({
      provider: 'VIETTEL',
      active_method: 'merchant_account',
      username: null,
      has_password: false,
      active: true,
    });
    const token = await api.request('POST', '/api/portal/einvoice/provider-token', { body: { provider: 'viettel' } });
    expect(token.body.data).toMatchObject({ token_type: 'bearer', expires_in: 1800 });
    // Ended tokens meet Viettel's HTTP 500 GENERAL; the backend then hands out a fresh one.
    const session = await providerLogin(api, merchant, 'viettel');
    expect(await expireProviderTokens(api, merchant, 'viettel')).toMatchObject({ provider: 'viettel', expired: expect.any(Number) });
    const templates = '/api/einvoice/viettel/services/einvoiceapplication/api/InvoiceAPI/InvoiceUtilsWS/getInvoiceTemplates';
    for (const bearer of [session.token, token.body.data.access_token]) {
      const stale = await api.request('POST', templates, { token: bearer, body: { taxCode: session.taxCode } });
      expect([stale.status, stale.body]).toEqual([500, { message: 'GENERAL' }]);
    }
    const fresh = await api.request('POST', '/api/portal/einvoice/provider-token', { body: { provider: 'viettel' } });
    const works = await api.request('POST', templates, { token: fresh.body.data.access_token, body: { taxCode: session.taxCode } });
    expect(works.status).toBe(200);
  });
});
