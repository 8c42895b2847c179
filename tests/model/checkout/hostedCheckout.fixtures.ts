import type { LinkParams, PayInfo } from '../../../src/services/checkout/hosted-schemas';
import { sampleWidget } from '../../../src/services/checkout/samples';

/** Sample link and answers for the hostedCheckout model test (contract 14 §C); apart from the test because the layer rules let a file import sample data or machines, not both. */

export const params: LinkParams = {
  appId: 'wdg_0123456789ab',
  orderId: 'DH-42',
  amount: '150000',
  merchantId: '10000001',
  createdAt: '1790000000',
  expiresAt: '1790086400',
  sig: 'x'.repeat(43),
};

export const now = Math.floor(Date.now() / 1000);
export const open: PayInfo = {
  status: 'OPEN',
  link_id: 'pl_0123456789abcdef',
  order_id: 'DH-42',
  amount: 150_000,
  merchant_name: 'Phở Cổ',
  expires_at: now + 3600,
  paid_at: null,
  method: null,
  widget: sampleWidget,
  methods: ['qr_code', 'credit_card', 'ewallet'],
  return_url: 'https://shop.example.vn/ok',
  cancel_url: 'https://shop.example.vn/cancel',
};
export const paid: PayInfo = { ...open, status: 'PAID', paid_at: now, method: 'QR' };
export const expired: PayInfo = { ...open, status: 'EXPIRED' };
