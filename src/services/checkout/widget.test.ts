import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../http/client';
import { sampleMerchantInfo } from './samples';
import type { MerchantInfo } from './link/schemas';
import { createFakeServer } from '../shared/testing/fake-server';
import { createWidgetApi, merchantForm, widgetForm, type WidgetSave } from './widget';

/** The /e-com calls (contract §A): the forms they send and the answers they accept. */

const info: MerchantInfo = {
  ...sampleMerchantInfo,
  ipn_url: 'https://pho.example.vn/ipn',
  payment_methods: [{ id: 3, widget_type: 'qr_code', name: 'VietQR', group: 'qr', is_active: true, active: true }],
  active_methods: [{ name: 'qr_code', active: true }],
};

const look: WidgetSave = {
  widget_id: 'wdg_0123456789ab',
  primary_color: '#112233',
  secondary_color: '#f5f5f5',
  button_color: '#fafafa',
  logo_height: 60,
  logo_position: 'right',
  button_border: false,
  border_radius: 12,
  button_text: 'Trả ngay',
  active_methods: [
    { name: 'qr_code', active: true },
    { name: 'cash', active: false },
  ],
  logo: null,
  remove_logo: false,
};

function checkoutClient() {
  const server = createFakeServer();
  const client = createServiceClient({
    service: 'checkout',
    baseURL: '/api/checkout',
    fetch: server.fetch,
    tokens: { getToken: async () => 'T', onRejected: async () => null, onUserLocked: () => {} },
  });
  return { server, api: createWidgetApi(client) };
}

describe('checkout widget calls', () => {
  it('PUT /merchants sends the URLs and one payment_methods field per method turned on (none: none)', () => {
    const form = merchantForm({ ...info, merchant_name: info.merchant_name, payment_methods: [3, 4] });
    expect(form.getAll('payment_methods')).toEqual(['3', '4']);
    expect(form.get('ipn_url')).toBe('https://pho.example.vn/ipn');
    expect(form.get('merchant_id')).toBe('10000001');
    expect(merchantForm({ ...info, payment_methods: [] }).has('payment_methods')).toBe(false);
  });

  it('PUT /widgets sends the look as text fields, the methods as JSON, and the logo only when one was picked', () => {
    const plain = widgetForm(look);
    expect(plain.get('button_border')).toBe('false');
    expect(plain.get('logo_height')).toBe('60');
    expect(JSON.parse(String(plain.get('active_methods')))).toEqual(look.active_methods);
    expect(plain.has('logo')).toBe(false);
    expect(plain.has('remove_logo')).toBe(false);
    expect(widgetForm({ ...look, remove_logo: true }).get('remove_logo')).toBe('true');
    const withLogo = widgetForm({ ...look, logo: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }) });
    expect((withLogo.get('logo') as Blob).size).toBe(3);
    expect(withLogo.has('remove_logo')).toBe(false);
  });

  it('reads the spec’s double data, asks with allow_create=True, and refuses an answer of the wrong shape', async () => {
    const { server, api } = checkoutClient();
    server.on('GET', '/api/checkout/merchants/REF-PHOCO-0001', () => ({ body: { data: { data: info } } }));
    await expect(api.load('REF-PHOCO-0001')).resolves.toMatchObject({ merchant_id: '10000001', widget: { id: 'wdg_0123456789ab' } });
    expect(server.requests[0]?.url).toContain('allow_create=True');
    server.on('PUT', '/api/checkout/widgets/wdg_0123456789ab', () => ({ body: { data: info } }));
    await expect(api.saveWidget(look)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('a VALIDATION_ERROR keeps its field errors for the form', async () => {
    const { server, api } = checkoutClient();
    server.on('PUT', '/api/checkout/merchants/10000001', () => ({
      status: 400,
      body: {
        error_code: 'VALIDATION_ERROR',
        message: 'Invalid form',
        data: { errors: [{ field: 'ipn_url', msg: 'must be an https:// URL' }] },
      },
    }));
    await expect(api.saveMerchant({ ...info, payment_methods: [3] })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      data: { errors: [{ field: 'ipn_url', msg: 'must be an https:// URL' }] },
    });
  });
});
