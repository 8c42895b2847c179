import type { PaymentSetup, SaleMerchant, UiCustomLoad } from '../../../src/services/settings/schemas';

export const phoco: SaleMerchant = {
  merchant_id: '10000001',
  logo: '/api/sale/saas/image/1',
  banner: '/api/sale/saas/image/2',
  address: '36 Hàng Bạc, Hoàn Kiếm',
  hotline: '0912345678',
  website: 'https://order.phoco.example.vn/',
  point_percent: 0,
  is_fnb: true,
};

/** A merchant that never saved: no images, no website. */
export const bare: SaleMerchant = { ...phoco, merchant_id: '10000002', logo: null, banner: null, website: null, is_fnb: false };

export const pngFile = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

export const savedSetup: PaymentSetup = {
  redirectUrl: 'https://shop.example.vn/ok',
  cancelUrl: 'https://shop.example.vn/cancel',
  ipnUrl: 'https://shop.example.vn/ipn',
  ewallet: {
    id: 1,
    active: true,
    url: 'https://wallet.example.vn',
    accessKeyMask: '••••2b4a',
    secretKeyMask: '••••9d8e',
    partnerCode: 'PHOCO01',
  },
  qr: { id: 2, active: true, channelId: 'POS-01' },
};

export const emptySetup: PaymentSetup = {
  redirectUrl: '',
  cancelUrl: '',
  ipnUrl: '',
  ewallet: { id: 1, active: false, url: '', accessKeyMask: '', secretKeyMask: '', partnerCode: '' },
  qr: { id: 2, active: false, channelId: '' },
};

export const DEFAULTS = {
  order: ['/api/checkout/ui_custom/default_image/order-1.jpg', '/api/checkout/ui_custom/default_image/order-2.jpg'],
  success: ['/api/checkout/ui_custom/default_image/success-1.jpg'],
};

export const noUi: UiCustomLoad = { ui: null, defaults: DEFAULTS };
export const savedUi: UiCustomLoad = {
  ui: {
    banners: ['/api/sale/saas/image/5', '/api/sale/saas/image/6', '/api/sale/saas/image/7'],
    first_welcome: 'Xin chào',
    second_welcome: 'Mời gọi món',
    order_img: DEFAULTS.order[0]!,
    success_payment_img: DEFAULTS.success[0]!,
    thank_content: 'Cảm ơn',
  },
  defaults: DEFAULTS,
};
