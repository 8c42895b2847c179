// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../http/client';
import { createFakeServer } from '../../shared/testing/fake-server';
import { ADAPTER_FACTORIES, createEinvoiceServices } from './index';
import { createMisaAdapter } from './providers/misa';
import { splitSellerToken } from './seller-token';
import { createMerchant, startSandbox, trigger, type TestMerchant, type TestSandbox } from './testing/sandbox';
import { PROVIDER_ROUTES } from './types';

const PHOCO_TAX = '0108123455';

let t: TestSandbox;
let m: TestMerchant;

beforeAll(async () => {
  t = await startSandbox();
  m = await createMerchant(t, 'phoco');
});
afterAll(async () => {
  await t?.close();
});

/**
 * The product backend's provider-token call, played by a fake that logs in at the real MISA emulator
 * (as the backend does with the password it holds), so the tokens are the emulator's own.
 */
function backendWithProviderTokens() {
  const server = createFakeServer();
  const misa = createMisaAdapter({ baseURL: `${t.url}/api/einvoice/misa` });
  let issued = 0;
  server.on('POST', 'http://backend/api/portal/einvoice/provider-token', async () => {
    issued += 1;
    const login = await misa.login({ taxCode: PHOCO_TAX, ...m.account('misa') });
    return {
      body: { data: { access_token: splitSellerToken(login.token).token, token_type: 'bearer', expires_in: 3600, tax_code: PHOCO_TAX } },
    };
  });
  const tokens = { getToken: async () => m.token, onRejected: async () => null, onUserLocked: () => {} };
  const portal = createServiceClient({ service: 'portal', baseURL: 'http://backend/api/portal', tokens, fetch: server.fetch });
  return { portal, issued: () => issued };
}

const config = () => ({
  einvoice: {
    providers: {
      'm-invoice': `${t.url}/api/einvoice/m-invoice`,
      misa: `${t.url}/api/einvoice/misa`,
      fpt: `${t.url}/api/einvoice/fpt`,
      viettel: `${t.url}/api/einvoice/viettel`,
    },
    termsUrl: '/portal/einvoice-terms.pdf',
  },
});

describe('createEinvoiceServices', () => {
  it('runs a provider call with a token from the backend, keeps it, and renews it once after expiry', async () => {
    const backend = backendWithProviderTokens();
    const services = createEinvoiceServices({ config: config(), clients: { portal: backend.portal, sale: m.sale } });
    const serials = await services.withToken('misa', (token, adapter) => adapter.listSerials(token));
    expect([...new Set(serials.map((s) => s.templateCode))].sort()).toEqual(['1', '2']);
    await services.withToken('misa', (token, adapter) => adapter.listSerials(token));
    expect(backend.issued()).toBe(1);

    await trigger(t, 'einvoice-expire-tokens', { merchant: m.merchantId, provider: 'misa' });
    expect(await services.withToken('misa', (token, adapter) => adapter.listSerials(token))).toHaveLength(serials.length);
    expect(backend.issued()).toBe(2);

    services.resetTokens();
    await services.withToken('misa', (token, adapter) => adapter.listSerials(token));
    expect(backend.issued()).toBe(3);
  });

  it('builds each adapter once with its configured base URL; a provider without one in this build throws', async () => {
    const services = createEinvoiceServices({ config: config(), clients: { portal: m.portal, sale: m.sale } });
    for (const route of PROVIDER_ROUTES) {
      if (ADAPTER_FACTORIES[route]) {
        expect(services.adapter(route).route).toBe(route);
        expect(services.adapter(route)).toBe(services.adapter(route));
      } else {
        expect(() => services.adapter(route)).toThrow(/no adapter/);
        await expect(services.withToken(route, async () => 'never')).rejects.toThrow(/no adapter/);
      }
    }
    expect(ADAPTER_FACTORIES['m-invoice']).toBeDefined();
    expect(ADAPTER_FACTORIES.misa).toBeDefined();
  });
});
