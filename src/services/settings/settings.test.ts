import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../http/client';
import { createFakeServer } from '../shared/testing/fake-server';
import { createSettingsApi } from './api';
import { isHttpsLink, maskKey, normaliseWebsite } from './schemas';

function setup() {
  const server = createFakeServer();
  const make = (service: string, baseURL: string) =>
    createServiceClient({
      service,
      baseURL,
      fetch: server.fetch,
      tokens: { getToken: async () => 'T', onRejected: async () => null, onUserLocked: () => {} },
    });
  return { server, api: createSettingsApi(make('sale', '/api/sale'), make('checkout', '/api/checkout')) };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0]);

describe('settings rules shared with the sandbox', () => {
  it('website: https, host and path only, lowercased host, ends with /', () => {
    expect(normaliseWebsite('https://Order.Shop.vn')).toBe('https://order.shop.vn/');
    expect(normaliseWebsite('https://shop.vn:8443/Menu')).toBe('https://shop.vn:8443/Menu/');
    for (const bad of ['http://shop.vn', 'https://shop.vn/?a=1', 'https://a b.vn', 'https://u:p@shop.vn', 'https://phở.vn', 'https://', ''])
      expect(normaliseWebsite(bad), bad).toBeNull();
  });

  it('links and masks', () => {
    expect(isHttpsLink('https://shop.vn/ok?x=1')).toBe(true);
    expect(isHttpsLink('https://u:p@shop.vn/')).toBe(false);
    expect(isHttpsLink('https://shop.vn/a b')).toBe(false);
    expect(maskKey('')).toBe('');
    expect(maskKey('abcdefgh1234')).toBe('••••1234');
  });
});

describe('settings api', () => {
  it('refuses a text file renamed .png before sending anything', async () => {
    const { server, api } = setup();
    const text = new File([new TextEncoder().encode('not an image at all....')], 'logo.png', { type: 'image/png' });
    await expect(api.uploadImage('logo', text)).rejects.toMatchObject({ code: 'IMAGE_INVALID_FORMAT' });
    const big = new File([PNG, new Uint8Array(102_400)], 'logo.png', { type: 'image/png' });
    await expect(api.uploadImage('logo', big)).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect(server.requests).toHaveLength(0);
  });

  it('uploads a checked image with its kind and reads the URL back', async () => {
    const { server, api } = setup();
    server.on('POST', '/api/sale/saas/image', () => ({ body: { data: { url: '/api/sale/saas/image/7' } } }));
    // A banner bigger than a logo may be: the limit is the kind's.
    const banner = new File([PNG, new Uint8Array(200_000)], 'b.png', { type: '' });
    expect(await api.uploadImage('banner', banner)).toBe('/api/sale/saas/image/7');
    expect(server.requests[0]!.url).toContain('kind=banner');
    expect(server.requests[0]!.body).toBeInstanceOf(FormData);
  });

  it('maps the two payment calls into one setup, keys as masks only', async () => {
    const { server, api } = setup();
    server.on('GET', '/api/checkout/payment-config', () => ({
      body: {
        data: [
          { group: 'ewallet', data: { url: 'https://w.vn', access_key: '••••2b4a', secret_key: '', partner_code: 'P1' } },
          { group: 'qr', data: { channel_id: 'POS' } },
        ],
      },
    }));
    server.on('GET', '/api/checkout/payment-method', () => ({
      body: {
        data: {
          payment_method: [
            { id: 1, name: 'Ví', group: 'ewallet', active: true },
            { id: 2, name: 'QR', group: 'qr', active: false },
          ],
          endpoint: { redirect_url: 'https://a.vn/ok', cancel_url: 'https://a.vn/c', ipn_url: 'https://a.vn/i' },
        },
      },
    }));
    expect(await api.paymentSetup()).toEqual({
      redirectUrl: 'https://a.vn/ok',
      cancelUrl: 'https://a.vn/c',
      ipnUrl: 'https://a.vn/i',
      ewallet: { id: 1, active: true, url: 'https://w.vn', accessKeyMask: '••••2b4a', secretKeyMask: '', partnerCode: 'P1' },
      qr: { id: 2, active: false, channelId: 'POS' },
    });
  });

  it('the save answers the plain text "success"; anything else is an invalid answer', async () => {
    const { server, api } = setup();
    server.on('POST', '/api/checkout/payment-method', () => ({ body: { data: 'success' } }));
    await expect(api.savePaymentSetup({ redirect_url: 'x', cancel_url: 'x', ipn_url: 'x', data: [] })).resolves.toBeUndefined();
    server.on('POST', '/api/checkout/payment-method', () => ({ body: { data: 'ok' } }));
    await expect(api.savePaymentSetup({ redirect_url: 'x', cancel_url: 'x', ipn_url: 'x', data: [] })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('loads an upload with the session and a default image from the checkout service; refuses other addresses', async () => {
    const { server, api } = setup();
    server.on('GET', '/api/sale/saas/image/7', () => ({ text: 'png-bytes', contentType: 'image/png' }));
    server.on('GET', '/api/checkout/ui_custom/default_image/order-1.jpg', () => ({ text: 'jpg', contentType: 'image/jpeg' }));
    expect((await api.image('/api/sale/saas/image/7')).type).toBe('image/png');
    expect(server.requests[0]!.authorization).toBe('Bearer T');
    expect((await api.image('/api/checkout/ui_custom/default_image/order-1.jpg')).type).toBe('image/jpeg');
    await expect(api.image('https://evil.example/x.png')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
