import type { MerchantInfo, Widget } from './link/schemas';

/**
 * Sample checkout records (contract 14 §A shapes, doc 2 §9 widget defaults) for client, screen and
 * model tests; one copy so a change to the wire shape is made once. Vary them with spreads. Kept in
 * shared/testing because the layer rules open it to every layer's tests (model tests also import machines).
 */

/** A widget with the default look the checkout service gives a new merchant (no logo). */
export const sampleWidget: Widget = {
  id: 'wdg_0123456789ab',
  primary_color: '#ffffff',
  secondary_color: '#f5f5f5',
  logo_url: null,
  logo_height: 100,
  logo_position: 'center',
  button_color: '#fafafa',
  button_border: true,
  border_radius: 8,
  button_text: '',
};

/** A merchant with the default widget, return and cancel pages set, no IPN, paying by cash (off), VietQR and card. */
export const sampleMerchantInfo: MerchantInfo = {
  merchant_id: '10000001',
  merchant_name: 'Phở Cô Lan',
  checkout_url: 'http://127.0.0.1:5280/checkout/',
  return_url: 'https://pho.example.vn/done',
  cancel_url: 'https://pho.example.vn/cancel',
  ipn_url: '',
  widget: sampleWidget,
  payment_methods: [
    { id: 1, widget_type: 'cash', name: 'Tiền mặt', group: 'offline', is_active: true, active: false },
    { id: 3, widget_type: 'qr_code', name: 'VietQR', group: 'qr', is_active: true, active: true },
    { id: 4, widget_type: 'credit_card', name: 'Thẻ', group: 'card', is_active: true, active: true },
  ],
  active_methods: [
    { name: 'qr_code', active: true },
    { name: 'credit_card', active: true },
  ],
};
