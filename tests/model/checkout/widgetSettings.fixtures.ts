import { sampleMerchantInfo } from '../../../src/services/checkout/samples';
import type { MerchantInfo } from '../../../src/services/checkout/link/schemas';

/** Sample checkout records for the widgetSettings model test (contract §A shapes, doc 2 §9 defaults). */

export const defaultsInfo: MerchantInfo = {
  ...sampleMerchantInfo,
  // The bank does not offer e-wallets to this merchant (is_active false): its switch cannot be turned on.
  payment_methods: [
    { id: 1, widget_type: 'cash', name: 'Tiền mặt', group: 'offline', is_active: true, active: false },
    { id: 2, widget_type: 'ewallet', name: 'Ví điện tử', group: 'wallet', is_active: false, active: false },
    { id: 3, widget_type: 'qr_code', name: 'VietQR', group: 'qr', is_active: true, active: true },
    { id: 4, widget_type: 'credit_card', name: 'Thẻ', group: 'card', is_active: true, active: true },
  ],
  active_methods: [
    { name: 'cash', active: false },
    { name: 'ewallet', active: false },
    { name: 'qr_code', active: true },
    { name: 'credit_card', active: true },
  ],
};

export const savedInfo: MerchantInfo = {
  ...defaultsInfo,
  ipn_url: 'https://pho.example.vn/ipn',
  widget: { ...defaultsInfo.widget, primary_color: '#112233', logo_url: '/api/checkout/widgets/wdg_0123456789ab/logo?v=0a1b2c3d' },
};
